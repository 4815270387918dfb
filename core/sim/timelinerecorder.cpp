// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "timelinerecorder.h"

#include <algorithm>
#include <utility>

namespace fabric::sim {

TimelineRecorder::TimelineRecorder(std::size_t flowCount, std::size_t dirLinkCount,
                                   double minIntervalS, std::size_t maxDeltas)
    : mFlows(flowCount)
    , mLinks(dirLinkCount)
    , mMaxDeltas(std::max<std::size_t>(maxDeltas, 1024))
    , mCoarsenAt(mMaxDeltas)
    // A keyframe costs a scan of every item: take one only when the deltas since the last one
    // outweigh that, so keyframes never cost more than the deltas themselves.
    , mKeyframeEvery(std::max<std::size_t>(4096, (flowCount + dirLinkCount) / 2))
{
    mOut.mFlowCount = flowCount;
    mOut.mDirLinkCount = dirLinkCount;
    mOut.mMinIntervalS = minIntervalS;
    mOut.mTimes.push_back(0.0);
    mOut.mFlowBegin.push_back(0);
    mOut.mLinkBegin.push_back(0);
}

void TimelineRecorder::advance(double timeS)
{
    if (timeS <= mNowS)
        return;
    if (timeS - mOpenS >= mOut.mMinIntervalS)
        closeInterval(timeS);
    mNowS = timeS;
}

void TimelineRecorder::touch(Track &track, std::vector<std::int32_t> &list, std::int32_t id)
{
    if (!track.touched) {
        track.touched = true;
        track.startBytes = bytesAt(track, mOpenS);
        track.peakFlows = track.flows;
        list.push_back(id);
    }
    track.bytes = bytesAt(track, mNowS);
    track.sinceS = mNowS;
}

void TimelineRecorder::setFlow(FlowId flow, double rateBytesPerS)
{
    Track &t = mFlows[std::size_t(flow)];
    if (t.rate == rateBytesPerS)
        return;
    touch(t, mTouchedFlows, flow);
    t.rate = rateBytesPerS;
}

void TimelineRecorder::setLink(DirLinkId link, double loadBytesPerS, std::int32_t flows)
{
    Track &t = mLinks[std::size_t(link)];
    if (t.rate == loadBytesPerS && t.flows == flows)
        return;
    touch(t, mTouchedLinks, link);
    t.rate = loadBytesPerS;
    t.flows = flows;
    // A change at the open interval's start: the old count held for no time in it (else a
    // flow that just ended would still be counted, with no load, until the next change).
    t.peakFlows = mNowS <= mOpenS ? flows : std::max(t.peakFlows, flows);
}

void TimelineRecorder::closeInterval(double timeS)
{
    const double lengthS = timeS - mOpenS;
    // The average over the interval; exactly the rate when it held all along.
    const auto average = [&](const Track &t) {
        return t.sinceS <= mOpenS ? t.rate : (bytesAt(t, timeS) - t.startBytes) / lengthS;
    };
    for (std::int32_t id : mTouchedFlows) {
        Track &t = mFlows[std::size_t(id)];
        const double avg = average(t);
        if (avg != t.recorded) {
            mOut.mFlowDeltas.push_back({id, avg, t.startBytes});
            t.recorded = avg;
        }
    }
    for (std::int32_t id : mTouchedLinks) {
        Track &t = mLinks[std::size_t(id)];
        const double avg = average(t);
        if (avg != t.recorded || t.peakFlows != t.recordedFlows) {
            mOut.mLinkDeltas.push_back({id, t.peakFlows, avg, t.startBytes});
            t.recorded = avg;
            t.recordedFlows = t.peakFlows;
        }
    }
    if (mOut.deltaCount() - mDeltasAtKeyframe >= mKeyframeEvery)
        writeKeyframe();

    // Items whose value differs from what was just written must be written again next time.
    mKeep.clear();
    for (std::int32_t id : mTouchedFlows) {
        Track &t = mFlows[std::size_t(id)];
        if (t.rate != t.recorded) {
            t.startBytes = bytesAt(t, timeS);
            mKeep.push_back(id);
        } else {
            t.touched = false;
        }
    }
    mTouchedFlows.swap(mKeep);
    mKeep.clear();
    for (std::int32_t id : mTouchedLinks) {
        Track &t = mLinks[std::size_t(id)];
        if (t.rate != t.recorded || t.flows != t.recordedFlows) {
            t.startBytes = bytesAt(t, timeS);
            t.peakFlows = t.flows;
            mKeep.push_back(id);
        } else {
            t.touched = false;
        }
    }
    mTouchedLinks.swap(mKeep);

    mOut.mTimes.push_back(timeS);
    mOut.mFlowBegin.push_back(mOut.mFlowDeltas.size());
    mOut.mLinkBegin.push_back(mOut.mLinkDeltas.size());
    mOpenS = timeS;
    if (mOut.deltaCount() > mCoarsenAt)
        coarsen();
}

void TimelineRecorder::writeKeyframe()
{
    // State during the interval being closed: recorded values, bytes at its start.
    Timeline::Keyframe k;
    k.interval = mOut.mTimes.size() - 1;
    k.flowBegin = mOut.mKeyFlows.size();
    k.linkBegin = mOut.mKeyLinks.size();
    const auto startBytes = [&](const Track &t) {
        return t.touched ? t.startBytes : bytesAt(t, mOpenS);
    };
    for (std::size_t i = 0; i < mFlows.size(); ++i) {
        const Track &t = mFlows[i];
        const double bytes = startBytes(t);
        if (t.recorded != 0.0 || bytes != 0.0)
            mOut.mKeyFlows.push_back({FlowId(i), t.recorded, bytes});
    }
    for (std::size_t i = 0; i < mLinks.size(); ++i) {
        const Track &t = mLinks[i];
        const double bytes = startBytes(t);
        if (t.recorded != 0.0 || bytes != 0.0 || t.recordedFlows != 0)
            mOut.mKeyLinks.push_back({DirLinkId(i), t.recordedFlows, t.recorded, bytes});
    }
    mOut.mKeyframes.push_back(k);
    mDeltasAtKeyframe = mOut.deltaCount();
}

void TimelineRecorder::coarsen()
{
    const std::size_t intervals = mOut.intervalCount();
    const double minS = mOut.mMinIntervalS > 0.0 ? 2.0 * mOut.mMinIntervalS
                                                 : 2.0 * (mOpenS / double(intervals));
    // Replay what is recorded through a coarser recorder.
    TimelineRecorder replay(mFlows.size(), mLinks.size(), minS, std::size_t(-1) / 2);
    for (std::size_t i = 0; i < intervals; ++i) {
        replay.advance(mOut.mTimes[i]);
        for (const FlowDelta &d : mOut.flowChanges(i))
            replay.setFlow(d.flow, d.rateBytesPerS);
        for (const LinkDelta &d : mOut.linkChanges(i))
            replay.setLink(d.link, d.loadBytesPerS, d.flows);
    }
    if (mOpenS > replay.mOpenS)
        replay.closeInterval(mOpenS);
    mOut = std::move(replay.mOut);
    mDeltasAtKeyframe = mOut.deltaCount();

    // What the coarse timeline last says of each item is now the reference for changes.
    const auto rebase = [&](std::vector<Track> &live, const std::vector<Track> &coarse,
                            std::vector<std::int32_t> &list) {
        for (std::size_t i = 0; i < live.size(); ++i) {
            Track &t = live[i];
            t.recorded = coarse[i].recorded;
            t.recordedFlows = coarse[i].recordedFlows;
            if (!t.touched && (t.rate != t.recorded || t.flows != t.recordedFlows)) {
                t.touched = true;
                t.startBytes = bytesAt(t, mOpenS);
                t.peakFlows = t.flows;
                list.push_back(std::int32_t(i));
            }
        }
    };
    rebase(mFlows, replay.mFlows, mTouchedFlows);
    rebase(mLinks, replay.mLinks, mTouchedLinks);
    mCoarsenAt = std::max(mMaxDeltas, mOut.deltaCount() + mOut.deltaCount() / 2);
}

Timeline TimelineRecorder::finish(double endS)
{
    if (endS > mOpenS)
        closeInterval(endS);
    return std::move(mOut);
}

} // namespace fabric::sim
