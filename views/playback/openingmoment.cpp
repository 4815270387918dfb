// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "openingmoment.h"

#include "sim/timeline.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace fabric::views {
namespace {

/// Walks the intervals from the start, keeping how many directed links carry a flow.
class BusyWalk
{
public:
    explicit BusyWalk(const sim::Timeline &timeline)
        : mTimeline(timeline)
        , mFlows(timeline.dirLinkCount(), 0)
    {
    }

    /// Applies interval @p i's link changes; whether any link carries a flow during it.
    bool enter(std::size_t i)
    {
        for (const sim::LinkDelta &d : mTimeline.linkChanges(i)) {
            std::int32_t &flows = mFlows[static_cast<std::size_t>(d.link)];
            mBusyLinks += int(d.flows > 0) - int(flows > 0);
            flows = d.flows;
        }
        return mBusyLinks > 0;
    }

private:
    const sim::Timeline &mTimeline;
    std::vector<std::int32_t> mFlows;
    std::ptrdiff_t mBusyLinks = 0;
};

} // namespace

double openingMoment(const sim::Timeline &timeline)
{
    const double middle = timeline.endS() / 2;
    const std::size_t intervals = timeline.intervalCount();
    // One pass over the deltas (bounded by the recorder's cap), keeping the busy stretch that
    // holds the middle, else the first after it, else the last before it.
    BusyWalk walk(timeline);
    double stretchStart = -1;
    double before = middle;
    for (std::size_t i = 0; i < intervals; ++i) {
        const bool busy = walk.enter(i);
        const double t = timeline.intervalStartS(i);
        if (busy && stretchStart < 0)
            stretchStart = t;
        if (busy || stretchStart < 0)
            continue;
        // The stretch [stretchStart, t) has just ended.
        if (t > middle)
            return stretchStart <= middle ? middle : (stretchStart + t) / 2;
        before = (stretchStart + t) / 2;
        stretchStart = -1;
    }
    if (stretchStart >= 0) // busy up to the end
        return stretchStart <= middle ? middle : (stretchStart + timeline.endS()) / 2;
    return before;
}

} // namespace fabric::views
