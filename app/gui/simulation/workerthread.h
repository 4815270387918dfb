// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>

class QThread;

namespace fabric::app {

/**
 * One background job at a time, so the GUI never freezes: the job runs on a QThread, polls a
 * cancel flag, and returns what to do with its outcome; that runs on the GUI thread once the
 * thread has ended (so it may start the next job). A job that throws reports the error's one
 * line instead. The owner's signals are the job's business: this class only runs it.
 */
class WorkerThread : public QObject
{
    Q_OBJECT
public:
    /// What to do on the GUI thread when a job is done.
    using Outcome = std::function<void()>;
    /// The work itself, on the worker thread; @p cancel turns true when cancel() is called.
    using Job = std::function<Outcome(const std::atomic<bool> &cancel)>;
    /// Tells the GUI thread @p message: the job threw (a UserError's line, or @p failurePrefix
    /// and what() for anything else).
    using Failure = std::function<void(const QString &message)>;

    explicit WorkerThread(QObject *parent = nullptr);
    /// Cancels the job and waits for its thread; its outcome is dropped.
    ~WorkerThread() override;

    /// Starts @p job; false when one is already going.
    bool start(Job job, Failure failed, const QString &failurePrefix);
    bool isRunning() const { return mThread != nullptr; }
    void cancel();
    /// Blocks until the current job (if any) has ended and its outcome was delivered.
    void waitForIdle();

private:
    QThread *mThread = nullptr;
    std::shared_ptr<std::atomic<bool>> mCancel;
};

} // namespace fabric::app
