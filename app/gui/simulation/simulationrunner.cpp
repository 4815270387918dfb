// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "simulationrunner.h"

#include "dockwords.h"
#include "playback/scenariorun.h"
#include "workerthread.h"

#include <QMetaObject>
#include <QPointer>

namespace fabric::app {

SimulationRunner::SimulationRunner(QObject *parent)
    : QObject(parent)
    , mWorker(new WorkerThread(this))
{
    qRegisterMetaType<fabric::views::SimRunPtr>("fabric::views::SimRunPtr");
}

bool SimulationRunner::isRunning() const
{
    return mWorker->isRunning();
}

bool SimulationRunner::start(
    const Fabric &fabric, const collective::Scenario &scenario, const QString &label)
{
    if (mWorker->isRunning())
        return false;
    mScenario = scenario;
    auto snapshot = std::make_shared<const Fabric>(fabric);
    QPointer<SimulationRunner> self(this);
    auto job = [self, snapshot, scenario, label](
                   const std::atomic<bool> &cancel) -> WorkerThread::Outcome {
        sim::SimCallbacks callbacks;
        callbacks.progress = [self](double fraction, double simulatedS) {
            if (self)
                QMetaObject::invokeMethod(self, "progress", Qt::QueuedConnection,
                    Q_ARG(double, fraction), Q_ARG(double, simulatedS));
        };
        callbacks.cancelled = [&cancel] { return cancel.load(); };
        auto run = views::makeRun(*snapshot, scenario, {}, callbacks);
        if (!label.isEmpty())
            run->label = label;
        run->ownedFabric = snapshot;
        run->fabric = snapshot.get();
        // A faulted run is followed by its healthy one: a cancel may land in either.
        if (run->result.cancelled || cancel.load())
            return [self] { Q_EMIT self->cancelled(); };
        return [self, run] { Q_EMIT self->finished(run); };
    };
    mWorker->start(
        job, [self](const QString &message) { Q_EMIT self->failed(inDockWords(message)); },
        tr("The simulation failed: %1"));
    Q_EMIT started();
    return true;
}

void SimulationRunner::cancel()
{
    mWorker->cancel();
}

void SimulationRunner::waitForIdle()
{
    mWorker->waitForIdle();
}

} // namespace fabric::app
