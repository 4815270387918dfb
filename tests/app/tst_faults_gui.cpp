// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "canvas/fabriccanvas.h"
#include "collective/faultrun.h"
#include "commands/changenodeproperty.h"
#include "commands/removenodes.h"
#include "document.h"
#include "explain/explainer.h"
#include "explain/runsummary.h"
#include "fakeprompts.h"
#include "generators/registry.h"
#include "generators/tpuspares.h"
#include "mainwindow.h"
#include "model/error.h"
#include "model/units.h"
#include "savedscenarios.h"
#include "simulation/compareview.h"
#include "simulation/faultkeeper.h"
#include "simulation/simulationcontroller.h"
#include "simulation/simulationdock.h"
#include "simulation/simulationrunner.h"
#include "windowfixture.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>

using namespace fabric;
using namespace fabric::app;

/// Fault injection in the window: the canvas's context menu, the simulation dock's Faults list,
/// runs that see the faults, undo, save and reopen, and the canvas marks.
class TestFaultsGui : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void contextMenuFailsAndRestores();
    void dockRestoresSelectedAndAll();
    void degradeAsksForAFraction();
    void runsWithTheFaults();
    void exportsShowTheRunsFaults();
    void renamingANodeRenamesItsFaultsAndRanks();
    void faultsSurviveSaveAndReopen();
    void canvasMarksFollowTheZoom();
    void aLinkFailedAloneIsCrossedOut();
    void aFaultOnARemovedNodeStopsTheRun();
    void faultsInForceInTheScenarioList();
    void savedScenarioFaultsAreOneUndoStep();
    void rightClickOpensTheFaultMenu();
    void menuKeyOpensTheSelectionsFaultMenu();
    void spareCubeReplacesAFailedOne();

private:
    FaultKeeper *keeper() const { return mWindow->findChild<FaultKeeper *>(); }
    SimulationDock *dock() const { return mWindow->simulation()->simulationDock(); }
    Document *doc() const { return mWindow->document(); }
    /// Triggers the context-menu action @p objectName for @p node or @p link; false when the
    /// menu has no such enabled action.
    bool trigger(const QString &objectName, NodeId node, LinkId link = kNoLink);
    /// Presses Run and waits for the result (nullptr when the run failed).
    views::SimRunPtr runAndWait();
    /// The first switch of @p role other than @p except.
    NodeId nodeOfRole(SwitchRole role, const QList<NodeId> &except = {}) const;
    /// The first link from a node of role @p a to one of role @p b (GPUs: SwitchRole::None).
    LinkId linkBetween(NodeKind kindA, SwitchRole a, SwitchRole b) const;
    QStringList listed() const;

    MainWindow *mWindow = nullptr;
    FakePrompts *mPrompts = nullptr;
    QTemporaryDir mDir;
};

void TestFaultsGui::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("FabricScopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_faults_gui"));
    QSettings().clear();
    QVERIFY(mDir.isValid());
}

void TestFaultsGui::init()
{
    mWindow = openFatTreeWindow(&mPrompts);
    QVERIFY(mWindow);
    QVERIFY(keeper());
    dock()->sizeEdit()->setText(QStringLiteral("16MiB"));
}

void TestFaultsGui::cleanup()
{
    mWindow->simulation()->runner()->cancel();
    mWindow->simulation()->runner()->waitForIdle();
    mPrompts->saveChoice = Prompts::SaveChoice::Discard;
    delete mWindow;
    mWindow = nullptr;
}

bool TestFaultsGui::trigger(const QString &objectName, NodeId node, LinkId link)
{
    QMenu menu;
    if (!keeper()->fillMenu(&menu, node, link))
        return false;
    auto *action = menu.findChild<QAction *>(objectName);
    if (!action || !action->isEnabled() || !menu.actions().contains(action))
        return false;
    action->trigger();
    return true;
}

views::SimRunPtr TestFaultsGui::runAndWait()
{
    SimulationController *sim = mWindow->simulation();
    QSignalSpy finished(sim, &SimulationController::runFinished);
    QSignalSpy failed(sim, &SimulationController::runFailed);
    if (!dock()->runButton()->isEnabled())
        return nullptr;
    QTest::mouseClick(dock()->runButton(), Qt::LeftButton);
    if (!finished.wait(60000) || !failed.isEmpty())
        return nullptr;
    return finished.at(0).at(0).value<views::SimRunPtr>();
}

NodeId TestFaultsGui::nodeOfRole(SwitchRole role, const QList<NodeId> &except) const
{
    NodeId found = kNoNode;
    doc()->fabric().forEachNode([&](const Node &n) {
        if (found == kNoNode && n.kind == NodeKind::Switch && n.role == role
            && !except.contains(n.id))
            found = n.id;
    });
    return found;
}

LinkId TestFaultsGui::linkBetween(NodeKind kindA, SwitchRole a, SwitchRole b) const
{
    const Fabric &f = doc()->fabric();
    auto is = [&](NodeId id, NodeKind kind, SwitchRole role) {
        const Node &n = f.node(id);
        return n.kind == kind && (kind != NodeKind::Switch || n.role == role);
    };
    LinkId found = kNoLink;
    f.forEachLink([&](const Link &l) {
        if (found != kNoLink)
            return;
        if ((is(l.a, kindA, a) && is(l.b, NodeKind::Switch, b))
            || (is(l.b, kindA, a) && is(l.a, NodeKind::Switch, b)))
            found = l.id;
    });
    return found;
}

QStringList TestFaultsGui::listed() const
{
    QStringList out;
    for (int i = 0; i < dock()->faultList()->count(); ++i)
        out << dock()->faultList()->item(i)->text();
    return out;
}

void TestFaultsGui::contextMenuFailsAndRestores()
{
    const Fabric &f = doc()->fabric();
    const LinkId uplink = linkBetween(NodeKind::Switch, SwitchRole::Leaf, SwitchRole::Spine);
    QVERIFY(uplink != kNoLink);
    // A spine the link does not reach, so restoring the link shows it whole again.
    const NodeId spine = nodeOfRole(SwitchRole::Spine, { f.link(uplink).a, f.link(uplink).b });
    QVERIFY(spine != kNoNode);
    const QString linkText = QString::fromStdString(
        f.node(f.link(uplink).a).name + "--" + f.node(f.link(uplink).b).name);
    const QString spineText = QString::fromStdString(f.node(spine).name);
    const std::size_t links = f.linkCount();
    QVERIFY(!doc()->isModified());

    // Nothing under the pointer: no menu. A healthy link: Fail and Degrade, no Restore.
    QMenu empty;
    QVERIFY(!keeper()->fillMenu(&empty, kNoNode, kNoLink));
    QVERIFY(!trigger(QStringLiteral("actionRestoreElement"), kNoNode, uplink));
    QVERIFY(trigger(QStringLiteral("actionFailElement"), kNoNode, uplink));

    QCOMPARE(listed(), QStringList { linkText });
    QCOMPARE(doc()->scenarios().faults.size(), std::size_t(1));
    QCOMPARE(dock()->scenario().faults, doc()->scenarios().faults);
    QCOMPARE(QString::fromStdString(toString(dock()->scenario().faults[0])), linkText);
    QVERIFY(doc()->isModified());
    QCOMPARE(doc()->undoStack()->undoText(), QStringLiteral("Fail %1").arg(linkText));
    // Faults are not an edit of the fabric.
    QCOMPARE(doc()->fabric().linkCount(), links);
    QVERIFY(mWindow->canvas()->faultMarks().failedLinks.contains(uplink));
    // A failed link can be restored, not failed again.
    QVERIFY(!trigger(QStringLiteral("actionFailElement"), kNoNode, uplink));

    QVERIFY(trigger(QStringLiteral("actionFailElement"), spine));
    QCOMPARE(listed(), (QStringList { linkText, spineText }));
    QCOMPARE(dock()->scenario().faults.size(), std::size_t(2));
    QVERIFY(mWindow->canvas()->faultMarks().failedNodes.contains(spine));
    bool legend = false;
    for (const views::LegendEntry &e : mWindow->canvas()->legendEntries())
        legend = legend || e.label.startsWith(QStringLiteral("Failed (fault)"));
    QVERIFY(legend);

    // Undo restores, redo fails again.
    doc()->undoStack()->undo();
    QCOMPARE(listed(), QStringList { linkText });
    QVERIFY(!mWindow->canvas()->faultMarks().failedNodes.contains(spine));
    doc()->undoStack()->redo();
    QCOMPARE(listed(), (QStringList { linkText, spineText }));
    QVERIFY(mWindow->canvas()->faultMarks().failedNodes.contains(spine));

    // Restore from the context menu takes only that element back.
    QVERIFY(trigger(QStringLiteral("actionRestoreElement"), kNoNode, uplink));
    QCOMPARE(listed(), QStringList { spineText });
    QVERIFY(!mWindow->canvas()->faultMarks().failedLinks.contains(uplink));
    doc()->undoStack()->undo();
    QCOMPARE(listed(), (QStringList { linkText, spineText }));

    // Undoing everything leaves no fault, no mark and no legend line.
    while (doc()->undoStack()->canUndo())
        doc()->undoStack()->undo();
    QVERIFY(listed().isEmpty());
    QVERIFY(dock()->scenario().faults.empty());
    QVERIFY(mWindow->canvas()->faultMarks().isEmpty());
    for (const views::LegendEntry &e : mWindow->canvas()->legendEntries())
        QVERIFY(!e.label.contains(QStringLiteral("(fault)")));
    QVERIFY(!doc()->isModified());
}

void TestFaultsGui::dockRestoresSelectedAndAll()
{
    const NodeId spine = nodeOfRole(SwitchRole::Spine);
    const NodeId leaf = nodeOfRole(SwitchRole::Leaf);
    QVERIFY(trigger(QStringLiteral("actionFailElement"), spine));
    QVERIFY(trigger(QStringLiteral("actionFailElement"), leaf));
    const QString spineText = QString::fromStdString(doc()->fabric().node(spine).name);
    const QString leafText = QString::fromStdString(doc()->fabric().node(leaf).name);
    QCOMPARE(listed(), (QStringList { spineText, leafText }));
    QVERIFY(dock()->restoreAllFaultsButton()->isEnabled());
    QVERIFY(!dock()->restoreFaultButton()->isEnabled()); // nothing selected yet

    // Restore takes the selected one back.
    dock()->faultList()->setCurrentRow(0);
    QVERIFY(dock()->restoreFaultButton()->isEnabled());
    QTest::mouseClick(dock()->restoreFaultButton(), Qt::LeftButton);
    QCOMPARE(listed(), QStringList { leafText });
    QCOMPARE(doc()->scenarios().faults.size(), std::size_t(1));

    // The Delete key on the list does the same.
    dock()->faultList()->setCurrentRow(0);
    dock()->faultList()->setFocus();
    QTest::keyClick(dock()->faultList(), Qt::Key_Delete);
    QVERIFY(listed().isEmpty());
    QVERIFY(!dock()->restoreAllFaultsButton()->isEnabled());
    doc()->undoStack()->undo();
    doc()->undoStack()->undo();
    QCOMPARE(listed(), (QStringList { spineText, leafText }));

    // Restore All, one undoable step.
    QTest::mouseClick(dock()->restoreAllFaultsButton(), Qt::LeftButton);
    QVERIFY(listed().isEmpty());
    QVERIFY(dock()->scenario().faults.empty());
    QCOMPARE(doc()->undoStack()->undoText(), QStringLiteral("Restore all faults"));
    doc()->undoStack()->undo();
    QCOMPARE(listed().size(), 2);
}

void TestFaultsGui::degradeAsksForAFraction()
{
    const LinkId nic = linkBetween(NodeKind::Gpu, SwitchRole::None, SwitchRole::Leaf);
    QVERIFY(nic != kNoLink);
    const int steps = doc()->undoStack()->count();

    // Not a fraction: said in an error, nothing changes. Cancel: nothing either.
    for (const QString &bad : { QStringLiteral("2"), QStringLiteral("0"), QStringLiteral("lots") }) {
        mPrompts->text = bad;
        mPrompts->errors.clear();
        QVERIFY(trigger(QStringLiteral("actionDegradeElement"), kNoNode, nic));
        QCOMPARE(mPrompts->errors.size(), 1);
        QVERIFY(mPrompts->errors[0].contains(bad));
    }
    mPrompts->errors.clear();
    mPrompts->text = QString();
    QVERIFY(trigger(QStringLiteral("actionDegradeElement"), kNoNode, nic));
    QVERIFY(mPrompts->errors.isEmpty());
    QCOMPARE(doc()->undoStack()->count(), steps);
    QVERIFY(listed().isEmpty());

    mPrompts->text = QStringLiteral("0.25");
    QVERIFY(trigger(QStringLiteral("actionDegradeElement"), kNoNode, nic));
    QCOMPARE(dock()->scenario().faults.size(), std::size_t(1));
    QCOMPARE(dock()->scenario().faults[0].kept, 0.25);
    QVERIFY(listed().at(0).endsWith(QStringLiteral("@0.25")));
    QVERIFY(mWindow->canvas()->faultMarks().degradedLinks.contains(nic));
    QVERIFY(mWindow->canvas()->faultMarks().failedLinks.isEmpty());
    QCOMPARE(mWindow->canvas()->faultMarks().degradedKept, 0.25);
    bool legend = false;
    for (const views::LegendEntry &e : mWindow->canvas()->legendEntries())
        legend = legend || e.label == QStringLiteral("Degraded to 25% of capacity (fault)");
    QVERIFY(legend);

    // Degrading again replaces the fraction; failing replaces the degradation.
    mPrompts->text = QStringLiteral("50%");
    QVERIFY(trigger(QStringLiteral("actionDegradeElement"), kNoNode, nic));
    QCOMPARE(dock()->scenario().faults.size(), std::size_t(1));
    QCOMPARE(dock()->scenario().faults[0].kept, 0.5);
    QVERIFY(trigger(QStringLiteral("actionFailElement"), kNoNode, nic));
    QCOMPARE(dock()->scenario().faults.size(), std::size_t(1));
    QVERIFY(dock()->scenario().faults[0].failed());
    QVERIFY(mWindow->canvas()->faultMarks().failedLinks.contains(nic));
    QVERIFY(mWindow->canvas()->faultMarks().degradedLinks.isEmpty());
    doc()->undoStack()->undo();
    QCOMPARE(dock()->scenario().faults[0].kept, 0.5);
}

void TestFaultsGui::exportsShowTheRunsFaults()
{
    // A healthy run, then a spine failed without running again: the canvas marks the spine (the
    // faults in force), but a picture or a report of the run must show the run's own faults,
    // none: its text says nothing failed.
    QVERIFY(runAndWait());
    const NodeId spine = nodeOfRole(SwitchRole::Spine, {});
    QVERIFY(spine != kNoNode);
    QVERIFY(trigger(QStringLiteral("actionFailElement"), spine));
    QVERIFY(mWindow->canvas()->faultMarks().failedNodes.contains(spine));
    QTemporaryDir dir;
    QString error;
    const QString healthy = dir.filePath(QStringLiteral("healthy.svg"));
    QVERIFY2(
        mWindow->simulation()->exportPicture(healthy, QSize(1200, 800), &error), qPrintable(error));
    QFile file(healthy);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString svg = QString::fromUtf8(file.readAll());
    QVERIFY2(!svg.contains(QStringLiteral("Failed (fault)")),
        "the picture shows a fault the run did not have");
    // The canvas still marks the fault in force.
    QVERIFY(mWindow->canvas()->faultMarks().failedNodes.contains(spine));
    // Run with it: now the picture crosses it out.
    QVERIFY(runAndWait());
    const QString failed = dir.filePath(QStringLiteral("failed.svg"));
    QVERIFY2(
        mWindow->simulation()->exportPicture(failed, QSize(1200, 800), &error), qPrintable(error));
    QFile failedFile(failed);
    QVERIFY(failedFile.open(QIODevice::ReadOnly));
    QVERIFY(QString::fromUtf8(failedFile.readAll()).contains(QStringLiteral("Failed (fault)")));
}

void TestFaultsGui::renamingANodeRenamesItsFaultsAndRanks()
{
    // Faults and ranks name nodes: a failed leaf renamed in the Inspector lost its cross and
    // stopped every run ("the fabric has no node named 'leaf0'"), and ranks picked on the
    // canvas named a GPU no longer there. They follow the rename, and its undo.
    const NodeId leaf = nodeOfRole(SwitchRole::Leaf);
    QVERIFY(trigger(QStringLiteral("actionFailElement"), leaf));
    const Fabric &f = doc()->fabric();
    const std::string leafName = f.node(leaf).name;
    const NodeId gpu = f.endpoints().front(), other = f.endpoints().back();
    const std::string gpuName = f.node(gpu).name;
    const QString ranks = QString::fromStdString(gpuName + "," + f.node(other).name);
    dock()->ranksEdit()->setText(ranks);
    QVERIFY(runAndWait()); // saves the scenario, with its ranks and faults

    doc()->undoStack()->push(new ChangeNodeProperty(
        doc(), { leaf }, NodeProperty::Name, QStringLiteral("renamed-leaf")));
    QCOMPARE(listed(), QStringList { QStringLiteral("renamed-leaf") });
    QVERIFY(mWindow->canvas()->faultMarks().failedNodes.contains(leaf));
    QCOMPARE(
        doc()->scenarios().items.last().scenario.faults.front().node, std::string("renamed-leaf"));
    doc()->undoStack()->push(
        new ChangeNodeProperty(doc(), { gpu }, NodeProperty::Name, QStringLiteral("first-gpu")));
    QCOMPARE(
        dock()->ranksEdit()->text().section(QLatin1Char(','), 0, 0), QStringLiteral("first-gpu"));
    QCOMPARE(
        doc()->scenarios().items.last().scenario.ranks.substr(0, 10), std::string("first-gpu,"));
    QVERIFY(runAndWait());

    doc()->undoStack()->undo();
    doc()->undoStack()->undo();
    QCOMPARE(dock()->ranksEdit()->text(), ranks);
    QCOMPARE(listed(), QStringList { QString::fromStdString(leafName) });
    QVERIFY(mWindow->canvas()->faultMarks().failedNodes.contains(leaf));
}

void TestFaultsGui::runsWithTheFaults()
{
    const auto healthy = runAndWait();
    QVERIFY(healthy);
    QVERIFY(healthy->scenario->faults.empty());

    // A GPU's only link to its leaf at a quarter of its capacity: every ring step waits on it.
    const LinkId nic = linkBetween(NodeKind::Gpu, SwitchRole::None, SwitchRole::Leaf);
    mPrompts->text = QStringLiteral("0.25");
    QVERIFY(trigger(QStringLiteral("actionDegradeElement"), kNoNode, nic));
    const auto degraded = runAndWait();
    QVERIFY(degraded);
    QCOMPARE(degraded->scenario->faults, doc()->scenarios().faults);
    QVERIFY2(degraded->summary.completionS > 2 * healthy->summary.completionS,
        qPrintable(QStringLiteral("%1 s against %2 s healthy")
                       .arg(degraded->summary.completionS)
                       .arg(healthy->summary.completionS)));
    const nlohmann::json report = collective::faultReportJson(*degraded->fabric, *degraded);
    QCOMPARE(report.at("faults").size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(report.at("faults")[0].get<std::string>()), listed().at(0));
    QVERIFY(report.at("capacity_lost_gbps").get<double>() > 0);
    // The explanation says what the faults took, with the run's numbers.
    const QString explained
        = views::explainRun(*degraded, views::RunSummary(*degraded)).join(QLatin1Char('\n'));
    const QString expected = QStringLiteral("It ran with 1 fault in force (%1): 1 link degraded, "
                                            "%2 of capacity out of service")
                                 .arg(listed().at(0),
                                     QString::fromStdString(units::formatGbps(
                                         report.at("capacity_lost_gbps").get<double>())));
    QVERIFY2(explained.contains(expected), qPrintable(explained));
    // The window ran the scenario without faults too, so it can say how much slower it was.
    QVERIFY(degraded->faults);
    QVERIFY(qFuzzyCompare(degraded->faults->healthyCompletionS, healthy->result.completionS));
    QVERIFY(degraded->faults->slowdown > 2);
    QVERIFY2(explained.contains(QStringLiteral("Without them it finished in %1, so the faults "
                                               "made it %2\u00d7 slower")
                                    .arg(QString::fromStdString(
                                             units::formatSeconds(healthy->result.completionS)))
                                    .arg(degraded->faults->slowdown, 0, 'f', 2)),
        qPrintable(explained));
    QVERIFY(!views::explainRun(*healthy, views::RunSummary(*healthy))
                 .join(QLatin1Char('\n'))
                 .contains(QStringLiteral("in force")));
    // The run is kept with its faults, like any other.
    QCOMPARE(doc()->scenarios().items.last().scenario.faults, doc()->scenarios().faults);

    // A failed spine: the run routes around it and reports it.
    QVERIFY(trigger(QStringLiteral("actionRestoreElement"), kNoNode, nic));
    const NodeId spine = nodeOfRole(SwitchRole::Spine);
    QVERIFY(trigger(QStringLiteral("actionFailElement"), spine));
    const auto failed = runAndWait();
    QVERIFY(failed);
    const nlohmann::json report2 = collective::faultReportJson(*failed->fabric, *failed);
    QCOMPARE(report2.at("faults").size(), std::size_t(1));
    QCOMPARE(report2.at("faults")[0].get<std::string>(), doc()->fabric().node(spine).name);
    QVERIFY(report2.at("capacity_lost_gbps").get<double>() > 0);

    // The Compare tab marks each side's own faults: the failed spine on one, the degraded
    // link on the other (both canvases showed no failed element).
    auto *compare = mWindow->findChild<CompareView *>();
    QVERIFY(compare);
    QCOMPARE(compare->right(), failed);
    QCOMPARE(compare->rightCanvas()->faultMarks().failedNodes, QList<NodeId> { spine });
    QCOMPARE(compare->left(), degraded);
    QCOMPARE(compare->leftCanvas()->faultMarks().degradedLinks, QList<LinkId> { nic });
    QVERIFY(compare->leftCanvas()->faultMarks().failedNodes.isEmpty());

    // Restoring the spine leaves the faulted run on screen, with its idle links unmarked: the
    // status says whose run it is, and Undo puts the run's own figures back.
    QLabel *status = mWindow->findChild<SimulationDock *>()->statusLabel();
    const QString ranStatus = status->text();
    QVERIFY(trigger(QStringLiteral("actionRestoreElement"), spine));
    QVERIFY(doc()->scenarios().faults.empty());
    QVERIFY2(status->text().contains(QStringLiteral(" in force; the faults have changed"))
            && status->text().contains(QStringLiteral("run again")),
        qPrintable(status->text()));
    QVERIFY2(status->text().contains(QString::fromStdString(doc()->fabric().node(spine).name)),
        qPrintable(status->text()));
    doc()->undoStack()->undo();
    QCOMPARE(status->text(), ranStatus);
}

void TestFaultsGui::faultsSurviveSaveAndReopen()
{
    const LinkId uplink = linkBetween(NodeKind::Switch, SwitchRole::Leaf, SwitchRole::Spine);
    const NodeId spine = nodeOfRole(SwitchRole::Spine);
    QVERIFY(trigger(QStringLiteral("actionFailElement"), kNoNode, uplink));
    mPrompts->text = QStringLiteral("0.5");
    QVERIFY(trigger(QStringLiteral("actionDegradeElement"), spine));
    const std::vector<Fault> faults = doc()->scenarios().faults;
    const QStringList shown = listed();
    QCOMPARE(faults.size(), std::size_t(2));

    // Saved without a run: the faults in force are in the file.
    const QString file = mDir.filePath(QStringLiteral("faults.fabric.json"));
    QVERIFY(mWindow->saveAs(file));
    QFile saved(file);
    QVERIFY(saved.open(QIODevice::ReadOnly));
    QVERIFY(saved.readAll().contains("faults_in_force"));
    saved.close();

    QVERIFY(mWindow->openGenerated(
        gen::generate("ib-fat-tree", nlohmann::json { { "tiers", 2 }, { "gpus", 64 } })));
    QVERIFY(listed().isEmpty());
    QVERIFY(mWindow->canvas()->faultMarks().isEmpty());
    QVERIFY(mWindow->openFile(file));
    QCOMPARE(doc()->scenarios().faults, faults);
    QCOMPARE(listed(), shown);
    QCOMPARE(dock()->scenario().faults, faults);
    QVERIFY(!doc()->isModified());
    QVERIFY(mWindow->canvas()->faultMarks().failedLinks.contains(uplink));
    QVERIFY(!mWindow->canvas()->faultMarks().degradedLinks.isEmpty());

    // Run, save, reopen: the last run comes back with its faults, re-run with them.
    const auto run = runAndWait();
    QVERIFY(run);
    QVERIFY(mWindow->save());
    QVERIFY(mWindow->openGenerated(
        gen::generate("ib-fat-tree", nlohmann::json { { "tiers", 2 }, { "gpus", 64 } })));
    QSignalSpy finished(mWindow->simulation(), &SimulationController::runFinished);
    QVERIFY(mWindow->openFile(file));
    QVERIFY(finished.wait(60000));
    const auto rerun = finished.at(0).at(0).value<views::SimRunPtr>();
    QCOMPARE(rerun->scenario->faults, faults);
    QCOMPARE(listed(), shown);

    // Restore removes one, and that is saved too.
    dock()->faultList()->setCurrentRow(0);
    QTest::mouseClick(dock()->restoreFaultButton(), Qt::LeftButton);
    QCOMPARE(listed(), QStringList { shown.at(1) });
    QVERIFY(mWindow->save());
    QVERIFY(mWindow->openGenerated(
        gen::generate("ib-fat-tree", nlohmann::json { { "tiers", 2 }, { "gpus", 64 } })));
    QVERIFY(mWindow->openFile(file));
    QCOMPARE(listed(), QStringList { shown.at(1) });
    QCOMPARE(doc()->scenarios().faults.size(), std::size_t(1));
}

void TestFaultsGui::canvasMarksFollowTheZoom()
{
    views::FabricCanvas *canvas = mWindow->canvas();
    const NodeId leaf = nodeOfRole(SwitchRole::Leaf);
    QVERIFY(trigger(QStringLiteral("actionFailElement"), leaf));
    const int leafLinks = int(doc()->fabric().linksOf(leaf).size());
    QVERIFY(leafLinks > 1);
    QCOMPARE(canvas->faultMarks().failedLinks.size(), leafLinks);

    // Zoomed in on the leaf: its X and its links one by one.
    canvas->setSelection({ leaf });
    canvas->zoomToSelection();
    QTRY_VERIFY(canvas->showsDetail());
    QTRY_COMPARE(canvas->failedCrossLinesDrawn(), 2);
    QTRY_VERIFY(canvas->failedLinkLinesDrawn() >= 1);
    QVERIFY(canvas->failedLinkLinesDrawn() <= leafLinks);

    // Restored: nothing drawn.
    QVERIFY(trigger(QStringLiteral("actionRestoreElement"), leaf));
    QCOMPARE(canvas->failedCrossLinesDrawn(), 0);
    QCOMPARE(canvas->failedLinkLinesDrawn(), 0);
}

void TestFaultsGui::aLinkFailedAloneIsCrossedOut()
{
    // Failed and degraded links differed by their colour (red, orange-brown) and dashes only:
    // a failed one also takes a cross on its middle, a degraded one none.
    views::FabricCanvas *canvas = mWindow->canvas();
    const LinkId nic = linkBetween(NodeKind::Gpu, SwitchRole::None, SwitchRole::Leaf);
    QVERIFY(nic != kNoLink);
    QVERIFY(trigger(QStringLiteral("actionFailElement"), kNoNode, nic));
    canvas->setSelection({ doc()->fabric().link(nic).a, doc()->fabric().link(nic).b });
    canvas->zoomToSelection();
    QTRY_VERIFY(canvas->showsDetail());
    QTRY_COMPARE(canvas->failedCrossLinesDrawn(), 2);
    mPrompts->text = QStringLiteral("0.5");
    QVERIFY(trigger(QStringLiteral("actionDegradeElement"), kNoNode, nic));
    QVERIFY(canvas->faultMarks().degradedLinks.contains(nic));
    QCOMPARE(canvas->failedCrossLinesDrawn(), 0);
    bool explained = false;
    QVERIFY(trigger(QStringLiteral("actionFailElement"), kNoNode, nic));
    for (const views::LegendEntry &e : canvas->legendEntries())
        explained = explained || e.label.contains(QStringLiteral("crossed out"));
    QVERIFY(explained);
}

void TestFaultsGui::aFaultOnARemovedNodeStopsTheRun()
{
    const NodeId spine = nodeOfRole(SwitchRole::Spine);
    QVERIFY(trigger(QStringLiteral("actionFailElement"), spine));
    QVERIFY(dock()->problem().isEmpty());
    doc()->undoStack()->push(new RemoveNodes(doc(), { spine }, {}));
    QVERIFY2(dock()->problem().contains(QStringLiteral("Restore that fault")),
        qPrintable(dock()->problem()));
    QVERIFY(!dock()->runButton()->isEnabled());
    QVERIFY(mWindow->canvas()->faultMarks().isEmpty());
    QTest::mouseClick(dock()->restoreAllFaultsButton(), Qt::LeftButton);
    QVERIFY(dock()->problem().isEmpty());
    QVERIFY(dock()->runButton()->isEnabled());
}

void TestFaultsGui::faultsInForceInTheScenarioList()
{
    // Written after the scenarios, read back equal, the last run's index unchanged.
    ScenarioList list;
    list.items.append({ QStringLiteral("ring"), collective::Scenario {} });
    list.lastRun = 0;
    list.faults = parseFaultList("leaf0,spine1--leaf2@0.25");
    const nlohmann::json j = toJson(list);
    QCOMPARE(j.size(), std::size_t(2));
    QCOMPARE(j[1].at("faults_in_force")[1].get<std::string>(), std::string("spine1--leaf2@0.25"));
    QCOMPARE(scenarioListFromJson(j), list);
    // First in the array, it does not shift the last run.
    const nlohmann::json first = nlohmann::json::array({ j[1], j[0] });
    QCOMPARE(scenarioListFromJson(first), list);

    auto refused = [](const char *text) {
        try {
            (void)scenarioListFromJson(nlohmann::json::parse(text));
        } catch (const UserError &e) {
            return QString::fromUtf8(e.what());
        }
        return QString();
    };
    QVERIFY(refused(R"([{"faults_in_force": ["a--"]}])").startsWith(
        QStringLiteral("/scenarios/0/faults_in_force/0: ")));
    QVERIFY(refused(R"([{"faults_in_force": "leaf0"}])").startsWith(
        QStringLiteral("/scenarios/0/faults_in_force: ")));
    QVERIFY(refused(R"([{"faults_in_force": [], "name": "x"}])").startsWith(
        QStringLiteral("/scenarios/0/name: ")));
    QVERIFY(refused(R"([{"faults_in_force": []}, {"faults_in_force": []}])").startsWith(
        QStringLiteral("/scenarios/1/faults_in_force: ")));
}

void TestFaultsGui::savedScenarioFaultsAreOneUndoStep()
{
    // A saved scenario with its own faults, the document with none in force.
    collective::Scenario scenario = dock()->scenario();
    const NodeId leaf = nodeOfRole(SwitchRole::Leaf);
    scenario.faults = { FaultKeeper::nodeFault(doc()->fabric(), leaf) };
    ScenarioList list = doc()->scenarios();
    list.items.append({ QStringLiteral("leaf down"), scenario });
    doc()->setScenarios(list);
    QVERIFY(doc()->scenarios().faults.empty());
    QUndoStack *undo = doc()->undoStack();
    const int steps = undo->count();

    // Run it from the saved list, as a user would.
    QSignalSpy finished(mWindow->simulation(), &SimulationController::runFinished);
    dock()->savedBox()->setCurrentIndex(int(list.items.size()) - 1);
    QTest::mouseClick(dock()->runSavedButton(), Qt::LeftButton);
    QVERIFY(finished.wait(60000));
    QCOMPARE(doc()->scenarios().faults, scenario.faults);
    QCOMPARE(listed(), QStringList { QString::fromStdString(toString(scenario.faults.front())) });
    QCOMPARE(undo->count(), steps + 1);
    QCOMPARE(undo->undoText(), QStringLiteral("Faults of a saved scenario"));

    undo->undo();
    QVERIFY(doc()->scenarios().faults.empty());
    QVERIFY(listed().isEmpty());
    undo->redo();
    QCOMPARE(doc()->scenarios().faults, scenario.faults);
}

void TestFaultsGui::rightClickOpensTheFaultMenu()
{
    views::FabricCanvas *canvas = mWindow->canvas();
    const NodeId spine = nodeOfRole(SwitchRole::Spine);
    canvas->setSelection({ spine });
    canvas->zoomToSelection();
    QTRY_VERIFY(canvas->showsDetail());
    const QPoint at = canvas->mapFromScene(canvas->nodePosition(spine));
    QCOMPARE(canvas->nodeAt(canvas->mapToScene(at)), spine);

    // The menu the right click opens, read and answered from inside its own event loop.
    QStringList entries;
    QTimer::singleShot(50, this, [&] {
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        if (!menu)
            return;
        for (const QAction *a : menu->actions())
            entries << a->objectName();
        if (auto *fail = menu->findChild<QAction *>(QStringLiteral("actionFailElement")))
            fail->trigger();
        menu->close();
    });
    QSignalSpy requested(canvas, &views::FabricCanvas::contextMenuRequested);
    QContextMenuEvent event(
        QContextMenuEvent::Mouse, at, canvas->viewport()->mapToGlobal(at));
    QApplication::sendEvent(canvas->viewport(), &event);
    QCOMPARE(requested.size(), 1);
    QCOMPARE(requested.at(0).at(0).value<NodeId>(), spine);
    QCOMPARE(entries,
        (QStringList { QStringLiteral("actionFailElement"), QStringLiteral("actionDegradeElement") }));
    QCOMPARE(listed(), QStringList { QString::fromStdString(doc()->fabric().node(spine).name) });

    // Shift+F10, the other key for it: Qt on Linux made no menu of it.
    QTimer::singleShot(50, this, [] {
        if (auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget()))
            menu->close();
    });
    QTest::keyClick(canvas, Qt::Key_F10, Qt::ShiftModifier);
    QCOMPARE(requested.size(), 2);
    QCOMPARE(requested.at(1).at(0).value<NodeId>(), spine);
}

void TestFaultsGui::menuKeyOpensTheSelectionsFaultMenu()
{
    // Without a mouse: a node found with Ctrl+F is selected, and the Menu key (or Shift+F10)
    // opens the menu of the selection, wherever the pointer is. It took whatever lay under the
    // pointer, usually nothing, so faults could not be set from the keyboard.
    views::FabricCanvas *canvas = mWindow->canvas();
    const NodeId spine = nodeOfRole(SwitchRole::Spine);
    canvas->setSelection({ spine });
    QTimer::singleShot(50, this, [&] {
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        if (!menu)
            return;
        if (auto *fail = menu->findChild<QAction *>(QStringLiteral("actionFailElement")))
            fail->trigger();
        menu->close();
    });
    QSignalSpy requested(canvas, &views::FabricCanvas::contextMenuRequested);
    const QPoint corner(2, 2); // where the pointer happens to be: over no node
    QContextMenuEvent event(
        QContextMenuEvent::Keyboard, corner, canvas->viewport()->mapToGlobal(corner));
    QApplication::sendEvent(canvas->viewport(), &event);
    QCOMPARE(requested.size(), 1);
    QCOMPARE(requested.at(0).at(0).value<NodeId>(), spine);
    QCOMPARE(listed(), QStringList { QString::fromStdString(doc()->fabric().node(spine).name) });
}

void TestFaultsGui::spareCubeReplacesAFailedOne()
{
    // A twisted 4x4x8 slice with one spare cube: fail a chip, switch the spare in, and the run
    // is the healthy one; undo gives the failed cube back; the swap survives save and reopen.
    QVERIFY(mWindow->openGenerated(gen::generate("tpu-torus",
        nlohmann::json { { "x", 4 }, { "y", 4 }, { "z", 8 }, { "twisted", true },
            { "spare_cubes", 1 } })));
    dock()->sizeEdit()->setText(QStringLiteral("4MiB"));
    const auto healthy = runAndWait();
    QVERIFY(healthy);
    auto *replace = mWindow->findChild<QAction *>(QStringLiteral("actionReplaceFailedCubes"));
    QVERIFY(replace);

    // Nothing failed yet: nothing to replace, and the user is told why.
    replace->trigger();
    QCOMPARE(mPrompts->errors.size(), 1);
    QVERIFY2(mPrompts->errors.first().contains(QStringLiteral("No cube")),
        qPrintable(mPrompts->errors.first()));
    mPrompts->errors.clear();

    const Fabric &f = doc()->fabric();
    const NodeId chip = f.findNode("chip-1-1-5");
    const NodeId spare = f.findNode("spare0-chip-1-1-1");
    QVERIFY(trigger(QStringLiteral("actionFailElement"), chip));
    const int steps = doc()->undoStack()->count();
    replace->trigger();
    QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join('\n')));
    QCOMPARE(doc()->undoStack()->count(), steps + 1);
    QVERIFY(f.node(chip).standby);
    QVERIFY(!f.node(spare).standby);
    QCOMPARE(f.node(spare).hints.z, 5);
    QVERIFY(gen::spareInUse(f));
    // A new shape cannot be wired around a spare: said before the dialog, where the refusal
    // came once the user had chosen a shape.
    bool dialogShown = false;
    mPrompts->dialog = [&](QDialog *) { return dialogShown = true; };
    mWindow->findChild<QAction *>(QStringLiteral("actionReconfigureOcs"))->trigger();
    QVERIFY(!dialogShown);
    QCOMPARE(mPrompts->errors.size(), 1);
    QVERIFY2(mPrompts->errors.first().contains(QStringLiteral("spare cube stands in")),
        qPrintable(mPrompts->errors.first()));
    QCOMPARE(doc()->undoStack()->count(), steps + 1);
    mPrompts->errors.clear();
    mPrompts->dialog = {};
    // The canvas draws the failed cube where the spare stood, and the spare in the torus.
    QVERIFY(mWindow->canvas()->nodePosition(chip).y() > mWindow->canvas()->nodePosition(spare).y());

    const auto repaired = runAndWait();
    QVERIFY(repaired);
    QVERIFY(repaired->faults);
    QVERIFY(repaired->faults->unreachablePairs.empty());
    QVERIFY2(std::abs(repaired->result.completionS - healthy->result.completionS)
            <= 1e-9 * healthy->result.completionS,
        qPrintable(QStringLiteral("%1 s against %2 s healthy")
                       .arg(repaired->result.completionS)
                       .arg(healthy->result.completionS)));

    const QString file = mDir.filePath(QStringLiteral("spare.fabric.json"));
    QVERIFY(mWindow->saveAs(file));
    QCOMPARE(doc()->undoStack()->text(steps), QStringLiteral("Replace failed cubes with spares"));
    doc()->undoStack()->setIndex(steps);
    QVERIFY(!f.node(chip).standby);
    QVERIFY(f.node(spare).standby);
    QVERIFY(!gen::spareInUse(f));
    mPrompts->saveChoice = Prompts::SaveChoice::Discard;
    QVERIFY(mWindow->openFile(file));
    const Fabric &reopened = doc()->fabric();
    QVERIFY(reopened.node(reopened.findNode("chip-1-1-5")).standby);
    QVERIFY(gen::spareInUse(reopened));
}

QTEST_MAIN(TestFaultsGui)
#include "tst_faults_gui.moc"
