// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chartspec.h"
#include "explain/runsummary.h"
#include "playback/simrun.h"
#include "traffic/trafficview.h"

#include <QList>
#include <QSize>
#include <QString>
#include <QStringList>

#include <functional>

class QPainter;

namespace fabric::views {

class FabricCanvas;

/// A page of the report with a traffic view of a run ('Bytes on the wire' or 'NVLink vs fabric'):
/// its charts and caption as the Analysis dock exports them.
struct ReportTrafficView
{
    TrafficView::Mode mode = TrafficView::Mode::WireBytes;
    SimRunPtr run;
    QList<SimRunPtr> history; ///< Supplies the run it is compared with (a ring next to SHARP).
};

/// What goes into a design-review report.
struct ReportContent
{
    QString title;
    QStringList scenario;       ///< "Collective: all-reduce, ring, 1 GiB", one fact per line.
    FabricCanvas *canvas = nullptr; ///< Drawn as it is (loads and badges included); optional.
    QString diagramCaption;     ///< e.g. "Link utilisation at 2.5 ms".
    QList<ChartSpec> charts;
    QList<ReportTrafficView> traffic; ///< One page each, after the charts.
    QList<RunSummary> comparison; ///< One table row each.
    QStringList explanation;
    /// Two runs side by side (the app's Compare tab: both fabrics at one scale, one legend,
    /// their table and verdict), painted at the size it is given; a page of its own after the
    /// diagram, under sideBySideTitle. Empty: no such page.
    std::function<void(QPainter &, const QSize &)> sideBySide;
    QString sideBySideTitle;
};

/**
 * Writes the report as one PDF (A4 landscape): the fabric diagram with the scenario, two runs
 * side by side when given, the charts
 * two by two, a page per traffic view, the comparison table (completion time, algbw, busbw, % of
 * ideal, max link load, collided and idle links) and the explanation. Text is real PDF text
 * (searchable).
 */
bool writeReport(const QString &fileName, const ReportContent &content, QString *error = nullptr);

/// Paints the report writeReport() writes on @p painter, pages of @p pageSize device pixels
/// (96 per inch); @p newPage moves to the next page (e.g. QPdfWriter::newPage, or a test's
/// recorder). Text is wrapped, never cut or elided.
void paintReport(QPainter &painter, const QSizeF &pageSize, const std::function<void()> &newPage,
                 const ReportContent &content);

/// The traffic views that explain @p runs: 'Bytes on the wire' for each SHARP run and 'NVLink vs
/// fabric' for each hierarchical one, each with @p runs as its history.
QList<ReportTrafficView> trafficViewsFor(const QList<SimRunPtr> &runs);

/// The comparison table as rows of cells, header first (shared by the report and the GUI).
QList<QStringList> comparisonTable(const QList<RunSummary> &runs);

} // namespace fabric::views
