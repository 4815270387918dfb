// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysisdock.h"

#include "charts/chartpanel.h"
#include "compareview.h"
#include "explain/explainpanel.h"
#include "heatmap/heatmapwidget.h"

#include <QComboBox>
#include <QTabWidget>
#include <QVBoxLayout>

namespace fabric::app {

AnalysisDock::AnalysisDock(QWidget *parent)
    : QDockWidget(tr("Analysis"), parent)
{
    setObjectName(QStringLiteral("AnalysisDock"));
    mTabs = new QTabWidget(this);
    mHeatmap = new views::HeatmapWidget(mTabs);
    mTabs->addTab(mHeatmap, tr("Heatmap"));

    auto *charts = new QWidget(mTabs);
    mChartChoice = new QComboBox(charts);
    mChartChoice->addItem(tr("Throughput over time"), int(Chart::Throughput));
    mChartChoice->addItem(tr("Link load per tier (ECMP imbalance)"), int(Chart::LinkLoad));
    mChartChoice->addItem(tr("Flow completion CDF"), int(Chart::CompletionCdf));
    mChartChoice->addItem(tr("Completion time by run"), int(Chart::CompareTime));
    mChartChoice->addItem(tr("busbw and algbw by run"), int(Chart::CompareBandwidth));
    mChartChoice->addItem(tr("busbw against message size"), int(Chart::Sweep));
    mChart = new views::ChartPanel(charts);
    auto *chartLayout = new QVBoxLayout(charts);
    chartLayout->setContentsMargins(2, 2, 2, 2);
    chartLayout->addWidget(mChartChoice);
    chartLayout->addWidget(mChart, 1);
    mTabs->addTab(charts, tr("Charts"));

    mExplain = new views::ExplainPanel(mTabs);
    mTabs->addTab(mExplain, tr("Explain"));
    mCompare = new CompareView(mTabs);
    mTabs->addTab(mCompare, tr("Compare"));
    setWidget(mTabs);
    connect(mChartChoice, &QComboBox::currentIndexChanged, this, &AnalysisDock::refreshChart);
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
    }
    views::SimRunPtr previous = history.size() > 1 ? history[1] : nullptr;
    mExplain->setRun(current, previous);
    if (current && previous)
        mCompare->setRuns(previous, current);
    refreshChart();
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
    mTabs->setCurrentWidget(tab == mChart ? mChart->parentWidget() : tab);
}

void AnalysisDock::refreshChart()
{
    QList<views::RunSummary> summaries;
    for (const auto &run : std::as_const(mHistory))
        summaries << views::summarize(*run);
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
}

} // namespace fabric::app
