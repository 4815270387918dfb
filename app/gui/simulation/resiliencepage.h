// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "collective/resilience.h"
#include "collective/scenario.h"
#include "model/fabric.h"
#include "model/faults.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QScrollArea;

namespace fabric::views {
class ChartPanel;
}

namespace fabric::app {

class WorkerThread;

/**
 * The Resilience tab: runs the scenario once per single failure of every element of a role
 * (collective::runResilience, in a worker thread, with progress and Cancel) and charts the
 * slowdowns worst first (views::charts::resilience, the chart `export --chart resilience`
 * writes). Clicking a bar asks for that failure to be loaded (failureChosen()). The page
 * forgets its results when told to (clear()): they belong to one fabric and one scenario.
 */
class ResiliencePage : public QWidget
{
    Q_OBJECT
public:
    explicit ResiliencePage(QWidget *parent = nullptr);

    /// Offers the roles @p fabric has elements of (none for null).
    void setFabric(const Fabric *fabric);
    /// Sweeps the chosen role over @p scenario on a copy of @p fabric; false when a sweep is
    /// going or no role is offered. @p scenario's faults are not kept: each run fails one
    /// element of a healthy fabric, so a bar loads exactly the run it shows.
    bool start(const Fabric &fabric, const collective::Scenario &scenario);
    void cancel();
    /// Forgets the results (and cancels a sweep): the chart goes blank, @p why in the status.
    void clear(const QString &why = {});
    bool isRunning() const;
    /// Blocks until the sweep (if any) has ended and its result is shown.
    void waitForIdle();

    QString role() const;
    /// Picks @p role in the role box; false when the fabric has no such element.
    bool setRole(const QString &role);
    QStringList roles() const;
    /// The sweep on show (no rows before the first or after clear()).
    const collective::ResilienceResult &result() const { return mResult; }
    /// The scenario the sweep on show (or going) ran, without faults.
    const std::optional<collective::Scenario> &scenario() const { return mScenario; }
    views::ChartPanel *chartPanel() const { return mChart; }
    QPushButton *runButton() const { return mRun; }
    QPushButton *cancelButton() const { return mCancel; }
    QProgressBar *progressBar() const { return mProgress; }
    QLabel *statusLabel() const { return mStatus; }

Q_SIGNALS:
    /// Run pressed: the owner calls start() with the fabric and scenario on screen.
    void runRequested();
    /// A bar was clicked: the owner loads @p fault (failed) and runs.
    void failureChosen(const fabric::Fault &fault);
    /// A sweep ended with a result on show.
    void finished();

private:
    void show(collective::ResilienceResult result, const QString &scenarioLabel);
    /// The bar reads "12 of 129 runs", during a sweep and after a cancelled one.
    void showRunsDone(std::size_t done, std::size_t total);
    void setRunning(bool running);
    void chooseBar(int index);

    QComboBox *mRole = nullptr;
    QPushButton *mRun = nullptr;
    QPushButton *mCancel = nullptr;
    QProgressBar *mProgress = nullptr;
    QLabel *mStatus = nullptr;
    QScrollArea *mScroll = nullptr;
    views::ChartPanel *mChart = nullptr;
    WorkerThread *mWorker = nullptr;
    collective::ResilienceResult mResult;
    std::optional<collective::Scenario> mScenario;
    /// Counts start() and clear(): a sweep that ends after either is not shown.
    quint64 mGeneration = 0;
};

} // namespace fabric::app
