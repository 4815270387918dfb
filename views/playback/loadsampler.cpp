// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "loadsampler.h"

#include <algorithm>

namespace fabric::views {

LoadSampler::LoadSampler(const sim::SimResult &result)
    : mResult(result)
    , mCursor(result.timeline)
    , mUtil(result.links.size(), 0.0f)
    , mFlows(result.links.size() / 2, 0)
{}

void LoadSampler::seek(double timeS)
{
    const sim::TimelineState &s = mCursor.seek(timeS);
    mTimeS = s.timeS;
    const std::size_t n = std::min(mUtil.size(), s.linkLoadBytesPerS.size());
    for (std::size_t d = 0; d < n; ++d) {
        const double cap = mResult.links[d].capacityBytesPerS;
        mUtil[d] = cap > 0 ? static_cast<float>(s.linkLoadBytesPerS[d] / cap) : 0.0f;
    }
    const std::size_t links = std::min(mFlows.size(), s.linkFlows.size() / 2);
    for (std::size_t l = 0; l < links; ++l)
        mFlows[l] = std::max(s.linkFlows[2 * l], s.linkFlows[2 * l + 1]);
}

std::vector<int> LoadSampler::badges(int minFlows) const
{
    std::vector<int> out(mFlows.size(), 0);
    for (std::size_t l = 0; l < mFlows.size(); ++l)
        if (mFlows[l] >= minFlows)
            out[l] = mFlows[l];
    return out;
}

} // namespace fabric::views
