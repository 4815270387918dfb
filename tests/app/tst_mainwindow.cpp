// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "canvas/fabriccanvas.h"
#include "charts/chartpanel.h"
#include "commands/addnodes.h"
#include "commands/changefaults.h"
#include "commands/changenodeproperty.h"
#include "commands/removenodes.h"
#include "common/keyboardfocus.h"
#include "cutforms.h"
#include "document.h"
#include "elidedtext.h"
#include "exportchecks.h"
#include "fakeprompts.h"
#include "fileformats.h"
#include "generators/registry.h"
#include "heatmap/heatmapwidget.h"
#include "inspectordock.h"
#include "io/fabricfile.h"
#include "io/formatregistry.h"
#include "io/native/readlimits.h"
#include "lessons.h"
#include "mainwindow.h"
#include "metricsdock.h"
#include "model/faults.h"
#include "palettedock.h"
#include "pathsdock.h"
#include "playback/playbackbar.h"
#include "prompts.h"
#include "propertyform.h"
#include "reconfigureocsdialog.h"
#include "shortcutsdialog.h"
#include "simulation/analysisdock.h"
#include "simulation/compareview.h"
#include "simulation/resiliencepage.h"
#include "simulation/simulationcontroller.h"
#include "simulation/simulationdock.h"
#include "simulation/simulationrunner.h"
#include "startup.h"
#include "style/palette.h"
#include "templategallery.h"

#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QHeaderView>
#include <QImage>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolTip>
#include <QTreeView>
#include <QTreeWidget>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QtTest>

#include <cmath>
#include <set>

using namespace fabric;
using namespace fabric::app;

/// The main window driven as a user would: open, edit, undo, save, reload, refuse bad files.
class TestMainWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void startsOnTheDefaultFabric();
    void menuMnemonicsAreUnique();
    void opensEveryShippedFabric();
    void recentMenuTellsFilesApartAndForgetsGoneOnes();
    void opensExamplesFromTheFileMenu();
    void rejectsABadFileAndKeepsTheDocument();
    void addsAndLinksNodesFromThePalette();
    void dropsPaletteNodesAndFilesOnTheCanvas();
    void inspectorEditsAndValidates();
    void valueBeingTypedIsSavedOrAskedAbout();
    void fieldsKeepToTheFileLimitsAndTheWheelScrolls();
    void undoWhileTypingANumberUndoesTheTyping();
    void saveAndReload();
    void exportsProposeAFileNameAndAddTheType();
    void asksBeforeDiscardingChanges();
    void failedSaveOffersAnotherName();
    void saveAsksWhenTheFileChangedOnDisk();
    void savingAnImportAsksBeforeReplacingAFile();
    void fileDialogsFitTheScreen();
    void fileDialogsShowWholeColumns();
    void exportDialogAsksAboutTheFileItWrites();
    void exportDialogRenamesATwoPartSuffixWhole();
    void unsavedChangesButtonsHaveAccessKeys();
    void generatesFromTheGallery();
    void regenerateIsUndoable();
    void reconfiguresTheOcs();
    void reconfigureRedrawsTheTorus();
    void reconfigureDialogShowsItsTextWhole();
    void ocsDockFollowsEdits();
    void deletesAndDuplicatesTheSelection();
    void undoMenuShowsNodeNamesAsTheyAre();
    void textPromptShowsItsTextWhole();
    void metricsDockShowsInfoFigures();
    void screenshotWritesAPng();
    void fitsA1280x720Projector();
    void chartsReadAt1280x720();
    void everyScrollingTabStopShowsTheKeyboardFocus();
    void tabScrollsAFieldBelowTheFoldIntoView();
    void screenshotsWaitForTheScrollBarALastChangeNeeds();
    void everyTabStopShowsWhereTheFocusIs_data();
    void everyTabStopShowsWhereTheFocusIs();
    void aWindowOpeningGivesNoFrame();
    void compareTabGetsRoomAt1280x720();
    void docksAreSizedForTheSettledWindow();
    void drawsAFabricByHand();
    void arrangeKeepsEachLeafOverItsGpus();
    void paletteNodesStayClearOfTheLegend();
    void handEditsMarkTheGeneratorModified();
    void commandLine();
    void escapeLeavesPresentationMode();
    void leavingPresentationKeepsTheDocksOfTheFabricOpenedInIt();
    void everyDockCanBeBroughtBack();
    void closedInPresentationModeStartsWindowed();
    void presentationAtStartOnAProjectorAfterASavedLayout();
    void lettersGoToTheFocusedListOrBox();
    void runActionsFollowTheRunButton();
    void refusedSweepIsForgottenWithItsFabric();
    void sameOcsShapeIsNoEdit();
    void findBoxStartsEmptyOnAnotherFabric();
    void findPicksTwoGpusForThePathsWithoutAMouse();
    void showsEqualCostPathsBetweenTwoGpus();
    void pathsDockFollowsTheFaultsAndDrawsThePolicyOnTop();

private:
    /// Opens a small fabric in the active window, selects its first node and gives the
    /// inspector's field for @p property (null when the window could not be activated).
    QWidget *typingInto(NodeProperty property);

    MainWindow *mWindow = nullptr;
    FakePrompts *mPrompts = nullptr;
    QTemporaryDir mDir;
};

namespace {

/// The spine a path between two leaves crosses, or kNoNode.
NodeId spineOn(const Fabric &f, const QList<LinkId> &path)
{
    for (const LinkId l : path)
        for (const NodeId end : { f.link(l).a, f.link(l).b })
            if (f.node(end).role == SwitchRole::Spine)
                return end;
    return kNoNode;
}

Fabric smallFatTree()
{
    return gen::generate("ib-fat-tree", nlohmann::json { { "gpus", 32 } });
}

QString writeFile(const QString &path, const QByteArray &content)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(content);
    return path;
}

bool waitForMetrics(MainWindow *w)
{
    return QTest::qWaitFor([w] { return !w->metricsDock()->isBusy(); }, 60000);
}

/// Some of @p widget is inside its window once each parent has clipped it. QMainWindow parks a
/// dock behind another's tab out of the window, still "visible".
bool inItsWindow(const QWidget *widget)
{
    QRect shown = widget->rect();
    for (const QWidget *w = widget; !w->isWindow() && w->parentWidget(); w = w->parentWidget())
        shown = shown.translated(w->pos()) & w->parentWidget()->rect();
    return !shown.isEmpty();
}

} // namespace

void TestMainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("FabricScopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
    QSettings().clear();
}

void TestMainWindow::init()
{
    mWindow = new MainWindow;
    auto prompts = std::make_unique<FakePrompts>();
    mPrompts = prompts.get();
    mWindow->setPrompts(std::move(prompts));
    mWindow->resize(1280, 800);
    mWindow->show();
}

void TestMainWindow::cleanup()
{
    mPrompts->saveChoice = Prompts::SaveChoice::Discard;
    delete mWindow;
    mWindow = nullptr;
}

void TestMainWindow::startsOnTheDefaultFabric()
{
    mWindow->openDefaultFabric();
    const Fabric &f = mWindow->document()->fabric();
    QCOMPARE(f.endpoints().size(), std::size_t(256));
    QCOMPARE(mWindow->canvas()->fabric(), &f);
    QVERIFY(!mWindow->isWindowModified());
    QVERIFY(mWindow->windowTitle().contains(QLatin1String("FabricScope")));
    QVERIFY(mWindow->action(QStringLiteral("actionRegenerate"))->isEnabled());
    QVERIFY(!mWindow->action(QStringLiteral("actionReconfigureOcs"))->isEnabled());
    QVERIFY(!mWindow->action(QStringLiteral("actionReplaceFailedCubes"))->isEnabled());
    QVERIFY(!mWindow->findChild<QMenu *>(QStringLiteral("menuTorusView"))->isEnabled());
    // No optical circuit switches: no OCS Circuits tab taking room from the analysis.
    QVERIFY(!mWindow->findChild<QDockWidget *>(QStringLiteral("ocsDock"))->isVisible());
    // The shortcuts a desktop user expects.
    const auto shortcut
        = [this](const char *name) { return mWindow->action(QLatin1String(name))->shortcut(); };
    QCOMPARE(shortcut("actionOpen"), QKeySequence(QKeySequence::Open));
    QCOMPARE(shortcut("actionSave"), QKeySequence(QKeySequence::Save));
    QCOMPARE(shortcut("actionUndo"), QKeySequence(QKeySequence::Undo));
    QCOMPARE(shortcut("actionRedo"), QKeySequence(QStringLiteral("Ctrl+Shift+Z")));
    QCOMPARE(shortcut("actionFind"), QKeySequence(QKeySequence::Find));
    QCOMPARE(shortcut("actionFit"), QKeySequence(QStringLiteral("F")));
    QCOMPARE(shortcut("actionDelete"), QKeySequence(QKeySequence::Delete));
    QCOMPARE(shortcut("actionLinkMode"), QKeySequence(QStringLiteral("L")));
    QCOMPARE(shortcut("actionPresentation"), QKeySequence(QStringLiteral("F11")));
}

void TestMainWindow::menuMnemonicsAreUnique()
{
    // Alt+F then E in the File menu only highlighted New Empty Fabric: Export had the same
    // letter, and a letter shared in one menu cycles between its items instead of opening one.
    // The Simulation menu shared five letters (Run and Particles, Play and picture, ...).
    mWindow->openDefaultFabric();
    QStringList clashes;
    const auto check = [&](const QString &where, const QList<QAction *> &actions) {
        QHash<QKeySequence, QString> taken;
        for (const QAction *a : actions) {
            if (a->isSeparator() || !a->isVisible())
                continue;
            const QKeySequence key = QKeySequence::mnemonic(a->text());
            if (key.isEmpty())
                continue;
            if (taken.contains(key))
                clashes << QStringLiteral("%1: \u201c%2\u201d and \u201c%3\u201d")
                               .arg(where, taken.value(key), a->text());
            taken.insert(key, a->text());
        }
    };
    check(QStringLiteral("menu bar"), mWindow->menuBar()->actions());
    const auto menus = mWindow->findChildren<QMenu *>(); // with submenus and context menus
    QVERIFY(menus.size() >= 9);
    // Every item has a letter too: View > Docks, File > Open Example and the torus dimensions
    // were reached by the arrow keys only. Docks and examples are named as they open.
    QStringList without;
    for (QMenu *menu : menus) {
        Q_EMIT menu->aboutToShow();
        check(menu->title(), menu->actions());
        for (const QAction *a : menu->actions())
            if (!a->isSeparator() && !a->text().isEmpty()
                && QKeySequence::mnemonic(a->text()).isEmpty())
                without << menu->title() + QStringLiteral(" > ") + a->text();
    }
    QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1Char('\n'))));
    QVERIFY2(without.isEmpty(), qPrintable(without.join(QLatin1Char('\n'))));
    const QMenu *docks = mWindow->findChild<QMenu *>(QStringLiteral("menuDocks"));
    QVERIFY(docks && docks->actions().size() >= 10);
}

void TestMainWindow::opensEveryShippedFabric()
{
    const QDir dir(QStringLiteral(FABRICSCOPE_TOPOLOGIES));
    const QStringList names = dir.entryList({ QStringLiteral("*.fabric.json") }, QDir::Files);
    QVERIFY2(!names.isEmpty(), "no shipped fabrics in topologies/");
    for (const QString &name : names) {
        QVERIFY2(mWindow->openFile(dir.filePath(name)), qPrintable(mPrompts->errors.join('\n')));
        QVERIFY(mWindow->document()->fabric().nodeCount() > 0);
        QVERIFY(mWindow->windowTitle().contains(name));
        QCOMPARE(mWindow->recentFiles().value(0), dir.absoluteFilePath(name));
    }
    QVERIFY(mPrompts->errors.isEmpty());
}

void TestMainWindow::recentMenuTellsFilesApartAndForgetsGoneOnes()
{
    // Two "fabric.fabric.json" of different folders read the same in File > Open Recent; a
    // name with '&' lost it to an access key ("RD.fabric.json"); a file deleted since failed
    // to open each time it was picked and stayed in the menu.
    const QString shipped = QStringLiteral(FABRICSCOPE_TOPOLOGIES "/dragonfly-small.fabric.json");
    QDir(mDir.path()).mkpath(QStringLiteral("a"));
    QDir(mDir.path()).mkpath(QStringLiteral("b"));
    const QString a = mDir.filePath(QStringLiteral("a/fabric.fabric.json"));
    const QString b = mDir.filePath(QStringLiteral("b/fabric.fabric.json"));
    const QString rd = mDir.filePath(QStringLiteral("R&D.fabric.json"));
    for (const QString &path : { a, b, rd }) {
        QVERIFY(QFile::copy(shipped, path));
        QVERIFY2(mWindow->openFile(path), qPrintable(mPrompts->errors.join('\n')));
    }
    auto *menu = mWindow->findChild<QMenu *>(QStringLiteral("menuRecent"));
    QVERIFY(menu);
    const QList<QAction *> items = menu->actions();
    QVERIFY(items.size() >= 3);
    QCOMPARE(items[0]->text(), QStringLiteral("&1 R&&D.fabric.json"));
    QCOMPARE(items[1]->text(),
        QStringLiteral("&2 fabric.fabric.json \u2014 ")
            + QDir::toNativeSeparators(QFileInfo(b).path()));
    QCOMPARE(items[2]->text(),
        QStringLiteral("&3 fabric.fabric.json \u2014 ")
            + QDir::toNativeSeparators(QFileInfo(a).path()));
    QCOMPARE(items[2]->toolTip(), QFileInfo(a).absoluteFilePath());

    QVERIFY(QFile::remove(a));
    mPrompts->errors.clear();
    items[2]->trigger();
    QCOMPARE(mPrompts->errors.size(), 1);
    QVERIFY2(mPrompts->errors[0].contains(QStringLiteral("no longer exists")),
        qPrintable(mPrompts->errors[0]));
    QVERIFY(!mWindow->recentFiles().contains(QFileInfo(a).absoluteFilePath()));
    QCOMPARE(mWindow->document()->fileName(), QFileInfo(rd).absoluteFilePath());
    // File > Open starts in the last file's folder, also from a fabric never saved (it started
    // in the home folder).
    mPrompts->fileName.clear();
    QVERIFY(mWindow->openGenerated(smallFatTree()));
    mWindow->action(QStringLiteral("actionOpen"))->trigger();
    QCOMPARE(mPrompts->openedAt, QFileInfo(rd).absolutePath());
    // So does Save's dialog for it, which proposed the home folder.
    mWindow->action(QStringLiteral("actionSave"))->trigger();
    QCOMPARE(QFileInfo(mPrompts->proposedSaveName).absolutePath(), QFileInfo(rd).absolutePath());
    // Alone with its name now, the other copy is named without its folder.
    QCOMPARE(menu->actions()[1]->text(), QStringLiteral("&2 fabric.fabric.json"));
}

void TestMainWindow::opensExamplesFromTheFileMenu()
{
    // Run from the build tree, the menu lists the source tree's topologies/, one entry a file.
    const QDir dir(QStringLiteral(FABRICSCOPE_TOPOLOGIES));
    const QStringList names = dir.entryList({ QStringLiteral("*.fabric.json") }, QDir::Files);
    auto *menu = mWindow->findChild<QMenu *>(QStringLiteral("menuExamples"));
    QVERIFY(menu);
    QVERIFY(menu->isEnabled());
    QStringList titles;
    for (const QAction *a : menu->actions())
        titles << a->text();
    QStringList expected;
    for (const QString &name : names)
        expected << QString(name).remove(QStringLiteral(".fabric.json"));
    QVERIFY(!expected.isEmpty());
    QCOMPARE(titles, expected);

    // File > Export holds every export: fabric formats and the simulation's pictures, charts,
    // results, report and frames.
    auto *exportMenu = mWindow->findChild<QMenu *>(QStringLiteral("menuExport"));
    QVERIFY(exportMenu);
    QStringList exports;
    for (const QAction *a : exportMenu->actions())
        exports << a->objectName();
    for (const char *name : { "actionExport_graphml", "actionExportPicture", "actionExportChart",
                              "actionExportReport", "actionExportResults", "actionExportFrames",
                              "actionExportHeatmap" })
        QVERIFY2(exports.contains(QLatin1String(name)), name);

    // An example opens as a new, unsaved fabric: Save must not write over the shipped copy.
    QAction *pod = mWindow->action(QStringLiteral("actionExample_superpod-256"));
    QVERIFY(pod);
    const QStringList recentBefore = mWindow->recentFiles();
    pod->trigger();
    QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join('\n')));
    QCOMPARE(mWindow->document()->fabric().endpoints().size(), std::size_t(256));
    QVERIFY(mWindow->document()->fileName().isEmpty());
    QCOMPARE(mWindow->recentFiles(), recentBefore);
}

void TestMainWindow::rejectsABadFileAndKeepsTheDocument()
{
    mWindow->openGenerated(smallFatTree());
    Document *before = mWindow->document();
    const Fabric fabric = before->fabric();
    const QString truncated = writeFile(mDir.filePath(QStringLiteral("truncated.fabric.json")),
        R"({"format": "fabricscope", "nodes": [{"id": 0,)");
    QVERIFY(!mWindow->openFile(truncated));
    QCOMPARE(mPrompts->errors.size(), 1);
    QVERIFY2(mPrompts->errors[0].contains(QLatin1String("truncated.fabric.json")),
        qPrintable(mPrompts->errors[0]));
    QCOMPARE(mWindow->document(), before);
    QVERIFY(mWindow->document()->fabric() == fabric);
    QVERIFY(mWindow->recentFiles().isEmpty() || mWindow->recentFiles()[0] != truncated);

    QVERIFY(!mWindow->openFile(mDir.filePath(QStringLiteral("does-not-exist.fabric.json"))));
    QCOMPARE(mPrompts->errors.size(), 2);
    QCOMPARE(mWindow->document(), before);
}

void TestMainWindow::addsAndLinksNodesFromThePalette()
{
    mWindow->openGenerated(Fabric());
    Document *doc = mWindow->document();
    PaletteDock *palette = mWindow->paletteDock();
    QListWidget *list = palette->list();
    // Double-clicking a palette entry adds it at the view centre.
    Q_EMIT list->itemActivated(list->item(0)); // GPU
    Q_EMIT list->itemActivated(list->item(2)); // leaf switch
    QCOMPARE(doc->fabric().nodeCount(), std::size_t(2));
    QVERIFY(doc->fabric().node(0).kind == NodeKind::Gpu);
    QVERIFY(doc->fabric().node(1).role == SwitchRole::Leaf);
    QVERIFY(doc->fabric().node(0).name != doc->fabric().node(1).name);
    QVERIFY(mWindow->isWindowModified());

    palette->capacityEditor()->setValue(800);
    Q_EMIT mWindow->canvas()->linkRequested(0, 1);
    QCOMPARE(doc->fabric().linkCount(), std::size_t(1));
    QCOMPARE(doc->fabric().link(0).capacityGbps, 800.0);
    // No link to itself.
    Q_EMIT mWindow->canvas()->linkRequested(1, 1);
    QCOMPARE(doc->fabric().linkCount(), std::size_t(1));

    QAction *undo = mWindow->action(QStringLiteral("actionUndo"));
    QAction *redo = mWindow->action(QStringLiteral("actionRedo"));
    undo->trigger();
    QCOMPARE(doc->fabric().linkCount(), std::size_t(0));
    undo->trigger();
    undo->trigger();
    QCOMPARE(doc->fabric().nodeCount(), std::size_t(0));
    QVERIFY(!mWindow->isWindowModified());
    redo->trigger();
    redo->trigger();
    redo->trigger();
    QCOMPARE(doc->fabric().nodeCount(), std::size_t(2));
    QCOMPARE(doc->fabric().link(0).a, NodeId(0));
    QCOMPARE(doc->fabric().link(0).b, NodeId(1));

    // A drag on the canvas becomes one undoable move.
    Q_EMIT mWindow->canvas()->nodesMoved({ 0 }, { QPointF(0, 0) }, { QPointF(120, 80) });
    QCOMPARE(doc->fabric().node(0).hints.position, (std::pair { 120.0, 80.0 }));
    undo->trigger();
    QVERIFY(doc->fabric().node(0).hints.position != (std::pair { 120.0, 80.0 }));

    // Duplicate puts no copy on a node: a fixed 40-unit step put a copy on the palette's next
    // node, 48 units away, their names overprinted. The copies keep their shape.
    Q_EMIT list->itemActivated(list->item(0)); // a second GPU, beside the first
    QCOMPARE(doc->fabric().nodeCount(), std::size_t(3));
    mWindow->canvas()->setSelection({ 0, 1, 2 });
    mWindow->action(QStringLiteral("actionDuplicate"))->trigger();
    QCOMPARE(doc->fabric().nodeCount(), std::size_t(6));
    const auto at = [&](NodeId n) { return mWindow->canvas()->nodePosition(n); };
    for (NodeId copy : { 3, 4, 5 })
        for (NodeId other = 0; other < 6; ++other)
            if (other != copy) {
                const QPointF d = at(copy) - at(other);
                QVERIFY2(std::abs(d.x()) >= 48 || std::abs(d.y()) >= 48,
                    qPrintable(QStringLiteral("%1 on %2").arg(copy).arg(other)));
            }
    QCOMPARE(at(4) - at(3), at(1) - at(0));
    QCOMPARE(at(5) - at(3), at(2) - at(0));
}

void TestMainWindow::dropsPaletteNodesAndFilesOnTheCanvas()
{
    mWindow->openGenerated(Fabric());
    QWidget *viewport = mWindow->canvas()->viewport();
    // Palette entries have icons and drag their item key.
    PaletteDock *palette = mWindow->paletteDock();
    QStringList keys;
    for (int row = 0; row < palette->list()->count(); ++row) {
        QListWidgetItem *item = palette->list()->item(row);
        QVERIFY(!item->icon().isNull());
        const std::unique_ptr<QMimeData> mime(
            palette->list()->model()->mimeData({ palette->list()->model()->index(row, 0) }));
        QVERIFY(mime && mime->hasFormat(QStringLiteral("application/x-fabricscope-palette-item")));
        keys << QString::fromUtf8(mime->data(QStringLiteral("application/x-fabricscope-palette-item")));
    }
    QCOMPARE(keys,
        (QStringList { QStringLiteral("gpu"), QStringLiteral("host"), QStringLiteral("switch:leaf"),
            QStringLiteral("switch:spine"), QStringLiteral("switch:core"),
            QStringLiteral("switch:router"), QStringLiteral("ocs") }));

    // View > Snap to Grid snaps drops (and is remembered).
    QAction *snap = mWindow->action(QStringLiteral("actionSnapToGrid"));
    snap->trigger();
    QVERIFY(snap->isChecked());
    QVERIFY(mWindow->canvas()->gridSnap() > 0);
    QCOMPARE(QSettings().value(QStringLiteral("view/snapToGrid")).toBool(), true);
    QMimeData nodeMime;
    nodeMime.setData(PaletteDock::mimeType(), "switch:spine");
    QDragEnterEvent enter(
        QPoint(53, 61), Qt::CopyAction, &nodeMime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent nodeDrop(QPointF(53, 61), Qt::CopyAction, &nodeMime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &nodeDrop);
    QCOMPARE(mWindow->document()->fabric().nodeCount(), std::size_t(1));
    const Node &dropped = mWindow->document()->fabric().node(0);
    QVERIFY(dropped.kind == NodeKind::Switch && dropped.role == SwitchRole::Spine);
    QVERIFY(dropped.hints.position.has_value());
    const double step = mWindow->canvas()->gridSnap();
    QCOMPARE(std::fmod(std::abs(dropped.hints.position->first), step), 0.0);
    QCOMPARE(std::fmod(std::abs(dropped.hints.position->second), step), 0.0);
    // The drop is one undoable command.
    mWindow->action(QStringLiteral("actionUndo"))->trigger();
    QCOMPARE(mWindow->document()->fabric().nodeCount(), std::size_t(0));
    mWindow->action(QStringLiteral("actionRedo"))->trigger();
    QCOMPARE(mWindow->document()->fabric().nodeCount(), std::size_t(1));
    snap->trigger();
    QCOMPARE(mWindow->canvas()->gridSnap(), 0.0);

    // A fabric file dropped on the window opens (after asking about the unsaved node).
    const QString path = mDir.filePath(QStringLiteral("dropped.fabric.json"));
    files::save(smallFatTree(), path);
    QMimeData fileMime;
    fileMime.setUrls({ QUrl::fromLocalFile(path) });
    QDragEnterEvent fileEnter(
        QPoint(10, 10), Qt::CopyAction, &fileMime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &fileEnter);
    QVERIFY(fileEnter.isAccepted());
    QDropEvent fileDrop(QPointF(10, 10), Qt::CopyAction, &fileMime, Qt::LeftButton, Qt::NoModifier);
    mPrompts->saveChoice = Prompts::SaveChoice::Discard;
    QApplication::sendEvent(viewport, &fileDrop);
    QCOMPARE(mPrompts->saveQuestions, 1);
    QCOMPARE(mWindow->document()->fileName(), QFileInfo(path).absoluteFilePath());

    // Several files: the first opens, and the status bar says the others did not.
    const QString second = mDir.filePath(QStringLiteral("second.fabric.json"));
    const QString third = mDir.filePath(QStringLiteral("third.fabric.json"));
    files::save(smallFatTree(), second);
    files::save(smallFatTree(), third);
    for (const QList<QUrl> &urls :
        { QList<QUrl> { QUrl::fromLocalFile(second), QUrl::fromLocalFile(third) },
            QList<QUrl> { QUrl::fromLocalFile(third), QUrl::fromLocalFile(second),
                QUrl::fromLocalFile(path) } }) {
        QMimeData several;
        several.setUrls(urls);
        QDragEnterEvent severalEnter(
            QPoint(10, 10), Qt::CopyAction, &several, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(viewport, &severalEnter);
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &several, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(viewport, &drop);
        QCOMPARE(mWindow->document()->fileName(), urls.front().toLocalFile());
        const QString message = mWindow->statusBar()->currentMessage();
        QVERIFY2(message.contains(urls.size() == 2 ? QStringLiteral("so third.fabric.json was not")
                                                   : QStringLiteral("the other 2 dropped files")),
            qPrintable(message));
    }
}

void TestMainWindow::inspectorEditsAndValidates()
{
    mWindow->openGenerated(smallFatTree());
    Document *doc = mWindow->document();
    InspectorDock *inspector = mWindow->inspectorDock();
    const std::vector<LinkId> links { 0, 1, 2 };
    inspector->setSelection({}, links);
    PropertyForm *linkForm = inspector->linkForm();
    auto *capacity = qobject_cast<QDoubleSpinBox *>(
        linkForm->editor(linkForm->indexOf(int(LinkProperty::CapacityGbps))));
    QVERIFY(capacity);
    const int stackBefore = doc->undoStack()->count();
    // A capacity of 0 is refused, in words: the spin box used to put the old value back
    // silently, as if the edit had been taken.
    const double capacityBefore = doc->fabric().link(links.front()).capacityGbps;
    capacity->setFocus();
    capacity->selectAll();
    QTest::keyClicks(capacity, QStringLiteral("0"));
    QTest::keyClick(capacity, Qt::Key_Return);
    QVERIFY2(inspector->errorText().contains(QStringLiteral("above zero")),
        qPrintable(inspector->errorText()));
    QCOMPARE(doc->fabric().link(links.front()).capacityGbps, capacityBefore);
    QCOMPARE(doc->undoStack()->count(), stackBefore);
    capacity->setValue(123);
    for (LinkId l : links)
        QCOMPARE(doc->fabric().link(l).capacityGbps, 123.0);
    QCOMPARE(doc->undoStack()->count(), stackBefore + 1); // a bulk edit is one step

    // Names stay unique.
    inspector->setSelection({ 0 }, {});
    PropertyForm *nodeForm = inspector->nodeForm();
    auto *name
        = qobject_cast<QLineEdit *>(nodeForm->editor(nodeForm->indexOf(int(NodeProperty::Name))));
    QVERIFY(name);
    const std::string taken = doc->fabric().node(1).name;
    const std::string original = doc->fabric().node(0).name;
    name->setFocus();
    name->selectAll();
    QTest::keyClicks(name, QString::fromStdString(taken));
    QTest::keyClick(name, Qt::Key_Return);
    QVERIFY(!inspector->errorText().isEmpty());
    QCOMPARE(doc->fabric().node(0).name, original);
    name->selectAll();
    QTest::keyClicks(name, QStringLiteral("my-gpu"));
    QTest::keyClick(name, Qt::Key_Return);
    QVERIFY(inspector->errorText().isEmpty());
    QCOMPARE(doc->fabric().node(0).name, std::string("my-gpu"));
    // Ctrl+Z in the field, right after Enter, undoes the edit (the field kept Ctrl+Z for its
    // own text history), and the inspector shows it.
    mWindow->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(mWindow));
    name->setFocus();
    QTest::keyClick(name, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(doc->fabric().node(0).name, original);
    QCOMPARE(name->text(), QString::fromStdString(original));

    // An edit that would make a file the app cannot open again is refused, as a name taken is:
    // a leaf's port count under the ports its links use (saved, the file was refused on open).
    const Fabric &fabric = doc->fabric();
    NodeId leaf = kNoNode;
    fabric.forEachNode([&](const Node &n) {
        if (leaf == kNoNode && n.role == SwitchRole::Leaf)
            leaf = n.id;
    });
    int highestPort = -1;
    for (const LinkId l : fabric.linksOf(leaf))
        highestPort = std::max(
            highestPort, fabric.link(l).a == leaf ? fabric.link(l).portA : fabric.link(l).portB);
    QVERIFY(highestPort >= 2);
    const int portsBefore = fabric.node(leaf).ports;
    inspector->setSelection({ leaf }, {});
    auto *ports
        = qobject_cast<QSpinBox *>(nodeForm->editor(nodeForm->indexOf(int(NodeProperty::Ports))));
    QVERIFY(ports);
    // At 1280x720 the dock shows a few rows: the field is scrolled into view, the message
    // above the forms must come into view when the value is refused.
    QScrollArea *scroll = inspector->findChild<QScrollArea *>();
    QVERIFY(scroll);
    inspector->setFloating(true);
    inspector->resize(300, 140);
    QCoreApplication::processEvents();
    scroll->ensureWidgetVisible(ports);
    QVERIFY(scroll->verticalScrollBar()->value() > 0);
    ports->setValue(1);
    QVERIFY2(inspector->errorText().contains(QStringLiteral("out of range")),
        qPrintable(inspector->errorText()));
    QVERIFY(inspector->errorInView());
    inspector->setFloating(false);
    QCOMPARE(doc->fabric().node(leaf).ports, portsBefore);
    ports->setValue(highestPort + 1); // every port its links use still exists
    QVERIFY2(inspector->errorText().isEmpty(), qPrintable(inspector->errorText()));
    QCOMPARE(doc->fabric().node(leaf).ports, highestPort + 1);
}

QWidget *TestMainWindow::typingInto(NodeProperty property)
{
    mWindow->openGenerated(smallFatTree());
    mWindow->activateWindow();
    if (!QTest::qWaitForWindowActive(mWindow))
        return nullptr;
    InspectorDock *inspector = mWindow->inspectorDock();
    inspector->setSelection({ 0 }, {});
    PropertyForm *form = inspector->nodeForm();
    return form->editor(form->indexOf(int(property)));
}

// A name typed in the inspector without Enter: Save wrote the file without it, and New (or
// Quit) dropped it with no prompt.
void TestMainWindow::valueBeingTypedIsSavedOrAskedAbout()
{
    auto *name = qobject_cast<QLineEdit *>(typingInto(NodeProperty::Name));
    QVERIFY(name);
    InspectorDock *inspector = mWindow->inspectorDock();
    const auto type = [&](const QString &text) {
        inspector->setSelection({ 0 }, {});
        name->setFocus();
        QVERIFY(name->hasFocus());
        name->selectAll();
        QTest::keyClicks(name, text);
    };
    type(QStringLiteral("renamed-before-save"));
    const QString path = mDir.filePath(QStringLiteral("typed.fabric.json"));
    QVERIFY(mWindow->saveAs(path));
    QCOMPARE(io::loadFabric(path.toStdString()).node(0).name, std::string("renamed-before-save"));
    QVERIFY(!mWindow->isWindowModified());

    type(QStringLiteral("renamed-before-new"));
    mPrompts->saveChoice = Prompts::SaveChoice::Cancel;
    QVERIFY(!mWindow->maybeSave()); // asked, and the user kept the document
    QCOMPARE(mPrompts->saveQuestions, 1);
    QCOMPARE(mWindow->document()->fabric().node(0).name, std::string("renamed-before-new"));
}

// The palette took new links up to 1e7 Gb/s and 1e12 ns: saved, the file was refused on
// opening (the limit is 1e6 Gb/s, 1e9 ns). The wheel over a field of the palette or the
// inspector changed it while the user scrolled the dock: a port count, as an undoable edit.
void TestMainWindow::fieldsKeepToTheFileLimitsAndTheWheelScrolls()
{
    mWindow->openGenerated(smallFatTree());
    PaletteDock *palette = mWindow->paletteDock();
    QCOMPARE(palette->capacityEditor()->maximum(), io::limits::kMaxCapacityGbps);
    InspectorDock *inspector = mWindow->inspectorDock();
    inspector->setSelection({ 0 }, {});
    PropertyForm *nodeForm = inspector->nodeForm();
    auto *ports
        = qobject_cast<QSpinBox *>(nodeForm->editor(nodeForm->indexOf(int(NodeProperty::Ports))));
    QVERIFY(ports);
    QCOMPARE(double(ports->maximum()), double(io::limits::kMaxPorts));
    const auto wheel = [](QWidget *field) {
        const QPointF at(field->width() / 2.0, field->height() / 2.0);
        QWheelEvent event(at, field->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton,
            Qt::NoModifier, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(field, &event);
    };
    const double capacity = palette->capacityEditor()->value();
    const int portsBefore = ports->value();
    const int steps = mWindow->document()->undoStack()->count();
    wheel(palette->capacityEditor());
    wheel(ports);
    QCOMPARE(palette->capacityEditor()->value(), capacity);
    QCOMPARE(ports->value(), portsBefore);
    QCOMPARE(mWindow->document()->undoStack()->count(), steps);
}

// Ctrl+Z with "16" typed in Ports (no Enter) undid the document's last edit, the whole node,
// and dropped the typing; a name field already undid its typing. And a count field showed
// "8 GPU": its suffix agreed with the minimum it was built at, not the value set.
void TestMainWindow::undoWhileTypingANumberUndoesTheTyping()
{
    auto *ports = qobject_cast<QSpinBox *>(typingInto(NodeProperty::Ports));
    QVERIFY(ports);
    Document *doc = mWindow->document();
    const int portsBefore = ports->value();
    const int steps = doc->undoStack()->count();
    const int index = doc->undoStack()->index();
    const std::size_t nodes = doc->fabric().nodeCount();
    ports->setFocus();
    QVERIFY(ports->hasFocus());
    ports->selectAll();
    QTest::keyClicks(ports, QStringLiteral("16"));
    QTest::keyClick(ports, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(doc->undoStack()->index(), index);
    QCOMPARE(doc->undoStack()->count(), steps);
    QCOMPARE(doc->fabric().nodeCount(), nodes);
    QCOMPARE(ports->value(), portsBefore);

    PropertySpec gpus;
    gpus.type = PropertySpec::Type::Int;
    gpus.label = QStringLiteral("GPUs per host");
    gpus.min = 1;
    gpus.max = 16;
    gpus.unit = QStringLiteral("GPUs");
    PropertyForm form({ gpus });
    form.setValue(0, 8);
    QCOMPARE(qobject_cast<QSpinBox *>(form.editor(0))->suffix(), QStringLiteral(" GPUs"));
    form.setValue(0, 1);
    QCOMPARE(qobject_cast<QSpinBox *>(form.editor(0))->suffix(), QStringLiteral(" GPU"));
}

void TestMainWindow::saveAndReload()
{
    mWindow->openGenerated(smallFatTree());
    // New links default to the fabric's own kind of link.
    QVERIFY(mWindow->paletteDock()->linkTemplate().medium == Medium::InfiniBand);
    Q_EMIT mWindow->paletteDock()->list()->itemActivated(mWindow->paletteDock()->list()->item(1));
    QVERIFY(mWindow->isWindowModified());
    const QString path = mDir.filePath(QStringLiteral("roundtrip"));
    mPrompts->fileName = path;
    QVERIFY(mWindow->action(QStringLiteral("actionSave"))->isEnabled());
    mWindow->action(QStringLiteral("actionSave"))->trigger(); // untitled: asks for a name
    const QString saved = path + QStringLiteral(".fabric.json");
    QVERIFY(QFile::exists(saved));
    QVERIFY(!mWindow->isWindowModified());
    QVERIFY(mWindow->windowTitle().contains(QLatin1String("roundtrip.fabric.json")));
    const Fabric edited = mWindow->document()->fabric();

    QVERIFY(mWindow->openFile(saved));
    QVERIFY(mWindow->document()->fabric() == edited);
    QCOMPARE(mWindow->recentFiles().value(0), QFileInfo(saved).absoluteFilePath());
    QVERIFY(mPrompts->errors.isEmpty());
}

void TestMainWindow::exportsProposeAFileNameAndAddTheType()
{
    // A folder with a dot in its name: a proposal cut at the first dot of the path lost it.
    const QString own = mDir.filePath(QStringLiteral("review.v2"));
    const QString out = mDir.filePath(QStringLiteral("slides"));
    QVERIFY(QDir().mkpath(own) && QDir().mkpath(out));
    QVERIFY(mWindow->openGenerated(smallFatTree()));
    QVERIFY(mWindow->saveAs(QDir(own).filePath(QStringLiteral("pod.fabric.json"))));

    // The first export proposes FABRIC-WHAT.EXT beside the fabric; a name typed without a type
    // gets the type's suffix, and the status bar says where the file went.
    mPrompts->fileName = QDir(out).filePath(QStringLiteral("review"));
    mWindow->action(QStringLiteral("actionExportReport"))->trigger();
    QCOMPARE(mPrompts->proposedExportName, QDir(own).filePath(QStringLiteral("pod-report.pdf")));
    QVERIFY(mPrompts->exportFilters.value(0).contains(QLatin1String("*.pdf")));
    const QString report = QDir(out).filePath(QStringLiteral("review.pdf"));
    QVERIFY(QFileInfo(report).size() > 1000);
    QCOMPARE(mWindow->statusBar()->currentMessage(), QStringLiteral("Exported ") + report);

    // The next one opens where the last one went; the picture's first type is PNG.
    mPrompts->fileName = QDir(out).filePath(QStringLiteral("picture"));
    mWindow->action(QStringLiteral("actionExportPicture"))->trigger();
    QCOMPARE(mPrompts->proposedExportName, QDir(out).filePath(QStringLiteral("pod-picture.png")));
    QVERIFY(QFileInfo(QDir(out).filePath(QStringLiteral("picture.png"))).size() > 1000);
    mPrompts->fileName = QDir(out).filePath(QStringLiteral("vector.svg")); // a type it offers
    mWindow->action(QStringLiteral("actionExportPicture"))->trigger();
    QVERIFY(QFile::exists(QDir(out).filePath(QStringLiteral("vector.svg"))));
    QVERIFY(!QFile::exists(QDir(out).filePath(QStringLiteral("vector.svg.png"))));
    // Its title names the fabric, not the file it is kept in.
    const QString svg = testing::readText(QDir(out).filePath(QStringLiteral("vector.svg")));
    QVERIFY(svg.contains(QLatin1String(">pod<")));
    QVERIFY(!svg.contains(QLatin1String("pod.fabric.json")));

    // A slide is written as SVG and PDF, and the status bar names both.
    mPrompts->fileName = QDir(out).filePath(QStringLiteral("slide"));
    mWindow->action(QStringLiteral("actionExportSlide"))->trigger();
    QVERIFY(QFile::exists(QDir(out).filePath(QStringLiteral("slide.svg"))));
    QVERIFY(QFile::exists(QDir(out).filePath(QStringLiteral("slide.pdf"))));
    QCOMPARE(mWindow->statusBar()->currentMessage(),
        QStringLiteral("Exported ") + QDir(out).filePath(QStringLiteral("slide.svg and .pdf")));

    // File > Export proposes the fabric's name with the format's suffix, where the last export
    // went, and adds the suffix to a name typed without it.
    mPrompts->fileName = QDir(own).filePath(QStringLiteral("pod-graph"));
    mWindow->action(QStringLiteral("actionExport_graphml"))->trigger();
    QCOMPARE(mPrompts->proposedExportName, QDir(out).filePath(QStringLiteral("pod.graphml")));
    QVERIFY(QFileInfo(QDir(own).filePath(QStringLiteral("pod-graph.graphml"))).size() > 1000);
    mPrompts->fileName = QDir(own).filePath(QStringLiteral("pod.v3")); // v3 is not a type
    mWindow->action(QStringLiteral("actionExport_dot"))->trigger();
    QVERIFY(QFile::exists(QDir(own).filePath(QStringLiteral("pod.v3.dot"))));
    // A typed multi-part suffix is kept as it is.
    mPrompts->fileName = QDir(own).filePath(QStringLiteral("pod.ns3.txt"));
    mWindow->action(QStringLiteral("actionExport_ns3"))->trigger();
    QVERIFY(QFile::exists(QDir(own).filePath(QStringLiteral("pod.ns3.txt"))));
    QVERIFY(mPrompts->errors.isEmpty());
}

void TestMainWindow::asksBeforeDiscardingChanges()
{
    const QString path = mDir.filePath(QStringLiteral("other.fabric.json"));
    files::save(smallFatTree(), path);
    mWindow->openGenerated(Fabric());
    Q_EMIT mWindow->paletteDock()->list()->itemActivated(mWindow->paletteDock()->list()->item(0));
    Document *edited = mWindow->document();

    mPrompts->saveChoice = Prompts::SaveChoice::Cancel;
    QVERIFY(!mWindow->openFile(path));
    QCOMPARE(mWindow->document(), edited);
    QVERIFY(!mWindow->close()); // closing asks too, and Cancel keeps the window
    QCOMPARE(mPrompts->saveQuestions, 2);

    // A file that cannot be read asks nothing: the question came, then the error.
    const QString broken = mDir.filePath(QStringLiteral("broken.fabric.json"));
    QFile file(broken);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"format\": \"fabricscope-fabric\", \"vers");
    file.close();
    mPrompts->errors.clear();
    QVERIFY(!mWindow->openFile(broken));
    QCOMPARE(mPrompts->saveQuestions, 2);
    QCOMPARE(mPrompts->errors.size(), 1);
    QCOMPARE(mWindow->document(), edited);

    // New from Template asks before the gallery opens: asked after, Cancel threw away the
    // parameters just chosen.
    bool galleryShown = false;
    mPrompts->dialog = [&](QDialog *) { return galleryShown = true, false; };
    mWindow->action(QStringLiteral("actionNew"))->trigger();
    QCOMPARE(mPrompts->saveQuestions, 3);
    QVERIFY(!galleryShown); // Cancel: no gallery
    mPrompts->dialog = nullptr;

    mPrompts->saveChoice = Prompts::SaveChoice::Discard;
    QVERIFY(mWindow->openFile(path));
    QCOMPARE(mWindow->document()->fabric().endpoints().size(), std::size_t(32));
}

void TestMainWindow::failedSaveOffersAnotherName()
{
    // A save into a folder that has gone away used to end at an error box: the user had to think
    // of Save As, and Quit asked to save and failed the same way.
    mWindow->openGenerated(smallFatTree());
    Q_EMIT mWindow->paletteDock()->list()->itemActivated(mWindow->paletteDock()->list()->item(1));
    const QString gone = mDir.filePath(QStringLiteral("gone/fabric.fabric.json"));
    mPrompts->yes = false;
    QVERIFY(!mWindow->saveAs(gone));
    QCOMPARE(mPrompts->questions.size(), 1);
    QVERIFY2(mPrompts->questions[0].contains(QLatin1String("another name")),
        qPrintable(mPrompts->questions[0]));
    QVERIFY(mWindow->isWindowModified());

    mPrompts->yes = true;
    const QString elsewhere = mDir.filePath(QStringLiteral("elsewhere.fabric.json"));
    mPrompts->fileName = elsewhere;
    QVERIFY(mWindow->saveAs(gone));
    QCOMPARE(mPrompts->questions.size(), 2);
    QVERIFY(QFile::exists(elsewhere));
    QVERIFY(!mWindow->isWindowModified());
    QCOMPARE(mWindow->document()->fileName(), QFileInfo(elsewhere).absoluteFilePath());
}

void TestMainWindow::saveAsksWhenTheFileChangedOnDisk()
{
    // Another program (or window) wrote the file after it was opened here: Save wrote over
    // that version without a word.
    const QString path = mDir.filePath(QStringLiteral("shared.fabric.json"));
    files::save(smallFatTree(), path, io::findFormat("native"));
    QVERIFY(mWindow->openFile(path));
    Q_EMIT mWindow->paletteDock()->list()->itemActivated(mWindow->paletteDock()->list()->item(1));
    QVERIFY(mWindow->save()); // its own save: no question
    QVERIFY(mPrompts->questions.isEmpty());
    Q_EMIT mWindow->paletteDock()->list()->itemActivated(mWindow->paletteDock()->list()->item(1));
    const auto theirs = [&] {
        Fabric other = smallFatTree();
        other.removeNode(0);
        files::save(other, path, io::findFormat("native"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.setFileTime(
            QDateTime::currentDateTime().addSecs(5), QFileDevice::FileModificationTime));
    };
    theirs();
    const std::size_t otherNodes = smallFatTree().nodeCount() - 1;
    mPrompts->yes = false;
    QVERIFY(!mWindow->save());
    QCOMPARE(mPrompts->questions.size(), 1);
    QVERIFY2(mPrompts->questions[0].contains(QLatin1String("changed on disk")),
        qPrintable(mPrompts->questions[0]));
    QCOMPARE(io::loadFabric(path.toStdString()).nodeCount(), otherNodes);
    QVERIFY(mWindow->isWindowModified());
    mPrompts->yes = true;
    QVERIFY(mWindow->save());
    QCOMPARE(
        io::loadFabric(path.toStdString()).nodeCount(), mWindow->document()->fabric().nodeCount());
    QVERIFY(!mWindow->isWindowModified());
}

void TestMainWindow::savingAnImportAsksBeforeReplacingAFile()
{
    // Save on an opened GraphML (or ibnetdiscover dump) writes NAME.graphml.fabric.json beside
    // it; an edited design of that name was overwritten without a question.
    const QString imported = mDir.filePath(QStringLiteral("pod.graphml"));
    files::save(smallFatTree(), imported, io::findFormat("graphml"));
    const QString beside = imported + QStringLiteral(".fabric.json");
    Fabric design;
    Node gpu;
    gpu.kind = NodeKind::Gpu;
    gpu.name = "my-design-gpu";
    design.addNode(gpu);
    files::save(design, beside);
    QVERIFY(mWindow->openFile(imported));
    Q_EMIT mWindow->paletteDock()->list()->itemActivated(mWindow->paletteDock()->list()->item(1));

    mPrompts->yes = false;
    mWindow->action(QStringLiteral("actionSave"))->trigger();
    QCOMPARE(mPrompts->questions.size(), 1);
    QVERIFY2(mPrompts->questions[0].contains(QLatin1String("already exists")),
        qPrintable(mPrompts->questions[0]));
    QVERIFY(files::load(beside) == design);
    QVERIFY(mWindow->isWindowModified());

    mPrompts->yes = true;
    const Fabric edited = mWindow->document()->fabric();
    mWindow->action(QStringLiteral("actionSave"))->trigger();
    QVERIFY(files::load(beside) == edited);
    QVERIFY(!mWindow->isWindowModified());
    // Its own file now: the next Save asks nothing.
    Q_EMIT mWindow->paletteDock()->list()->itemActivated(mWindow->paletteDock()->list()->item(1));
    mWindow->action(QStringLiteral("actionSave"))->trigger();
    QCOMPARE(mPrompts->questions.size(), 2);
    QVERIFY(mPrompts->errors.isEmpty());
}

void TestMainWindow::fileDialogsFitTheScreen()
{
    // In presentation mode's larger text the first export dialog of a session opened taller
    // than a 720-pixel projector, its file name and Save button below the screen's edge.
    mWindow->openGenerated(smallFatTree());
    QAction *presentation = mWindow->action(QStringLiteral("actionPresentation"));
    presentation->trigger();
    const QSize room = mWindow->screen()->availableGeometry().size();
    QStringList seen;
    const auto lookAndClose = [&] {
        QTimer::singleShot(0, mWindow, [&] {
            auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            const QSize size = dialog->frameGeometry().size();
            if (size.width() > room.width() || size.height() > room.height())
                seen << QStringLiteral("%1: %2x%3 on a %4x%5 screen")
                            .arg(dialog->windowTitle())
                            .arg(size.width())
                            .arg(size.height())
                            .arg(room.width())
                            .arg(room.height());
            else
                seen << QString();
            dialog->reject();
        });
    };
    Prompts real;
    lookAndClose();
    QVERIFY(real.exportFileName(mWindow, QStringLiteral("Export Picture"),
                    mDir.filePath(QStringLiteral("x.png")), { QStringLiteral("PNG (*.png)") })
                .isEmpty());
    lookAndClose();
    QVERIFY(real.saveFileName(
                    mWindow, mDir.filePath(QStringLiteral("x.fabric.json")), files::saveFilter())
                .isEmpty());
    lookAndClose();
    QVERIFY(real.openFileName(mWindow, mDir.path(), files::openFilter()).isEmpty());
    lookAndClose();
    QVERIFY(real.folderName(mWindow, QStringLiteral("Export Frames"), mDir.path()).isEmpty());
    presentation->trigger();
    QCOMPARE(seen.size(), 4);
    seen.removeAll(QString());
    QVERIFY2(seen.isEmpty(), qPrintable(seen.join(QLatin1Char('\n'))));
}

void TestMainWindow::fileDialogsShowWholeColumns()
{
    // Qt's file dialog opened at 624x412 whatever the window, and sized its detail columns for
    // a short date in the font it was made with: sizes, types and dates were cut to "97....KiB",
    // "JSO...ent" and "7 Dec ...:49:35", in presentation mode to "5...B".
    mWindow->openGenerated(smallFatTree());
    QDir folder(mDir.filePath(QStringLiteral("columns")));
    QVERIFY(folder.mkpath(QStringLiteral(".")));
    QFile file(folder.filePath(QStringLiteral("fabric.fabric.json")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(99'000, ' '));
    file.close();
    QAction *presentation = mWindow->action(QStringLiteral("actionPresentation"));
    for (const bool large : { false, true }) {
        if (large)
            presentation->trigger();
        QStringList cut;
        QSize size;
        QTimer::singleShot(0, mWindow, [&] {
            auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
            auto *view = dialog ? dialog->findChild<QTreeView *>() : nullptr;
            if (!view) {
                cut << QStringLiteral("no file dialog with a detail view");
                return;
            }
            size = dialog->size();
            const auto loaded = [view] { return view->model()->rowCount(view->rootIndex()) > 0; };
            QTRY_VERIFY(loaded());
            QCoreApplication::processEvents();
            const QAbstractItemView *items = view; // where sizeHintForColumn() is public
            for (int column = 1; column < view->header()->count(); ++column)
                if (view->columnWidth(column) < items->sizeHintForColumn(column))
                    cut << QStringLiteral("column %1: %2 px for %3")
                               .arg(column)
                               .arg(view->columnWidth(column))
                               .arg(items->sizeHintForColumn(column));
            dialog->reject();
        });
        Prompts real;
        QVERIFY(real.openFileName(mWindow, folder.path(), files::openFilter()).isEmpty());
        if (large)
            presentation->trigger();
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QLatin1String("; "))));
        const QSize room = mWindow->screen()->availableGeometry().size() * 0.9;
        QVERIFY2(size.width() >= std::min(int(mWindow->width() * 0.7), room.width()),
            qPrintable(
                QStringLiteral("%1 wide in a %2 window").arg(size.width()).arg(mWindow->width())));
    }
}

void TestMainWindow::exportDialogRenamesATwoPartSuffixWhole()
{
    // Export results offers Links (*.csv), Flows (*.flows.csv) and Run (*.json). Going from
    // Flows to Run made x.flows.json, and the run's report was written under that name.
    QStringList names;
    QTimer driver;
    driver.setInterval(20);
    connect(&driver, &QTimer::timeout, mWindow, [&] {
        auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        auto *types = dialog->findChild<QComboBox *>(QStringLiteral("fileTypeCombo"));
        auto *name = dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
        QVERIFY(types && name);
        names << name->text();
        types->setFocus(); // as a user does, who tabs to the type box
        if (names.size() == 4) {
            dialog->reject();
            return;
        }
        // Flows, Run, then back to Flows.
        QTest::keyClick(types, names.size() == 3 ? Qt::Key_Up : Qt::Key_Down);
    });
    driver.start();
    Prompts real;
    const QString chosen = real.exportFileName(mWindow, QStringLiteral("Export Results"),
        mDir.filePath(QStringLiteral("x.csv")),
        { QStringLiteral("Links, CSV (*.csv)"), QStringLiteral("Flows, CSV (*.flows.csv)"),
            QStringLiteral("Run, JSON (*.json)") });
    driver.stop();
    QVERIFY(chosen.isEmpty());
    QCOMPARE(names, QStringList({ "x.csv", "x.flows.csv", "x.json", "x.flows.csv" }));
}

void TestMainWindow::exportDialogAsksAboutTheFileItWrites()
{
    // The export dialog adds the type's suffix to a name typed without one; it asked about the
    // name typed, not the file written, which was replaced unasked.
    for (const char *name : { "pic.png", "pic.pdf", "pic.v2.png" }) {
        QFile existing(mDir.filePath(QLatin1String(name)));
        QVERIFY(existing.open(QIODevice::WriteOnly));
    }
    struct Case
    {
        QString typed;
        bool pdf; ///< chooses the second type, as a user does in the dialog's type box
        QString expected;
    };
    const QList<Case> cases { { QStringLiteral("pic"), false, QStringLiteral("pic.png") },
        { QStringLiteral("pic"), true, QStringLiteral("pic.pdf") },
        // A dot of its own: the dialog adds nothing and asks nothing; the program asks.
        { QStringLiteral("pic.v2"), false, QStringLiteral("pic.v2.png") } };
    for (const Case &c : cases) {
        // Types the name and accepts; says No to the question; cancels the dialog shown again.
        int step = 0;
        QString asked;
        bool noByDefault = false;
        QTimer driver;
        driver.setInterval(20);
        connect(&driver, &QTimer::timeout, mWindow, [&] {
            QWidget *modal = QApplication::activeModalWidget();
            if (auto *dialog = qobject_cast<QFileDialog *>(modal)) {
                if (step == 0) {
                    step = 1;
                    if (c.pdf) {
                        auto *types
                            = dialog->findChild<QComboBox *>(QStringLiteral("fileTypeCombo"));
                        QVERIFY(types);
                        QTest::keyClick(types, Qt::Key_Down);
                    }
                    auto *name = dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
                    QVERIFY(name);
                    name->setText(c.typed); // typed, as selectFile() does not over focus
                    // Queued: a question asked inside accept() waits for this tick to end.
                    QMetaObject::invokeMethod(dialog, "accept", Qt::QueuedConnection);
                } else if (step == 2) {
                    step = 3;
                    dialog->reject();
                }
            } else if (auto *box = qobject_cast<QMessageBox *>(modal); box && step == 1) {
                step = 2;
                asked = box->text();
                // Enter must not replace a file: the program's question said Yes by default.
                noByDefault = box->defaultButton() == box->button(QMessageBox::No);
                box->button(QMessageBox::No)->click();
            }
        });
        driver.start();
        Prompts real;
        const QString chosen = real.exportFileName(mWindow, QStringLiteral("Export Picture"),
            mDir.filePath(QStringLiteral("x.png")),
            { QStringLiteral("PNG (*.png)"), QStringLiteral("PDF (*.pdf)") });
        driver.stop();
        QVERIFY2(chosen.isEmpty(), qPrintable(chosen));
        QVERIFY2(asked.contains(c.expected), qPrintable(c.typed + QLatin1String(": ") + asked));
        QVERIFY2(noByDefault, qPrintable(c.typed));
        QCOMPARE(step, 3);
    }
}

void TestMainWindow::unsavedChangesButtonsHaveAccessKeys()
{
    const std::unique_ptr<QMessageBox> box = saveChangesBox(mWindow, QStringLiteral("x"));
    box->show();
    box->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(box.get()));
    QTest::keyClick(box.get(), Qt::Key_D, Qt::AltModifier);
    // An access key presses the button as a click would look, then clicks it.
    QTRY_COMPARE(box->standardButton(box->clickedButton()), QMessageBox::Discard);
    QStringList keys;
    for (QAbstractButton *b : box->buttons())
        keys << QKeySequence::mnemonic(b->text()).toString();
    keys.sort();
    QCOMPARE(keys, QStringList({ "Alt+C", "Alt+D", "Alt+S" }));
}

void TestMainWindow::generatesFromTheGallery()
{
    const std::map<std::string, nlohmann::json> small = {
        { "ib-fat-tree", { { "gpus", 64 } } },
        { "roce-clos", { { "zones", 2 }, { "racks_per_zone", 4 } } },
        { "hpn", { { "segments", 1 }, { "hosts_per_segment", 8 } } },
        { "tpu-torus", { { "x", 4 }, { "y", 4 }, { "z", 4 } } },
        { "dragonfly", nlohmann::json::object() },
    };
    for (const gen::FamilyInfo &family : gen::families()) {
        QVERIFY2(small.count(family.name), family.name.c_str());
        mPrompts->dialog = [&](QDialog *d) {
            auto *gallery = qobject_cast<TemplateGallery *>(d);
            if (!gallery || !gallery->selectFamily(family.name))
                return false;
            PropertyForm *form = gallery->form();
            for (const auto &[key, value] : small.at(family.name).items()) {
                for (int i = 0; i < form->count(); ++i)
                    if (family.params[std::size_t(i)].key == key)
                        form->setValue(i, value.get<int>());
            }
            // setValue does not emit: nudge the form as a user edit would.
            Q_EMIT form->edited(0, form->value(0));
            if (!QTest::qWaitFor([&] { return gallery->isSummaryReady(); }, 60000))
                return false;
            return gallery->okButton()->isEnabled();
        };
        // The new fabric is built and drawn under a wait cursor: a million links took seconds
        // with the pointer an arrow over a window that did not answer.
        bool busyWhileShown = false;
        const QMetaObject::Connection watch
            = connect(mWindow, &MainWindow::documentChanged, this, [&busyWhileShown] {
                  const QCursor *cursor = QGuiApplication::overrideCursor();
                  busyWhileShown = cursor && cursor->shape() == Qt::WaitCursor;
              });
        mWindow->newFromTemplate();
        disconnect(watch);
        QVERIFY(busyWhileShown);
        QVERIFY(!QGuiApplication::overrideCursor());
        QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join('\n')));
        QCOMPARE(mWindow->document()->fabric().generator().family, family.name);
        QVERIFY(mWindow->document()->fabric().nodeCount() > 0);
        QVERIFY(mWindow->document()->fileName().isEmpty());
    }
}

void TestMainWindow::regenerateIsUndoable()
{
    mWindow->openGenerated(smallFatTree());
    // Named as the start-up fabric is: regenerated, it no longer is that fabric, and the title
    // and Save As went on calling it so.
    mWindow->document()->setSuggestedName(QStringLiteral("superpod-32"));
    const Fabric before = mWindow->document()->fabric();
    mPrompts->dialog = [](QDialog *d) {
        auto *gallery = qobject_cast<TemplateGallery *>(d);
        if (!gallery)
            return false;
        PropertyForm *form = gallery->form();
        // Pre-filled with the open fabric's parameters.
        const int gpus = 2; // index of "gpus" among ib-fat-tree's parameters
        if (gallery->family() != "ib-fat-tree" || form->value(gpus).toInt() != 32)
            return false;
        form->setValue(gpus, 64);
        Q_EMIT form->edited(gpus, 64);
        return gallery->okButton()->isEnabled();
    };
    mWindow->action(QStringLiteral("actionRegenerate"))->trigger();
    QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join('\n')));
    QCOMPARE(mWindow->document()->fabric().endpoints().size(), std::size_t(64));
    QVERIFY(mWindow->isWindowModified());
    QCOMPARE(mWindow->document()->fabricName(), QStringLiteral("ib-fat-tree"));
    QVERIFY2(mWindow->windowTitle().startsWith(QStringLiteral("ib-fat-tree")),
        qPrintable(mWindow->windowTitle()));
    mWindow->action(QStringLiteral("actionUndo"))->trigger();
    QVERIFY(mWindow->document()->fabric() == before);
    QCOMPARE(mWindow->document()->fabricName(), QStringLiteral("superpod-32"));
    QVERIFY2(mWindow->windowTitle().startsWith(QStringLiteral("superpod-32")),
        qPrintable(mWindow->windowTitle()));
    mWindow->action(QStringLiteral("actionRedo"))->trigger();
    QCOMPARE(mWindow->document()->fabric().endpoints().size(), std::size_t(64));
    QCOMPARE(mWindow->document()->fabricName(), QStringLiteral("ib-fat-tree"));
}

void TestMainWindow::reconfiguresTheOcs()
{
    mWindow->openGenerated(
        gen::generate("tpu-torus", nlohmann::json { { "x", 4 }, { "y", 4 }, { "z", 8 } }));
    QAction *reconfigure = mWindow->action(QStringLiteral("actionReconfigureOcs"));
    QVERIFY(reconfigure->isEnabled());
    QVERIFY(mWindow->action(QStringLiteral("actionReplaceFailedCubes"))->isEnabled());
    QVERIFY(mWindow->findChild<QMenu *>(QStringLiteral("menuTorusView"))->isEnabled());
    // The circuit tables are a tab beside the analysis, not a dock of their own.
    auto *ocs = mWindow->findChild<QDockWidget *>(QStringLiteral("ocsDock"));
    QVERIFY(ocs->isVisible());
    // Each OCS of a 4x4x8 slice closes two wrap-arounds: "2 circuits", not "2 circuit(s)".
    auto *circuits = ocs->findChild<QTreeWidget *>();
    QVERIFY(circuits && circuits->topLevelItemCount() > 0);
    QCOMPARE(circuits->topLevelItem(0)->text(2), QStringLiteral("2 circuits"));
    QVERIFY(mWindow->tabifiedDockWidgets(ocs).contains(
        mWindow->findChild<QDockWidget *>(QStringLiteral("AnalysisDock"))));
    mWindow->action(QStringLiteral("actionTorusSlices"))->trigger();
    QCOMPARE(mWindow->canvas()->layoutName(), QStringLiteral("torus-slices"));
    mPrompts->dialog = [](QDialog *d) {
        auto *dialog = qobject_cast<ReconfigureOcsDialog *>(d);
        if (!dialog)
            return false;
        dialog->setShape({ 4, 4, 4 }, false); // half the cubes: refused
        if (!dialog->errorText().contains(QLatin1String("takes every cube")))
            return false;
        // More cubes than there are: refused, and the way to a bigger slice is named.
        dialog->setShape({ 4, 8, 8 }, false);
        if (!dialog->errorText().contains(QLatin1String("Regenerate")))
            return false;
        dialog->setShape({ 4, 4, 8 }, true);
        return dialog->errorText().isEmpty();
    };
    reconfigure->trigger();
    QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join('\n')));
    QCOMPARE(mWindow->document()->fabric().generator().params["twisted"], nlohmann::json(true));
    mWindow->action(QStringLiteral("actionUndo"))->trigger();
    QCOMPARE(mWindow->document()->fabric().generator().params["twisted"], nlohmann::json(false));
}

void TestMainWindow::lettersGoToTheFocusedListOrBox()
{
    // L typed in the Algorithm box turned on Add Link Mode, P in the palette ran the path
    // search: the window's one-letter shortcuts took the keys these widgets type to select.
    mWindow->openGenerated(smallFatTree());
    mWindow->show();
    QVERIFY(QTest::qWaitForWindowExposed(mWindow));
    QAction *linkMode = mWindow->action(QStringLiteral("actionLinkMode"));
    QComboBox *algorithm = mWindow->simulation()->simulationDock()->algorithmBox();
    algorithm->setFocus();
    QTRY_VERIFY(algorithm->hasFocus());
    QTest::keyClick(algorithm, Qt::Key_L);
    QVERIFY(!linkMode->isChecked());
    QListWidget *palette = mWindow->paletteDock()->list();
    palette->setFocus();
    QTRY_VERIFY(palette->hasFocus());
    QTest::keyClick(palette, Qt::Key_L);
    QVERIFY(!linkMode->isChecked());
    // On the canvas the letter is the shortcut, and pressing it again leaves the mode and its
    // hint in the status bar.
    mWindow->canvas()->setFocus();
    QTRY_VERIFY(mWindow->canvas()->hasFocus());
    QTest::keyClick(mWindow->canvas(), Qt::Key_L);
    QVERIFY(linkMode->isChecked());
    QVERIFY(mWindow->statusBar()->currentMessage().contains(QStringLiteral("Drag")));
    QTest::keyClick(mWindow->canvas(), Qt::Key_L);
    QVERIFY(!linkMode->isChecked());
    QVERIFY(mWindow->statusBar()->currentMessage().isEmpty());
}

void TestMainWindow::runActionsFollowTheRunButton()
{
    // On an empty fabric the dock's Run is disabled with its reason; Simulation > Run (Ctrl+R)
    // and the size sweep stayed enabled and did nothing when chosen.
    mWindow->openGenerated(Fabric());
    SimulationDock *dock = mWindow->simulation()->simulationDock();
    QVERIFY(!dock->runButton()->isEnabled());
    QVERIFY(!mWindow->action(QStringLiteral("actionRun"))->isEnabled());
    QVERIFY(!mWindow->action(QStringLiteral("actionSweepSizes"))->isEnabled());
    mWindow->openGenerated(smallFatTree());
    QVERIFY(dock->runButton()->isEnabled());
    QVERIFY(mWindow->action(QStringLiteral("actionRun"))->isEnabled());
    QVERIFY(mWindow->action(QStringLiteral("actionSweepSizes"))->isEnabled());
}

void TestMainWindow::refusedSweepIsForgottenWithItsFabric()
{
    // "A collective needs at least 2 GPUs; this fabric has 0." stayed under the Resilience
    // tab over every fabric opened after.
    mWindow->openGenerated(Fabric());
    mWindow->simulation()->resilienceAction()->trigger();
    QLabel *status = mWindow->simulation()->analysisDock()->resiliencePage()->statusLabel();
    QVERIFY2(status->text().contains(QStringLiteral("GPUs")), qPrintable(status->text()));
    mWindow->openGenerated(smallFatTree());
    QVERIFY2(status->text().isEmpty(), qPrintable(status->text()));
}

void TestMainWindow::sameOcsShapeIsNoEdit()
{
    // OK on the shape the slice already has added "Reconfigure OCS to 4x4x4" to the History
    // and marked the file unsaved.
    mWindow->openGenerated(
        gen::generate("tpu-torus", nlohmann::json { { "x", 4 }, { "y", 4 }, { "z", 8 } }));
    const int steps = mWindow->document()->undoStack()->count();
    const bool modified = mWindow->document()->isModified();
    mPrompts->dialog
        = [](QDialog *d) { return qobject_cast<ReconfigureOcsDialog *>(d) != nullptr; };
    mWindow->action(QStringLiteral("actionReconfigureOcs"))->trigger();
    QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join('\n')));
    QCOMPARE(mWindow->document()->undoStack()->count(), steps);
    QCOMPARE(mWindow->document()->isModified(), modified);
}

void TestMainWindow::findBoxStartsEmptyOnAnotherFabric()
{
    // The Find box kept "spine2" after New, Open or a template: a name of the fabric it left.
    mWindow->openGenerated(smallFatTree());
    auto *find = mWindow->findChild<QLineEdit *>(QStringLiteral("findEdit"));
    QVERIFY(find);
    find->setText(QStringLiteral("spine2"));
    mWindow->openGenerated(smallFatTree());
    QVERIFY2(find->text().isEmpty(), qPrintable(find->text()));
}

void TestMainWindow::findPicksTwoGpusForThePathsWithoutAMouse()
{
    // Find replaced the selection and kept the focus: P was typed into the box, and two GPUs
    // for the Paths view could only be picked with Ctrl+click.
    mWindow->openDefaultFabric();
    mWindow->show();
    mWindow->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(mWindow));
    const Fabric &f = mWindow->document()->fabric();
    const std::vector<NodeId> gpus = f.endpoints();
    views::FabricCanvas *canvas = mWindow->canvas();
    auto *find = mWindow->findChild<QLineEdit *>(QStringLiteral("findEdit"));
    QVERIFY(find);
    const auto findName = [&](NodeId gpu, Qt::KeyboardModifiers modifiers) {
        mWindow->action(QStringLiteral("actionFind"))->trigger();
        QTRY_VERIFY(find->hasFocus());
        find->setText(QString::fromStdString(f.node(gpu).name));
        QTest::keyClick(find, Qt::Key_Return, modifiers);
        QTRY_VERIFY(canvas->hasFocus());
    };
    findName(gpus[0], Qt::NoModifier);
    QCOMPARE(canvas->selectedNodes(), QList<NodeId>({ gpus[0] }));
    findName(gpus[9], Qt::ShiftModifier);
    QCOMPARE(canvas->selectedNodes(), QList<NodeId>({ gpus[0], gpus[9] }));
    QTest::keyClick(canvas, Qt::Key_P);
    QTRY_VERIFY(mWindow->pathsDock()->tree()->topLevelItemCount() > 0);

    // Escape in the box goes back to the canvas and leaves the window as it was.
    mWindow->action(QStringLiteral("actionFind"))->trigger();
    QTRY_VERIFY(find->hasFocus());
    QTest::keyClick(find, Qt::Key_Escape);
    QTRY_VERIFY(canvas->hasFocus());
    QCOMPARE(canvas->selectedNodes().size(), 2);
}

void TestMainWindow::everyDockCanBeBroughtBack()
{
    // View > Docks was filled before the simulation's docks existed: a closed Simulation or
    // Analysis dock could not be brought back, and stayed closed at the next start.
    auto *docks = mWindow->findChild<QMenu *>(QStringLiteral("menuDocks"));
    QVERIFY(docks);
    for (QDockWidget *dock : mWindow->findChildren<QDockWidget *>())
        QVERIFY2(docks->actions().contains(dock->toggleViewAction()),
            qPrintable(dock->objectName() + QStringLiteral(" is not in View > Docks")));
    for (const char *name : { "AnalysisDock", "SimulationDock" }) {
        auto *dock = mWindow->findChild<QDockWidget *>(QLatin1String(name));
        QVERIFY2(dock, name);
        dock->close();
        QVERIFY(!dock->isVisible());
        dock->toggleViewAction()->trigger();
        QVERIFY2(dock->isVisible(), name);
        dock->close();
    }
    // Reset Layout brings back every dock a first start shows.
    mWindow->action(QStringLiteral("actionResetLayout"))->trigger();
    for (const char *name : { "AnalysisDock", "SimulationDock" })
        QVERIFY2(mWindow->findChild<QDockWidget *>(QLatin1String(name))->isVisible(), name);
}

void TestMainWindow::closedInPresentationModeStartsWindowed()
{
    // Closed in presentation mode, the window came back full screen with the mode off: Escape
    // and F11 leave the mode, not the screen, so nothing got the window back.
    QAction *presentation = mWindow->action(QStringLiteral("actionPresentation"));
    presentation->trigger();
    QVERIFY(mWindow->isFullScreen());
    QVERIFY(mWindow->close());
    MainWindow next;
    next.show();
    QVERIFY(!(next.windowState() & Qt::WindowFullScreen));
    QVERIFY(!next.action(QStringLiteral("actionPresentation"))->isChecked());
}

void TestMainWindow::presentationAtStartOnAProjectorAfterASavedLayout()
{
    // `fabricscope --presentation` on a 1280x720 projector, once a session had saved its
    // layout: the results moved beside the fabric in the same turn as the start-up file opened,
    // and QMainWindow read a layout item it had just freed (a crash, every start).
    QVERIFY(
        mWindow->openFile(QStringLiteral(FABRICSCOPE_TOPOLOGIES "/dragonfly-small.fabric.json")));
    QVERIFY(mWindow->close());
    MainWindow next;
    next.setPrompts(std::make_unique<FakePrompts>());
    next.show();
    StartupOptions options;
    options.presentation = true;
    options.size = QSize(1280, 720);
    QVERIFY(applyStartup(next, options));
    QTRY_VERIFY(next.action(QStringLiteral("actionPresentation"))->isChecked());
    QTRY_VERIFY(next.resultsBesideFabric());
    QTRY_VERIFY_WITH_TIMEOUT(next.simulation()->currentRun(), 60000);
    QVERIFY(next.canvas()->isVisible());
}

void TestMainWindow::leavingPresentationKeepsTheDocksOfTheFabricOpenedInIt()
{
    // A torus presented, then a fat-tree opened (the next lesson): leaving presentation mode
    // put the torus's docks back, an empty OCS Circuits tab among them.
    mWindow->openGenerated(
        gen::generate("tpu-torus", nlohmann::json { { "x", 4 }, { "y", 4 }, { "z", 4 } }));
    auto *ocs = mWindow->findChild<QDockWidget *>(QStringLiteral("ocsDock"));
    QVERIFY(ocs->isVisible());
    QAction *presentation = mWindow->action(QStringLiteral("actionPresentation"));
    presentation->trigger();
    mWindow->openGenerated(smallFatTree());
    QVERIFY(!ocs->isVisible());
    presentation->trigger();
    QVERIFY(!presentation->isChecked());
    QVERIFY(!ocs->isVisible());
    // Presenting the fat-tree itself leaves the user's docks as they were.
    presentation->trigger();
    presentation->trigger();
    QVERIFY(!ocs->isVisible());
    mWindow->openGenerated(
        gen::generate("tpu-torus", nlohmann::json { { "x", 4 }, { "y", 4 }, { "z", 4 } }));
    presentation->trigger();
    presentation->trigger();
    QVERIFY(ocs->isVisible());
}

void TestMainWindow::escapeLeavesPresentationMode()
{
    // F11 is the way in and out, but a presenter who does not know it pressed Escape and stayed
    // in full screen. Escape cancels what the canvas is doing first.
    mWindow->openGenerated(smallFatTree());
    QAction *presentation = mWindow->action(QStringLiteral("actionPresentation"));
    const double normalPoints = QApplication::font().pointSizeF();
    const double normalTip = QToolTip::font().pointSizeF();
    QMenu *fileMenu = mWindow->menuBar()->actions().front()->menu();
    QVERIFY(fileMenu);
    const int normalRow = fileMenu->actionGeometry(fileMenu->actions().front()).height();
    presentation->trigger();
    QVERIFY(presentation->isChecked());
    QVERIFY(QApplication::font("QMenu").pointSizeF() > normalPoints);
    // The menu bar's own menus too, not only the class font: their rows kept the small text.
    QVERIFY(fileMenu->font().pointSizeF() > normalPoints);
    QVERIFY2(fileMenu->actionGeometry(fileMenu->actions().front()).height() > normalRow,
        qPrintable(QString::number(normalRow)));
    QVERIFY(QToolTip::font().pointSizeF() > normalTip * 1.4);
    views::FabricCanvas *canvas = mWindow->canvas();
    canvas->setFocus();
    const auto &f = mWindow->document()->fabric();
    canvas->showPaths({ { f.linksOf(f.findNode("leaf0")).front() } });
    QTest::keyClick(canvas, Qt::Key_Escape);
    QVERIFY(canvas->shownPaths().isEmpty());
    QVERIFY(presentation->isChecked());
    // Link mode is left before the full screen: Escape used to skip it, and a drag still drew
    // links after the presenter thought they were back to selecting.
    QAction *linkMode = mWindow->action(QStringLiteral("actionLinkMode"));
    linkMode->trigger();
    QVERIFY(linkMode->isChecked());
    QTest::keyClick(canvas, Qt::Key_Escape);
    QVERIFY(!linkMode->isChecked());
    QCOMPARE(canvas->tool(), views::FabricCanvas::Tool::Select);
    QVERIFY(presentation->isChecked());
    QTest::keyClick(canvas, Qt::Key_Escape);
    QVERIFY(!presentation->isChecked());
    QCOMPARE(QApplication::font("QMenu").pointSizeF(), normalPoints);
    QCOMPARE(fileMenu->font().pointSizeF(), normalPoints);
    QCOMPARE(QToolTip::font().pointSizeF(), normalTip);
    QTest::keyClick(canvas, Qt::Key_Escape); // not a way in
    QVERIFY(!presentation->isChecked());
}

void TestMainWindow::reconfigureRedrawsTheTorus()
{
    // A twisted 4x4x8 and a twisted 8x4x4 share every circuit table: the rewire moves only the
    // chips, and the lattice kept the old eight planes and caption, chips under new names in
    // their old places.
    mWindow->openGenerated(gen::generate(
        "tpu-torus", nlohmann::json { { "x", 4 }, { "y", 4 }, { "z", 8 }, { "twisted", true } }));
    views::FabricCanvas *canvas = mWindow->canvas();
    // The planes drawn, and what the caption says the twist shifts ("... +4 in Z").
    const auto drawn = [&] {
        canvas->zoomToFit();
        QStringList planes, twist;
        for (const auto &[text, rect] : canvas->shownLabels())
            if (text.startsWith(QLatin1String("z = ")))
                planes << text;
            else if (text.startsWith(QLatin1String("Twisted")))
                twist << text.right(4);
        return QStringLiteral("%1 planes,%2").arg(planes.size()).arg(twist.join(' '));
    };
    mPrompts->dialog = [](QDialog *d) {
        auto *dialog = qobject_cast<ReconfigureOcsDialog *>(d);
        if (!dialog)
            return false;
        dialog->setShape({ 8, 4, 4 }, true);
        return dialog->errorText().isEmpty();
    };
    for (const char *view : { "actionTorusLattice", "actionTorusSlices" }) {
        mWindow->action(QString::fromLatin1(view))->trigger();
        const bool captioned = view == std::string_view("actionTorusLattice"); // slices: none
        const NodeId chip = mWindow->document()->fabric().findNode("chip-0-0-4");
        QVERIFY(chip != kNoNode);
        const QPointF where = canvas->nodePosition(chip);
        const QString before = drawn();
        QVERIFY2(before.startsWith(QLatin1String("8 planes,"))
                && before.endsWith(QLatin1String(captioned ? "in Z" : ",")),
            qPrintable(before));
        // The view follows the new extent: after the rewire, and after its undo, the slice was
        // half off-screen until F refitted it.
        const auto wholeInView = [&] {
            const QRectF seen = canvas->mapToScene(canvas->viewport()->rect())
                                    .boundingRect()
                                    .adjusted(-1, -1, 1, 1);
            return seen.contains(canvas->fabricBounds());
        };
        canvas->scale(2.5, 2.5); // the user's zoom on the old shape
        mWindow->action(QStringLiteral("actionReconfigureOcs"))->trigger();
        QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join('\n')));
        QCOMPARE(mWindow->document()->fabric().node(chip).name, std::string("chip-4-0-0"));
        QVERIFY2(wholeInView(), view);
        canvas->scale(2.5, 2.5);
        mWindow->action(QStringLiteral("actionUndo"))->trigger();
        QVERIFY2(wholeInView(), view);
        mWindow->action(QStringLiteral("actionRedo"))->trigger();
        const QString after = drawn();
        QVERIFY2(after.startsWith(QLatin1String("4 planes"))
                && after.endsWith(QLatin1String(captioned ? "in X" : ",")),
            qPrintable(after));
        QVERIFY2(canvas->nodePosition(chip) != where, view);
        mWindow->action(QStringLiteral("actionUndo"))->trigger();
        QCOMPARE(drawn(), before);
        QCOMPARE(canvas->nodePosition(chip), where);
    }
}

void TestMainWindow::reconfigureDialogShowsItsTextWhole()
{
    // Shown, the dialog kept its size when a long error appeared: the intro and the error
    // were cut mid-line.
    ReconfigureOcsDialog dialog({ 4, 4, 8 }, false, 2, mWindow);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.setShape({ 4, 8, 8 }, false);
    QVERIFY(dialog.errorText().contains(QLatin1String("Regenerate")));
    QCoreApplication::processEvents();
    for (const QLabel *label : dialog.findChildren<QLabel *>()) {
        if (!label->isVisible() || !label->wordWrap())
            continue;
        QTRY_VERIFY2(label->height() >= label->heightForWidth(label->width()),
            qPrintable(QStringLiteral("%1 px of %2: %3")
                           .arg(label->height())
                           .arg(label->heightForWidth(label->width()))
                           .arg(label->text())));
    }
    // Presentation mode's larger text reaches the error too: it stayed small, red under large.
    mWindow->action(QStringLiteral("actionPresentation"))->trigger();
    QVERIFY(mWindow->action(QStringLiteral("actionPresentation"))->isChecked());
    ReconfigureOcsDialog presented({ 4, 4, 8 }, false, 2, mWindow);
    presented.setShape({ 4, 8, 8 }, false);
    presented.show();
    QVERIFY(QTest::qWaitForWindowExposed(&presented));
    QVERIFY(!presented.errorText().isEmpty());
    for (const QLabel *label : presented.findChildren<QLabel *>())
        QVERIFY2(label->font().pointSizeF() == presented.font().pointSizeF()
                && presented.font().pointSizeF() > dialog.font().pointSizeF(),
            qPrintable(QStringLiteral("%1 pt in a %2 pt dialog: %3")
                           .arg(label->font().pointSizeF())
                           .arg(presented.font().pointSizeF())
                           .arg(label->text())));
    mWindow->action(QStringLiteral("actionPresentation"))->trigger();
}

void TestMainWindow::ocsDockFollowsEdits()
{
    // A fabric without OCS: no circuit tab. Adding the first OCS shows it, undoing hides it.
    mWindow->openGenerated(smallFatTree());
    auto *ocs = mWindow->findChild<QDockWidget *>(QStringLiteral("ocsDock"));
    QVERIFY(!ocs->isVisible());
    Node n;
    n.kind = NodeKind::Ocs;
    n.name = "ocs-new";
    n.ports = 8;
    mWindow->document()->undoStack()->push(new AddNodes(mWindow->document(), { n }));
    QVERIFY(ocs->isVisible());
    mWindow->action(QStringLiteral("actionUndo"))->trigger();
    QVERIFY(!ocs->isVisible());
    // Edits that keep an OCS leave the user's choice alone.
    mWindow->action(QStringLiteral("actionRedo"))->trigger();
    QVERIFY(ocs->isVisible());
    ocs->hide();
    n.name = "ocs-second";
    mWindow->document()->undoStack()->push(new AddNodes(mWindow->document(), { n }));
    QVERIFY(!ocs->isVisible());
}

void TestMainWindow::deletesAndDuplicatesTheSelection()
{
    mWindow->openGenerated(smallFatTree());
    Document *doc = mWindow->document();
    const Fabric before = doc->fabric();
    const NodeId leaf = [&] {
        NodeId found = kNoNode;
        doc->fabric().forEachNode([&](const Node &n) {
            if (found == kNoNode && n.role == SwitchRole::Leaf)
                found = n.id;
        });
        return found;
    }();
    // With nothing selected there is nothing to delete, duplicate or zoom to.
    const QStringList onSelection { QStringLiteral("actionDelete"),
        QStringLiteral("actionDuplicate"), QStringLiteral("actionZoomSelection") };
    for (const QString &name : onSelection)
        QVERIFY2(!mWindow->action(name)->isEnabled(), qPrintable(name));
    mWindow->canvas()->setSelection({ leaf });
    QCOMPARE(mWindow->canvas()->selectedNodes(), QList<NodeId> { leaf });
    for (const QString &name : onSelection)
        QVERIFY2(mWindow->action(name)->isEnabled(), qPrintable(name));
    mWindow->action(QStringLiteral("actionDuplicate"))->trigger();
    QCOMPARE(doc->fabric().nodeCount(), before.nodeCount() + 1);
    mWindow->canvas()->setSelection({ leaf });
    mWindow->action(QStringLiteral("actionDelete"))->trigger();
    QVERIFY(!doc->fabric().hasNode(leaf));
    QVERIFY(doc->fabric().linkCount() < before.linkCount());
    QVERIFY(!mWindow->action(QStringLiteral("actionDelete"))->isEnabled()); // it went with it
    mWindow->action(QStringLiteral("actionUndo"))->trigger();
    mWindow->action(QStringLiteral("actionUndo"))->trigger();
    QVERIFY(doc->fabric() == before);
}

void TestMainWindow::undoMenuShowsNodeNamesAsTheyAre()
{
    // Edit > Undo read "Undo Remove RD leaf" with D as a second access key: the command's
    // text went into the menu item with its '&' taken as a mnemonic.
    Fabric fabric = smallFatTree();
    NodeId leaf = kNoNode;
    fabric.forEachNode([&](const Node &n) {
        if (leaf == kNoNode && n.role == SwitchRole::Leaf)
            leaf = n.id;
    });
    fabric.node(leaf).name = "R&D leaf";
    mWindow->openGenerated(fabric);
    QAction *undo = mWindow->action(QStringLiteral("actionUndo"));
    QAction *redo = mWindow->action(QStringLiteral("actionRedo"));
    QVERIFY(!undo->isEnabled());
    QCOMPARE(undo->text(), QStringLiteral("&Undo"));
    mWindow->canvas()->setSelection({ leaf });
    mWindow->action(QStringLiteral("actionDelete"))->trigger();
    QVERIFY(undo->isEnabled());
    QCOMPARE(undo->text(), QStringLiteral("&Undo Remove R&&D leaf"));
    QCOMPARE(QKeySequence::mnemonic(undo->text()), QKeySequence(QStringLiteral("Alt+U")));
    QCOMPARE(undo->toolTip(), QStringLiteral("Undo Remove R&D leaf"));
    {
        // Help > Keyboard Shortcuts lists the command, not what it would undo now.
        ShortcutsDialog shortcuts(mWindow->findChildren<QAction *>());
        auto *table = shortcuts.findChild<QTableWidget *>();
        QVERIFY(table);
        QStringList names;
        for (int row = 0; row < table->rowCount(); ++row)
            names << table->item(row, 0)->text();
        QVERIFY2(names.contains(QStringLiteral("Undo")), qPrintable(names.join(", ")));
        QVERIFY2(names.contains(QStringLiteral("Redo")), qPrintable(names.join(", ")));
        QVERIFY2(!names.join(", ").contains(QStringLiteral("leaf")), qPrintable(names.join(", ")));
    }
    {
        // In presentation mode's larger text every shortcut reads whole ("Ctrl+Shi..." was cut
        // in a dialog of a fixed size).
        mWindow->action(QStringLiteral("actionPresentation"))->trigger();
        ShortcutsDialog shortcuts(mWindow->findChildren<QAction *>(), mWindow);
        auto *table = shortcuts.findChild<QTableWidget *>();
        shortcuts.show();
        QVERIFY(QTest::qWaitForWindowExposed(&shortcuts));
        const QFontMetrics fm(table->font());
        for (int row = 0; row < table->rowCount(); ++row)
            for (int column = 0; column < 2; ++column) {
                const QString text = table->item(row, column)->text();
                QVERIFY2(fm.horizontalAdvance(text) < table->columnWidth(column), qPrintable(text));
            }
        QVERIFY(table->columnWidth(0) + table->columnWidth(1) <= table->viewport()->width());
        mWindow->action(QStringLiteral("actionPresentation"))->trigger();
    }
    undo->trigger();
    QVERIFY(mWindow->document()->fabric().hasNode(leaf));
    QVERIFY(redo->isEnabled());
    QCOMPARE(redo->text(), QStringLiteral("&Redo Remove R&&D leaf"));
    QCOMPARE(undo->text(), QStringLiteral("&Undo"));
    redo->trigger();
    QVERIFY(!mWindow->document()->fabric().hasNode(leaf));
}

void TestMainWindow::textPromptShowsItsTextWhole()
{
    // Rename Scenario showed a saved scenario's name scrolled in a field narrower than it
    // ("g 1 GiB ecmp · 3 listed ranks") under a title cut to "Renam… nario".
    const QString name = QStringLiteral("allreduce ring 1 GiB ecmp \u00b7 spread \u00b7 4 QPs "
                                        "\u00b7 seed 7 \u00b7 3 listed ranks");
    QString seen;
    int fieldWidth = 0, textWidth = 0;
    QTimer::singleShot(0, mWindow, [&] {
        auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        QLineEdit *field = dialog->findChild<QLineEdit *>();
        QVERIFY(field);
        fieldWidth = field->width();
        textWidth = field->fontMetrics().horizontalAdvance(field->text());
        field->setText(field->text() + QStringLiteral(" (2)"));
        dialog->accept();
    });
    Prompts prompts;
    seen = prompts.askText(
        mWindow, QStringLiteral("Rename Scenario"), QStringLiteral("Name:"), name);
    QCOMPARE(seen, name + QStringLiteral(" (2)"));
    QVERIFY2(fieldWidth > textWidth,
        qPrintable(QStringLiteral("field %1 px, text %2 px").arg(fieldWidth).arg(textWidth)));
}

void TestMainWindow::metricsDockShowsInfoFigures()
{
    mWindow->openGenerated(smallFatTree());
    QVERIFY(waitForMetrics(mWindow));
    QTreeWidget *table = mWindow->metricsDock()->table();
    QStringList labels;
    for (int i = 0; i < table->topLevelItemCount(); ++i)
        labels << table->topLevelItem(i)->text(0);
    QVERIFY2(labels.contains(QStringLiteral("Bisection bandwidth")), qPrintable(labels.join(',')));
    QCOMPARE(table->findItems(QStringLiteral("GPUs / chips"), Qt::MatchExactly).value(0)->text(1),
        QStringLiteral("32"));
    // An edit brings a fresh computation.
    Q_EMIT mWindow->paletteDock()->list()->itemActivated(mWindow->paletteDock()->list()->item(0));
    QVERIFY(mWindow->metricsDock()->isBusy());
    QVERIFY(waitForMetrics(mWindow));
    QCOMPARE(table->findItems(QStringLiteral("GPUs / chips"), Qt::MatchExactly).value(0)->text(1),
        QStringLiteral("33"));
    // Ratios read as info and the docs write them: 16 GPUs on radix-8 leaves with four
    // uplinks each are "1:2" (the dock said "0.5:1").
    mPrompts->saveChoice = Prompts::SaveChoice::Discard; // the edit above
    QVERIFY(mWindow->openGenerated(
        gen::generate("ib-fat-tree", nlohmann::json { { "radix", 8 }, { "gpus", 16 } })));
    QVERIFY(waitForMetrics(mWindow));
    QTRY_COMPARE(
        table->findItems(QStringLiteral("GPUs / chips"), Qt::MatchExactly).value(0)->text(1),
        QStringLiteral("16"));
    const QList<QTreeWidgetItem *> ratios = table->findItems(
        QStringLiteral("oversubscription"), Qt::MatchExactly | Qt::MatchRecursive);
    QVERIFY(!ratios.isEmpty());
    QCOMPARE(ratios.front()->text(1), QStringLiteral("1:2"));
    // Roles and tiers go by the names the canvas gives them: a Meta fabric's cluster switches
    // were "spine" here and "Cluster (CTSW)" on the tier they label.
    QVERIFY(mWindow->openGenerated(
        gen::generate("roce-clos", nlohmann::json { { "racks_per_zone", 4 } })));
    QVERIFY(waitForMetrics(mWindow));
    QTRY_VERIFY(
        !table->findItems(QStringLiteral("Tier 3, Cluster (CTSW)"), Qt::MatchExactly).isEmpty());
    QCOMPARE(
        table->findItems(QStringLiteral("Cluster (CTSW)"), Qt::MatchExactly | Qt::MatchRecursive)
            .size(),
        1);
    QVERIFY(
        table->findItems(QStringLiteral("spine"), Qt::MatchExactly | Qt::MatchRecursive).isEmpty());
}

void TestMainWindow::fitsA1280x720Projector()
{
    // Everything a class needs stays on a 1280x720 screen, in normal and presentation text
    // sizes: the docks scroll or tab, Run, the playback bar and the status bar stay in view.
    // On a lesson, as a class sees it: its runs done, two chips selected in the inspector.
    QVERIFY(openLesson(*mWindow, QStringLiteral("twisted-torus")));
    const auto inView = [this](QWidget *w) {
        const QRect r(w->mapTo(mWindow, QPoint(0, 0)), w->size());
        return w->isVisible() && mWindow->rect().contains(r);
    };
    QAction *presentationMode = mWindow->action(QStringLiteral("actionPresentation"));
    auto *history = mWindow->findChild<QDockWidget *>(QStringLiteral("historyDock"));
    QVERIFY(history);
    int normalCanvasWidth = 0;
    int normalCanvasHeight = 0;
    const double normalPoints = QApplication::font().pointSizeF();
    for (const bool presentation : { false, true }) {
        if (presentationMode->isChecked() != presentation)
            presentationMode->trigger();
        mWindow->showNormal(); // the test screen is smaller than a projector
        QCOMPARE(mWindow->font().pointSizeF() > normalPoints, presentation);
        // Menus and dialogs too, windows of their own.
        QCOMPARE(QApplication::font("QMenu").pointSizeF() > normalPoints, presentation);
        QCOMPARE(QApplication::font("QDialog").pointSizeF() > normalPoints, presentation);
        mWindow->resize(1280, 720);
        const QSize minimum = mWindow->minimumSizeHint();
        QVERIFY2(minimum.width() <= 1280 && minimum.height() <= 720,
                 qPrintable(QStringLiteral("presentation %1: minimum %2x%3")
                                .arg(presentation)
                                .arg(minimum.width())
                                .arg(minimum.height())));
        QTRY_COMPARE(mWindow->size(), QSize(1280, 720));
        QTRY_VERIFY(inView(mWindow->simulation()->simulationDock()->runButton()));
        QVERIFY(inView(mWindow->simulation()->playbackBar()));
        QVERIFY(inView(mWindow->statusBar()));
        // A run's summary, three lines in presentation text, shows whole below Run: it was cut
        // to its middle line.
        QLabel *summary = mWindow->simulation()->simulationDock()->statusLabel();
        QVERIFY(summary->text().startsWith(QLatin1String("Twisted 4x4x8 torus: ")));
        // Its figures keep their units on their line: "GB/s" wrapped under "12.4".
        static const QRegularExpression brokenFigure(
            QStringLiteral("\\d (?:[kMGT]?i?B|[kMGT]?b/s|GB/s|[mµnp]?s)\\b"));
        QVERIFY2(
            summary->text().contains(QStringLiteral("\u00a0GB/s")), qPrintable(summary->text()));
        QVERIFY2(!brokenFigure.match(summary->text()).hasMatch(),
            qPrintable(brokenFigure.match(summary->text()).captured()));
        QTRY_VERIFY2(summary->height() >= summary->heightForWidth(summary->width()),
            qPrintable(QStringLiteral("presentation %1: summary %2 px high, needs %3")
                           .arg(presentation)
                           .arg(summary->height())
                           .arg(summary->heightForWidth(summary->width()))));
        QVERIFY(mWindow->minimumSizeHint().height() <= 720); // its room came from the others
        // A form that scrolls only up and down shows its rows whole: in presentation text the
        // simulation form was wider than its dock, its combo boxes and Selection button cut.
        QTRY_VERIFY2(firstCutForm(mWindow).isEmpty(),
            qPrintable(QStringLiteral("presentation %1: %2")
                           .arg(presentation)
                           .arg(firstCutForm(mWindow))));
        // The heatmap's whole picture, time axis and colour ramp included, in its page: it
        // used to be taller than the dock, its axis scrolled out of view.
        const QWidget *heatmap = mWindow->simulation()->analysisDock()->heatmap();
        const QWidget *page = heatmap->parentWidget(); // the page's scrolled viewport
        QVERIFY2(heatmap->height() <= page->height(),
                 qPrintable(QStringLiteral("presentation %1: heatmap %2 px high in a %3 px page")
                                .arg(presentation)
                                .arg(heatmap->height())
                                .arg(page->height())));
        // Presenting hides the docks for editing: the fabric gets their room.
        QCOMPARE(mWindow->paletteDock()->isVisible(), !presentation);
        QCOMPARE(history->isVisible(), !presentation);
        // On a screen this short the results go beside the fabric, under the simulation
        // controls: under it they left the fabric about 330 px of the 720.
        QCOMPARE(mWindow->resultsBesideFabric(), presentation);
        if (presentation) {
            QVERIFY2(mWindow->canvas()->width() > normalCanvasWidth + 150,
                qPrintable(QStringLiteral("canvas %1 px wide, %2 when not presenting")
                               .arg(mWindow->canvas()->width())
                               .arg(normalCanvasWidth)));
            QTRY_VERIFY2(mWindow->canvas()->height() > normalCanvasHeight * 3 / 2,
                qPrintable(QStringLiteral("canvas %1 px high, %2 when not presenting")
                               .arg(mWindow->canvas()->height())
                               .arg(normalCanvasHeight)));
            QVERIFY(!mWindow->inspectorDock()->isVisible());
            mWindow->canvas()->setSelection({ NodeId(0) }); // clicking a node leaves it hidden
            QVERIFY(!mWindow->inspectorDock()->isVisible());
            QVERIFY(inView(mWindow->simulation()->analysisDock()));
            // The routing control shows without scrolling the form: most lessons turn on it,
            // and half the column showed only the collective and the algorithm.
            const QWidget *routing = mWindow->simulation()->simulationDock()->routingBox();
            QTRY_VERIFY2(routing->visibleRegion().boundingRect() == routing->rect(),
                qPrintable(QStringLiteral("routing shows %1 px of %2")
                               .arg(routing->visibleRegion().boundingRect().height())
                               .arg(routing->height())));
        } else {
            normalCanvasWidth = mWindow->canvas()->width();
            normalCanvasHeight = mWindow->canvas()->height();
        }
    }
    presentationMode->trigger();
    QVERIFY(!presentationMode->isChecked());
    // Leaving gives the docks back as they were.
    QTRY_VERIFY(mWindow->paletteDock()->isVisible());
    QVERIFY(history->isVisible());
    QVERIFY(!mWindow->resultsBesideFabric());
    QVERIFY(mWindow->inspectorDock()->isVisible() || mWindow->metricsDock()->isVisible());
}

void TestMainWindow::chartsReadAt1280x720()
{
    // The default fabric after a run, in a 1280x720 window, as a class first sees it: the
    // Analysis dock gave the throughput chart about 95 px, and Qt Charts cut every number and
    // title of its time axis to "...". The page now scrolls instead.
    mWindow->openDefaultFabric();
    QAction *presentationMode = mWindow->action(QStringLiteral("actionPresentation"));
    SimulationDock *dock = mWindow->simulation()->simulationDock();
    dock->sizeEdit()->setText(QStringLiteral("64MiB"));
    QSignalSpy finished(mWindow->simulation(), &SimulationController::runFinished);
    dock->runButton()->click();
    QVERIFY(finished.wait(60000));
    AnalysisDock *analysis = mWindow->simulation()->analysisDock();
    // The views that draw themselves have a name a screen reader says, with what they show:
    // they had none.
    QCOMPARE(mWindow->canvas()->accessibleName(), QStringLiteral("Fabric diagram"));
    QVERIFY2(analysis->heatmap()->accessibleName().startsWith(QStringLiteral("Heatmap: Link ")),
        qPrintable(analysis->heatmap()->accessibleName()));
    QVERIFY2(analysis->chartPanel()->accessibleName().startsWith(QStringLiteral("Chart: ")),
        qPrintable(analysis->chartPanel()->accessibleName()));
    QCOMPARE(mWindow->simulation()->playbackBar()->accessibleName(), QStringLiteral("Playback"));
    QWidget *chartsPage = analysis->tabs()->widget(1);
    analysis->tabs()->setCurrentWidget(chartsPage);
    for (const bool presentation : { false, true }) {
        if (presentationMode->isChecked() != presentation)
            presentationMode->trigger();
        mWindow->showNormal();
        mWindow->resize(1280, 720);
        QTRY_COMPARE(mWindow->size(), QSize(1280, 720));
        QTRY_VERIFY(analysis->chartPanel()->isVisible());
        // Checked once the docks have settled: the larger window before passed at once.
        int polls = 0;
        for (int last = -1, same = 0; same < 4 && polls < 100; ++polls) {
            QTest::qWait(25);
            const int height = analysis->chartPanel()->height();
            same = height == last ? same + 1 : 0;
            last = height;
        }
        QVERIFY(polls < 100);
        QVERIFY2(elidedTexts(chartsPage).isEmpty(),
            qPrintable(QStringLiteral("presentation %1, chart %2 px high: %3")
                           .arg(presentation)
                           .arg(analysis->chartPanel()->height())
                           .arg(elidedTexts(chartsPage).join(' '))));
    }
    presentationMode->trigger();
}

void TestMainWindow::everyScrollingTabStopShowsTheKeyboardFocus()
{
    // Tab landed on a dock's scroll area, the History list or the Metrics tree with no sign, or
    // one faint enough to miss (the style's own): each now shows a frame in the highlight colour
    // when the keyboard brought the focus, and none after a click. At a projector's size, where
    // the areas scroll.
    mWindow->showNormal();
    mWindow->resize(1280, 720);
    mWindow->openDefaultFabric();
    QVERIFY(QTest::qWaitForWindowExposed(mWindow));
    QTRY_COMPARE(mWindow->size(), QSize(1280, 720));
    mWindow->activateWindow();
    QTRY_VERIFY(mWindow->isActiveWindow());
    const QColor highlight = mWindow->palette().color(QPalette::Highlight);
    // The frame is whole: its top left corner, and the middle of its right edge, where the
    // area's scroll bar was drawn over it.
    const auto corner = [highlight](QWidget *w) {
        const QImage shown = w->grab().toImage();
        const QColor right = shown.pixelColor(shown.width() - 1, shown.height() / 2);
        return right == highlight ? shown.pixelColor(0, 0) : right;
    };
    QStringList checked;
    for (QAbstractScrollArea *area : mWindow->findChildren<QAbstractScrollArea *>()) {
        // A dock behind another's tab is shown out of the window, and Tab passes over it.
        if (!area->isVisible() || !(area->focusPolicy() & Qt::TabFocus) || !inItsWindow(area)
            || area->width() < 8 || area->height() < 8)
            continue;
        const QString name = QString::fromLatin1(area->metaObject()->className()) + QLatin1Char(' ')
            + area->objectName();
        area->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY2(area->hasFocus(), qPrintable(name));
        QVERIFY2(corner(area) == highlight, qPrintable(name));
        area->clearFocus();
        QTRY_VERIFY(!area->hasFocus());
        QVERIFY2(corner(area) != highlight, qPrintable(name));
        area->setFocus(Qt::MouseFocusReason);
        QTRY_VERIFY(area->hasFocus());
        QVERIFY2(corner(area) != highlight, qPrintable(name + QStringLiteral(" (clicked)")));
        checked << name;
    }
    // The canvas, the History list, the Metrics tree and the Palette's list at least.
    QVERIFY2(
        checked.size() >= 4 && checked.contains(QStringLiteral("fabric::views::FabricCanvas ")),
        qPrintable(checked.join(QStringLiteral(", "))));
}

void TestMainWindow::screenshotsWaitForTheScrollBarALastChangeNeeds()
{
    // On a busy machine a lesson's screenshot showed the Palette's page cut at its foot with no
    // scroll bar: the page had grown just before the picture, and what follows from that takes
    // more than one pass of the event queue, which grab() does not run. A larger font grows the
    // page the same way.
    mWindow->openDefaultFabric();
    QVERIFY(QTest::qWaitForWindowExposed(mWindow));
    QTest::qWait(200);
    auto *dock = mWindow->paletteDock();
    auto *area = dock->findChild<QScrollArea *>();
    QVERIFY(area);
    QFont larger = dock->font();
    larger.setPointSizeF(larger.pointSizeF() * 1.6);
    dock->setFont(larger);
    const QImage picture = settledPicture(*dock);
    const bool barThen = area->verticalScrollBar()->isVisible();
    QTest::qWait(200);
    QCOMPARE(barThen, area->verticalScrollBar()->isVisible());
    QCOMPARE(picture, dock->grab().toImage());
}

void TestMainWindow::everyTabStopShowsWhereTheFocusIs_data()
{
    QTest::addColumn<bool>("presentation");
    QTest::addColumn<QString>("family");
    QTest::newRow("normal") << false << QString();
    QTest::newRow("presentation") << true << QString();
    // Its OCS dock joins the results; in presentation the Analysis tabs overflow.
    QTest::newRow("presentation, torus") << true << QStringLiteral("tpu-torus");
}

void TestMainWindow::everyTabStopShowsWhereTheFocusIs()
{
    // Round the whole window by Tab on a 1280x720 projector, after a run. Tab landed on the
    // Paths list and the Metrics tree while their docks sat behind another dock's tab (out of
    // the window), and on the Run button and the tab bars, whose focus the style marks faintly
    // or not at all: four stops with nothing on screen to say where the keys went.
    QFETCH(bool, presentation);
    QFETCH(QString, family);
    StartupOptions options;
    options.size = QSize(1280, 720);
    options.presentation = presentation;
    options.family = family;
    options.runScenario = true;
    QVERIFY(applyStartup(*mWindow, options));
    QTRY_VERIFY_WITH_TIMEOUT(mWindow->simulation()->currentRun(), 60000);
    QTRY_VERIFY(!mWindow->simulation()->runner()->isRunning());
    if (presentation)
        QTRY_VERIFY(mWindow->presentationShown());
    mWindow->activateWindow();
    QTRY_VERIFY(mWindow->isActiveWindow());

    // Fields and check boxes have a clear mark of their own; everything else shows the
    // highlight frame.
    const auto marked = [](QWidget *w) {
        if (qobject_cast<QLineEdit *>(w) || qobject_cast<QAbstractSpinBox *>(w)
            || qobject_cast<QComboBox *>(w) || qobject_cast<QCheckBox *>(w))
            return true;
        return views::FocusFrameOverlay::isShownOn(*w);
    };
    const auto name = [](QWidget *w) {
        QString text;
        for (QWidget *p = w; p && !p->isWindow(); p = p->parentWidget())
            text += QString::fromLatin1(p->metaObject()->className()) + QLatin1Char('(')
                + p->objectName() + QLatin1String(") < ");
        return text;
    };
    QWidget *canvas = mWindow->canvas();
    canvas->setFocus(Qt::TabFocusReason);
    QStringList unseen;
    QSet<QWidget *> stops;
    for (int i = 0; i < 100; ++i) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        // Tab passes over a stop out of sight a turn later, and over the next one a turn after.
        for (int turn = 0; turn < 10; ++turn)
            QCoreApplication::processEvents();
        QWidget *w = QApplication::focusWidget();
        QVERIFY(w);
        stops.insert(w);
        if (w == canvas)
            break;
        // A tab bar's scroll arrows are no stops: the arrow keys on the bar do their work.
        if (!inItsWindow(w) || !marked(w) || qobject_cast<QTabBar *>(w->parentWidget()))
            unseen << name(w);
    }
    QVERIFY2(unseen.isEmpty(), qPrintable(unseen.join(QStringLiteral("; "))));
    QCOMPARE(QApplication::focusWidget(), canvas);
    // The round passed the docks' fields, the results and the playback bar.
    QVERIFY2(stops.size() >= 25, qPrintable(QString::number(stops.size())));
    if (presentation) // its larger fonts are the application's: the next test expects the usual
        mWindow->action(QStringLiteral("actionPresentation"))->trigger();
}

void TestMainWindow::aWindowOpeningGivesNoFrame()
{
    // A dialog's first focus comes with its window, not from the keyboard: a frame there would
    // say the keys had moved when nobody pressed one. Tab then frames where it goes.
    QDialog dialog(mWindow);
    auto *list = new QListWidget(&dialog);
    list->setFrameShape(QFrame::NoFrame); // as the Metrics tree: its scroll bar meets the edge
    list->addItem(QStringLiteral("first"));
    auto *button = new QPushButton(QStringLiteral("Close"), &dialog);
    auto *layout = new QVBoxLayout(&dialog);
    layout->addWidget(list);
    layout->addWidget(button);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.activateWindow();
    QTRY_VERIFY(list->hasFocus());
    const auto framed = [](QWidget *w) { return views::FocusFrameOverlay::isShownOn(*w); };
    QVERIFY(!framed(list));
    QTest::keyClick(list, Qt::Key_Tab);
    QTRY_VERIFY(button->hasFocus());
    QVERIFY(framed(button));
    QVERIFY(!framed(list));

    // Back on the list, its frame stays whole when rows added later bring its scroll bar, and
    // when the scroll area raises the bar, as it did on X11, over the frame's right edge.
    QTest::keyClick(button, Qt::Key_Backtab);
    QTRY_VERIFY(list->hasFocus());
    QVERIFY(framed(list));
    for (int row = 0; row < 100; ++row)
        list->addItem(QStringLiteral("row %1").arg(row));
    QTRY_VERIFY(list->verticalScrollBar()->isVisible());
    list->verticalScrollBar()->parentWidget()->raise();
    const QImage shown = list->grab().toImage();
    QCOMPARE(shown.pixelColor(shown.width() - 1, shown.height() / 2),
        list->palette().color(QPalette::Highlight));
}

void TestMainWindow::tabScrollsAFieldBelowTheFoldIntoView()
{
    // At 1280x720 the Simulation dock's page scrolls. Tab from outside the page (the last
    // routing button's stop is not in it) landed on the saved-scenario box below the fold, and
    // nothing moved: the focus was out of sight.
    mWindow->showNormal();
    mWindow->resize(1280, 720);
    mWindow->openDefaultFabric();
    QTRY_COMPARE(mWindow->size(), QSize(1280, 720));
    mWindow->activateWindow();
    QTRY_VERIFY(mWindow->isActiveWindow());
    auto *page = mWindow->simulation()->simulationDock()->findChild<QScrollArea *>();
    QVERIFY(page && page->widget());
    QWidget *viewport = page->viewport();
    const auto inView = [viewport](QWidget *w) {
        return viewport->rect().contains(QRect(w->mapTo(viewport, QPoint(0, 0)), w->size()));
    };
    QWidget *below = nullptr;
    for (QWidget *w : page->widget()->findChildren<QWidget *>())
        if (w->isVisible() && w->isEnabled() && (w->focusPolicy() & Qt::TabFocus) && !inView(w)
            && w->height() < viewport->height())
            below = w;
    QVERIFY2(below, "the page fits: nothing to scroll to");
    page->verticalScrollBar()->setValue(0);
    below->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(below->hasFocus());
    QVERIFY2(inView(below), below->metaObject()->className());
}

void TestMainWindow::compareTabGetsRoomAt1280x720()
{
    // Two runs compared in a 1280x720 window: the analysis dock under the fabric gave each
    // compared canvas about 45 px. Picking the tab now grows the dock; leaving it gives the
    // fabric its room back.
    mWindow->showNormal();
    mWindow->resize(1280, 720);
    mWindow->openDefaultFabric();
    SimulationDock *dock = mWindow->simulation()->simulationDock();
    dock->sizeEdit()->setText(QStringLiteral("64MiB"));
    QSignalSpy finished(mWindow->simulation(), &SimulationController::runFinished);
    dock->runButton()->click();
    QVERIFY(finished.wait(60000));
    dock->sizeEdit()->setText(QStringLiteral("128MiB"));
    dock->runButton()->click();
    QVERIFY(finished.wait(60000));
    AnalysisDock *analysis = mWindow->simulation()->analysisDock();
    const auto settle = [] {
        for (int i = 0; i < 8; ++i)
            QTest::qWait(25);
    };
    settle();
    const int heightBefore = analysis->height();
    // Every dock's size, to compare once the tab is left.
    const auto dockSizes = [this] {
        QStringList sizes;
        for (const QDockWidget *d : mWindow->findChildren<QDockWidget *>())
            if (d->isVisible() && !d->visibleRegion().isEmpty()) // not behind another's tab
                sizes << QStringLiteral("%1 %2x%3")
                             .arg(d->objectName())
                             .arg(d->width())
                             .arg(d->height());
        sizes.sort(); // raising a tabbed dock moves it among the window's children
        return sizes;
    };
    const QStringList sizesBefore = dockSizes();
    CompareView *compare = analysis->compareView();
    QWidget *comparePage = nullptr;
    for (int i = 0; i < analysis->tabs()->count(); ++i)
        if (analysis->tabs()->widget(i)->isAncestorOf(compare))
            comparePage = analysis->tabs()->widget(i);
    QVERIFY(comparePage);
    analysis->tabs()->setCurrentWidget(comparePage);
    settle();
    QVERIFY2(analysis->height() > heightBefore,
        qPrintable(QStringLiteral("dock %1 px, as before").arg(analysis->height())));
    // Both fabrics and the verdict in sight without scrolling; the table may scroll.
    const QList<QWidget *> inSight { compare->leftCanvas(), compare->rightCanvas(),
        compare->verdictLabel() };
    for (QWidget *shown : inSight) {
        const QRect seen = shown->visibleRegion().boundingRect();
        QVERIFY2(seen.height() == shown->height() && shown->height() > 0,
            qPrintable(QStringLiteral("%1: %2 of %3 px in sight")
                           .arg(shown->metaObject()->className())
                           .arg(seen.height())
                           .arg(shown->height())));
    }
    QVERIFY(compare->leftCanvas()->height() >= CompareView::kCanvasMinimumHeight);
    QVERIFY(!compare->verdict().isEmpty());
    // The table fits its rows, also once presentation mode enlarges the text.
    QTableWidget *table = compare->table();
    const auto rowsFit = [table] {
        const int last = table->rowCount() - 1;
        return last >= 0
            && table->rowViewportPosition(last) + table->rowHeight(last)
            <= table->viewport()->height();
    };
    QVERIFY(rowsFit());
    QFont larger = compare->font();
    larger.setPointSizeF(larger.pointSizeF() * 1.5);
    compare->setFont(larger);
    QVERIFY(rowsFit());
    compare->setFont(QFont());
    QVERIFY(mWindow->canvas()->height() >= 100);
    analysis->tabs()->setCurrentIndex(0);
    settle();
    QCOMPARE(analysis->height(), heightBefore);
    // The docks beside the fabric get their sizes back too: the Metrics dock grew and the
    // Simulation form was cut after Ranks.
    QCOMPARE(dockSizes(), sizesBefore);
    // Also after a look at the Paths tab beside it: back from there, the layout stayed the
    // compare's for good, the Inspector's fields cut to a line.
    auto *paths = mWindow->findChild<QDockWidget *>(QStringLiteral("pathsDock"));
    QVERIFY(paths);
    QVERIFY(mWindow->tabifiedDockWidgets(analysis).contains(paths));
    analysis->tabs()->setCurrentWidget(comparePage);
    settle();
    QVERIFY(analysis->height() > heightBefore);
    paths->raise();
    settle();
    analysis->raise();
    settle();
    analysis->tabs()->setCurrentIndex(0);
    settle();
    QCOMPARE(analysis->height(), heightBefore);
    QCOMPARE(dockSizes(), sizesBefore);
    // A height the user chose while comparing stays.
    analysis->tabs()->setCurrentWidget(comparePage);
    settle();
    mWindow->resizeDocks({ analysis }, { analysis->height() - 30 }, Qt::Vertical);
    settle();
    const int chosen = analysis->height();
    analysis->tabs()->setCurrentIndex(0);
    settle();
    QCOMPARE(analysis->height(), chosen);
}

void TestMainWindow::docksAreSizedForTheSettledWindow()
{
    // A maximized window not placed yet keeps its nominal 1440x900: docks sized in shares of
    // that kept their pixels when the window manager made it 720 px high, and left the fabric
    // a strip. Shares are taken of the height it will have.
    MainWindow window;
    window.resize(1440, 900);
    QCOMPARE(window.settledHeight(), 900);
    window.setWindowState(Qt::WindowMaximized);
    QVERIFY(window.screen());
    const int room = window.screen()->availableGeometry().height();
    const int settled = room - MainWindow::kTitleBarAbout;
    QVERIFY2(settled < 900, "the test needs a screen lower than the nominal window");
    QCOMPARE(window.settledHeight(), std::min(900, settled));
    window.setWindowState(Qt::WindowFullScreen);
    QCOMPARE(window.settledHeight(), std::min(900, window.screen()->geometry().height()));
}

void TestMainWindow::drawsAFabricByHand()
{
    // File > New Empty Fabric: nothing of the default fabric is left, not even its generator.
    mWindow->openDefaultFabric();
    mWindow->action(QStringLiteral("actionNewEmpty"))->trigger();
    Document *doc = mWindow->document();
    QCOMPARE(doc->fabric().nodeCount(), std::size_t(0));
    QVERIFY(doc->fabric().generator().family.empty());
    QVERIFY(doc->fileName().isEmpty());
    // The blank canvas says how to begin, in the middle of the view, until the first node.
    views::FabricCanvas *canvas = mWindow->canvas();
    QVERIFY(canvas->isEmptyHintShown());
    const QImage blank = canvas->viewport()->grab().toImage();
    const QRect middle(
        blank.width() / 4, blank.height() / 3, blank.width() / 2, blank.height() / 3);
    const auto inked = [&](const QImage &image) {
        int n = 0;
        for (int y = middle.top(); y <= middle.bottom(); ++y)
            for (int x = middle.left(); x <= middle.right(); ++x)
                n += image.pixelColor(x, y) != views::palette::background();
        return n;
    };
    QVERIFY2(inked(blank) > 500,
        qPrintable(QStringLiteral("%1 in %2x%3, visible %4")
                       .arg(inked(blank))
                       .arg(blank.width())
                       .arg(blank.height())
                       .arg(canvas->isVisible())));

    // Palette entries added one after another land side by side near the view centre.
    Node leaf;
    leaf.kind = NodeKind::Switch;
    leaf.role = SwitchRole::Leaf;
    Node gpu;
    gpu.kind = NodeKind::Gpu;
    for (const Node &proto : { leaf, gpu, gpu, gpu })
        Q_EMIT mWindow->paletteDock()->addRequested(proto);
    QCOMPARE(doc->fabric().nodeCount(), std::size_t(4));
    QVERIFY(!canvas->isEmptyHintShown());
    const auto pinned = [doc] {
        std::vector<std::pair<double, double>> spots;
        doc->fabric().forEachNode([&](const Node &n) {
            if (n.hints.position)
                spots.push_back(*n.hints.position);
        });
        return spots;
    };
    const auto spots = pinned();
    QCOMPARE(spots.size(), std::size_t(4));
    for (std::size_t i = 0; i < spots.size(); ++i)
        for (std::size_t j = i + 1; j < spots.size(); ++j)
            QVERIFY2(std::hypot(spots[i].first - spots[j].first,
                                spots[i].second - spots[j].second) >= 40,
                     "two palette nodes stacked on one spot");
    for (NodeId g : { 1, 2, 3 })
        QVERIFY(mWindow->addLink(0, g));

    // Arrange (Ctrl+L) lays the hand-drawn fabric out by tiers, as one undoable step.
    QAction *arrange = mWindow->action(QStringLiteral("actionArrange"));
    QCOMPARE(arrange->shortcut(), QKeySequence(QStringLiteral("Ctrl+L")));
    arrange->trigger();
    QVERIFY(pinned().empty());
    QVERIFY(mWindow->canvas()->nodePosition(0).y() < mWindow->canvas()->nodePosition(1).y());
    doc->undoStack()->undo();
    QCOMPARE(pinned(), spots);
    doc->undoStack()->redo();

    // Saved and opened again, it is the same hand-made fabric.
    const QString path = mDir.filePath(QStringLiteral("by-hand.fabric.json"));
    QVERIFY(mWindow->saveAs(path));
    QVERIFY(mWindow->openFile(path));
    QCOMPARE(mWindow->document()->fabric().nodeCount(), std::size_t(4));
    QCOMPARE(mWindow->document()->fabric().linkCount(), std::size_t(3));
    QVERIFY(mWindow->document()->fabric().generator().family.empty());
}

void TestMainWindow::paletteNodesStayClearOfTheLegend()
{
    // A row of palette nodes ran to the canvas's top-right corner, and the legend, growing a
    // line for each new kind of node, covered the last of them.
    mWindow->action(QStringLiteral("actionNewEmpty"))->trigger();
    QCoreApplication::processEvents();
    const auto make = [](NodeKind kind, SwitchRole role = SwitchRole::None) {
        Node n;
        n.kind = kind;
        n.role = role;
        return n;
    };
    std::vector<Node> protos(6, make(NodeKind::Gpu));
    for (const SwitchRole role : { SwitchRole::Leaf, SwitchRole::Spine, SwitchRole::Core,
             SwitchRole::Core, SwitchRole::Core, SwitchRole::Core, SwitchRole::Router })
        protos.push_back(make(NodeKind::Switch, role));
    protos.push_back(make(NodeKind::Host));
    protos.push_back(make(NodeKind::Ocs));
    for (const Node &proto : protos)
        Q_EMIT mWindow->paletteDock()->addRequested(proto);
    QCoreApplication::processEvents();
    views::FabricCanvas *canvas = mWindow->canvas();
    const QWidget *legend = static_cast<const QWidget *>(canvas->legend());
    QVERIFY(legend->isVisible());
    const QRect over = legend->geometry().translated(-canvas->viewport()->pos());
    mWindow->document()->fabric().forEachNode([&](const Node &n) {
        const QPoint at = canvas->mapFromScene(canvas->nodePosition(n.id));
        QVERIFY2(!over.contains(at),
            qPrintable(QStringLiteral("%1 under the legend").arg(QString::fromStdString(n.name))));
    });
}

void TestMainWindow::arrangeKeepsEachLeafOverItsGpus()
{
    // Two leaves and four GPUs drawn by hand, linked alternately (the first GPU to the first
    // leaf, the second to the second...): arranged, each leaf's GPUs sit together under it, so
    // no two leaf-to-GPU links cross.
    mWindow->action(QStringLiteral("actionNewEmpty"))->trigger();
    Node leaf;
    leaf.kind = NodeKind::Switch;
    leaf.role = SwitchRole::Leaf;
    Node gpu;
    gpu.kind = NodeKind::Gpu;
    for (const Node &proto : { leaf, leaf, gpu, gpu, gpu, gpu })
        Q_EMIT mWindow->paletteDock()->addRequested(proto);
    for (NodeId g : { 2, 3, 4, 5 })
        QVERIFY(mWindow->addLink(g, g % 2));
    mWindow->action(QStringLiteral("actionArrange"))->trigger();
    const views::FabricCanvas *canvas = mWindow->canvas();
    const auto x = [canvas](NodeId n) { return canvas->nodePosition(n).x(); };
    const bool firstLeft = x(0) < x(1);
    const double firstMost = firstLeft ? std::max(x(2), x(4)) : std::min(x(2), x(4));
    const double secondLeast = firstLeft ? std::min(x(3), x(5)) : std::max(x(3), x(5));
    QVERIFY2(firstLeft ? firstMost < secondLeast : firstMost > secondLeast,
        qPrintable(QStringLiteral("leaves at %1, %2; GPUs at %3, %4, %5, %6")
                       .arg(x(0))
                       .arg(x(1))
                       .arg(x(2))
                       .arg(x(3))
                       .arg(x(4))
                       .arg(x(5))));
}

void TestMainWindow::handEditsMarkTheGeneratorModified()
{
    // Deleting everything of a generated fabric leaves nothing drawn (no pod box, no tier
    // label), and the saved file says its generator's output was edited.
    mWindow->openDefaultFabric();
    Document *doc = mWindow->document();
    QVERIFY(!doc->fabric().generator().family.empty());
    QVERIFY(!doc->fabric().generator().modified);
    mWindow->action(QStringLiteral("actionSelectAll"))->trigger();
    mWindow->action(QStringLiteral("actionDelete"))->trigger();
    QCOMPARE(doc->fabric().nodeCount(), std::size_t(0));
    QVERIFY(doc->fabric().generator().modified);
    QVERIFY2(mWindow->canvas()->fabricBounds().isEmpty(), "a block or label is left drawn");

    const QString path = mDir.filePath(QStringLiteral("emptied.fabric.json"));
    QVERIFY(mWindow->saveAs(path));
    QVERIFY(mWindow->openFile(path));
    QVERIFY(mWindow->document()->fabric().generator().modified);
    QVERIFY2(mWindow->canvas()->fabricBounds().isEmpty(), "a block or label came back on opening");

    // Undoing every edit gives the generator's own output back, unmarked; a property change
    // marks it too.
    mWindow->openDefaultFabric();
    doc = mWindow->document();
    const QRectF generated = mWindow->canvas()->fabricBounds();
    mWindow->action(QStringLiteral("actionSelectAll"))->trigger();
    mWindow->action(QStringLiteral("actionDelete"))->trigger();
    doc->undoStack()->undo();
    QVERIFY(doc->fabric().nodeCount() > 0);
    QVERIFY(!doc->fabric().generator().modified);
    QCOMPARE(mWindow->canvas()->fabricBounds(), generated); // the pod blocks are back
    doc->undoStack()->push(
        new ChangeNodeProperty(doc, { 0 }, NodeProperty::Name, QStringLiteral("renamed")));
    QVERIFY(doc->fabric().generator().modified);
    doc->undoStack()->undo();
    QVERIFY(!doc->fabric().generator().modified);
}

void TestMainWindow::screenshotWritesAPng()
{
    mWindow->openDefaultFabric();
    const QString png = mDir.filePath(QStringLiteral("shot.png"));
    bool written = false;
    bool done = false;
    // A run that ends as the picture is taken fills the playback bar's note: the picture
    // shows it whole, not cut to the width it had before.
    views::PlaybackBar *bar = mWindow->simulation()->playbackBar();
    const QString note = QStringLiteral("loads: mean of 4.17 ms, a note longer than before");
    int noteWidth = -1, noteNeeds = 0;
    screenshotWhenReady(*mWindow, png, false, [&](bool ok) {
        for (const QLabel *label : bar->findChildren<QLabel *>())
            if (label->text() == note) {
                noteWidth = label->width();
                noteNeeds = label->sizeHint().width();
            }
        written = ok;
        done = true;
    });
    QTimer::singleShot(0, bar, [&] { // the polls see an idle window: the next one takes it
        QTest::qSleep(150);
        bar->setNote(note);
    });
    QVERIFY(QTest::qWaitFor([&] { return done; }, 60000));
    QVERIFY(written);
    QVERIFY2(noteWidth >= noteNeeds,
             qPrintable(QStringLiteral("note %1 px wide, needs %2").arg(noteWidth).arg(noteNeeds)));
    const QImage image(png);
    QCOMPARE(image.size(), mWindow->size() * mWindow->devicePixelRatio());
}

void TestMainWindow::commandLine()
{
    QString error;
    auto options
        = parseCommandLine({ QStringLiteral("fabricscope"), QStringLiteral("a.fabric.json"),
                               QStringLiteral("--screenshot"), QStringLiteral("x.png"),
                               QStringLiteral("--size"), QStringLiteral("1600x1000") },
            &error);
    QVERIFY(options);
    QCOMPARE(options->file, QStringLiteral("a.fabric.json"));
    QCOMPARE(options->screenshot, QStringLiteral("x.png"));
    QCOMPARE(options->size, QSize(1600, 1000));
    options = parseCommandLine(
        { QStringLiteral("fabricscope"), QStringLiteral("--template"), QStringLiteral("hpn"),
            QStringLiteral("--set"), QStringLiteral("segments=1") },
        &error);
    QVERIFY(options);
    QCOMPARE(options->params.at("segments"), std::string("1"));
    QVERIFY(!options->runScenario);

    // --run-default-scenario runs the simulation dock's scenario once the fabric is open.
    options = parseCommandLine({ QStringLiteral("fabricscope"), QStringLiteral("--template"),
                                   QStringLiteral("ib-fat-tree"), QStringLiteral("--set"),
                                   QStringLiteral("gpus=32"),
                                   QStringLiteral("--run-default-scenario") },
        &error);
    QVERIFY(options && options->runScenario);
    QSignalSpy finished(mWindow->simulation(), &SimulationController::runFinished);
    QVERIFY(applyStartup(*mWindow, *options));
    QVERIFY(finished.wait(60000));
    QCOMPARE(mWindow->document()->scenarios().items.size(), 1);
    QCOMPARE(mWindow->document()->scenarios().lastRun, 0);
    // The program ran it, not the user: closing the fabric asks nothing.
    QVERIFY(!mWindow->document()->isModified());
    QVERIFY(mWindow->document()->undoStack()->count() == 0);

    // Started on nothing in particular, the default fabric opens with its scenario run.
    QVERIFY(applyStartup(*mWindow, StartupOptions {}));
    QVERIFY(finished.wait(60000));
    QCOMPARE(mWindow->document()->fabric().endpoints().size(), std::size_t(256));
    QCOMPARE(mWindow->document()->scenarios().items.size(), 1);
    QVERIFY(!mWindow->document()->isModified());
    QVERIFY(mWindow->simulation()->currentRun());
    mPrompts->saveChoice = Prompts::SaveChoice::Discard;
    QVERIFY(!parseCommandLine(
        { QStringLiteral("fabricscope"), QStringLiteral("--set"), QStringLiteral("novalue") },
        &error));
    QVERIFY(error.contains(QLatin1String("KEY=VALUE")));
    // Asked for nothing, or for two things at once, the program said nothing: an empty
    // --screenshot (an unset variable in a script) opened the window and never exited, a file
    // after --lesson was dropped, and --size had no upper limit (gigabytes, then a crash).
    const QList<std::pair<QStringList, QString>> refused {
        { { "--screenshot", "" }, "--screenshot needs a value" },
        { { "--lesson", "" }, "--lesson needs a value" },
        { { "--template", "" }, "--template needs a value" },
        { { "" }, "no name" },
        { { "--lesson", "sharp-vs-ring", "a.fabric.json" }, "not several" },
        { { "--template", "hpn", "a.fabric.json" }, "not several" },
        { { "--set", "gpus=8" }, "give --template too" },
        { { "--size", "99999x99999" }, "from 800x600 to 7680x4320, got '99999x99999'" },
        { { "--size", "9x9\n\x1b[31m" }, "got '9x9\\n\\x1b[31m'" },
        { { "--size", "200x200" }, "from 800x600" },
    };
    for (const auto &[arguments, why] : refused) {
        error.clear();
        QVERIFY2(
            !parseCommandLine(QStringList { QStringLiteral("fabricscope") } + arguments, &error),
            qPrintable(arguments.join(' ')));
        QVERIFY2(error.contains(why), qPrintable(arguments.join(' ') + ": " + error));
    }
    QVERIFY(parseCommandLine(
        { QStringLiteral("fabricscope"), QStringLiteral("--size"), QStringLiteral("7680x4320") },
        &error));

    // A bad template on the command line leaves the default fabric open, and says why in the
    // window (it went to standard error only).
    StartupOptions bad;
    bad.family = QStringLiteral("ib-fat-tree");
    bad.params["gpus"] = "-3";
    mPrompts->errors.clear();
    QVERIFY(!applyStartup(*mWindow, bad));
    QCOMPARE(mWindow->document()->fabric().endpoints().size(), std::size_t(256));
    QCOMPARE(mPrompts->errors.size(), 1);
    QVERIFY2(mPrompts->errors[0].startsWith(QStringLiteral("Cannot Generate Fabric: "))
            && mPrompts->errors[0].contains(QStringLiteral("gpus")),
        qPrintable(mPrompts->errors[0]));
}

void TestMainWindow::showsEqualCostPathsBetweenTwoGpus()
{
    mWindow->openDefaultFabric();
    // The default SuperPOD unit: GPU 0 (rail 0, leaf0) and GPU 9 (host 1, rail 1, leaf1) meet
    // only through the 4 spines, each reached by 8 parallel links from either leaf.
    const Fabric &f = mWindow->document()->fabric();
    const std::vector<NodeId> gpus = f.endpoints();
    mWindow->canvas()->setSelection({gpus[0], gpus[9]});
    mWindow->action(QStringLiteral("actionShowPaths"))->trigger();
    const QList<QList<LinkId>> paths = mWindow->canvas()->shownPaths();
    QCOMPARE(paths.size(), 256);
    for (const QList<LinkId> &path : paths)
        QCOMPARE(path.size(), 4);
    const QString message = mWindow->statusBar()->currentMessage();
    QVERIFY2(message.contains(QStringLiteral("256 equal-cost paths")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("4 hops")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("400 Gb/s")), qPrintable(message));

    PathsDock *dock = mWindow->pathsDock();
    QVERIFY(dock->isVisible());
    // The Paths dock lists them and the path(s) each routing policy picks.
    const QList<QList<LinkId>> &equal = dock->pathSet().paths;
    QCOMPARE(equal, paths);
    QVERIFY2(dock->summary().contains(QStringLiteral("4 hops")), qPrintable(dock->summary()));
    QCOMPARE(dock->tree()->topLevelItem(0)->text(1), QStringLiteral("4"));
    QCOMPARE(dock->tree()->topLevelItem(0)->childCount(), 256);
    // A fabric without planes has no Plane column: empty, it took the paths' room.
    QCOMPARE(dock->tree()->headerItem()->text(4), QStringLiteral("Plane"));
    QVERIFY(dock->tree()->isColumnHidden(4));

    QStringList policies;
    for (const PolicyRoute &r : dock->routes())
        policies << r.policy;
    QCOMPARE(policies, (QStringList { QStringLiteral("ecmp"), QStringLiteral("ecmp-polarized"),
                           QStringLiteral("static"), QStringLiteral("adaptive"),
                           QStringLiteral("spray") })); // no dor off a torus
    std::set<LinkId> equalLinks;
    for (const auto &path : equal)
        equalLinks.insert(path.begin(), path.end());
    for (const PolicyRoute &r : dock->routes()) {
        double total = 0;
        for (int i = 0; i < r.paths.size(); ++i) {
            // Every path a policy picks is one of the equal-cost paths.
            QVERIFY2(equal.contains(r.paths[i]), qPrintable(r.policy));
            total += r.shares[i];
        }
        QVERIFY(qFuzzyCompare(total, 1.0));
        if (r.policy.startsWith(QStringLiteral("ecmp")) || r.policy == QStringLiteral("static"))
            QCOMPARE(r.paths.size(), 1);
        if (r.policy == QStringLiteral("spray")) {
            // Spray covers every equal-cost link (over at most 64 paths, as the engine does).
            QVERIFY(r.paths.size() > 1);
            std::set<LinkId> covered;
            for (const auto &path : r.paths)
                covered.insert(path.begin(), path.end());
            QCOMPARE(covered, equalLinks);
        }
    }

    // Selecting a policy draws its path over the equal-cost set, on its own highlight channel:
    // the simulation's highlight (e.g. a SHARP tree) stays.
    using Channel = views::FabricCanvas::HighlightChannel;
    const QList<LinkId> simHighlight { *equalLinks.begin() };
    mWindow->canvas()->setHighlightedLinks(simHighlight, Qt::gray, Channel::Simulation);
    QVERIFY(dock->selectPolicy(QStringLiteral("static")));
    QList<LinkId> staticPath;
    for (const PolicyRoute &r : dock->routes())
        if (r.policy == QStringLiteral("static"))
            staticPath = r.paths.front();
    std::sort(staticPath.begin(), staticPath.end());
    QCOMPARE(dock->highlighted(), staticPath);
    QCOMPARE(mWindow->canvas()->highlightedLinks(Channel::Path), staticPath);
    QCOMPARE(mWindow->canvas()->highlightedLinks(Channel::Simulation), simHighlight);
    QCOMPARE(mWindow->canvas()->shownPaths().size(), 256);

    mWindow->action(QStringLiteral("actionClearPaths"))->trigger();
    QVERIFY(mWindow->canvas()->shownPaths().isEmpty());
    QVERIFY(dock->routes().isEmpty());
    QVERIFY(dock->highlighted().isEmpty());
    QVERIFY(mWindow->canvas()->highlightedLinks(Channel::Path).isEmpty());
    QCOMPARE(mWindow->canvas()->highlightedLinks(Channel::Simulation), simHighlight);
    mWindow->canvas()->setHighlightedLinks({}, {}, Channel::Simulation);

    // An edit that changes the routes (a spine made a GPU forwards nothing) takes the paths
    // away: the dock kept listing them through the spine.
    const NodeId spine = spineOn(f, staticPath);
    QVERIFY(spine != kNoNode);
    mWindow->action(QStringLiteral("actionShowPaths"))->trigger();
    QCOMPARE(mWindow->canvas()->shownPaths().size(), 256);
    mWindow->document()->undoStack()->push(new ChangeNodeProperty(
        mWindow->document(), { spine }, NodeProperty::Kind, QStringLiteral("gpu")));
    QVERIFY(dock->routes().isEmpty());
    QVERIFY(mWindow->canvas()->shownPaths().isEmpty());
    mWindow->document()->undoStack()->undo();

    // With GPU 0's leaf failed, no policy has a path: each says so, not "0 paths, single
    // path" with 0 hops and an "inf Tb/s" bottleneck; the equal-cost paths are the healthy
    // fabric's, and say so.
    NodeId leaf = kNoNode;
    for (const LinkId l : f.linksOf(gpus[0]))
        if (f.node(f.link(l).other(gpus[0])).role == SwitchRole::Leaf)
            leaf = f.link(l).other(gpus[0]);
    QVERIFY(leaf != kNoNode);
    collective::Scenario faulted;
    faulted.faults = { parseFault(f.node(leaf).name) };
    dock->showPaths(f, mWindow->canvas()->showPathsBetween(gpus[0], gpus[9]), faulted);
    QVERIFY2(dock->tree()->topLevelItem(0)->text(0).contains(
                 QStringLiteral("of the healthy fabric (1 fault in force)")),
        qPrintable(dock->tree()->topLevelItem(0)->text(0)));
    QTreeWidgetItem *policyRows = dock->tree()->topLevelItem(1);
    QVERIFY(policyRows->childCount() > 0);
    for (int i = 0; i < policyRows->childCount(); ++i) {
        QVERIFY2(policyRows->child(i)->text(0).contains(QStringLiteral("no path left")),
            qPrintable(policyRows->child(i)->text(0)));
        QCOMPARE(policyRows->child(i)->text(2), QStringLiteral("\u2013"));
    }
    mWindow->action(QStringLiteral("actionClearPaths"))->trigger();

    // One GPU selected: nothing is drawn and the status bar says what to do.
    mWindow->canvas()->setSelection({gpus[0]});
    mWindow->action(QStringLiteral("actionShowPaths"))->trigger();
    QVERIFY(mWindow->canvas()->shownPaths().isEmpty());
    QVERIFY(mWindow->statusBar()->currentMessage().contains(QStringLiteral("exactly two")));
}

void TestMainWindow::pathsDockFollowsTheFaultsAndDrawsThePolicyOnTop()
{
    mWindow->openDefaultFabric();
    const Fabric &f = mWindow->document()->fabric();
    const std::vector<NodeId> gpus = f.endpoints();
    PathsDock *dock = mWindow->pathsDock();
    using Channel = views::FabricCanvas::HighlightChannel;
    const auto showPaths = [&](NodeId a, NodeId b) {
        mWindow->canvas()->setSelection({ a, b });
        mWindow->action(QStringLiteral("actionShowPaths"))->trigger();
    };
    const auto policyRows = [&] {
        QStringList rows;
        QTreeWidgetItem *policies = dock->tree()->topLevelItem(1);
        for (int i = 0; policies && i < policies->childCount(); ++i)
            rows << policies->child(i)->text(0);
        return rows;
    };
    showPaths(gpus[0], gpus[9]);
    QVERIFY(dock->selectPolicy(QStringLiteral("static")));
    const QList<LinkId> staticPath = dock->highlighted();
    QCOMPARE(staticPath.size(), 4);

    // The policy's route lies inside the magenta equal-cost set: drawn under it, it never
    // showed. Its orange must be on the picture.
    const QImage picture = mWindow->canvas()->renderImage(QSize(1600, 1000), {}, false);
    const QColor orange = PathsDock::pathColor();
    int orangePixels = 0;
    for (int y = 0; y < picture.height(); ++y)
        for (int x = 0; x < picture.width(); ++x) {
            const QColor c = picture.pixelColor(x, y);
            orangePixels += std::abs(c.red() - orange.red()) < 16
                && std::abs(c.green() - orange.green()) < 16
                && std::abs(c.blue() - orange.blue()) < 16;
        }
    QVERIFY2(orangePixels > 300, qPrintable(QString::number(orangePixels)));

    // Each policy's shares, as shown, add up to its 100% (8 paths of 12.5% read "13%").
    QTreeWidgetItem *policyItems = dock->tree()->topLevelItem(1);
    for (int i = 0; i < policyItems->childCount(); ++i) {
        QTreeWidgetItem *policy = policyItems->child(i);
        double sum = 0;
        for (int k = 0; k < policy->childCount(); ++k)
            sum += policy->child(k)->text(3).chopped(1).toDouble();
        QVERIFY2(std::abs(sum - 100) <= 0.005 * policy->childCount() + 1e-9,
            qPrintable(policy->text(0) + QStringLiteral(": %1%").arg(sum)));
        // The whole row on hover: presented at 1280x720 the column cut it to "ecmp-pola…".
        QCOMPARE(policy->toolTip(0), policy->text(0));
    }

    // The form's other edits (the size, a run starting) leave the rows and the selection alone:
    // rebuilt at each keystroke, the path the user had selected went.
    QTreeWidgetItem *onePath = dock->tree()->topLevelItem(0)->child(3);
    dock->tree()->setCurrentItem(onePath);
    const QList<LinkId> selectedPath = dock->highlighted();
    collective::Scenario edited = mWindow->simulation()->simulationDock()->scenario();
    edited.bytes *= 2;
    dock->setSettings(edited);
    QCOMPARE(dock->tree()->currentItem(), onePath);
    edited.seed += 1; // routes again, and selects the same path again
    dock->setSettings(edited);
    QCOMPARE(dock->highlighted(), selectedPath);
    QVERIFY(dock->selectPolicy(QStringLiteral("static")));

    // Escape on the canvas takes the paths away, and the dock's rows and route with them.
    mWindow->canvas()->setFocus();
    QTest::keyClick(mWindow->canvas(), Qt::Key_Escape);
    QVERIFY(mWindow->canvas()->shownPaths().isEmpty());
    QVERIFY(dock->routes().isEmpty());
    QVERIFY(mWindow->canvas()->highlightedLinks(Channel::Path).isEmpty());

    // Another pair: the last pair's route goes with its rows.
    showPaths(gpus[0], gpus[9]);
    QVERIFY(dock->selectPolicy(QStringLiteral("static")));
    showPaths(gpus[1], gpus[2]);
    QVERIFY(mWindow->canvas()->highlightedLinks(Channel::Path).isEmpty());

    // A fault failed, then undone: the policies follow at once (they kept routing over the
    // failed leaf, then kept the detours after Undo), the policy chosen stays chosen.
    showPaths(gpus[0], gpus[9]);
    QVERIFY(dock->selectPolicy(QStringLiteral("static")));
    NodeId leaf = kNoNode;
    for (const LinkId l : f.linksOf(gpus[0]))
        if (f.node(f.link(l).other(gpus[0])).role == SwitchRole::Leaf)
            leaf = f.link(l).other(gpus[0]);
    QVERIFY(leaf != kNoNode);
    QUndoStack *undo = mWindow->document()->undoStack();
    undo->push(ChangeFaults::inject(mWindow->document(), parseFault(f.node(leaf).name)));
    QVERIFY(!policyRows().isEmpty());
    for (const QString &row : policyRows())
        QVERIFY2(row.contains(QStringLiteral("no path left")), qPrintable(row));
    QVERIFY2(dock->tree()->topLevelItem(0)->text(0).contains(QStringLiteral("1 fault in force")),
        qPrintable(dock->tree()->topLevelItem(0)->text(0)));
    undo->undo();
    QVERIFY(!dock->tree()->topLevelItem(0)->text(0).contains(QStringLiteral("in force")));
    QCOMPARE(mWindow->canvas()->highlightedLinks(Channel::Path), staticPath);

    // A fault on a node deleted since: every policy refuses, and the dock says why instead of
    // listing nothing.
    const NodeId spine = spineOn(f, staticPath);
    QVERIFY(spine != kNoNode);
    const QString spineName = QString::fromStdString(f.node(spine).name);
    undo->push(ChangeFaults::inject(mWindow->document(), parseFault(spineName.toStdString())));
    undo->push(new RemoveNodes(mWindow->document(), { spine }));
    showPaths(gpus[0], gpus[9]);
    const QStringList rows = policyRows();
    QCOMPARE(rows.size(), 1);
    QVERIFY2(rows.front().startsWith(QStringLiteral("None can route"))
            && rows.front().contains(spineName),
        qPrintable(rows.front()));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
