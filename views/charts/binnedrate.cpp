// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "binnedrate.h"

#include <algorithm>
#include <cmath>

namespace fabric::views::charts {

BinnedRate::BinnedRate(double windowS, double endS)
    : mWindowS(windowS)
    , mEndS(std::max(0.0, endS))
    // Rounding must not add a sliver of a window: endS / windowS that should be 300 can come
    // out as 300.0000000001.
    , mArea(windowS > 0 && endS > 0 ? std::size_t(std::ceil(endS / windowS * (1 - 1e-12))) : 0, 0.0)
{
}

void BinnedRate::add(double t0, double t1, double rate)
{
    t1 = std::min(t1, mEndS);
    if (mArea.empty() || !(t1 > t0) || rate == 0)
        return;
    for (auto w = std::size_t(std::max(0.0, t0) / mWindowS);
         w < mArea.size() && double(w) * mWindowS < t1; ++w) {
        const double overlap
            = std::min(t1, double(w + 1) * mWindowS) - std::max(t0, double(w) * mWindowS);
        mArea[w] += rate * std::max(0.0, overlap);
    }
}

QList<QPointF> BinnedRate::points(double xScale, double yScale) const
{
    QList<QPointF> out;
    if (mArea.empty())
        return out;
    out.reserve(qsizetype(mArea.size()) + 1);
    for (std::size_t w = 0; w < mArea.size(); ++w) {
        const double start = double(w) * mWindowS;
        // The last window ends with the run, so its mean is over the time it covers.
        const double width = std::min(mWindowS, mEndS - start);
        out << QPointF(start * xScale, width > 0 ? mArea[w] / width * yScale : 0.0);
    }
    out << QPointF(mEndS * xScale, 0.0);
    return out;
}

} // namespace fabric::views::charts
