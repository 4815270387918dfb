// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "collective/scenario.h"
#include "model/fabric.h"
#include "model/faults.h"

#include <QDockWidget>

#include <vector>

class QButtonGroup;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QScrollArea;
class QSpinBox;

namespace fabric::app {

/**
 * The simulation dock: the scenario form (collective, algorithm, size with units, ranks and
 * placement, routing, QPs, seed), Run and Cancel with a progress bar, and a one-click routing
 * toggle (ecmp, ecmp-polarized, static, adaptive, spray) that re-runs at once. An impossible
 * combination is explained under the form while it is edited, and Run stays disabled.
 *
 * Then the faults in force (failed or degraded elements, in their text form, see
 * model/faults.h) with Restore (or the Delete key) and Restore All: scenario() carries them, so
 * Run simulates with them. The dock only shows them; FaultKeeper keeps them in the document.
 *
 * Below, the document's saved scenarios (every run the user started, by name) with Run,
 * Rename and Delete; the main window keeps the list in the document.
 */
class SimulationDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit SimulationDock(QWidget *parent = nullptr);

    /// The fabric the form is checked against (not owned; nullptr = none).
    void setFabric(const Fabric *fabric);

    collective::Scenario scenario() const;
    void setScenario(const collective::Scenario &scenario);
    /// Puts the form back to the settings it starts with (another file was opened).
    void resetScenario();
    /// The faults in force (what scenario() carries); setScenario() sets them too.
    const std::vector<Fault> &faults() const { return mFaults; }
    /// Shows @p faults; emits faultsChanged() when they differ from the shown ones.
    void setFaults(const std::vector<Fault> &faults);
    /// The name typed for the next run (empty: a name is made from the settings).
    QString scenarioName() const;
    void setScenarioName(const QString &name);

    /// Shows the document's saved scenarios; @p current is selected (-1: the first).
    void setSavedScenarios(const QStringList &names, int current);
    /// The selected saved scenario, or -1.
    int currentSaved() const;
    /// Why the current form cannot run (empty when it can).
    QString problem() const;

    void setRunning(bool running);
    /// The running engine was asked to stop: Cancel greys out until setRunning(false), since
    /// the engine only stops after the step it is on and a second click would do nothing.
    void setStopping();
    bool isRunning() const { return mRunning; }
    void setProgress(double fraction);
    /// An idle bar at 0, as before any run.
    void resetProgress();
    /// Shows @p message under the form (an error from the run, or a result line).
    void setStatus(const QString &message, bool isError = false);
    /// The runs it reported on are gone (another fabric, or this one edited): the progress bar
    /// goes back to 0 and the status line says @p why, or nothing.
    void forgetRun(const QString &why);

    /// The dock's height that shows its form down to the routing buttons, the controls a run
    /// is compared by (the saved scenarios and faults below them can scroll).
    int heightThroughRouting() const;
    /// The dock's height that shows its form down to the Routing field (a shorter column's
    /// share: the one-click buttons come after every other field).
    int heightThroughRoutingField() const;

    /// Widgets, for tests.
    QComboBox *collectiveBox() const { return mCollective; }
    QComboBox *algorithmBox() const { return mAlgorithm; }
    QLineEdit *sizeEdit() const { return mSize; }
    QLineEdit *ranksEdit() const { return mRanks; }
    QSpinBox *qpsBox() const { return mQps; }
    QComboBox *routingBox() const { return mRouting; }
    QComboBox *fidelityBox() const { return mFidelity; }
    QLineEdit *memoryLimitEdit() const { return mMemoryLimit; }
    QPushButton *runButton() const { return mRun; }
    QPushButton *cancelButton() const { return mCancel; }
    QLineEdit *nameEdit() const { return mName; }
    QComboBox *savedBox() const { return mSaved; }
    QPushButton *runSavedButton() const { return mRunSaved; }
    QPushButton *renameSavedButton() const { return mRenameSaved; }
    QPushButton *deleteSavedButton() const { return mDeleteSaved; }
    QProgressBar *progressBar() const { return mProgress; }
    QLabel *problemLabel() const { return mProblem; }
    QLabel *statusLabel() const { return mStatus; }
    QListWidget *faultList() const { return mFaultList; }
    QPushButton *restoreFaultButton() const { return mRestoreFault; }
    QPushButton *restoreAllFaultsButton() const { return mRestoreAllFaults; }
    /// The routing toggle button of @p policy ("ecmp", "adaptive", ...), or nullptr.
    QPushButton *policyButton(const QString &policy) const;

public Q_SLOTS:
    /// Puts the names of @p gpuNames in the ranks field (the canvas selection).
    void setRankNames(const QStringList &gpuNames);

Q_SIGNALS:
    void runRequested(const fabric::collective::Scenario &scenario);
    /// The form or the faults changed what scenario() returns (or may have).
    void scenarioEdited();
    void cancelRequested();
    /// The user asked to use the canvas selection as ranks.
    void selectionRanksRequested();
    /// Run, Rename or Delete on saved scenario @p index.
    void runSavedRequested(int index);
    void renameSavedRequested(int index);
    void deleteSavedRequested(int index);
    /// The faults shown changed (setFaults(), setScenario()).
    void faultsChanged();
    /// setRunning() was called: a run or sweep started or stopped.
    void runningChanged(bool running);
    /// Restore (or Delete) on the selected faults, or Restore All.
    void restoreFaultsRequested(const std::vector<fabric::Fault> &faults);
    void restoreAllFaultsRequested();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// The dock's height that shows its form down to @p last's bottom edge.
    int heightThrough(const QWidget *last) const;
    /// The bar's resolution: a run's fraction done is shown in this many steps.
    static constexpr int kProgressSteps = 1000;
    void restoreSelected();
    void fillAlgorithms();
    /// The form as it first appears: what resetScenario() restores.
    collective::Scenario mDefaults;
    void revalidate();
    void syncToggle();
    void syncSavedButtons();
    void syncFaultButtons();
    /// The selected faults of the list, in list order.
    std::vector<Fault> selectedFaults() const;

    const Fabric *mFabric = nullptr;
    /// The routing a new scenario gets on mFabric (route::defaultPolicy()).
    route::Policy mFabricRouting = route::Policy::Ecmp;
    QScrollArea *mFormScroll = nullptr;
    QComboBox *mCollective = nullptr;
    QComboBox *mAlgorithm = nullptr;
    QLineEdit *mSize = nullptr;
    QLineEdit *mRanks = nullptr;
    QComboBox *mPlacement = nullptr;
    QComboBox *mFidelity = nullptr;
    QLineEdit *mMemoryLimit = nullptr;
    QComboBox *mRouting = nullptr;
    QSpinBox *mQps = nullptr;
    QSpinBox *mSeed = nullptr;
    QLineEdit *mName = nullptr;
    QComboBox *mSaved = nullptr;
    QPushButton *mRunSaved = nullptr;
    QPushButton *mRenameSaved = nullptr;
    QPushButton *mDeleteSaved = nullptr;
    QPushButton *mRun = nullptr;
    QPushButton *mCancel = nullptr;
    QProgressBar *mProgress = nullptr;
    QLabel *mProblem = nullptr;
    QLabel *mStatus = nullptr;
    QButtonGroup *mToggle = nullptr;
    QListWidget *mFaultList = nullptr;
    QLabel *mFaultHint = nullptr;
    QPushButton *mRestoreFault = nullptr;
    QPushButton *mRestoreAllFaults = nullptr;
    std::vector<Fault> mFaults;
    /// The traffic file of a custom scenario put in the form (empty: none, and no Collective
    /// entry for it).
    std::string mTrafficFile;
    void setTrafficFile(const std::string &file);
    bool mRunning = false;
};

} // namespace fabric::app
