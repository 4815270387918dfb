// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDockWidget>
#include <QPointer>

class QProgressBar;
class QTimer;
class QTreeWidget;

namespace fabric::app {

class Document;
class MetricsRunner;

/**
 * The `info` figures of the open fabric. Counts show at once; bisection bandwidth and diameter
 * are computed in a worker thread with a progress bar, a moment after the last edit.
 */
class MetricsDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit MetricsDock(QWidget *parent = nullptr);
    ~MetricsDock() override;

    void setDocument(Document *document);
    /// Whether a computation is pending or running (tests wait on this).
    bool isBusy() const;
    QTreeWidget *table() const { return mTable; }

Q_SIGNALS:
    void updated();

private:
    void refresh();
    void showCounts();

    QPointer<Document> mDocument;
    QTreeWidget *mTable;
    QProgressBar *mProgress;
    QTimer *mDebounce;
    MetricsRunner *mRunner;
};

} // namespace fabric::app
