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
 * every directed link (for FabricCanvas::setLinkLoads) and the number of flows on every link
 * (the busier direction, for badges). It walks the timeline with TimelineCursors, so forward
 * playback costs only the deltas crossed and a seek anywhere one keyframe plus a keyframe's
 * worth of deltas. Capacities come from the result; nothing is re-computed.
 *
 * The utilisation is by default the mean over a window of the run centred on the time (a
 * twentieth of the run, cut at its ends): bytes carried in the window over what the link could
 * carry in it. An instant can fall between two steps of a collective, where a link the run
 * keeps 99% busy carries nothing; the window shows what the link does around then. A window
 * of 0 gives the instant (load / capacity). Flow counts are always those of the instant.
 */
class LoadSampler
{
public:
    /// The default window: this fraction of the run.
    static constexpr double kWindowFraction = 1.0 / 20;

    /// @p result must outlive the sampler. The window is kWindowFraction of the run.
    explicit LoadSampler(const sim::SimResult &result);
    /// Seconds of the run the utilisation is averaged over, centred on the time; 0 = the
    /// instant. Takes effect at the next seek().
    void setWindowS(double seconds);
    double windowS() const { return mWindowS; }
    /// The window a run of @p runS seconds gets by default.
    static double defaultWindowS(double runS) { return runS * kWindowFraction; }
    /// What a window shows, for the playback bar: "loads: mean of 16 ms", "loads: at the instant".
    static QString windowNote(double windowS);
    /// A picture's caption, in a report: "Link utilisation around t = 64.3 ms (mean of 6.43 ms;
    /// colours as in the legend)", or "at t = ..." for the instant.
    static QString utilisationCaption(double timeS, double windowS);

    /// Samples the timeline at @p timeS.
    void seek(double timeS);
    double timeS() const { return mTimeS; }

    /// Utilisation 0..1 per DirLinkId around timeS() (over the window; 0 = idle).
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
    // The window's two ends, each walked forward during playback like mCursor.
    sim::TimelineCursor mWindowStart;
    sim::TimelineCursor mWindowEnd;
    double mWindowS = 0.0;
    double mWindowFromS = 0.0, mWindowToS = 0.0; ///< The window used at the last seek.
    std::vector<float> mUtil;
    std::vector<int> mFlows;
    double mTimeS = -1.0;
    bool mFinished = false; ///< timeS() is at or past the run's end: nothing transfers.
};

} // namespace fabric::views
