// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysisdock.h"

#include "charts/chartpanel.h"
#include "compareview.h"
#include "explain/explainpanel.h"
#include "heatmap/heatmapwidget.h"
#include "resiliencepage.h"
#include "scrollable.h"
#include "traffic/trafficview.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QPushButton>
#include <QScrollArea>
#include <QTabBar>
#include <QTabWidget>
#include <QVBoxLayout>

namespace fabric::app {

AnalysisDock::AnalysisDock(QWidget *parent)
    : QDockWidget(tr("Analysis"), parent)
{
    setObjectName(QStringLiteral("AnalysisDock"));
    mTabs = new QTabWidget(this);
    mHeatmap = new views::HeatmapWidget(mTabs);
    // Every page scrolls, so the dock can be as short as a 1280x720 screen needs.
    mTabs->addTab(scrollable(mHeatmap, true), tr("Heatmap"));

    auto *charts = new QWidget(mTabs);
    mChartChoice = new QComboBox(charts);
    mChartChoice->setObjectName(QStringLiteral("chartChoice"));
    const auto addChart = [this](const QString &name, Chart chart) {
        mChartChoice->addItem(name, int(chart));
        mChartChoice->setItemData(mChartChoice->count() - 1, name, kChartNameRole);
    };
    addChart(tr("Throughput over time"), Chart::Throughput);
    addChart(tr("Link load per tier (ECMP imbalance)"), Chart::LinkLoad);
    addChart(tr("Flow completion CDF"), Chart::CompletionCdf);
    addChart(tr("Completion time by run"), Chart::CompareTime);
    addChart(tr("busbw and algbw by run"), Chart::CompareBandwidth);
    addChart(tr("busbw against message size"), Chart::Sweep);
    mChart = new views::ChartPanel(charts);
    auto *chartLayout = new QVBoxLayout(charts);
    chartLayout->setContentsMargins(2, 2, 2, 2);
    chartLayout->addWidget(mChartChoice);
    chartLayout->addWidget(mChart, 1);
    mTabs->addTab(scrollable(charts, true), tr("Charts"));
    mWireBytes = new views::TrafficView(views::TrafficView::Mode::WireBytes);
    mTabs->addTab(scrollable(trafficPage(mWireBytes, QStringLiteral("bytes-on-the-wire")), true),
        tr("Bytes on the wire"));
    mNvlink = new views::TrafficView(views::TrafficView::Mode::NvlinkVsFabric);
    mTabs->addTab(scrollable(trafficPage(mNvlink, QStringLiteral("nvlink-vs-fabric")), true),
        tr("NVLink vs fabric"));

    mExplain = new views::ExplainPanel(mTabs);
    // The explanation is a text view: it scrolls itself.
    mTabs->addTab(mExplain, tr("Explain"));
    mCompare = new CompareView(mTabs);
    mTabs->addTab(scrollable(mCompare, true), tr("Compare"));
    mResilience = new ResiliencePage(mTabs);
    // Its chart scrolls inside it, under the controls.
    mTabs->addTab(mResilience, tr("Resilience"));
    setWidget(mTabs);
    connect(mChartChoice, &QComboBox::currentIndexChanged, this, &AnalysisDock::refreshChart);
    connect(mTabs->tabBar(), &QTabBar::tabBarClicked, this, [this] { mTabPicked = true; });
}

QWidget *AnalysisDock::trafficPage(views::TrafficView *view, const QString &what)
{
    auto *page = new QWidget(mTabs);
    view->setParent(page);
    auto *exportButton = new QPushButton(tr("Export\u2026"), page);
    exportButton->setToolTip(tr("Save this view, charts and caption, as PNG or SVG"));
    exportButton->setEnabled(false); // until a run fills the view
    mTrafficExports << exportButton;
    connect(exportButton, &QPushButton::clicked, this,
        [this, view, what] { Q_EMIT exportRequested(view, what); });
    auto *row = new QHBoxLayout;
    row->addStretch(1);
    row->addWidget(exportButton);
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(row);
    layout->addWidget(view, 1);
    return page;
}

QWidget *AnalysisDock::pageOf(QWidget *widget) const
{
    for (QWidget *w = widget; w; w = w->parentWidget())
        if (mTabs->indexOf(w) >= 0)
            return w;
    return nullptr;
}

void AnalysisDock::followRun(const views::SimRun &run)
{
    QWidget *target = run.algorithm == QStringLiteral("sharp")          ? pageOf(mWireBytes)
                    : run.algorithm == QStringLiteral("hierarchical") ? pageOf(mNvlink)
                                                                        : nullptr;
    QWidget *shown = mTabs->currentWidget();
    const bool onTraffic = shown == pageOf(mWireBytes) || shown == pageOf(mNvlink);
    if (target && (!mTabPicked || onTraffic))
        mTabs->setCurrentWidget(target);
}

void AnalysisDock::setRuns(const views::SimRunPtr &current, const QList<views::SimRunPtr> &history)
{
    mCurrent = current;
    mHistory = history;
    if (current && current->fabric) {
        mHeatmap->setData(views::HeatmapData::build(*current->fabric, current->result));
        mHeatmap->setTitle(tr("Link utilisation over time \u2014 %1").arg(current->label));
    } else {
        mHeatmap->setData({});
        mHeatmap->setTitle({});
    }
    views::SimRunPtr previous = history.size() > 1 ? history[1] : nullptr;
    mExplain->setRun(current, previous);
    mCompare->setChoices(history, previous, current);
    mWireBytes->setRuns(current, history);
    mNvlink->setRuns(current, history);
    for (QPushButton *button : std::as_const(mTrafficExports))
        button->setEnabled(bool(current));
    refreshChart();
    if (current)
        followRun(*current);
}

void AnalysisDock::clear()
{
    mSweep.clear();
    mResilience->clear(tr("The fabric changed: run the sweep again."));
    setRuns(nullptr, {});
}

void AnalysisDock::setSweep(const QList<views::charts::SweepSeries> &sweep)
{
    mSweep = sweep;
    showChart(Chart::Sweep);
}

void AnalysisDock::showChart(Chart chart)
{
    mChartChoice->setCurrentIndex(mChartChoice->findData(int(chart)));
    refreshChart();
}

void AnalysisDock::showTab(QWidget *tab)
{
    mTabPicked = true;
    if (QWidget *page = pageOf(tab))
        mTabs->setCurrentWidget(page);
}

void AnalysisDock::refreshChart()
{
    QList<views::RunSummary> summaries;
    for (const auto &run : std::as_const(mHistory))
        summaries << views::RunSummary(*run);
    switch (Chart(mChartChoice->currentData().toInt())) {
    case Chart::Throughput:
        mChart->setSpec(views::charts::throughput(mHistory.mid(0, 3)));
        break;
    case Chart::LinkLoad:
        mChart->setSpec(mCurrent ? views::charts::linkLoadHistogram(*mCurrent)
                                 : views::ChartSpec());
        break;
    case Chart::CompletionCdf:
        mChart->setSpec(views::charts::completionCdf(mHistory.mid(0, 3)));
        break;
    case Chart::CompareTime:
        mChart->setSpec(views::charts::compareCompletion(summaries));
        break;
    case Chart::CompareBandwidth:
        mChart->setSpec(views::charts::compareBandwidth(summaries));
        break;
    case Chart::Sweep:
        mChart->setSpec(views::charts::busbwSweep(mSweep));
        break;
    }
    // A short panel drops the chart's title: the picker says what the lines leave out.
    const int picked = mChartChoice->currentIndex();
    const QString name = mChartChoice->itemData(picked, kChartNameRole).toString();
    const QString scope = mChart->spec().scope;
    mChartChoice->setItemText(picked, scope.isEmpty() ? name : tr("%1: %2").arg(name, scope));
}

} // namespace fabric::app
