// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "canvasexport.h"
#include "charts/chartdata.h"
#include "playback/simrun.h"

#include <QList>
#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>

namespace fabric::views {

/// The pictures of the Analysis dock that `fabricscope-cli export --chart NAME` writes.
enum class ChartKind {
    Throughput,     ///< "throughput": aggregate throughput over time, one line per run.
    LinkLoad,       ///< "link-load": the ECMP imbalance histogram per tier (first run).
    CompletionCdf,  ///< "completion-cdf": flow completion CDF, one line per run.
    CompareTime,    ///< "compare-time": completion time bars per run (needs two runs or more).
    CompareBusbw,   ///< "compare-busbw": busbw and algbw bars per run (needs two runs or more).
    Heatmap,        ///< "heatmap": link x time utilisation matrix (first run; PNG only).
    BytesOnWire,    ///< "bytes-on-wire": the 'Bytes on the wire' view (first run).
    NvlinkVsFabric, ///< "nvlink-vs-fabric": the 'NVLink vs fabric' view (first run).
    Sweep,          ///< "sweep": busbw against message size (ChartExportOptions::sweep).
    Resilience,     ///< "resilience": slowdown per single failure (ChartExportOptions::resilience).
};

/// Every chart name, in the order of ChartKind ("throughput", "link-load", ...).
QStringList chartNames();
/// The kind a name stands for (exact, lower case); nullopt otherwise.
std::optional<ChartKind> chartKindFromName(const QString &name);
/// True for the charts that compare runs (they need at least two).
bool chartComparesRuns(ChartKind kind);
/// True when the chart can be written as vector SVG (every chart but the heatmap, whose matrix
/// is a picture).
bool chartHasVectors(ChartKind kind);
/// The size a chart is written at when none is asked (the GUI export's default; a resilience
/// chart grows taller with its bars, charts::horizontalBarsHeight()).
QSize defaultChartSize(ChartKind kind);
/// The message sizes of a sweep: 1 KiB to 4 GiB in steps of 4x.
QList<double> sweepSizes();

struct ChartExportOptions
{
    QSize size;        ///< Pixels for PNG, user units for SVG; empty = defaultChartSize().
    QString title;     ///< Replaces the chart's own title (charts and heatmap); empty = keep it.
    double timeS = -1; ///< Heatmap: the time cursor (simulated seconds); negative = none.
    QList<charts::SweepSeries> sweep; ///< Sweep: the series drawn (the runs are not used).
    /// Resilience: the sweep drawn (the first run only names the scenario).
    collective::ResilienceResult resilience;
};

/**
 * Writes chart @p kind of @p runs as PNG or SVG. The first run is the one on show; the others
 * are drawn next to it (lines, bars) or, for the traffic views, supply the run it is compared
 * with (a ring next to a SHARP all-reduce). Pdf is refused, as is Svg for the heatmap. Returns
 * false and sets @p error (one sentence) when the chart cannot be drawn or the file written.
 */
bool exportChart(ChartKind kind, const QList<SimRunPtr> &runs, const QString &fileName,
                 ImageFormat format, const ChartExportOptions &options = {},
                 QString *error = nullptr);

} // namespace fabric::views
