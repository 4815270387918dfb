// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"
#include "model/faults.h"

#include <QObject>
#include <QPoint>
#include <QPointer>

#include <optional>

class QMenu;

namespace fabric::app {

class Document;
class MainWindow;
class SimulationController;

/**
 * Fault injection in the window: the canvas's context menu fails, degrades or restores the
 * node or link under the pointer, as undoable edits of the document's faults in force
 * (ChangeFaults). The simulation dock lists those faults (Restore, Restore All) and runs with
 * them; the canvas crosses the failed elements out. Faults are saved with the document's
 * scenarios and come back when the file is opened.
 *
 * The dock's list follows the document (an edit, undo, another file) and the document follows
 * the dock when a saved scenario with faults is put in the form (Run on a saved scenario):
 * what the dock shows is what runs, what the canvas marks and what Save keeps.
 */
class FaultKeeper : public QObject
{
    Q_OBJECT
public:
    FaultKeeper(MainWindow *window, SimulationController *controller);

    /// The fault that fails @p node (its name).
    static Fault nodeFault(const Fabric &fabric, NodeId node);
    /// The fault that fails @p link: every link between its two ends (`A--B`), as the canvas
    /// draws them.
    static Fault linkFault(const Fabric &fabric, LinkId link);

    /// Adds Fail, Degrade... (links) and, when the element has a fault, Restore to @p menu for
    /// @p node, else @p link. False when both are none (nothing added).
    bool fillMenu(QMenu *menu, NodeId node, LinkId link);

    /// Fails @p element (its fraction is ignored).
    void fail(const Fault &element);
    /// Asks for the fraction of capacity @p element keeps and degrades it; false when the user
    /// cancelled or the answer is not a fraction between 0 and 1 (said in an error).
    bool degrade(const Fault &element);
    /// Puts @p element back in service (nothing when it has no fault).
    void restore(const Fault &element);

private:
    void setDocument(Document *document);
    /// Document -> dock.
    void showFaults();
    /// Dock -> canvas, and document when the dock loaded faults of its own.
    void faultsShown();
    void markCanvas();
    void showMenu(NodeId node, LinkId link, const QPoint &globalPos);
    std::optional<double> askFraction(const Fault &element);

    MainWindow *mWindow;
    SimulationController *mSim;
    QPointer<Document> mDocument;
    QList<QMetaObject::Connection> mDocumentConnections;
};

} // namespace fabric::app
