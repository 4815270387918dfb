// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chartspec.h"
#include "collective/resilience.h"
#include "explain/runsummary.h"
#include "playback/simrun.h"

#include <QList>

#include <cstddef>

namespace fabric::views {

/// The simulation charts, as ChartSpecs built from engine results (never re-simulated).
namespace charts {

/// Time unit for an axis spanning @p endS: the factor to multiply seconds by and its name
/// ("ms"), chosen the way units::formatSeconds would print endS.
std::pair<double, QString> timeUnit(double endS);

/// Runs with more intervals than this are drawn as their means over this many equal windows of
/// the longest run's time.
constexpr std::size_t kThroughputWindows = 300;

/// Aggregate throughput over time: the sum of every flow's rate, in GB/s, as steps at the
/// timeline's intervals (one line per run, all on one time axis), or averaged over
/// kThroughputWindows windows (the x axis's title says how long) when a run has more.
ChartSpec throughput(const QList<SimRunPtr> &runs);

/// The ECMP imbalance histogram: for each tier group of switch-to-switch links (leaf -> spine,
/// spine -> leaf, ...), how many directed links carried 0 (idle), 1, 2, 3, ... flows at most at
/// once. A balanced routing puts every bar at one flow.
ChartSpec linkLoadHistogram(const SimRun &run);

/// Fraction of flows finished against time (one line per run).
ChartSpec completionCdf(const QList<SimRunPtr> &runs);

/// Bars of completion time (in the unit that fits) per run.
ChartSpec compareCompletion(const QList<RunSummary> &runs);
/// Bars of busbw and algbw (GB/s) per run; says which is which.
ChartSpec compareBandwidth(const QList<RunSummary> &runs);

/// One series of a message-size sweep: busbw (GB/s) at each size (bytes).
struct SweepSeries
{
    QString name;
    QList<QPointF> bytesAndBusbwGBps; ///< x = bytes, y = busbw in GB/s.
};
/// busbw against message size, x on a log2 scale labelled in bytes.
ChartSpec busbwSweep(const QList<SweepSeries> &series);

/// The most bars a resilience chart draws: the worst ones (the rest are the mildest).
inline constexpr qsizetype kResilienceBars = 100;

/// The summary of a resilience sweep, as the CLI prints it: the healthy completion, the worst,
/// median, mean and best slowdown, and how many failures slow the run or cut rank pairs off.
QString resilienceSummary(const collective::ResilienceResult &result);

/**
 * A resilience sweep as horizontal bars of slowdown (completion / healthy completion), one per
 * failed element, named by it, worst first (the sweep's order), at most @p maxBars (and
 * kResilienceBars); resilienceSummary() is the subtitle. @p scenario names what ran
 * ("allreduce ring · ecmp").
 */
ChartSpec resilience(const collective::ResilienceResult &result, const QString &scenario,
    qsizetype maxBars = kResilienceBars);

/// The height (pixels) a horizontal bar chart of @p bars bars needs for its names to be read.
int horizontalBarsHeight(qsizetype bars);
/// The most bars a horizontal bar chart @p height pixels tall can draw with their names read
/// (the inverse of horizontalBarsHeight()); at least one.
qsizetype horizontalBarsFitting(int height);

} // namespace charts
} // namespace fabric::views
