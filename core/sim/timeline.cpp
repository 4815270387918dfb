// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "timeline.h"

#include <algorithm>

namespace fabric::sim {

std::span<const FlowDelta> Timeline::flowChanges(std::size_t i) const
{
    return {mFlowDeltas.data() + mFlowBegin[i], mFlowBegin[i + 1] - mFlowBegin[i]};
}

std::span<const LinkDelta> Timeline::linkChanges(std::size_t i) const
{
    return {mLinkDeltas.data() + mLinkBegin[i], mLinkBegin[i + 1] - mLinkBegin[i]};
}

std::size_t Timeline::intervalAt(double timeS) const
{
    const std::size_t n = intervalCount();
    if (n == 0)
        return 0;
    // Last boundary <= timeS, clamped to the last interval.
    const auto it = std::upper_bound(mTimes.begin(), mTimes.end(), timeS);
    const std::size_t i = it == mTimes.begin() ? 0 : std::size_t(it - mTimes.begin()) - 1;
    return std::min(i, n - 1);
}

TimelineState Timeline::stateAt(double timeS) const
{
    TimelineCursor cursor(*this);
    return cursor.seek(timeS);
}

std::size_t Timeline::memoryBytes() const
{
    return mTimes.capacity() * sizeof(double)
        + (mFlowBegin.capacity() + mLinkBegin.capacity()) * sizeof(std::size_t)
        + (mFlowDeltas.capacity() + mKeyFlows.capacity()) * sizeof(FlowDelta)
        + (mLinkDeltas.capacity() + mKeyLinks.capacity()) * sizeof(LinkDelta)
        + mKeyframes.capacity() * sizeof(Keyframe)
        + mLinkOrbits.representative.capacity() * sizeof(DirLinkId);
}

TimelineCursor::TimelineCursor(const Timeline &timeline)
    : mTimeline(timeline)
{
    restartFrom(std::size_t(-1));
}

void TimelineCursor::restartFrom(std::size_t keyframe)
{
    const std::size_t flows = mTimeline.mFlowCount;
    const std::size_t links = mTimeline.mDirLinkCount;
    mState.flowRateBytesPerS.assign(flows, 0.0);
    mState.flowBytes.assign(flows, 0.0);
    mFlowSinceS.assign(flows, 0.0);
    mFlowBaseBytes.assign(flows, 0.0);
    mState.linkLoadBytesPerS.assign(links, 0.0);
    mState.linkBytes.assign(links, 0.0);
    mState.linkFlows.assign(links, 0);
    mLinkSinceS.assign(links, 0.0);
    mLinkBaseBytes.assign(links, 0.0);
    mNext = 0;
    if (keyframe >= mTimeline.mKeyframes.size())
        return;
    const Timeline::Keyframe &k = mTimeline.mKeyframes[keyframe];
    const std::size_t flowEnd = keyframe + 1 < mTimeline.mKeyframes.size()
        ? mTimeline.mKeyframes[keyframe + 1].flowBegin
        : mTimeline.mKeyFlows.size();
    const std::size_t linkEnd = keyframe + 1 < mTimeline.mKeyframes.size()
        ? mTimeline.mKeyframes[keyframe + 1].linkBegin
        : mTimeline.mKeyLinks.size();
    const double startS = mTimeline.mTimes[k.interval];
    for (std::size_t i = k.flowBegin; i < flowEnd; ++i) {
        const FlowDelta &d = mTimeline.mKeyFlows[i];
        mState.flowRateBytesPerS[std::size_t(d.flow)] = d.rateBytesPerS;
        mFlowBaseBytes[std::size_t(d.flow)] = d.bytesBefore;
        mFlowSinceS[std::size_t(d.flow)] = startS;
    }
    for (std::size_t i = k.linkBegin; i < linkEnd; ++i) {
        const LinkDelta &d = mTimeline.mKeyLinks[i];
        mState.linkLoadBytesPerS[std::size_t(d.link)] = d.loadBytesPerS;
        mState.linkFlows[std::size_t(d.link)] = d.flows;
        mLinkBaseBytes[std::size_t(d.link)] = d.bytesBefore;
        mLinkSinceS[std::size_t(d.link)] = startS;
    }
    mNext = k.interval + 1;
}

const TimelineState &TimelineCursor::seek(double timeS)
{
    const Timeline &t = mTimeline;
    const double endS = t.endS();
    timeS = std::clamp(timeS, 0.0, endS);
    const std::size_t target = t.intervalAt(timeS);
    // The last keyframe at or before the target interval.
    const auto it = std::upper_bound(t.mKeyframes.begin(), t.mKeyframes.end(), target,
                                     [](std::size_t i, const Timeline::Keyframe &k) {
                                         return i < k.interval;
                                     });
    const std::size_t keyframe = it == t.mKeyframes.begin()
        ? std::size_t(-1)
        : std::size_t(it - t.mKeyframes.begin()) - 1;
    const std::size_t keyInterval =
        keyframe == std::size_t(-1) ? 0 : t.mKeyframes[keyframe].interval + 1;
    // Walk forward from here when that is not behind the target nor behind the keyframe.
    if (mNext > target + 1 || mNext < keyInterval)
        restartFrom(keyframe);
    for (; mNext <= target && mNext < t.intervalCount(); ++mNext) {
        const double startS = t.mTimes[mNext];
        for (const FlowDelta &d : t.flowChanges(mNext)) {
            mState.flowRateBytesPerS[std::size_t(d.flow)] = d.rateBytesPerS;
            mFlowBaseBytes[std::size_t(d.flow)] = d.bytesBefore;
            mFlowSinceS[std::size_t(d.flow)] = startS;
        }
        for (const LinkDelta &d : t.linkChanges(mNext)) {
            mState.linkLoadBytesPerS[std::size_t(d.link)] = d.loadBytesPerS;
            mState.linkFlows[std::size_t(d.link)] = d.flows;
            mLinkBaseBytes[std::size_t(d.link)] = d.bytesBefore;
            mLinkSinceS[std::size_t(d.link)] = startS;
        }
    }
    finish(timeS);
    mState.interval = target;
    return mState;
}

void TimelineCursor::finish(double timeS)
{
    mState.timeS = timeS;
    for (std::size_t i = 0; i < mState.flowBytes.size(); ++i)
        mState.flowBytes[i] =
            mFlowBaseBytes[i] + mState.flowRateBytesPerS[i] * (timeS - mFlowSinceS[i]);
    for (std::size_t i = 0; i < mState.linkBytes.size(); ++i)
        mState.linkBytes[i] =
            mLinkBaseBytes[i] + mState.linkLoadBytesPerS[i] * (timeS - mLinkSinceS[i]);
    const LinkOrbits &orbits = mTimeline.mLinkOrbits;
    orbits.copyFromRepresentatives(mState.linkLoadBytesPerS);
    orbits.copyFromRepresentatives(mState.linkBytes);
    orbits.copyFromRepresentatives(mState.linkFlows);
}

} // namespace fabric::sim
