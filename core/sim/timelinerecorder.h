// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "timeline.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace fabric::sim {

/**
 * Builds a Timeline from the changes the engine reports, in time order.
 *
 * Intervals are closed at event times at least minIntervalS apart (every event when 0). A value
 * that changes inside an interval is recorded as its time-weighted average over the interval,
 * so the bytes at every boundary are exact. When the stored deltas pass maxDeltas, the minimum
 * interval doubles and what is already recorded is re-sampled with it.
 */
class TimelineRecorder
{
public:
    TimelineRecorder(std::size_t flowCount, std::size_t dirLinkCount, double minIntervalS,
                     std::size_t maxDeltas);

    /// Moves the clock to @p timeS (>= the last one); following set calls happen then.
    void advance(double timeS);
    void setFlow(FlowId flow, double rateBytesPerS);
    void setLink(DirLinkId link, double loadBytesPerS, std::int32_t flows);
    /// Closes the last interval at @p endS and hands the timeline over.
    Timeline finish(double endS);

private:
    struct Track
    {
        double rate = 0.0;
        double bytes = 0.0;  ///< Bytes at sinceS.
        double sinceS = 0.0; ///< Time of the last change.
        double startBytes = 0.0; ///< Bytes at the open interval's start (when touched).
        double recorded = 0.0;   ///< Last value written to the timeline.
        std::int32_t flows = 0;
        std::int32_t peakFlows = 0; ///< Max flows during the open interval.
        std::int32_t recordedFlows = 0;
        bool touched = false; ///< In the touched list of the open interval.
    };

    void touch(Track &track, std::vector<std::int32_t> &list, std::int32_t id);
    void closeInterval(double timeS);
    double bytesAt(const Track &track, double timeS) const
    {
        return track.bytes + track.rate * (timeS - track.sinceS);
    }
    void writeKeyframe();
    void coarsen();

    std::vector<Track> mFlows;
    std::vector<Track> mLinks;
    std::vector<std::int32_t> mTouchedFlows;
    std::vector<std::int32_t> mTouchedLinks;
    std::vector<std::int32_t> mKeep; // scratch
    Timeline mOut;
    double mOpenS = 0.0; ///< Start of the open interval.
    double mNowS = 0.0;
    std::size_t mMaxDeltas = 0;
    std::size_t mCoarsenAt = 0;
    std::size_t mDeltasAtKeyframe = 0;
    std::size_t mKeyframeEvery = 0;
};

} // namespace fabric::sim
