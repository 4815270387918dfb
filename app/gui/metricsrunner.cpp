// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "metricsrunner.h"

#include "model/error.h"

#include <QThread>

#include <algorithm>
#include <atomic>

namespace fabric::app {

struct MetricsRunner::Run
{
    FabricSource source;
    std::atomic<bool> cancelled = false;
    std::atomic<int> reportedPercent = -1;
    std::shared_ptr<const Fabric> fabric;
    metrics::FabricMetrics metrics;
    QString error;
};

MetricsRunner::MetricsRunner(QObject *parent)
    : QObject(parent)
{
}

MetricsRunner::~MetricsRunner()
{
    cancel();
    for (QThread *thread : mThreads) {
        thread->wait();
        delete thread;
    }
}

void MetricsRunner::start(FabricSource source)
{
    cancel();
    auto run = std::make_shared<Run>();
    run->source = std::move(source);
    mCurrent = run;

    QThread *thread = QThread::create([this, run] {
        metrics::Progress progress;
        progress.cancelled = [run] { return run->cancelled.load(); };
        progress.report = [this, run](double fraction) {
            // Post only whole percents: a max-flow reports far more often than anyone looks.
            const int percent = static_cast<int>(fraction * 100);
            if (run->reportedPercent.exchange(percent) == percent)
                return;
            QMetaObject::invokeMethod(
                this,
                [this, run, fraction] {
                    if (run == mCurrent)
                        Q_EMIT progressChanged(fraction);
                },
                Qt::QueuedConnection);
        };
        try {
            run->fabric = run->source();
            run->metrics = metrics::computeMetrics(*run->fabric, progress);
        } catch (const metrics::Cancelled &) {
            run->cancelled = true;
        } catch (const std::exception &e) {
            run->error = QString::fromUtf8(e.what());
        }
    });
    mThreads.push_back(thread);
    connect(thread, &QThread::finished, this, [this, thread, run] {
        mThreads.erase(std::remove(mThreads.begin(), mThreads.end(), thread), mThreads.end());
        thread->deleteLater();
        deliver(run);
    });
    thread->start(QThread::LowPriority);
}

void MetricsRunner::cancel()
{
    if (mCurrent)
        mCurrent->cancelled = true;
    mCurrent.reset();
}

bool MetricsRunner::isRunning() const
{
    return mCurrent != nullptr;
}

void MetricsRunner::deliver(const std::shared_ptr<Run> &run)
{
    if (run != mCurrent || run->cancelled)
        return;
    mCurrent.reset();
    if (!run->error.isEmpty())
        Q_EMIT failed(run->error);
    else
        Q_EMIT finished(run->fabric, run->metrics);
}

} // namespace fabric::app
