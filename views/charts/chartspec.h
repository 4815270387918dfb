// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

namespace fabric::views {

/// One line of a line chart.
struct ChartLine
{
    QString name;
    QList<QPointF> points;
};

/// One set of bars (one value per category).
struct ChartBars
{
    QString name;
    QList<double> values;
};

/**
 * What a chart shows, independent of the charting library: a title that names the quantity
 * (algbw or busbw as docs/simulation.md defines them), axis titles with units, and either lines or bars.
 * ChartPanel draws it with Qt Charts; moving to Qt Graphs only touches ChartPanel.
 */
struct ChartSpec
{
    enum class XScale {
        Linear,
        Log2Bytes, ///< x values are log2(bytes); labels read "1 KiB", "1 MiB", ...
    };

    QString title;
    QString subtitle; ///< A second, plain line under the title (a summary); empty = none.
    /// What the lines leave out, in a few words ("the fabric's flows: ..."), or empty. Part of
    /// the title too; a short panel drops the title, so the GUI's chart picker shows this.
    QString scope;
    QString xTitle;
    /// How the x values were taken, after xTitle in a full frame ("averaged over 430 µs
    /// windows"); a compact frame, short of room, shows xTitle alone. Empty = none.
    QString xNote;
    QString yTitle;
    XScale xScale = XScale::Linear;
    QList<ChartLine> lines;
    QStringList categories; ///< Bar charts: one label per bar group.
    QList<ChartBars> bars;
    /// Line charts: draw lines as steps (values hold until the next point).
    bool steps = false;
    /// Line charts: the value axis ends here (a fraction's 1) instead of a little above the
    /// highest point, which a round step then took to 1.5; 0 = from the data.
    double yTop = 0;
    /// Bar charts: bars run left to right, the first category at the top (long lists of named
    /// bars read down the page); xTitle then names the categories, yTitle the values.
    bool horizontal = false;
    QString barLabelSuffix; ///< Appended to each bar's value label ("\u00d7").
    /// Horizontal bar charts: words written in the row of a category that has no bar ("cannot
    /// complete"), one per category or none; an empty string writes nothing.
    QStringList barNotes;
    /// What fills the chart when it has nothing to plot ("Simulation > Sweep ..."); the panel
    /// shows it instead of empty axes (a general hint when empty).
    QString emptyNote;

    bool isBarChart() const { return !categories.isEmpty(); }
    /// Whether there is anything to plot: a point of a line, or a bar.
    bool hasData() const
    {
        if (isBarChart())
            return !bars.isEmpty();
        for (const ChartLine &line : lines)
            if (!line.points.isEmpty())
                return true;
        return false;
    }
};

} // namespace fabric::views
