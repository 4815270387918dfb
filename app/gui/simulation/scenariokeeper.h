// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "collective/scenario.h"

#include <QObject>
#include <QPointer>

#include <optional>

namespace fabric::app {

class Document;
class MainWindow;
class SimulationController;

/**
 * Keeps the scenarios the user runs in the document: each run started from the simulation
 * dock (or the Simulation menu, or the routing toggle; not the size sweep) is added to the
 * document's scenario list when it finishes, as an undoable edit, unless an identical one is
 * there already. The dock lists them with Run, Rename and Delete. When a document with a
 * last-run scenario is shown (a file opened), that scenario runs again in the worker thread:
 * results are recomputed, never stored.
 */
class ScenarioKeeper : public QObject
{
    Q_OBJECT
public:
    ScenarioKeeper(MainWindow *window, SimulationController *controller);

    /// Runs the document's last-run scenario again; false when there is none or it cannot run.
    bool rerunLast();

private:
    void setDocument(Document *document);
    void showList();
    void recordFinished();
    bool runSaved(int index);
    void renameSaved(int index);
    void deleteSaved(int index);

    MainWindow *mWindow;
    SimulationController *mSim;
    QPointer<Document> mDocument;
    QMetaObject::Connection mListConnection;
    QMetaObject::Connection mRenameConnection; ///< The document's nodesRenamed().
    /// The scenario of the run going on, to record when it finishes (none for sweeps).
    std::optional<collective::Scenario> mPending;
    QString mPendingName;
};

} // namespace fabric::app
