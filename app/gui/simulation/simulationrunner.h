// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "collective/scenario.h"
#include "playback/simrun.h"

#include <QObject>

namespace fabric::app {

class WorkerThread;

/**
 * Runs scenarios in a worker thread (WorkerThread) so the GUI never freezes: the engine reports
 * progress and polls the cancel flag through its plain C++ callbacks (sim::SimCallbacks); results
 * come back as queued signals. The run works on a snapshot of the fabric, so the document may change
 * meanwhile. One run at a time.
 */
class SimulationRunner : public QObject
{
    Q_OBJECT
public:
    explicit SimulationRunner(QObject *parent = nullptr);

    /// Starts @p scenario on a copy of @p fabric; false when a run is already going.
    /// @p label names the run in legends and tables (empty: views::scenarioLabel()).
    bool start(const Fabric &fabric, const collective::Scenario &scenario,
        const QString &label = QString());
    bool isRunning() const;
    /// The scenario of the current (or last) run.
    const collective::Scenario &scenario() const { return mScenario; }
    /// Asks the running simulation to stop; cancelled() follows.
    void cancel();
    /// Blocks until the current run (if any) has ended and its signal was delivered.
    void waitForIdle();

Q_SIGNALS:
    void started();
    /// Fraction of flows finished, 0..1.
    /// How far the engine is: @p fraction of the work, and the simulated time reached.
    void progress(double fraction, double simulatedS);
    void finished(fabric::views::SimRunPtr run);
    /// The scenario was refused (one line, for the user) or the engine failed.
    void failed(const QString &message);
    void cancelled();

private:
    WorkerThread *mWorker;
    collective::Scenario mScenario;
};

} // namespace fabric::app
