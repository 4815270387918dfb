// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "workerthread.h"

#include "model/error.h"

#include <QCoreApplication>
#include <QMetaObject>
#include <QPointer>
#include <QThread>

#include <exception>

namespace fabric::app {

WorkerThread::WorkerThread(QObject *parent)
    : QObject(parent)
{
}

WorkerThread::~WorkerThread()
{
    cancel();
    if (mThread) {
        mThread->wait();
        delete mThread;
    }
}

bool WorkerThread::start(Job job, Failure failed, const QString &failurePrefix)
{
    if (mThread)
        return false;
    auto cancelFlag = std::make_shared<std::atomic<bool>>(false);
    mCancel = cancelFlag;
    QPointer<WorkerThread> self(this);
    mThread = QThread::create([self, job = std::move(job), failed = std::move(failed),
                                  failurePrefix, cancelFlag] {
        Outcome outcome;
        try {
            outcome = job(*cancelFlag);
        } catch (const UserError &e) {
            const QString message = QString::fromUtf8(e.what());
            outcome = [failed, message] { failed(message); };
        } catch (const std::exception &e) {
            const QString message = failurePrefix.arg(QString::fromUtf8(e.what()));
            outcome = [failed, message] { failed(message); };
        }
        if (self)
            QMetaObject::invokeMethod(
                self,
                [self, outcome] {
                    if (!self)
                        return;
                    // The thread is done: forget it before telling anyone, so they may start
                    // again.
                    if (self->mThread) {
                        self->mThread->wait();
                        delete self->mThread;
                        self->mThread = nullptr;
                    }
                    if (outcome)
                        outcome();
                },
                Qt::QueuedConnection);
    });
    mThread->start();
    return true;
}

void WorkerThread::cancel()
{
    if (mCancel)
        mCancel->store(true);
}

void WorkerThread::waitForIdle()
{
    while (mThread)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
}

} // namespace fabric::app
