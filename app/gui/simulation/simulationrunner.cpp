// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "simulationrunner.h"

#include "model/error.h"
#include "playback/scenariorun.h"

#include <QCoreApplication>
#include <QMetaObject>
#include <QThread>

#include <exception>

namespace fabric::app {

SimulationRunner::SimulationRunner(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<fabric::views::SimRunPtr>("fabric::views::SimRunPtr");
}

SimulationRunner::~SimulationRunner()
{
    cancel();
    if (mThread) {
        mThread->wait();
        delete mThread;
    }
}

bool SimulationRunner::start(const Fabric &fabric, const collective::Scenario &scenario)
{
    if (mThread)
        return false;
    mScenario = scenario;
    auto snapshot = std::make_shared<const Fabric>(fabric);
    auto cancelFlag = std::make_shared<std::atomic<bool>>(false);
    mCancel = cancelFlag;
    QPointer<SimulationRunner> self(this);
    mThread = QThread::create([self, snapshot, scenario, cancelFlag] {
        sim::SimCallbacks callbacks;
        callbacks.progress = [self](double fraction, double) {
            if (self)
                QMetaObject::invokeMethod(self, "progress", Qt::QueuedConnection,
                                          Q_ARG(double, fraction));
        };
        callbacks.cancelled = [cancelFlag] { return cancelFlag->load(); };
        std::function<void()> report;
        try {
            auto run = views::makeRun(*snapshot, scenario, {}, callbacks);
            run->ownedFabric = snapshot;
            run->fabric = snapshot.get();
            if (run->result.cancelled)
                report = [self] { Q_EMIT self->cancelled(); };
            else
                report = [self, run] { Q_EMIT self->finished(run); };
        } catch (const UserError &e) {
            const QString message = QString::fromUtf8(e.what());
            report = [self, message] { Q_EMIT self->failed(message); };
        } catch (const std::exception &e) {
            const QString message = tr("The simulation failed: %1").arg(QString::fromUtf8(e.what()));
            report = [self, message] { Q_EMIT self->failed(message); };
        }
        if (self)
            QMetaObject::invokeMethod(self, [self, report] {
                if (!self)
                    return;
                // The thread is done: forget it before telling anyone, so they may start again.
                if (self->mThread) {
                    self->mThread->wait();
                    delete self->mThread;
                    self->mThread = nullptr;
                }
                report();
            }, Qt::QueuedConnection);
    });
    mThread->start();
    Q_EMIT started();
    return true;
}

void SimulationRunner::cancel()
{
    if (mCancel)
        mCancel->store(true);
}

void SimulationRunner::waitForIdle()
{
    while (mThread)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
}

} // namespace fabric::app
