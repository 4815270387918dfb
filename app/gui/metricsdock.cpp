// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "metricsdock.h"

#include "document.h"
#include "metricsrunner.h"
#include "metricstext.h"

#include <QHeaderView>
#include <QProgressBar>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace fabric::app {
namespace {

void fill(QTreeWidget *table, const QList<MetricRow> &rows)
{
    table->clear();
    QTreeWidgetItem *parent = nullptr;
    for (const MetricRow &row : rows) {
        auto *item = new QTreeWidgetItem({ row.label, row.value });
        if (row.depth > 0 && parent)
            parent->addChild(item);
        else
            table->addTopLevelItem(parent = item);
    }
    table->expandAll();
}

} // namespace

MetricsDock::MetricsDock(QWidget *parent)
    : QDockWidget(tr("Metrics"), parent)
    , mTable(new QTreeWidget)
    , mProgress(new QProgressBar)
    , mDebounce(new QTimer(this))
    , mRunner(new MetricsRunner(this))
{
    setObjectName(QStringLiteral("metricsDock"));
    mTable->setColumnCount(2);
    mTable->setHeaderLabels({ tr("Figure"), tr("Value") });
    mTable->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    mTable->setRootIsDecorated(false);
    mProgress->setRange(0, 100);
    mProgress->setFormat(tr("Computing bisection and diameter\u2026 %p%"));
    mProgress->hide();

    auto *box = new QWidget;
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(mTable);
    layout->addWidget(mProgress);
    setWidget(box);

    // Edits come in bursts (a drag, typing); measure once they settle.
    mDebounce->setSingleShot(true);
    mDebounce->setInterval(300);
    connect(mDebounce, &QTimer::timeout, this, &MetricsDock::refresh);
    connect(mRunner, &MetricsRunner::progressChanged, this,
        [this](double f) { mProgress->setValue(static_cast<int>(f * 100)); });
    connect(mRunner, &MetricsRunner::finished, this,
        [this](const std::shared_ptr<const Fabric> &measured, const metrics::FabricMetrics &m) {
            mProgress->hide();
            fill(mTable, metricRows(m, true, measured->generator().family));
            Q_EMIT updated();
        });
    connect(mRunner, &MetricsRunner::failed, this, [this](const QString &message) {
        mProgress->hide();
        auto *item = new QTreeWidgetItem({ tr("Error"), message });
        mTable->addTopLevelItem(item);
        Q_EMIT updated();
    });
}

MetricsDock::~MetricsDock() = default;

void MetricsDock::setDocument(Document *document)
{
    if (mDocument)
        mDocument->disconnect(this);
    mDocument = document;
    mRunner->cancel();
    mTable->clear();
    if (!document)
        return;
    connect(document, &Document::changed, this, [this](const ChangeEvent &event) {
        if (event.type == ChangeEvent::Type::NodesMoved)
            return; // the figures do not depend on where nodes are drawn
        mRunner->cancel();
        mDebounce->start();
    });
    refresh();
}

bool MetricsDock::isBusy() const
{
    return mDebounce->isActive() || mRunner->isRunning();
}

void MetricsDock::refresh()
{
    if (!mDocument)
        return;
    showCounts();
    // The worker measures a copy: the user may edit the model while it runs.
    auto copy = std::make_shared<const Fabric>(mDocument->fabric());
    mProgress->setValue(0);
    mProgress->show();
    mRunner->start([copy] { return copy; });
}

void MetricsDock::showCounts()
{
    const Fabric &f = mDocument->fabric();
    fill(mTable, metricRows(metrics::computeCounts(f), false, f.generator().family));
}

} // namespace fabric::app
