// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "canvas/fabriccanvas.h"
#include "commands/addlinks.h"
#include "commands/addnodes.h"
#include "commands/duplicatenodes.h"
#include "commands/movenodes.h"
#include "commands/reconfigureocs.h"
#include "commands/regeneratefabric.h"
#include "commands/removelinks.h"
#include "commands/removenodes.h"
#include "common/plural.h"
#include "common/qtstrings.h"
#include "document.h"
#include "examples.h"
#include "fileformats.h"
#include "focusframes.h"
#include "generators/registry.h"
#include "generators/tpuspares.h"
#include "generators/tputorus.h"
#include "inspectordock.h"
#include "io/fabricformat.h"
#include "io/formatregistry.h"
#include "lessons.h"
#include "lessons/lessonlibrary.h"
#include "letterkeys.h"
#include "metricsdock.h"
#include "mnemonics.h"
#include "model/error.h"
#include "model/tierinference.h"
#include "model/units.h"
#include "nodenames.h"
#include "ocsdock.h"
#include "palettedock.h"
#include "pathsdock.h"
#include "prompts.h"
#include "reconfigureocsdialog.h"
#include "shortcutsdialog.h"
#include "simulation/compareroom.h"
#include "simulation/faultkeeper.h"
#include "simulation/playbackkeys.h"
#include "simulation/resiliencekeeper.h"
#include "simulation/scenariokeeper.h"
#include "simulation/simulationcontroller.h"
#include "simulation/simulationdock.h"
#include "style/legend.h"
#include "templategallery.h"
#include "undoactions.h"
#include "userguide.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QToolTip>
#include <QUndoGroup>
#include <QUndoStack>
#include <QUndoView>

#include <algorithm>
#include <cmath>
#include <memory>
#include <tuple>
#include <utility>
#include <vector>

namespace fabric::app {
namespace {

constexpr int kMaxRecentFiles = 8;
constexpr double kPresentationFontScale = 1.5;
/// View > Snap to Grid: the grid step in scene units.
constexpr double kGridStep = 20;

std::string namePrefix(const Node &n)
{
    switch (n.kind) {
    case NodeKind::Gpu:
        return "gpu";
    case NodeKind::Host:
        return "host";
    case NodeKind::Ocs:
        return "ocs";
    case NodeKind::Switch:
        return n.role == SwitchRole::None ? "switch" : std::string(toString(n.role));
    }
    return "node";
}

/// Tiers of the layout hints, so a new switch lands among its peers in tiered layouts.
int defaultTier(const Node &n)
{
    switch (n.kind) {
    case NodeKind::Gpu:
        return 0;
    case NodeKind::Host:
        return 1;
    case NodeKind::Ocs:
        return -1;
    case NodeKind::Switch:
        switch (n.role) {
        case SwitchRole::Leaf:
        case SwitchRole::Router:
            return 2;
        case SwitchRole::Spine:
            return 3;
        case SwitchRole::Core:
            return 4;
        case SwitchRole::None:
            return -1;
        }
    }
    return -1;
}

QList<QString> localFiles(const QMimeData *mime)
{
    QList<QString> out;
    if (mime && mime->hasUrls())
        for (const QUrl &url : mime->urls())
            if (url.isLocalFile())
                out << url.toLocalFile();
    return out;
}

QIcon resourceIcon(const char *name)
{
    return QIcon(QStringLiteral(":/icons/%1.svg").arg(QLatin1String(name)));
}

template<typename T> std::vector<T> toVector(const QList<T> &list)
{
    return std::vector<T>(list.begin(), list.end());
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , mPrompts(std::make_unique<Prompts>())
    , mCanvas(new views::FabricCanvas(this))
    , mUndoGroup(new QUndoGroup(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/fabricscope.svg")));
    setCentralWidget(mCanvas);
    setAcceptDrops(true);
    mCanvasViewport = mCanvas->viewport();
    mCanvasViewport->installEventFilter(this);
    mCanvas->setAcceptDrops(true);
    mCanvas->viewport()->setAcceptDrops(true);
    mCanvas->setEmptyHint(tr("An empty fabric. Drag a GPU, a host or a switch from the Palette "
                             "onto the canvas; to link two nodes, press L and drag from one to "
                             "the other. File > New from Template (Ctrl+N) generates a whole "
                             "fabric."));
    mNormalFont = font();
    mNormalMenuFont = QApplication::font("QMenu");
    mNormalTipFont = QToolTip::font();
    mNormalDialogFont = QApplication::font("QDialog");

    createDocks();
    createActions();
    mSimulation = installSimulation(this);
    // Every export in one place: the simulation's pictures, charts and report join the
    // fabric formats under File > Export (they stay in the Simulation menu too).
    if (auto *exportMenu = findChild<QMenu *>(QStringLiteral("menuExport"))) {
        exportMenu->addSeparator();
        exportMenu->addActions(mSimulation->exportActions());
        exportMenu->setEnabled(true);
    }
    mScenarios = new ScenarioKeeper(this, mSimulation);
    // After the scenario keeper: it fills the form for each document first. The canvas's
    // context menu (fail, degrade, restore) is the fault keeper's.
    new FaultKeeper(this, mSimulation);
    new ResilienceKeeper(this, mSimulation);
    // Each policy routes as a run of the dock's scenario would: a fault failed or restored
    // (Undo too), another seed or QP count, changes the routes listed.
    connect(mSimulation->simulationDock(), &SimulationDock::scenarioEdited, mPaths,
        [this] { mPaths->setSettings(mSimulation->simulationDock()->scenario()); });
    if (auto *analysis = findChild<QDockWidget *>(QStringLiteral("AnalysisDock"))) {
        tabifyDockWidget(analysis, mPaths);
        tabifyDockWidget(analysis, mOcs);
        analysis->raise();
    }
    new PlaybackKeys(this, mSimulation);
    new FocusFrames(this);
    new LetterKeys(this);
    new CompareRoom(this, mSimulation->analysisDock());
    statusBar();
    fillDocksMenu();
    keepMnemonics(*this);

    connect(mCanvas, &views::FabricCanvas::selectionChanged, this, &MainWindow::selectionChanged);
    connect(mCanvas, &views::FabricCanvas::nodeDropRequested, this,
        [this](const QString &key, const QPointF &scenePos) {
            if (const auto node = PaletteDock::nodeFromKey(key))
                addNode(*node, scenePos);
            else
                statusBar()->showMessage(tr("Unknown palette item \u201c%1\u201d").arg(key), 5000);
        });
    connect(mCanvas, &views::FabricCanvas::linkRequested, this,
        [this](NodeId a, NodeId b) { addLink(a, b); });
    connect(mCanvas, &views::FabricCanvas::nodesMoved, this,
        [this](const QList<NodeId> &nodes, const QList<QPointF> &, const QList<QPointF> &to) {
            if (!mDocument || nodes.isEmpty())
                return;
            std::vector<MoveNodes::Position> positions;
            for (const QPointF &p : to)
                positions.emplace_back(p.x(), p.y());
            mDocument->undoStack()->push(
                new MoveNodes(mDocument.get(), toVector(nodes), std::move(positions)));
        });
    connect(mCanvas, &views::FabricCanvas::nodeHovered, this, [this](NodeId node) {
        if (mDocument && mDocument->fabric().hasNode(node))
            statusBar()->showMessage(QString::fromStdString(mDocument->fabric().node(node).name));
        else
            statusBar()->clearMessage();
    });

    readSettings();
    setDocument(std::make_unique<Document>(Fabric()));
}

MainWindow::~MainWindow()
{
    // The canvas points into the document's fabric: it goes first.
    mCanvas->disconnect(this);
    delete mCanvas;
}

void MainWindow::setPrompts(std::unique_ptr<Prompts> prompts)
{
    mPrompts = std::move(prompts);
}

QAction *MainWindow::action(const QString &objectName) const
{
    return findChild<QAction *>(objectName);
}

void MainWindow::createDocks()
{
    mMetrics = new MetricsDock(this);
    mInspector = new InspectorDock(this);
    mPalette = new PaletteDock(this);
    mPaths = new PathsDock(this);
    mPaths->setCanvas(mCanvas);
    // Escape takes the paths off the canvas: the dock's rows go with them, or they would name
    // paths no longer shown.
    connect(mCanvas, &views::FabricCanvas::pathsDismissed, mPaths, &PathsDock::clear);
    mHistory = new QDockWidget(tr("History"), this);
    mHistory->setObjectName(QStringLiteral("historyDock"));
    auto *undoView = new QUndoView(mUndoGroup, mHistory);
    undoView->setEmptyLabel(tr("<opened>"));
    mHistory->setWidget(undoView);

    addDockWidget(Qt::LeftDockWidgetArea, mPalette);
    addDockWidget(Qt::LeftDockWidgetArea, mHistory);
    addDockWidget(Qt::RightDockWidgetArea, mMetrics);
    addDockWidget(Qt::RightDockWidgetArea, mInspector);
    // Metrics and inspector share a tab group: the simulation dock below needs the height.
    tabifyDockWidget(mMetrics, mInspector);
    mMetrics->raise();
    // Below the canvas, where path names have room (a tab next to the simulation's analysis).
    addDockWidget(Qt::BottomDockWidgetArea, mPaths);
    mOcs = new OcsDock(mCanvas, this);
    addDockWidget(Qt::BottomDockWidgetArea, mOcs);
    tabifyDockWidget(mPaths, mOcs);
    mOcs->hide(); // until a fabric with optical circuit switches opens

    connect(mPalette, &PaletteDock::addRequested, this,
        [this](const Node &node) { addNode(node, freeSpotNear(viewCentre())); });
}

void MainWindow::createActions()
{
    auto make
        = [this](const char *name, const QString &text, const QKeySequence &shortcut, auto slot) {
              auto *a = new QAction(text, this);
              a->setObjectName(QLatin1String(name));
              if (!shortcut.isEmpty())
                  a->setShortcut(shortcut);
              connect(a, &QAction::triggered, this, slot);
              return a;
          };

    // File
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *newAction = make("actionNew", tr("&New from Template\u2026"), QKeySequence::New,
        [this] { newFromTemplate(); });
    QAction *openAction = make("actionOpen", tr("&Open\u2026"), QKeySequence::Open, [this] {
        const QString name = mPrompts->openFileName(this, fileDialogFolder(), files::openFilter());
        if (!name.isEmpty())
            openFile(name);
    });
    newAction->setIcon(style()->standardIcon(QStyle::SP_FileIcon));
    openAction->setIcon(style()->standardIcon(QStyle::SP_DialogOpenButton));
    file->addAction(newAction);
    file->addAction(make("actionNewEmpty", tr("New E&mpty Fabric"),
        QKeySequence(tr("Ctrl+Shift+N")), [this] { openGenerated(Fabric()); }));
    file->addAction(openAction);
    mRecentMenu = file->addMenu(tr("Open &Recent"));
    mRecentMenu->setObjectName(QStringLiteral("menuRecent"));
    QMenu *examples = file->addMenu(tr("Open E&xample"));
    examples->setObjectName(QStringLiteral("menuExamples"));
    for (const QString &path : exampleFiles()) {
        QAction *a = examples->addAction(exampleTitle(path));
        a->setObjectName(QStringLiteral("actionExample_") + exampleTitle(path));
        a->setToolTip(path);
        connect(a, &QAction::triggered, this, [this, path] { openExample(path); });
    }
    examples->setEnabled(!examples->isEmpty());
    file->addSeparator();
    QAction *saveAction = make("actionSave", tr("&Save"), QKeySequence::Save, [this] { save(); });
    saveAction->setIcon(style()->standardIcon(QStyle::SP_DialogSaveButton));
    file->addAction(saveAction);
    file->addAction(make("actionSaveAs", tr("Save &As\u2026"), QKeySequence(tr("Ctrl+Shift+S")),
        [this] { saveAs(); }));
    QMenu *exportMenu = file->addMenu(tr("&Export"));
    exportMenu->setObjectName(QStringLiteral("menuExport"));
    for (const io::FabricFormat *format : files::exportFormats()) {
        auto *a = exportMenu->addAction(files::filterOf(*format) + QChar(0x2026));
        a->setObjectName(
            QStringLiteral("actionExport_") + QString::fromUtf8(format->name().data()));
        connect(a, &QAction::triggered, this, [this, format] { exportTo(format); });
    }
    exportMenu->setEnabled(!exportMenu->isEmpty());
    file->addSeparator();
    QAction *quit
        = make("actionQuit", tr("&Quit"), QKeySequence(tr("Ctrl+Q")), [this] { close(); });
    quit->setMenuRole(QAction::QuitRole);
    file->addAction(quit);

    // Edit
    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = createUndoGroupAction(mUndoGroup, UndoDirection::Undo, this);
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = createUndoGroupAction(mUndoGroup, UndoDirection::Redo, this);
    redo->setShortcuts({ QKeySequence(tr("Ctrl+Shift+Z")), QKeySequence(tr("Ctrl+Y")) });
    undo->setIcon(style()->standardIcon(QStyle::SP_ArrowBack));
    redo->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    QAction *del
        = make("actionDelete", tr("&Delete"), QKeySequence::Delete, [this] { deleteSelection(); });
    // The shortcut must work while the canvas has focus, not only from the menu.
    del->setShortcutContext(Qt::WindowShortcut);
    edit->addAction(del);
    edit->addAction(make("actionDuplicate", tr("Dupli&cate"), QKeySequence(tr("Ctrl+D")),
        [this] { duplicateSelection(); }));
    edit->addAction(make("actionSelectAll", tr("Select &All"), QKeySequence::SelectAll, [this] {
        if (!mDocument)
            return;
        QList<NodeId> all;
        mDocument->fabric().forEachNode([&](const Node &n) { all << n.id; });
        mCanvas->setSelection(all);
    }));
    edit->addSeparator();
    edit->addAction(make("actionFind", tr("&Find\u2026"), QKeySequence::Find, [this] {
        mFindEdit->setFocus();
        mFindEdit->selectAll();
    }));

    // View
    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *fit = make(
        "actionFit", tr("Zoom to &Fit"), QKeySequence(tr("F")), [this] { mCanvas->zoomToFit(); });
    fit->setIcon(resourceIcon("zoom-fit"));
    view->addAction(fit);
    view->addAction(make("actionZoomSelection", tr("Zoom to &Selection"),
        QKeySequence(tr("Shift+F")), [this] { mCanvas->zoomToSelection(); }));
    QAction *zoomIn = make(
        "actionZoomIn", tr("Zoom &In"), QKeySequence::ZoomIn, [this] { mCanvas->zoomBy(1.25); });
    QAction *zoomOut = make(
        "actionZoomOut", tr("Zoom &Out"), QKeySequence::ZoomOut, [this] { mCanvas->zoomBy(0.8); });
    zoomIn->setIcon(resourceIcon("zoom-in"));
    zoomOut->setIcon(resourceIcon("zoom-out"));
    view->addAction(zoomIn);
    view->addAction(zoomOut);
    view->addSeparator();
    QAction *antialias = make("actionAntialiasing", tr("&Antialiasing"), {},
        [this](bool on) { mCanvas->setAntialiasing(on); });
    antialias->setCheckable(true);
    view->addAction(antialias);
    QAction *snap = make("actionSnapToGrid", tr("S&nap to Grid"), {},
        [this](bool on) {
            mCanvas->setGridSnap(on ? kGridStep : 0.0);
            QSettings().setValue(QStringLiteral("view/snapToGrid"), on);
        });
    snap->setCheckable(true);
    view->addAction(snap);
    QAction *presentation = make("actionPresentation", tr("&Presentation Mode"),
        QKeySequence(tr("F11")), [this](bool on) { setPresentationMode(on); });
    presentation->setCheckable(true);
    view->addAction(presentation);
    QAction *legend = make(
        "actionLegend", tr("&Legend"), {}, [this](bool on) { mCanvas->setLegendVisible(on); });
    legend->setCheckable(true);
    legend->setChecked(mCanvas->isLegendVisible());
    view->addAction(legend);
    QMenu *torus = view->addMenu(tr("&Torus View"));
    torus->setObjectName(QStringLiteral("menuTorusView"));
    auto *torusViews = new QActionGroup(this);
    const std::tuple<const char *, views::TorusView, QString> torusChoices[] = {
        { "actionTorusLattice", views::TorusView::Lattice, tr("&Lattice (circuits as arcs, OCS in their panel)") },
        { "actionTorus3d", views::TorusView::Projection, tr("&3D Projection (drag to orbit)") },
        { "actionTorusSlices", views::TorusView::Slices, tr("Z &Slices Side by Side, with the OCS") },
    };
    for (const auto &[name, kind, text] : torusChoices) {
        QAction *a = make(name, text, {}, [this, kind] {
                mCanvas->setTorusView(kind);
                mCanvas->zoomToFit();
            });
        a->setCheckable(true);
        a->setChecked(kind == mCanvas->torusView());
        torusViews->addAction(a);
        torus->addAction(a);
    }
    view->addSeparator();
    // Filled once the simulation's docks exist too (fillDocksMenu()).
    view->addMenu(tr("&Docks"))->setObjectName(QStringLiteral("menuDocks"));

    // Tools
    QMenu *tools = menuBar()->addMenu(tr("&Tools"));
    QAction *linkMode
        = make("actionLinkMode", tr("Add &Link Mode"), QKeySequence(tr("L")), [this](bool on) {
              mCanvas->setTool(
                  on ? views::FabricCanvas::Tool::AddLink : views::FabricCanvas::Tool::Select);
              if (on)
                  statusBar()->showMessage(tr("Drag from one node to another to link them"));
              else if (statusBar()->currentMessage()
                  == tr("Drag from one node to another to link them"))
                  statusBar()->clearMessage(); // it no longer says what a drag does
          });
    linkMode->setCheckable(true);
    linkMode->setIcon(resourceIcon("link-mode"));
    tools->addAction(linkMode);
    tools->addAction(make("actionShowPaths", tr("Show Equal-Cost &Paths"),
        QKeySequence(tr("P")), [this] { showEqualCostPaths(); }));
    tools->addAction(make("actionClearPaths", tr("&Clear Paths"), {}, [this] {
        mCanvas->clearPaths();
        mPaths->clear();
    }));
    tools->addSeparator();
    tools->addAction(
        make("actionRegenerate", tr("&Regenerate\u2026"), {}, [this] { regenerate(); }));
    tools->addAction(make("actionArrange", tr("&Arrange"), QKeySequence(tr("Ctrl+L")),
        [this] { arrange(); }));
    tools->addAction(make("actionReconfigureOcs", tr("TPU: Reconfigure &OCS\u2026"), {},
        [this] { reconfigureOcs(); }));
    tools->addAction(make("actionReplaceFailedCubes", tr("TPU: Replace Failed Cubes with &Spares"),
        {}, [this] { replaceFailedCubes(); }));

    // Help
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(
        make("actionLessons", tr("&Lessons\u2026"), {}, [this] { showLessonGallery(*this); }));
    help->addAction(make("actionUserGuide", tr("User &Guide"), QKeySequence::HelpContents,
        [this] { showUserGuide(); }));
    help->addAction(make("actionShortcuts", tr("&Keyboard Shortcuts"), QKeySequence(tr("Ctrl+F1")),
        [this] { showShortcuts(); }));
    QAction *about = make("actionAbout", tr("&About FabricScope"), {}, [this] { showAbout(); });
    about->setMenuRole(QAction::AboutRole);
    help->addAction(about);

    // Toolbar
    QToolBar *bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->addAction(newAction);
    bar->addAction(openAction);
    bar->addAction(saveAction);
    bar->addSeparator();
    bar->addAction(undo);
    bar->addAction(redo);
    bar->addSeparator();
    bar->addAction(fit);
    bar->addAction(zoomIn);
    bar->addAction(zoomOut);
    bar->addAction(linkMode);
    bar->addSeparator();
    mFindEdit = new QLineEdit(bar);
    mFindEdit->setObjectName(QStringLiteral("findEdit"));
    mFindEdit->setPlaceholderText(tr("Find node (Ctrl+F)"));
    mFindEdit->setClearButtonEnabled(true);
    mFindEdit->setMaximumWidth(240);
    connect(mFindEdit, &QLineEdit::returnPressed, this, [this] { find(false); });
    // Shift+Enter adds to the selection, Escape goes back to the canvas (eventFilter).
    mFindEdit->installEventFilter(this);
    bar->addWidget(mFindEdit);
}

void MainWindow::setDocument(std::unique_ptr<Document> document)
{
    std::unique_ptr<Document> old = std::move(mDocument);
    mDocument = std::move(document);
    Document *doc = mDocument.get();

    mCanvas->setFabric(&doc->fabric());
    connect(doc, &Document::changed, mCanvas, &views::FabricCanvas::applyChange);
    connect(doc, &Document::changed, this, &MainWindow::updateActions);
    connect(doc, &Document::changed, mPaths, [this](const ChangeEvent &event) {
        // Moves keep the paths; other edits may remove their nodes or links, or change the
        // routes (a spine made a GPU, Forwards traffic), the bottleneck and the names listed:
        // the dock listed a path through a spine made a GPU.
        if (event.type != ChangeEvent::Type::NodesMoved) {
            mCanvas->clearPaths();
            mPaths->clear();
        }
    });
    mPaths->clear();
    mFindEdit->clear(); // a name of the fabric it replaces
    connect(doc, &Document::modifiedChanged, this, &MainWindow::updateTitle);
    connect(doc, &Document::fileNameChanged, this, &MainWindow::updateTitle);
    mUndoGroup->addStack(doc->undoStack());
    mUndoGroup->setActiveStack(doc->undoStack());
    mMetrics->setDocument(doc);
    mInspector->setDocument(doc);
    mOcs->setDocument(doc);
    mOpenedInPresentation = !mDocksBeforePresentation.isEmpty();
    mPalette->adoptDefaults(doc->fabric());

    mCanvas->zoomToFit();
    // Again once pending resizes and layouts are done (the window may just have been shown).
    QTimer::singleShot(0, mCanvas, &views::FabricCanvas::zoomToFit);
    updateTitle();
    updateActions();
    Q_EMIT documentChanged(doc);
    old.reset(); // after listeners moved on; its undo stack leaves the group as it goes
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] \u2014 FabricScope").arg(mDocument->displayName()));
    setWindowModified(mDocument->isModified());
}

void MainWindow::updateActions()
{
    const std::string &family = mDocument->fabric().generator().family;
    action(QStringLiteral("actionRegenerate"))->setEnabled(gen::findFamily(family) != nullptr);
    action(QStringLiteral("actionReconfigureOcs"))->setEnabled(family == "tpu-torus");
    action(QStringLiteral("actionReplaceFailedCubes"))
        ->setEnabled(gen::hasReplaceableCubes(mDocument->fabric()));
    findChild<QMenu *>(QStringLiteral("menuTorusView"))
        ->setEnabled(mCanvas->layoutName().startsWith(QLatin1String("torus")));
    updateSelectionActions(); // an edit or another document may have taken the selection away
}

void MainWindow::selectionChanged()
{
    // Show the inspector (it shares a tab with the metrics) when there is something to edit.
    if (!mCanvas->selectedNodes().isEmpty() || !mCanvas->selectedLinks().isEmpty())
        mInspector->raise();
    mInspector->setSelection(
        toVector(mCanvas->selectedNodes()), toVector(mCanvas->selectedLinks()));
    updateSelectionActions();
}

void MainWindow::updateSelectionActions()
{
    const bool nodes = !mCanvas->selectedNodes().isEmpty();
    const bool links = !mCanvas->selectedLinks().isEmpty();
    action(QStringLiteral("actionDelete"))->setEnabled(nodes || links);
    action(QStringLiteral("actionDuplicate"))->setEnabled(nodes); // links come with their nodes
    action(QStringLiteral("actionZoomSelection"))->setEnabled(nodes || links);
}

void MainWindow::openDefaultFabric()
{
    Fabric fabric;
    try {
        fabric = files::loadResource(QStringLiteral(":/fabrics/default.fabric.json"));
    } catch (const std::exception &) {
        // Until the resource exists, build the same 256-GPU SuperPOD scalable unit.
        fabric = gen::generate("ib-fat-tree", nlohmann::json { { "gpus", 256 } });
    }
    auto document = std::make_unique<Document>(std::move(fabric));
    document->setSuggestedName(QStringLiteral("superpod-256"));
    setDocument(std::move(document));
}

bool MainWindow::openFile(const QString &fileName)
{
    // A lesson names its fabric and runs; it opens as the gallery opens it.
    if (views::isLessonFile(fileName))
        return openLesson(*this, fileName);
    // Read first: a file that cannot be opened asks nothing about the open one.
    std::optional<Fabric> fabric = loadOrReport(fileName);
    if (!fabric || !maybeSave())
        return false;
    const QString path = QFileInfo(fileName).absoluteFilePath();
    setDocument(std::make_unique<Document>(std::move(*fabric), path));
    addRecentFile(path);
    statusBar()->showMessage(tr("Opened %1").arg(path), 5000);
    return true;
}

std::optional<Fabric> MainWindow::loadOrReport(const QString &fileName)
{
    try {
        return files::load(fileName);
    } catch (const std::exception &e) {
        showError(tr("Cannot Open Fabric"), QString::fromUtf8(e.what()));
        return std::nullopt;
    }
}

bool MainWindow::openExample(const QString &fileName)
{
    std::optional<Fabric> fabric = loadOrReport(fileName);
    if (!fabric || !maybeSave())
        return false;
    auto document = std::make_unique<Document>(std::move(*fabric));
    document->setSuggestedName(QFileInfo(fileName).fileName().section(QLatin1Char('.'), 0, 0));
    setDocument(std::move(document));
    statusBar()->showMessage(
        tr("Opened the example %1 as a new fabric: Save asks where to keep it")
            .arg(exampleTitle(fileName)),
        5000);
    return true;
}

bool MainWindow::openRecovered(const QString &recoveryFile, const QString &originalFile)
{
    std::optional<Fabric> fabric = loadOrReport(recoveryFile);
    if (!fabric || !maybeSave())
        return false;
    setDocument(std::make_unique<Document>(std::move(*fabric), originalFile));
    mDocument->markRecovered();
    statusBar()->showMessage(tr("Restored unsaved work; save it to keep it"), 10000);
    return true;
}

bool MainWindow::openGenerated(Fabric fabric, const QString &name)
{
    if (!maybeSave())
        return false;
    showGenerated(std::move(fabric), name);
    return true;
}

void MainWindow::showGenerated(Fabric fabric, const QString &name)
{
    auto document = std::make_unique<Document>(std::move(fabric));
    document->setSuggestedName(name);
    setDocument(std::move(document));
}

void MainWindow::commitPendingEdit()
{
    // A field applies its value on Enter or when it loses focus. Save wrote the document
    // without a name still being typed in the inspector, and Quit and New dropped it without
    // a prompt, as the document did not know of it yet.
    QWidget *field = QApplication::focusWidget();
    if (!field || !isAncestorOf(field))
        return;
    field->clearFocus();
    field->setFocus();
}

bool MainWindow::save()
{
    commitPendingEdit();
    if (mDocument->fileName().isEmpty())
        return saveAs();
    return writeTo(mDocument->fileName());
}

QString MainWindow::fileDialogFolder() const
{
    // The open file's folder; for a fabric never saved (a template, a lesson, the start's), the
    // last file's, which the home folder was even for a user who works elsewhere.
    const QString recent = mRecentFiles.value(0);
    if (mDocument && !mDocument->fileName().isEmpty())
        return QFileInfo(mDocument->fileName()).absolutePath();
    if (!recent.isEmpty() && QFileInfo(recent).absoluteDir().exists())
        return QFileInfo(recent).absolutePath();
    return QDir::homePath();
}

bool MainWindow::saveAs(const QString &fileName)
{
    commitPendingEdit();
    QString name = fileName;
    if (name.isEmpty()) {
        const QString suggested = mDocument->fileName().isEmpty()
            ? QDir(fileDialogFolder()).filePath(mDocument->suggestedFileName())
            : mDocument->fileName();
        name = mPrompts->saveFileName(this, suggested, files::saveFilter());
        if (name.isEmpty())
            return false;
    }
    return writeTo(name);
}

bool MainWindow::writeTo(const QString &fileName)
{
    // Save writes only what holds everything; other formats are Export.
    const io::FabricFormat *native = io::findFormat("native");
    const QString path
        = QFileInfo(native ? files::withExtension(fileName, *native) : fileName).absoluteFilePath();
    // The name gained ".fabric.json" after the file dialog had asked about the one typed (or a
    // dump opened from another format is saved beside it): another file of that name would go
    // without a word.
    if (path != QFileInfo(fileName).absoluteFilePath() && path != mDocument->fileName()
        && !mPrompts->askToReplace(this, tr("Replace File"), { path }))
        return false;
    // Its own file, changed by another program since it was opened: Save would write over that
    // version without a word.
    if (path == mDocument->fileName() && mDocument->fileChangedOnDisk()
        && !mPrompts->askYesNo(this, tr("File Changed on Disk"),
            tr("%1 has changed on disk since it was opened or saved here (another program or "
               "window wrote it). Replace that version with this fabric?")
                .arg(path),
            Prompts::DefaultAnswer::No))
        return false;
    try {
        files::save(mDocument->fabric(), path, native);
    } catch (const std::exception &e) {
        // A folder gone read-only or a full disk would otherwise leave the user to find Save As
        // on their own, with Quit asking again and failing again.
        if (mPrompts->askYesNo(this, tr("Cannot Save Fabric"),
                tr("%1\n\nSave the fabric under another name?").arg(QString::fromUtf8(e.what())),
                Prompts::DefaultAnswer::Yes))
            return saveAs();
        return false;
    }
    mDocument->markSaved(path);
    addRecentFile(path);
    statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
    return true;
}

void MainWindow::exportTo(const io::FabricFormat *format)
{
    const QString name = mSimulation->exportPrompt().askFile(
        this, mDocument.get(), tr("Export Fabric"), {}, { files::filterOf(*format) });
    if (name.isEmpty())
        return;
    try {
        files::save(mDocument->fabric(), name, format);
    } catch (const std::exception &e) {
        showError(tr("Cannot Export Fabric"), QString::fromUtf8(e.what()));
        return;
    }
    statusBar()->showMessage(tr("Exported %1").arg(name), 5000);
}

bool MainWindow::maybeSave()
{
    commitPendingEdit();
    if (!mDocument || !mDocument->isModified())
        return true;
    switch (mPrompts->askToSave(this, mDocument->displayName())) {
    case Prompts::SaveChoice::Save:
        return save();
    case Prompts::SaveChoice::Discard:
        return true;
    case Prompts::SaveChoice::Cancel:
        return false;
    }
    return false;
}

QPointF MainWindow::freeSpotNear(QPointF scenePos) const
{
    return scenePos + freeOffsetFor({ scenePos });
}

QPointF MainWindow::freeOffsetFor(const std::vector<QPointF> &points) const
{
    // Rings of candidate offsets, nearest first: the first that puts no point where a drawn
    // node crowds it wins, so palette entries added one after another line up instead of
    // stacking, and copies keep their shape beside their originals.
    constexpr double kSpacing = 48;
    std::vector<QPointF> taken;
    mDocument->fabric().forEachNode(
        [&](const Node &n) { taken.push_back(mCanvas->nodePosition(n.id)); });
    // Nor under the legend in the canvas's corner, with room for the lines new kinds of node
    // add to it: a row of palette nodes ran under it, and it grew over them.
    QRectF legend;
    if (const QWidget *l = static_cast<const QWidget *>(mCanvas->legend()); l && l->isVisible()) {
        const QRect onView = l->geometry().translated(-mCanvas->viewport()->pos());
        const int line = l->fontMetrics().height();
        legend = mCanvas->mapToScene(onView.adjusted(-line, -line, line, 6 * line))
                     .boundingRect()
                     .adjusted(-kSpacing / 2, -kSpacing / 2, kSpacing / 2, kSpacing / 2);
    }
    const auto free = [&](QPointF p) {
        return !legend.contains(p) && std::none_of(taken.begin(), taken.end(), [&](QPointF q) {
            return std::abs(p.x() - q.x()) < kSpacing && std::abs(p.y() - q.y()) < kSpacing;
        });
    };
    for (int ring = 0; ring < 64; ++ring)
        for (int dy = -ring; dy <= ring; ++dy)
            for (int dx = -ring; dx <= ring; ++dx) {
                if (std::max(std::abs(dx), std::abs(dy)) != ring)
                    continue;
                const QPointF offset(dx * kSpacing, dy * kSpacing);
                if (std::all_of(
                        points.begin(), points.end(), [&](QPointF p) { return free(p + offset); }))
                    return offset;
            }
    return {};
}

void MainWindow::arrange()
{
    // Forget hand-placed positions and let the automatic layout draw the fabric by tiers, with
    // the tiers of hand-placed switches worked out from their links. One undoable step.
    Fabric arranged = mDocument->fabric();
    arranged.forEachNode([&](const Node &n) { arranged.node(n.id).hints.position.reset(); });
    inferSwitchTiers(arranged);
    if (arranged == mDocument->fabric()) {
        mCanvas->zoomToFit();
        return;
    }
    auto *command = new RegenerateFabric(mDocument.get(), std::move(arranged));
    command->setText(tr("Arrange"));
    mDocument->undoStack()->push(command);
    mCanvas->zoomToFit();
}

void MainWindow::addNode(const Node &prototype, QPointF scenePos)
{
    Node n;
    n.kind = prototype.kind;
    n.role = prototype.role;
    n.name = NodeNamer(mDocument->fabric()).take(namePrefix(n));
    n.hints.tier = defaultTier(n);
    n.hints.position = std::pair { scenePos.x(), scenePos.y() };
    n.forwards = false;
    mDocument->undoStack()->push(new AddNodes(mDocument.get(), { n }));
    const NodeId id = static_cast<NodeId>(mDocument->fabric().nodeIdBound()) - 1;
    mCanvas->setSelection({ id });
}

bool MainWindow::addLink(NodeId a, NodeId b)
{
    const Fabric &f = mDocument->fabric();
    if (a == b) {
        statusBar()->showMessage(tr("A link needs two different nodes"), 5000);
        return false;
    }
    if (!f.hasNode(a) || !f.hasNode(b))
        return false;
    Link l = mPalette->linkTemplate();
    l.a = a;
    l.b = b;
    mDocument->undoStack()->push(new AddLinks(mDocument.get(), { l }));
    return true;
}

void MainWindow::deleteSelection()
{
    const auto nodes = toVector(mCanvas->selectedNodes());
    const auto links = toVector(mCanvas->selectedLinks());
    if (!nodes.empty())
        mDocument->undoStack()->push(new RemoveNodes(mDocument.get(), nodes, links));
    else if (!links.empty())
        mDocument->undoStack()->push(new RemoveLinks(mDocument.get(), links));
}

void MainWindow::duplicateSelection()
{
    const auto nodes = toVector(mCanvas->selectedNodes());
    if (nodes.empty())
        return;
    // The copies keep their shape, moved as little as puts none of them on a drawn node: a
    // fixed step put them on the palette's next node 48 units away, names overprinted.
    std::vector<QPointF> originals;
    for (NodeId n : nodes)
        originals.push_back(mCanvas->nodePosition(n));
    const QPointF offset = freeOffsetFor(originals);
    DuplicateNodes::Positions positions;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const QPointF p = originals[i] + offset;
        positions[nodes[i]] = { p.x(), p.y() };
    }
    auto *command = new DuplicateNodes(mDocument.get(), nodes, positions);
    QList<NodeId> copies;
    for (NodeId n : nodes)
        copies << command->copyOf(n);
    mDocument->undoStack()->push(command);
    mCanvas->setSelection(copies);
}

void MainWindow::newFromTemplate()
{
    // Asked before the gallery: asked after, Cancel threw away the parameters just chosen.
    if (!maybeSave())
        return;
    TemplateGallery gallery(this);
    if (!mPrompts->runDialog(&gallery))
        return;
    try {
        const BusyCursor busy;
        showGenerated(gallery.takeFabric(), QString());
    } catch (const std::exception &e) {
        showError(tr("Cannot Generate Fabric"), QString::fromUtf8(e.what()));
    }
}

void MainWindow::regenerate()
{
    const GeneratorInfo &generator = mDocument->fabric().generator();
    if (!gen::findFamily(generator.family))
        return;
    TemplateGallery gallery(this);
    gallery.setFixedFamily(generator.family, generator.params);
    if (!mPrompts->runDialog(&gallery))
        return;
    try {
        const BusyCursor busy;
        mDocument->undoStack()->push(new RegenerateFabric(mDocument.get(), gallery.takeFabric()));
    } catch (const std::exception &e) {
        showError(tr("Cannot Regenerate Fabric"), QString::fromUtf8(e.what()));
        return;
    }
    mCanvas->zoomToFit();
}

void MainWindow::showEqualCostPaths()
{
    const Fabric &fabric = mDocument->fabric();
    QList<NodeId> ends;
    for (NodeId n : mCanvas->selectedNodes())
        if (fabric.hasNode(n) && fabric.node(n).isEndpoint())
            ends.append(n);
    if (ends.size() != 2) {
        statusBar()->showMessage(
            tr("Select exactly two GPUs (Ctrl+click) to see the equal-cost paths between them"));
        return;
    }
    const QString from = views::toQString(fabric.node(ends[0]).name);
    const QString to = views::toQString(fabric.node(ends[1]).name);
    const views::PathSet set = mCanvas->showPathsBetween(ends[0], ends[1]);
    // Each policy routes as a run with the simulation dock's seed and QPs would.
    mPaths->showPaths(fabric, set,
        mSimulation ? mSimulation->simulationDock()->scenario() : collective::Scenario {});
    mPaths->show();
    mPaths->raise();
    if (set.paths.isEmpty()) {
        statusBar()->showMessage(tr("No path joins %1 and %2").arg(from, to));
        return;
    }
    const QString count
        = views::counted(set.paths.size(), tr("1 equal-cost path"), tr("%1 equal-cost paths"))
        + (set.truncated ? tr(" (more not listed)") : QString());
    statusBar()->showMessage(tr("%1 from %2 to %3, %4 hops each, bottleneck %5")
                                 .arg(count, from, to)
                                 .arg(set.hops)
                                 .arg(views::toQString(units::formatGbps(set.bottleneckGbps))));
}

void MainWindow::reconfigureOcs()
{
    const GeneratorInfo &generator = mDocument->fabric().generator();
    if (generator.family != "tpu-torus")
        return;
    const nlohmann::json &p = generator.params;
    const gen::TpuShape current { p.value("x", 16), p.value("y", 16), p.value("z", 16) };
    // Said before the dialog: after it, the refusal came once the user had chosen a shape.
    if (gen::spareInUse(mDocument->fabric())) {
        showError(tr("Cannot Reconfigure OCS"),
            tr("A spare cube stands in for a failed one. Undo that replacement (Edit > Undo) "
               "before changing the slice's shape."));
        return;
    }
    ReconfigureOcsDialog dialog(current, p.value("twisted", false), current.cubes(), this);
    if (!mPrompts->runDialog(&dialog))
        return;
    const gen::TpuShape chosen = dialog.shape();
    // The same shape and twist is no rewiring: no edit, no line in the History dock.
    if (chosen == current && dialog.twisted() == p.value("twisted", false)) {
        statusBar()->showMessage(tr("The OCS already wire this shape: nothing changed."), 5000);
        return;
    }
    try {
        mDocument->undoStack()->push(new ReconfigureOcs(mDocument.get(), chosen, dialog.twisted()));
    } catch (const std::exception &e) {
        showError(tr("Cannot Reconfigure OCS"), QString::fromUtf8(e.what()));
    }
}

void MainWindow::replaceFailedCubes()
{
    const collective::Scenario scenario
        = mSimulation ? mSimulation->simulationDock()->scenario() : collective::Scenario {};
    gen::SpareCubeOutcome outcome;
    std::unique_ptr<ReconfigureOcs> command;
    try {
        command = std::make_unique<ReconfigureOcs>(mDocument.get(),
            tr("Replace failed cubes with spares"),
            [&](Fabric &f) { outcome = gen::replaceFailedCubes(f, scenario.faults); });
    } catch (const std::exception &e) {
        showError(tr("Cannot Replace Cubes"), QString::fromUtf8(e.what()));
        return;
    }
    const QString what = views::toQString(gen::describe(outcome));
    if (outcome.replaced.empty()) {
        showError(tr("No Cube Replaced"),
            outcome.broken()
                ? what
                : tr("No cube of this slice has a failed chip, ICI link or fibre "
                     "among the faults (fail one first: right-click a chip, or find it with "
                     "Ctrl+F and press the Menu key, then Fail)."));
        return;
    }
    mDocument->undoStack()->push(command.release());
    if (outcome.broken())
        showError(tr("The Slice Is Still Broken"), what);
    else
        statusBar()->showMessage(what);
}

void MainWindow::find(bool addToSelection)
{
    const QString text = mFindEdit->text().trimmed();
    if (text.isEmpty())
        return;
    if (!mCanvas->findAndFocus(text, addToSelection)) {
        statusBar()->showMessage(tr("No node name contains \u201c%1\u201d").arg(text), 5000);
        return;
    }
    // The canvas's one-letter keys (P for the paths, the Menu key for faults) act on what was
    // found: with the focus left in the box, P was typed into it.
    mCanvas->setFocus(Qt::ShortcutFocusReason);
}

void MainWindow::keyPressEvent(QKeyEvent *event)
{
    // Escape leaves the innermost mode first: link mode (as in other editors, Escape returns to
    // selecting), then a full screen, as a slide show does: a presenter who does not know F11
    // is not stuck in it.
    if (event->key() == Qt::Key_Escape) {
        for (const char *mode : { "actionLinkMode", "actionPresentation" }) {
            QAction *a = action(QString::fromLatin1(mode));
            if (a->isChecked()) {
                a->trigger();
                return;
            }
        }
    }
    QMainWindow::keyPressEvent(event);
}

void MainWindow::setPresentationMode(bool on)
{
    mCanvas->setPresentationMode(on);
    QFont f = mNormalFont;
    if (on)
        f.setPointSizeF(f.pointSizeF() * kPresentationFontScale);
    setFont(f);
    // Menus and dialogs are windows of their own, which take the application's font for their
    // class, not this window's: on the projector the drop-down menus and the Lessons gallery
    // kept the small one. (The application's font for every class would drop the styles' own
    // fonts for some, such as the docks' titles.)
    const auto scaled = [on](QFont font) {
        if (on)
            font.setPointSizeF(font.pointSizeF() * kPresentationFontScale);
        return font;
    };
    QApplication::setFont(scaled(mNormalMenuFont), "QMenu");
    // The class font reaches menus made from now on (context menus); the menu bar's menus,
    // made at the start, kept their rows of the small text: they are given it themselves.
    for (QMenu *menu : menuBar()->findChildren<QMenu *>())
        menu->setFont(scaled(mNormalMenuFont));
    QApplication::setFont(scaled(mNormalDialogFont), "QDialog");
    // Tooltips give the per-link figures at the cursor's time: at their normal size they would be
    // the one text the room cannot read.
    QToolTip::setFont(scaled(mNormalTipFont));
    // On a shared screen the fabric gets the room: the palette and the history are for
    // editing (View > Docks brings them back), and at 1280x720 they left the canvas a third
    // of the width.
    if (on && mDocksBeforePresentation.isEmpty()) {
        mDocksBeforePresentation = saveState();
        mGeometryBeforePresentation = saveGeometry();
        mSizeBeforePresentation = size();
        mPalette->hide();
        mHistory->hide();
        // On a 1280x720 projector the results under the fabric left it about 330 px of
        // height for a drawing that is wider than high; beside it, below the simulation
        // controls, they leave it the window's whole height. The inspector (for editing)
        // and the metrics make way for them.
        const QScreen *s = screen();
        const int screenHeight = mPresentationSize.isValid() ? mPresentationSize.height()
            : s                                              ? s->geometry().height()
                                                             : kShortScreen;
        if (screenHeight < kShortScreen) {
            moveResultsBesideFabric();
        } else {
            // Under the fabric, the results' text is half as large again: at the quarter of
            // the height they have when not presenting, the heatmap's group names shrank to
            // about 7 px on a 1920x1080 screen. Under the fabric only: across the window they
            // left the inspector above the simulation controls a strip of one field.
            setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
            QTimer::singleShot(0, this, [this] {
                sizeResultsDock(readingResultsHeight());
                splitRightColumn();
            });
        }
    } else if (!on && !mDocksBeforePresentation.isEmpty()) {
        mGeometryBeforePresentation.clear();
        setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);
        restoreState(mDocksBeforePresentation); // the hidden docks come back at once
        if (std::exchange(mOpenedInPresentation, false))
            mOcs->setVisible(mOcs->hasCircuits());
        mDocksAfterPresentation = mDocksBeforePresentation; // and their sizes, in resizeEvent()
        mDocksBeforePresentation.clear();
        // A window manager that never gives the old size back: the user's own resizing later
        // must not snap the docks back.
        QTimer::singleShot(2000, this, [this] { mDocksAfterPresentation.clear(); });
    }
    if (on) {
        if (!isFullScreen())
            mMaximizedBeforePresentation = isMaximized();
        if (mPresentationSize.isValid()) {
            setWindowState(windowState() & ~Qt::WindowMaximized);
            resize(mPresentationSize);
        } else {
            showFullScreen();
        }
    } else if (mMaximizedBeforePresentation) {
        showMaximized(); // back to how the user had it, not to a smaller normal window
    } else {
        showNormal();
    }
}

QDockWidget *MainWindow::resultsDock() const
{
    return findChild<QDockWidget *>(QStringLiteral("AnalysisDock"));
}

bool MainWindow::presentationShown() const
{
    if (!action(QStringLiteral("actionPresentation"))->isChecked())
        return false;
    if (mPresentationSize.isValid())
        return size() == mPresentationSize;
    const QScreen *s = screen();
    return isFullScreen() && (!s || size() == s->geometry().size());
}

bool MainWindow::resultsBesideFabric() const
{
    QDockWidget *analysis = resultsDock();
    return analysis && dockWidgetArea(analysis) == Qt::RightDockWidgetArea;
}

void MainWindow::moveResultsBesideFabric()
{
    QDockWidget *analysis = resultsDock();
    if (!analysis)
        return;
    mInspector->hide();
    mMetrics->hide();
    addDockWidget(Qt::RightDockWidgetArea, analysis, Qt::Vertical);
    tabifyDockWidget(analysis, mPaths);
    tabifyDockWidget(analysis, mOcs);
    analysis->raise();
    QTimer::singleShot(0, this, [this] { sizeResultsDock(0); });
}

void MainWindow::sizeResultsDock(int heightBelow)
{
    QDockWidget *analysis = resultsDock();
    if (!analysis)
        return;
    if (resultsBesideFabric()) {
        // The simulation controls above keep what they need (they scroll below that).
        const int controls = mSimulation ? mSimulation->simulationDock()->sizeHint().height() : 0;
        const int wanted = std::max(settledHeight() - controls, settledHeight() / 2);
        // Both docks of the column, or the layout shares the change out by its own measure.
        SimulationDock *above = mSimulation ? mSimulation->simulationDock() : nullptr;
        if (above && above->isVisible() && dockWidgetArea(above) == Qt::RightDockWidgetArea) {
            const int column = above->height() + analysis->height();
            // The controls down to the Routing field, where the results keep 9/20 of the
            // column: routing is what most lessons turn on, and at 1280x720 half the column
            // showed the collective and the algorithm only.
            const int results
                = std::max(column - above->heightThroughRoutingField(), column * 9 / 20);
            resizeDocks({ above, analysis }, { column - results, results }, Qt::Vertical);
        } else {
            resizeDocks({ analysis }, { wanted }, Qt::Vertical);
        }
        // As wide as the right column was before: the fabric keeps its width too.
        resizeDocks({ analysis }, { width() * 7 / 20 }, Qt::Horizontal);
    } else {
        resizeDocks({ analysis }, { heightBelow }, Qt::Vertical);
    }
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);
    if (!mDocksAfterPresentation.isEmpty() && size() == mSizeBeforePresentation) {
        // The layout takes the new size in its next pass: the docks' sizes after it.
        const QByteArray docks = std::exchange(mDocksAfterPresentation, {});
        QTimer::singleShot(0, this, [this, docks] { restoreState(docks); });
    }
}

void MainWindow::splitRightColumn()
{
    if (!mSimulation)
        return;
    SimulationDock *simulation = mSimulation->simulationDock();
    if (!mMetrics->isVisible() || !simulation->isVisible())
        return;
    const int column = mMetrics->height() + simulation->height();
    // The simulation form down to its routing buttons where that fits in three quarters of the
    // column (at 1920x1080 a share of 3/5 cut the buttons), and never less than 3/5 of it: the
    // metrics and inspector tabs above keep the rest. The form scrolls below that.
    const int wanted
        = std::max(column * 3 / 5, std::min(simulation->heightThroughRouting(), column * 3 / 4));
    resizeDocks({ mMetrics, simulation }, { column - wanted, wanted }, Qt::Vertical);
}

void MainWindow::showShortcuts()
{
    ShortcutsDialog dialog(findChildren<QAction *>(), this);
    mPrompts->runDialog(&dialog);
}

void MainWindow::showUserGuide()
{
    if (!mUserGuide) {
        mUserGuide = new UserGuideWindow(this);
        // A window of its own takes no font from this one unless told to: in presentation
        // mode the guide was the smallest text on the projector.
        mUserGuide->setAttribute(Qt::WA_WindowPropagation);
        mUserGuide->showPage(UserGuideWindow::contentsPage());
    }
    mUserGuide->show();
    mUserGuide->raise();
    mUserGuide->activateWindow();
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About FabricScope"),
        tr("<h3>FabricScope %1</h3>"
           "<p>Draw AI-cluster network fabrics and watch collectives run on "
           "them.</p><p>Licensed under the GNU GPL version 3 or later.</p>")
            .arg(QApplication::applicationVersion()));
}

void MainWindow::addRecentFile(const QString &fileName)
{
    mRecentFiles.removeAll(fileName);
    mRecentFiles.prepend(fileName);
    while (mRecentFiles.size() > kMaxRecentFiles)
        mRecentFiles.removeLast();
    QSettings().setValue(QStringLiteral("recentFiles"), mRecentFiles);
    updateRecentMenu();
}

void MainWindow::openRecentFile(const QString &fileName)
{
    if (QFileInfo::exists(fileName)) {
        openFile(fileName);
        return;
    }
    // Moved or deleted since: say so once and drop it, rather than fail the same way each time.
    mRecentFiles.removeAll(fileName);
    QSettings().setValue(QStringLiteral("recentFiles"), mRecentFiles);
    updateRecentMenu();
    showError(tr("Cannot Open Fabric"),
        tr("%1 no longer exists (moved or deleted); it is taken off File > Open Recent.")
            .arg(QDir::toNativeSeparators(fileName)));
}

void MainWindow::updateRecentMenu()
{
    mRecentMenu->clear();
    QStringList shortNames;
    for (const QString &path : std::as_const(mRecentFiles))
        shortNames << QFileInfo(path).fileName();
    for (qsizetype i = 0; i < mRecentFiles.size(); ++i) {
        const QString path = mRecentFiles[i];
        QString shown = shortNames[i];
        // Two files of one name from different folders: the folder tells them apart.
        if (shortNames.count(shown) > 1)
            shown += QStringLiteral(" \u2014 ") + QDir::toNativeSeparators(QFileInfo(path).path());
        shown = menuLiteral(shown);
        QAction *a = mRecentMenu->addAction(
            i < 9 ? QStringLiteral("&%1 %2").arg(i + 1).arg(shown) : shown);
        a->setToolTip(path);
        connect(a, &QAction::triggered, this, [this, path] { openRecentFile(path); });
    }
    if (!mRecentFiles.isEmpty()) {
        mRecentMenu->addSeparator();
        mRecentMenu->addAction(tr("&Clear Menu"), this, [this] {
            mRecentFiles.clear();
            QSettings().setValue(QStringLiteral("recentFiles"), mRecentFiles);
            updateRecentMenu();
        });
    }
    mRecentMenu->setEnabled(!mRecentFiles.isEmpty());
}

void MainWindow::fillDocksMenu()
{
    // Every dock and toolbar, the simulation's included: filled before they existed, the menu
    // could not bring back a closed Simulation or Analysis dock.
    auto *docks = findChild<QMenu *>(QStringLiteral("menuDocks"));
    if (!docks)
        return;
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        docks->addAction(dock->toggleViewAction());
    docks->addSeparator();
    for (QToolBar *bar : findChildren<QToolBar *>())
        docks->addAction(bar->toggleViewAction());
    docks->addSeparator();
    // The layout of a first start, as built before any saved one was restored.
    mDefaultLayout = saveState();
    QAction *reset = docks->addAction(tr("&Reset Layout"), this, [this] {
        if (QAction *presenting = action(QStringLiteral("actionPresentation"));
            presenting->isChecked())
            presenting->trigger();
        restoreState(mDefaultLayout);
        resizeDocks({ mPalette, mHistory }, { 3, 2 }, Qt::Vertical);
        sizeResultsDock(settledHeight() / 4);
        QTimer::singleShot(0, this, [this] { splitRightColumn(); });
    });
    reset->setObjectName(QStringLiteral("actionResetLayout"));
}

void MainWindow::sizeForFirstStart()
{
    resize(kFirstStartSize);
    // On a screen with less room (a 1280x720 classroom projector), 1440x900 would run off the
    // edges; on a Full HD one (a shared screen in a design review) it left a quarter of the
    // screen around a smaller fabric. Up to kMaximizedUpTo the window takes the whole screen,
    // as the window manager sizes it; un-maximized it is kFirstStartSize, or nine tenths of a
    // smaller screen (1440x900 ran off a projector's edges when un-maximized). Offscreen
    // platforms have a nominal screen; they keep the nominal window.
    const QString platform = QGuiApplication::platformName();
    if (platform == QLatin1String("offscreen") || platform == QLatin1String("minimal"))
        return;
    const QScreen *s = screen();
    if (!s)
        return;
    const QSize room = s->availableGeometry().size();
    resize(kFirstStartSize.boundedTo(screenRoom(this)));
    if (room.width() <= kMaximizedUpTo.width() || room.height() <= kMaximizedUpTo.height())
        setWindowState(windowState() | Qt::WindowMaximized);
}

int MainWindow::readingResultsHeight() const
{
    const int height = settledHeight();
    return height < kShortScreen ? height / 3 : height * 2 / 5;
}

int MainWindow::settledHeight() const
{
    const QScreen *s = screen();
    if (!s)
        return height();
    if (windowState() & Qt::WindowFullScreen)
        return std::min(height(), s->geometry().height());
    if (windowState() & Qt::WindowMaximized)
        return std::min(height(), s->availableGeometry().height() - kTitleBarAbout);
    return height();
}

void MainWindow::readSettings()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray()))
        sizeForFirstStart();
    // Settings saved full screen by an older version: presentation mode is off at a start, so
    // a full screen would have no way out (Escape and F11 leave the mode, not the screen).
    if (windowState() & Qt::WindowFullScreen)
        setWindowState((windowState() & ~Qt::WindowFullScreen) | Qt::WindowMaximized);
    if (!restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray())) {
        // First start: the palette shows its entries, the history gets the rest. The docks
        // have sizes only once the window is laid out.
        QTimer::singleShot(0, this, [this] {
            resizeDocks({ mPalette, mHistory }, { 3, 2 }, Qt::Vertical);
            // The simulation's analysis dock below gets a quarter of the height: the canvas
            // keeps the most room.
            sizeResultsDock(settledHeight() / 4);
            // The right column's height is known in the next layout pass.
            QTimer::singleShot(0, this, [this] { splitRightColumn(); });
        });
    }
    mRecentFiles = settings.value(QStringLiteral("recentFiles")).toStringList();
    const bool antialias = settings.value(QStringLiteral("view/antialiasing"), true).toBool();
    action(QStringLiteral("actionAntialiasing"))->setChecked(antialias);
    mCanvas->setAntialiasing(antialias);
    const bool snap = settings.value(QStringLiteral("view/snapToGrid"), false).toBool();
    action(QStringLiteral("actionSnapToGrid"))->setChecked(snap);
    mCanvas->setGridSnap(snap ? kGridStep : 0.0);
    updateRecentMenu();
}

void MainWindow::writeSettings() const
{
    QSettings settings;
    // Closed in presentation mode, the window keeps the geometry it had before it: saved full
    // screen, it came back full screen with the mode off and nothing to leave it by.
    settings.setValue(QStringLiteral("mainWindow/geometry"),
        mGeometryBeforePresentation.isEmpty() ? saveGeometry() : mGeometryBeforePresentation);
    settings.setValue(QStringLiteral("mainWindow/state"),
        mDocksBeforePresentation.isEmpty() ? saveState() : mDocksBeforePresentation);
    settings.setValue(QStringLiteral("view/antialiasing"),
        action(QStringLiteral("actionAntialiasing"))->isChecked());
    settings.setValue(QStringLiteral("view/snapToGrid"),
        action(QStringLiteral("actionSnapToGrid"))->isChecked());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    writeSettings();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (!localFiles(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QString> names = localFiles(event->mimeData());
    if (names.isEmpty())
        return;
    event->acceptProposedAction();
    if (!openFile(names.front()) || names.size() == 1)
        return;
    // One fabric per window: say so rather than drop the rest without a word.
    const QString opened = QFileInfo(names.front()).fileName();
    statusBar()->showMessage(names.size() == 2
            ? tr("Opened %1; a window shows one fabric, so %2 was not opened")
                  .arg(opened, QFileInfo(names.back()).fileName())
            : tr("Opened %1; a window shows one fabric, so the other %2 dropped files were not "
                 "opened")
                  .arg(opened)
                  .arg(names.size() - 1),
        10000);
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == mFindEdit && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        const bool enter = key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter;
        if (enter && (key->modifiers() & Qt::ShiftModifier)) {
            find(true); // a second GPU for the paths, without a mouse
            return true;
        }
        if (key->key() == Qt::Key_Escape && key->modifiers() == Qt::NoModifier) {
            mCanvas->setFocus(Qt::ShortcutFocusReason);
            return true;
        }
    }
    // File drops onto the canvas land here before the view sees them; palette drags go on to
    // the canvas, which snaps them and emits nodeDropRequested.
    // The stored pointer, not mCanvas->viewport(): while the window is destroyed, its
    // viewport's last events arrive when the canvas is no longer a whole QGraphicsView.
    if (watched != mCanvasViewport)
        return QMainWindow::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::DragEnter:
    case QEvent::DragMove: {
        auto *drag = static_cast<QDragMoveEvent *>(event);
        if (!localFiles(drag->mimeData()).isEmpty()) {
            drag->acceptProposedAction();
            return true;
        }
        break;
    }
    case QEvent::Drop: {
        auto *drop = static_cast<QDropEvent *>(event);
        if (!localFiles(drop->mimeData()).isEmpty()) {
            dropEvent(drop);
            return true;
        }
        break;
    }
    default:
        break;
    }
    return QMainWindow::eventFilter(watched, event);
}

QPointF MainWindow::viewCentre() const
{
    return mCanvas->mapToScene(mCanvas->viewport()->rect().center());
}

void MainWindow::showError(const QString &title, const QString &message)
{
    mPrompts->showError(this, title, message);
}

} // namespace fabric::app
