// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chartdata.h"
#include "playback/simrun.h"

#include <QDockWidget>

class QComboBox;
class QTabWidget;

namespace fabric::views {
class ChartPanel;
class ExplainPanel;
class HeatmapWidget;
} // namespace fabric::views

namespace fabric::app {

class CompareView;

/**
 * The analysis dock: tabs for the congestion heatmap, the charts (one at a time, picked from a
 * list), the explain panel and the compare view. It shows the runs the controller hands it.
 */
class AnalysisDock : public QDockWidget
{
    Q_OBJECT
public:
    enum class Chart { Throughput, LinkLoad, CompletionCdf, CompareTime, CompareBandwidth, Sweep };

    explicit AnalysisDock(QWidget *parent = nullptr);

    /// The current run and the runs it is compared with (the current one first).
    void setRuns(const views::SimRunPtr &current, const QList<views::SimRunPtr> &history);
    /// A busbw-against-size sweep to chart.
    void setSweep(const QList<views::charts::SweepSeries> &sweep);
    void showChart(Chart chart);
    void showTab(QWidget *tab);

    views::HeatmapWidget *heatmap() const { return mHeatmap; }
    views::ChartPanel *chartPanel() const { return mChart; }
    views::ExplainPanel *explainPanel() const { return mExplain; }
    CompareView *compareView() const { return mCompare; }
    QTabWidget *tabs() const { return mTabs; }

private:
    void refreshChart();

    QTabWidget *mTabs = nullptr;
    views::HeatmapWidget *mHeatmap = nullptr;
    QComboBox *mChartChoice = nullptr;
    views::ChartPanel *mChart = nullptr;
    views::ExplainPanel *mExplain = nullptr;
    CompareView *mCompare = nullptr;
    views::SimRunPtr mCurrent;
    QList<views::SimRunPtr> mHistory;
    QList<views::charts::SweepSeries> mSweep;
};

} // namespace fabric::app
