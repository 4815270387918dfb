// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenariokeeper.h"

#include "commands/changescenarios.h"
#include "document.h"
#include "mainwindow.h"
#include "prompts.h"
#include "simulationcontroller.h"
#include "simulationdock.h"
#include "simulationrunner.h"

#include <QLineEdit>
#include <QUndoStack>

namespace fabric::app {

ScenarioKeeper::ScenarioKeeper(MainWindow *window, SimulationController *controller)
    : QObject(window)
    , mWindow(window)
    , mSim(controller)
{
    SimulationRunner *runner = mSim->runner();
    SimulationDock *dock = mSim->simulationDock();
    connect(runner, &SimulationRunner::started, this, [this, runner, dock] {
        mPending.reset();
        if (!mSim->isSweeping()) {
            mPending = runner->scenario();
            mPendingName = dock->scenarioName();
        }
    });
    connect(mSim, &SimulationController::runFinished, this, &ScenarioKeeper::recordFinished);
    connect(runner, &SimulationRunner::failed, this, [this] { mPending.reset(); });
    connect(runner, &SimulationRunner::cancelled, this, [this] { mPending.reset(); });
    connect(dock, &SimulationDock::runSavedRequested, this, &ScenarioKeeper::runSaved);
    connect(dock, &SimulationDock::renameSavedRequested, this, &ScenarioKeeper::renameSaved);
    connect(dock, &SimulationDock::deleteSavedRequested, this, &ScenarioKeeper::deleteSaved);
    connect(window, &MainWindow::documentChanged, this, [this](Document *document) {
        // The form starts over on another file; the file's own last scenario, if any, fills it.
        mSim->simulationDock()->resetScenario();
        setDocument(document);
        rerunLast();
    });
    setDocument(window->document());
}

void ScenarioKeeper::setDocument(Document *document)
{
    disconnect(mListConnection);
    disconnect(mRenameConnection);
    mPending.reset();
    mDocument = document;
    if (mDocument) {
        mListConnection
            = connect(mDocument, &Document::scenariosChanged, this, &ScenarioKeeper::showList);
        // The ranks field names GPUs: it follows a rename, or "g0,gpu-2" would name a node no
        // longer there.
        mRenameConnection
            = connect(mDocument, &Document::nodesRenamed, this, [this](const NodeRenames &renames) {
                  QLineEdit *ranks = mSim->simulationDock()->ranksEdit();
                  const std::string text = ranks->text().toStdString();
                  const std::string renamed = ranksWithNodesRenamed(text, renames);
                  if (renamed != text)
                      ranks->setText(QString::fromStdString(renamed));
              });
    }
    showList();
}

void ScenarioKeeper::showList()
{
    QStringList names;
    int current = -1;
    if (mDocument) {
        const ScenarioList &list = mDocument->scenarios();
        for (const SavedScenario &s : list.items)
            names << s.name;
        current = list.lastRun;
    }
    mSim->simulationDock()->setSavedScenarios(names, current);
}

void ScenarioKeeper::recordFinished()
{
    if (!mPending || !mDocument)
        return;
    const collective::Scenario scenario = *mPending;
    mPending.reset();
    const int index = mDocument->scenarios().indexOf(scenario);
    if (index >= 0) {
        mDocument->setLastRunScenario(index);
        return;
    }
    const QString name = mPendingName.isEmpty()
        ? defaultScenarioName(scenario, mDocument->scenarios())
        : mPendingName;
    mDocument->undoStack()->push(ChangeScenarios::add(mDocument, { name, scenario }));
    mSim->simulationDock()->setScenarioName(QString());
}

bool ScenarioKeeper::rerunLast()
{
    if (!mDocument || mDocument->scenarios().lastRun < 0)
        return false;
    return runSaved(mDocument->scenarios().lastRun);
}

bool ScenarioKeeper::runSaved(int index)
{
    if (!mDocument || index < 0 || index >= mDocument->scenarios().items.size())
        return false;
    SimulationDock *dock = mSim->simulationDock();
    const SavedScenario &saved = mDocument->scenarios().items.at(index);
    dock->setScenario(saved.scenario);
    if (const QString why = dock->problem(); !why.isEmpty()) {
        dock->setStatus(tr("\u201c%1\u201d cannot run: %2").arg(saved.name, why), true);
        return false;
    }
    // A run of the previous document may still be winding down after its cancel.
    mSim->runner()->waitForIdle();
    return mSim->run(saved.scenario, saved.name);
}

void ScenarioKeeper::renameSaved(int index)
{
    if (!mDocument || index < 0 || index >= mDocument->scenarios().items.size())
        return;
    const QString old = mDocument->scenarios().items.at(index).name;
    const QString name = mWindow->prompts()
                             ->askText(mWindow, tr("Rename Scenario"), tr("Name:"), old)
                             .trimmed();
    if (name.isEmpty() || name == old)
        return;
    mDocument->undoStack()->push(ChangeScenarios::rename(mDocument, index, name));
}

void ScenarioKeeper::deleteSaved(int index)
{
    if (!mDocument || index < 0 || index >= mDocument->scenarios().items.size())
        return;
    mDocument->undoStack()->push(ChangeScenarios::remove(mDocument, index));
}

} // namespace fabric::app
