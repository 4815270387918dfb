// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/faults.h"

#include <QObject>
#include <QPointer>

namespace fabric::app {

class Document;
class MainWindow;
class ResiliencePage;
class SimulationController;

/**
 * The Resilience tab in the window: Simulation > Run Resilience Sweep
 * (SimulationController::resilienceAction()) and the tab's Run sweep
 * the simulation dock's scenario on the document's fabric; a clicked bar makes that failure the
 * document's only fault (one undoable ChangeFaults, like the canvas's Fail) and runs it, so the
 * canvas, heatmap and explanation show it. The sweep is forgotten when the fabric changes (the
 * controller clears the Analysis dock) or the scenario does, faults aside: loading a failure
 * keeps it.
 */
class ResilienceKeeper : public QObject
{
    Q_OBJECT
public:
    ResilienceKeeper(MainWindow *window, SimulationController *controller);

    /// Brings the tab up and sweeps its role; false when nothing could start.
    bool sweep();
    /// Makes @p fault the only fault in force and runs the swept scenario with it.
    void loadFailure(const Fault &fault);

private:
    ResiliencePage *page() const;
    void setDocument(Document *document);
    void scenarioEdited();
    /// Clears the reason the last sweep was refused, if the tab still shows it.
    void forgetRefusal();

    SimulationController *mSim;
    QPointer<Document> mDocument;
    QMetaObject::Connection mFabricConnection;
    QString mRefusal; ///< Why the last sweep was refused, while the tab shows it.
};

} // namespace fabric::app
