// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "flow.h"
#include "linkorbits.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace fabric::sim {

/// A flow's rate changed at the start of an interval.
struct FlowDelta
{
    FlowId flow = -1;
    double rateBytesPerS = 0.0; ///< Rate over the interval (0 = not transferring).
    double bytesBefore = 0.0;   ///< Bytes the flow had moved when the interval began.
};

/// A directed link's load changed at the start of an interval.
struct LinkDelta
{
    DirLinkId link = -1;
    std::int32_t flows = 0;     ///< Flows transferring over it during the interval.
    double loadBytesPerS = 0.0; ///< Sum of the rates crossing it during the interval.
    double bytesBefore = 0.0;   ///< Bytes it had carried when the interval began.
};

/// The state of everything at one instant, dense arrays indexed by FlowId and DirLinkId.
struct TimelineState
{
    double timeS = 0.0;
    std::size_t interval = 0;             ///< Index of the interval holding timeS.
    std::vector<double> flowRateBytesPerS; ///< Index = FlowId.
    std::vector<double> flowBytes;         ///< Bytes moved up to timeS.
    std::vector<double> linkLoadBytesPerS; ///< Index = DirLinkId.
    std::vector<double> linkBytes;         ///< Bytes carried up to timeS.
    std::vector<std::int32_t> linkFlows;   ///< Flows transferring.
};

/**
 * The recorded history of a run: intervals [t_i, t_{i+1}) in which every rate and load is
 * constant, delta-encoded: interval i lists only the flows and directed links whose value
 * CHANGED at t_i. Values of a coarsened timeline are averages over the interval weighted by
 * time, so bytes (the integrals) stay exact at every interval boundary.
 *
 * Seeking: full keyframes are stored every so often (whenever the deltas since the last one
 * outweigh a keyframe), so stateAt() costs one keyframe plus at most about a keyframe's worth
 * of deltas, O(active flows + links), whatever the length of the run. TimelineCursor makes
 * forward playback O(deltas crossed).
 *
 * Memory: at most SimOptions::timelineMaxDeltas deltas plus keyframes of at most the same
 * total size; past the cap the recorder doubles its minimum interval and re-samples what it
 * holds, so long runs get coarser rather than bigger.
 */
class Timeline
{
public:
    Timeline() = default;

    /// Number of intervals (0 for an empty run).
    std::size_t intervalCount() const { return mTimes.empty() ? 0 : mTimes.size() - 1; }
    /// Start of interval @p i; intervalStartS(intervalCount()) is the end of the run.
    double intervalStartS(std::size_t i) const { return mTimes[i]; }
    /// All interval boundaries t_0 < t_1 < ... < t_n (event marks for a slider).
    std::span<const double> boundaries() const { return mTimes; }
    double endS() const { return mTimes.empty() ? 0.0 : mTimes.back(); }
    std::size_t flowCount() const { return mFlowCount; }
    std::size_t dirLinkCount() const { return mDirLinkCount; }

    /// What changed at the start of interval @p i.
    std::span<const FlowDelta> flowChanges(std::size_t i) const;
    std::span<const LinkDelta> linkChanges(std::size_t i) const;

    /// Index of the interval holding @p timeS (clamped to the run).
    std::size_t intervalAt(double timeS) const;
    /// The state at @p timeS (clamped to [0, endS()]).
    TimelineState stateAt(double timeS) const;

    /// Minimum interval length this timeline was recorded with (0 = every event).
    double minIntervalS() const { return mMinIntervalS; }
    std::size_t deltaCount() const { return mFlowDeltas.size() + mLinkDeltas.size(); }
    std::size_t keyframeCount() const { return mKeyframes.size(); }
    /// Approximate heap memory held, in bytes.
    std::size_t memoryBytes() const;

    /**
     * A run reduced by symmetry (SimOptions::linkOrbits): a link's values are its orbit
     * representative's, and its own deltas are not recorded. States and cursors fill every
     * link.
     */
    void shareLinks(LinkOrbits orbits) { mLinkOrbits = std::move(orbits); }
    const LinkOrbits &linkOrbits() const { return mLinkOrbits; }
    /// What each recorded item stands for: in a reduced run, the orbit size (each flow's
    /// deltas are those of that many flows, each link's of that many links); else 1.
    std::size_t multiplicity() const { return mLinkOrbits.order; }

private:
    friend class TimelineRecorder;
    friend class TimelineCursor;

    struct Keyframe
    {
        std::size_t interval = 0;   ///< State at the start of this interval (deltas applied).
        std::size_t flowBegin = 0;  ///< Range in mKeyFlows.
        std::size_t linkBegin = 0;  ///< Range in mKeyLinks.
    };

    std::vector<double> mTimes;
    std::vector<std::size_t> mFlowBegin; ///< Per interval, offset into mFlowDeltas (+1 end).
    std::vector<std::size_t> mLinkBegin;
    std::vector<FlowDelta> mFlowDeltas;
    std::vector<LinkDelta> mLinkDeltas;
    std::vector<Keyframe> mKeyframes;
    std::vector<FlowDelta> mKeyFlows; ///< Keyframe contents: every flow with bytes or a rate.
    std::vector<LinkDelta> mKeyLinks;
    std::size_t mFlowCount = 0;
    std::size_t mDirLinkCount = 0;
    double mMinIntervalS = 0.0;
    LinkOrbits mLinkOrbits;
};

/**
 * Walks a Timeline for playback: seek() forward applies only the deltas crossed; a backward
 * seek or a long jump restarts from the nearest keyframe.
 */
class TimelineCursor
{
public:
    explicit TimelineCursor(const Timeline &timeline);
    /// Moves to @p timeS and returns the state there (valid until the next seek()).
    const TimelineState &seek(double timeS);
    const TimelineState &state() const { return mState; }

private:
    void restartFrom(std::size_t keyframe);
    void finish(double timeS);

    const Timeline &mTimeline;
    TimelineState mState;
    // Bytes of each item at the start of the interval of its last change, and that start.
    std::vector<double> mFlowSinceS;
    std::vector<double> mLinkSinceS;
    std::vector<double> mFlowBaseBytes;
    std::vector<double> mLinkBaseBytes;
    std::size_t mNext = 0; ///< Next interval whose deltas are not applied yet.
};

} // namespace fabric::sim
