// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "resiliencekeeper.h"

#include "analysisdock.h"
#include "commands/changefaults.h"
#include "common/qtstrings.h"
#include "document.h"
#include "mainwindow.h"
#include "resiliencepage.h"
#include "simulationcontroller.h"
#include "simulationdock.h"

#include <QAction>
#include <QLabel>
#include <QUndoStack>

namespace fabric::app {

ResilienceKeeper::ResilienceKeeper(MainWindow *window, SimulationController *controller)
    : QObject(window)
    , mSim(controller)
{
    connect(mSim->resilienceAction(), &QAction::triggered, this, [this] { sweep(); });
    connect(page(), &ResiliencePage::runRequested, this, [this] { sweep(); });
    connect(page(), &ResiliencePage::failureChosen, this, &ResilienceKeeper::loadFailure);
    connect(mSim->simulationDock(), &SimulationDock::scenarioEdited, this,
            &ResilienceKeeper::scenarioEdited);
    connect(window, &MainWindow::documentChanged, this, &ResilienceKeeper::setDocument);
    setDocument(window->document());
}

ResiliencePage *ResilienceKeeper::page() const
{
    return mSim->analysisDock()->resiliencePage();
}

void ResilienceKeeper::setDocument(Document *document)
{
    disconnect(mFabricConnection);
    mDocument = document;
    forgetRefusal();
    page()->setFabric(mDocument ? &mDocument->fabric() : nullptr);
    // The roles on offer follow the fabric's edits (the controller clears the results).
    if (mDocument)
        mFabricConnection = connect(mDocument, &Document::changed, this, [this] {
            forgetRefusal();
            page()->setFabric(&mDocument->fabric());
        });
}

bool ResilienceKeeper::sweep()
{
    AnalysisDock *analysis = mSim->analysisDock();
    analysis->show();
    analysis->raise();
    analysis->showTab(page());
    SimulationDock *dock = mSim->simulationDock();
    if (!mDocument)
        return false;
    if (const QString problem = dock->problem(); !problem.isEmpty()) {
        page()->statusLabel()->setText(problem);
        mRefusal = problem;
        return false;
    }
    mRefusal.clear();
    return page()->start(mDocument->fabric(), dock->scenario());
}

void ResilienceKeeper::forgetRefusal()
{
    // Why the last sweep was refused ("A collective needs at least 2 GPUs; this fabric has
    // 0") described the fabric and scenario of then: another fabric kept it under the tab.
    if (!mRefusal.isEmpty() && page()->statusLabel()->text() == mRefusal)
        page()->statusLabel()->clear();
    mRefusal.clear();
}

void ResilienceKeeper::loadFailure(const Fault &fault)
{
    if (!mDocument || !page()->scenario())
        return;
    collective::Scenario scenario = *page()->scenario();
    scenario.faults = {fault};
    mDocument->undoStack()->push(new ChangeFaults(
        mDocument, scenario.faults,
        tr("Load Failure of %1").arg(views::toQString(toString(fault)))));
    mSim->runReplacing(scenario);
}

void ResilienceKeeper::scenarioEdited()
{
    forgetRefusal();
    const auto &swept = page()->scenario();
    if (!swept)
        return;
    collective::Scenario shown = mSim->simulationDock()->scenario();
    shown.faults.clear();
    if (!(shown == *swept))
        page()->clear(tr("The scenario changed: run the sweep again."));
}

} // namespace fabric::app
