// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chartdata.h"
#include "playback/simrun.h"

#include <QDockWidget>

class QComboBox;
class QPushButton;
class QTabWidget;

namespace fabric::views {
class ChartPanel;
class ExplainPanel;
class HeatmapWidget;
class TrafficView;
} // namespace fabric::views

namespace fabric::app {

class CompareView;
class ResiliencePage;

/**
 * The analysis dock: tabs for the congestion heatmap, the charts (one at a time, picked from a
 * list), the bytes on the wire by tier (SHARP against ring), NVLink against fabric traffic, the
 * explain panel, the compare view and the resilience sweep. It shows the runs the controller hands it. When a SHARP or
 * hierarchical run arrives it brings up the traffic view that explains it, unless a tab was
 * picked (by the user or showTab()) and it is not one of the two traffic views.
 */
class AnalysisDock : public QDockWidget
{
    Q_OBJECT
public:
    enum class Chart { Throughput, LinkLoad, CompletionCdf, CompareTime, CompareBandwidth, Sweep };

    explicit AnalysisDock(QWidget *parent = nullptr);

    /// The current run and the runs it is compared with (the current one first).
    void setRuns(const views::SimRunPtr &current, const QList<views::SimRunPtr> &history);
    /// Forgets every run and the sweeps: the heatmap, charts, explanation, comparison, traffic
    /// and resilience views go blank (the fabric they belonged to is gone or changed).
    void clear();
    /// A busbw-against-size sweep to chart.
    void setSweep(const QList<views::charts::SweepSeries> &sweep);
    void showChart(Chart chart);
    void showTab(QWidget *tab);

    views::HeatmapWidget *heatmap() const { return mHeatmap; }
    views::ChartPanel *chartPanel() const { return mChart; }
    views::ExplainPanel *explainPanel() const { return mExplain; }
    /// "Bytes on the wire": per tier and direction, SHARP against ring.
    views::TrafficView *wireBytesView() const { return mWireBytes; }
    /// "NVLink vs fabric": the bandwidth ladder and the hierarchical all-reduce's split.
    views::TrafficView *nvlinkView() const { return mNvlink; }
    CompareView *compareView() const { return mCompare; }
    /// The resilience sweep: slowdown per single failure of a role.
    ResiliencePage *resiliencePage() const { return mResilience; }
    QTabWidget *tabs() const { return mTabs; }

Q_SIGNALS:
    /// A traffic view's Export button: @p what names it in a file name ("bytes-on-the-wire").
    void exportRequested(views::TrafficView *view, const QString &what);

private:
    /// Item data of the chart picker: the chart's name without what refreshChart() adds.
    static constexpr int kChartNameRole = Qt::UserRole + 1;
    void refreshChart();
    /// A tab page holding @p view and a button that exports it (PNG or SVG).
    QWidget *trafficPage(views::TrafficView *view, const QString &what);
    /// The tab page that holds @p widget (itself or an ancestor), or null.
    QWidget *pageOf(QWidget *widget) const;
    /// Brings up the traffic view that explains @p run, when no other tab was picked.
    void followRun(const views::SimRun &run);

    QTabWidget *mTabs = nullptr;
    views::HeatmapWidget *mHeatmap = nullptr;
    QComboBox *mChartChoice = nullptr;
    views::ChartPanel *mChart = nullptr;
    views::ExplainPanel *mExplain = nullptr;
    CompareView *mCompare = nullptr;
    ResiliencePage *mResilience = nullptr;
    views::TrafficView *mWireBytes = nullptr;
    views::TrafficView *mNvlink = nullptr;
    QList<QPushButton *> mTrafficExports; ///< The traffic views' Export buttons.
    bool mTabPicked = false; ///< A tab was chosen by a click or showTab().
    views::SimRunPtr mCurrent;
    QList<views::SimRunPtr> mHistory;
    QList<views::charts::SweepSeries> mSweep;
};

} // namespace fabric::app
