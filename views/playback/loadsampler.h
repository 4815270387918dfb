// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"
#include "sim/result.h"
#include "sim/timeline.h"

#include <QString>

#include <cstdint>
#include <span>
#include <vector>

namespace fabric::views {

/**
 * Turns a run's timeline into what the canvas draws at one simulated time: the utilisation of
 * every directed link (load / capacity, for FabricCanvas::setLinkLoads) and the number of flows
 * on every link (the busier direction, for badges). It walks the timeline with a TimelineCursor,
 * so forward playback costs only the deltas crossed and a seek anywhere one keyframe plus a
 * keyframe's worth of deltas. Capacities come from the result; nothing is re-computed.
 */
class LoadSampler
{
public:
    /// @p result must outlive the sampler.
    explicit LoadSampler(const sim::SimResult &result);

    /// Samples the timeline at @p timeS.
    void seek(double timeS);
    double timeS() const { return mTimeS; }

    /// Utilisation 0..1 per DirLinkId at timeS() (0 = idle).
    std::span<const float> utilisation() const { return mUtil; }
    /// Flows transferring per LinkId at timeS() (the busier of its two directions).
    std::span<const int> flowsPerLink() const { return mFlows; }
    /// Like flowsPerLink(), but only links carrying at least @p minFlows flows keep a count.
    std::vector<int> badges(int minFlows) const;
    /// The raw timeline state at timeS() (rates, bytes so far).
    const sim::TimelineState &state() const { return mCursor.state(); }

    /**
     * Tooltip lines (HTML) for @p link of @p fabric (the fabric of the run) at timeS(): per
     * direction, the utilisation and rate now, the flows on it now, and the bytes carried so
     * far out of the run's total. All read from the timeline state and the result's link
     * statistics; empty when the link is not in the run. O(1).
     */
    QString describeLink(const Fabric &fabric, LinkId link) const;

private:
    const sim::SimResult &mResult;
    sim::TimelineCursor mCursor;
    std::vector<float> mUtil;
    std::vector<int> mFlows;
    double mTimeS = -1.0;
};

} // namespace fabric::views
