// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "faultkeeper.h"

#include "canvas/fabriccanvas.h"
#include "canvas/faultmarks.h"
#include "commands/changefaults.h"
#include "common/qtstrings.h"
#include "document.h"
#include "mainwindow.h"
#include "prompts.h"
#include "simulationcontroller.h"
#include "simulationdock.h"

#include <QMenu>
#include <QUndoStack>

#include <cmath>

namespace fabric::app {

using views::toQString;

FaultKeeper::FaultKeeper(MainWindow *window, SimulationController *controller)
    : QObject(window)
    , mWindow(window)
    , mSim(controller)
{
    SimulationDock *dock = mSim->simulationDock();
    connect(dock, &SimulationDock::faultsChanged, this, &FaultKeeper::faultsShown);
    connect(dock, &SimulationDock::restoreFaultsRequested, this,
        [this](const std::vector<Fault> &faults) {
            if (mDocument)
                mDocument->undoStack()->push(ChangeFaults::restore(mDocument, faults));
        });
    connect(dock, &SimulationDock::restoreAllFaultsRequested, this, [this] {
        if (mDocument && !mDocument->scenarios().faults.empty())
            mDocument->undoStack()->push(ChangeFaults::restoreAll(mDocument));
    });
    connect(window->canvas(), &views::FabricCanvas::contextMenuRequested, this,
        &FaultKeeper::showMenu);
    // After the scenario keeper (made before us) has put the file's last run in the form: the
    // faults in force when the file was saved win over those of its last run.
    connect(window, &MainWindow::documentChanged, this, &FaultKeeper::setDocument);
    setDocument(window->document());
}

Fault FaultKeeper::nodeFault(const Fabric &fabric, NodeId node)
{
    Fault f;
    f.kind = Fault::Kind::Node;
    f.node = fabric.node(node).name;
    return f;
}

Fault FaultKeeper::linkFault(const Fabric &fabric, LinkId link)
{
    const Link &l = fabric.link(link);
    Fault f;
    f.kind = Fault::Kind::Link;
    f.node = fabric.node(l.a).name;
    f.peer = fabric.node(l.b).name;
    return f;
}

void FaultKeeper::setDocument(Document *document)
{
    for (const QMetaObject::Connection &c : std::as_const(mDocumentConnections))
        disconnect(c);
    mDocumentConnections.clear();
    mDocument = document;
    if (mDocument) {
        mDocumentConnections << connect(
            mDocument, &Document::scenariosChanged, this, &FaultKeeper::showFaults);
        // An edit of the fabric may take a faulted element away or move it.
        mDocumentConnections << connect(
            mDocument, &Document::changed, this, &FaultKeeper::markCanvas);
    }
    showFaults();
    markCanvas();
}

void FaultKeeper::showFaults()
{
    mSim->simulationDock()->setFaults(mDocument ? mDocument->scenarios().faults
                                                : std::vector<Fault>());
}

void FaultKeeper::faultsShown()
{
    markCanvas();
    // While another document is being shown the dock is reset for it: not this one's faults.
    if (!mDocument || mWindow->document() != mDocument)
        return;
    const std::vector<Fault> &shown = mSim->simulationDock()->faults();
    if (shown == mDocument->scenarios().faults)
        return;
    // A saved scenario put in the form brought its own faults: they are now the faults in
    // force, one undoable step (Undo puts back those it replaced), and Save keeps them.
    mDocument->undoStack()->push(
        new ChangeFaults(mDocument, shown, tr("Faults of a saved scenario")));
}

void FaultKeeper::markCanvas()
{
    views::FabricCanvas *canvas = mWindow->canvas();
    const std::vector<Fault> &faults = mSim->simulationDock()->faults();
    canvas->setFaultMarks(mDocument ? views::faultMarks(mDocument->fabric(), faults)
                                    : views::FabricCanvas::FaultMarks());
}

bool FaultKeeper::fillMenu(QMenu *menu, NodeId node, LinkId link)
{
    if (!mDocument)
        return false;
    const Fabric &fabric = mDocument->fabric();
    Fault element;
    if (node != kNoNode && fabric.hasNode(node))
        element = nodeFault(fabric, node);
    else if (link != kNoLink && fabric.hasLink(link))
        element = linkFault(fabric, link);
    else
        return false;
    const QString name = toQString(toString(element));
    const Fault *current = faultOn(mDocument->scenarios().faults, element);
    QAction *failAction = menu->addAction(tr("Fail %1").arg(name), this,
        [this, element] { fail(element); });
    failAction->setObjectName(QStringLiteral("actionFailElement"));
    failAction->setEnabled(!current || !current->failed());
    menu->addAction(tr("Degrade %1\u2026").arg(name), this, [this, element] { degrade(element); })
        ->setObjectName(QStringLiteral("actionDegradeElement"));
    if (current)
        menu->addAction(tr("Restore %1").arg(name), this, [this, element] { restore(element); })
            ->setObjectName(QStringLiteral("actionRestoreElement"));
    return true;
}

void FaultKeeper::showMenu(NodeId node, LinkId link, const QPoint &globalPos)
{
    QMenu menu(mWindow);
    if (fillMenu(&menu, node, link))
        menu.exec(globalPos);
}

void FaultKeeper::fail(const Fault &element)
{
    if (!mDocument)
        return;
    Fault f = element;
    f.kept = 0.0;
    mDocument->undoStack()->push(ChangeFaults::inject(mDocument, f));
}

std::optional<double> FaultKeeper::askFraction(const Fault &element)
{
    const Fault *current = mDocument ? faultOn(mDocument->scenarios().faults, element) : nullptr;
    const QString answer = mWindow->prompts()
                               ->askText(mWindow, tr("Degrade %1").arg(toQString(toString(element))),
                                   tr("Fraction of its capacity kept, between 0 and 1 (0.25: a "
                                      "4x link trained down to 1x; 25% works too):"),
                                   QString::number(current && !current->failed() ? current->kept : 0.5))
                               .trimmed();
    if (answer.isEmpty())
        return std::nullopt;
    const bool percent = answer.endsWith(QLatin1Char('%'));
    bool ok = false;
    double value = (percent ? answer.chopped(1).trimmed() : answer).toDouble(&ok);
    if (percent)
        value /= 100;
    if (!ok || !std::isfinite(value) || !(value > 0 && value < 1)) {
        mWindow->prompts()->showError(mWindow, tr("Cannot Degrade"),
            tr("\u201c%1\u201d is not a fraction between 0 and 1 (exclusive): write 0.25 or 25%, "
               "or use Fail to take the element out of service.")
                .arg(answer));
        return std::nullopt;
    }
    return value;
}

bool FaultKeeper::degrade(const Fault &element)
{
    const std::optional<double> kept = askFraction(element);
    if (!kept || !mDocument)
        return false;
    Fault f = element;
    f.kept = *kept;
    mDocument->undoStack()->push(ChangeFaults::inject(mDocument, f));
    return true;
}

void FaultKeeper::restore(const Fault &element)
{
    if (mDocument && faultOn(mDocument->scenarios().faults, element))
        mDocument->undoStack()->push(ChangeFaults::restore(mDocument, { element }));
}

} // namespace fabric::app
