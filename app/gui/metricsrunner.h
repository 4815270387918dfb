// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"
#include "model/metrics.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

class QThread;

namespace fabric::app {

/**
 * Computes metrics::computeMetrics off the GUI thread (bisection and diameter take seconds on
 * a full pod), so the window stays responsive. Starting a new run cancels the previous one;
 * only the latest run's result is delivered. Destroying the runner cancels and waits.
 */
class MetricsRunner : public QObject
{
    Q_OBJECT
public:
    /// Runs in the worker thread: makes the fabric to measure (a generator, or a copy taken on
    /// the GUI thread). May throw UserError, which becomes failed().
    using FabricSource = std::function<std::shared_ptr<const Fabric>()>;

    explicit MetricsRunner(QObject *parent = nullptr);
    ~MetricsRunner() override;

    void start(FabricSource source);
    void cancel();
    bool isRunning() const;

Q_SIGNALS:
    void progressChanged(double fraction);
    void finished(std::shared_ptr<const fabric::Fabric> fabric,
        const fabric::metrics::FabricMetrics &metrics);
    void failed(const QString &message);

private:
    struct Run;
    void deliver(const std::shared_ptr<Run> &run);

    std::shared_ptr<Run> mCurrent;
    std::vector<QThread *> mThreads;
};

} // namespace fabric::app
