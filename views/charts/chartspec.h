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
    QString xTitle;
    QString yTitle;
    XScale xScale = XScale::Linear;
    QList<ChartLine> lines;
    QStringList categories; ///< Bar charts: one label per bar group.
    QList<ChartBars> bars;
    /// Line charts: draw lines as steps (values hold until the next point).
    bool steps = false;

    bool isBarChart() const { return !categories.isEmpty(); }
};

} // namespace fabric::views
