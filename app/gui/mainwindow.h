// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"

#include <QMainWindow>
#include <QPointF>
#include <QPointer>
#include <QSize>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

class QDockWidget;
class QLineEdit;
class QMenu;
class QUndoGroup;

namespace fabric::io {
class FabricFormat;
}
namespace fabric::views {
class FabricCanvas;
}

namespace fabric::app {

class Document;
class InspectorDock;
class MetricsDock;
class PaletteDock;
class OcsDock;
class PathsDock;
class Prompts;
class ScenarioKeeper;
class SimulationController;
class UserGuideWindow;

/**
 * The main window: the fabric canvas in the middle, docks for metrics, the inspector, the
 * palette and the undo history around it, and the menus, toolbar and shortcuts of a desktop
 * editor. One document at a time: opening or generating a fabric replaces the open one after
 * asking to save unsaved changes.
 */
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Replaces the dialogs and message boxes (tests answer without modal loops).
    void setPrompts(std::unique_ptr<Prompts> prompts);
    Prompts *prompts() const { return mPrompts.get(); }

    Document *document() const { return mDocument.get(); }
    views::FabricCanvas *canvas() const { return mCanvas; }
    MetricsDock *metricsDock() const { return mMetrics; }
    InspectorDock *inspectorDock() const { return mInspector; }
    PaletteDock *paletteDock() const { return mPalette; }
    PathsDock *pathsDock() const { return mPaths; }
    SimulationController *simulation() const { return mSimulation; }
    ScenarioKeeper *scenarioKeeper() const { return mScenarios; }
    /// The action with this object name ("actionSave", "actionUndo"...), or nullptr.
    QAction *action(const QString &objectName) const;
    QStringList recentFiles() const { return mRecentFiles; }
    /// The height the window has once the window manager has placed it, for sizing docks in
    /// shares of it. A maximized or full-screen window keeps its nominal size (1440x900) until
    /// the window manager answers: docks sized from that on a 1280x720 screen kept their
    /// pixels and left the fabric a strip.
    int settledHeight() const;
    /// What settledHeight() allows a maximized window's title bar and borders.
    static constexpr int kTitleBarAbout = 48;
    /// Below this screen height (a 1280x720 projector), presentation mode puts the results
    /// (analysis, paths, OCS) in the right column beside the fabric instead of under it.
    static constexpr int kShortScreen = 900;
    /// Whether the results sit beside the fabric (presentation mode on a short screen).
    bool resultsBesideFabric() const;
    /// Presentation mode in a window of @p size, laid out as on a screen of that size, instead
    /// of full screen: to rehearse (or picture) a 1280x720 projector on a larger screen. An
    /// invalid size (the default) presents full screen.
    void setPresentationSize(const QSize &size) { mPresentationSize = size; }
    /// Whether presentation mode is on and the window has its size (setPresentationSize()'s,
    /// or the screen's when full screen): what a screenshot of it waits for.
    bool presentationShown() const;
    /// Gives the results dock its room: most of the right column when it sits beside the
    /// fabric, else @p heightBelow pixels under the fabric.
    void sizeResultsDock(int heightBelow);
    /// First start: the metrics tabs above, the simulation form below, whole where it fits.
    void splitRightColumn();
    /// Room under the fabric for results meant to be read, a lesson's narrative or presentation
    /// text: 2/5 of settledHeight(), a third under kShortScreen, where 2/5 left the fabric
    /// about 230 px.
    int readingResultsHeight() const;

    /// Opens the embedded 256-GPU SuperPOD unit (generated when the resource is missing).
    void openDefaultFabric();
    /// Opens @p fileName after asking to save the open document. A bad file shows an error
    /// naming the file and the fault, and leaves the open document as it was. False then, or
    /// when the user cancelled.
    bool openFile(const QString &fileName);
    /// Opens a shipped example (File > Open Example) as a new, unsaved document, so Save asks
    /// where to keep the user's changes instead of writing over the installed copy.
    bool openExample(const QString &fileName);
    /// Opens the autosaved copy @p recoveryFile as an unsaved document of @p originalFile (empty
    /// for work never saved), so Save writes where the work belongs.
    bool openRecovered(const QString &recoveryFile, const QString &originalFile);
    /// Shows a generated fabric as a new, unsaved document (after asking to save), called
    /// @p name until saved (a lesson's name; by default the generator's family).
    bool openGenerated(Fabric fabric, const QString &name = {});
    /// Saves to the document's file, or asks for one. False when cancelled or failed.
    bool save();
    /// Saves to @p fileName in the native format (asks for a name when empty).
    bool saveAs(const QString &fileName = {});
    /// Asks to save a modified document; false when the user cancelled.
    bool maybeSave();

    /// Adds a node of @p prototype's kind and role at @p scenePos, named uniquely.
    void addNode(const Node &prototype, QPointF scenePos);
    /// Links @p a and @p b with the palette's default capacity, latency and medium.
    bool addLink(NodeId a, NodeId b);

    void newFromTemplate();
    void regenerate();
    void reconfigureOcs();
    /// Swaps each cube the scenario's faults touch for a spare cube (gen::replaceFailedCubes),
    /// as one undoable step.
    void replaceFailedCubes();
    /// Highlights every equal-cost shortest path between the two selected GPUs and says how
    /// many there are, their hop count and their bottleneck capacity in the status bar; the
    /// Paths dock lists them and the path(s) each routing policy picks.
    void showEqualCostPaths();
    void deleteSelection();
    void duplicateSelection();

Q_SIGNALS:
    /// Another document is shown (opened, generated); the previous one is being destroyed.
    void documentChanged(fabric::app::Document *document);

protected:
    void closeEvent(QCloseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// Where the Open and Save dialogs start: the open file's folder, else the last file's (Open
    /// Recent's first), else the home folder.
    QString fileDialogFolder() const;
    /// The spot nearest @p scenePos, on a grid around it, that no drawn node crowds.
    QPointF freeSpotNear(QPointF scenePos) const;
    /// The smallest move (in steps of a node's room) that puts none of @p points on a node.
    QPointF freeOffsetFor(const std::vector<QPointF> &points) const;
    /// openGenerated() without asking to save: the caller has asked.
    void showGenerated(Fabric fabric, const QString &name);
    /// Tools > Arrange: drops hand-placed positions, infers tiers, relays out (undoable).
    void arrange();
    /// Reads @p fileName, or shows the error naming the file and the fault (nullopt then).
    std::optional<Fabric> loadOrReport(const QString &fileName);
    void createDocks();
    void createActions();
    void setDocument(std::unique_ptr<Document> document);
    void updateTitle();
    void updateActions();
    void selectionChanged();
    /// Delete, Duplicate and Zoom to Selection act on the canvas selection: enabled with one.
    void updateSelectionActions();
    void exportTo(const io::FabricFormat *format);
    bool writeTo(const QString &fileName);
    /// Applies a value still being typed in a field of the window (the inspector, the
    /// palette), as leaving the field would.
    void commitPendingEdit();
    void addRecentFile(const QString &fileName);
    /// Opens @p fileName from File > Open Recent; a file gone since is said and taken off.
    void openRecentFile(const QString &fileName);
    void updateRecentMenu();
    void setPresentationMode(bool on);
    /// The simulation's analysis dock (the paths and OCS docks are tabbed with it).
    QDockWidget *resultsDock() const;
    /// Presentation mode on a short screen: the results to the right column, under the
    /// simulation controls; the inspector and metrics hidden for their room.
    void moveResultsBesideFabric();
    void showShortcuts();
    /// Help > User Guide: the guide's window, opened on its contents or raised where it is.
    void showUserGuide();
    void showAbout();
    void find(bool addToSelection);
    void readSettings();
    /// The window's size when no geometry was saved: the whole screen up to kMaximizedUpTo,
    /// else kFirstStartSize.
    void sizeForFirstStart();
    /// View > Docks: every dock and toolbar, and Reset Layout.
    void fillDocksMenu();
    static constexpr QSize kFirstStartSize { 1440, 900 };
    static constexpr QSize kMaximizedUpTo { 1920, 1200 };
    void writeSettings() const;
    QPointF viewCentre() const;
    void showError(const QString &title, const QString &message);

    std::unique_ptr<Prompts> mPrompts;
    std::unique_ptr<Document> mDocument;
    views::FabricCanvas *mCanvas;
    QWidget *mCanvasViewport = nullptr; ///< mCanvas's viewport, whose drops eventFilter() takes.
    MetricsDock *mMetrics = nullptr;
    InspectorDock *mInspector = nullptr;
    PaletteDock *mPalette = nullptr;
    QDockWidget *mHistory = nullptr; ///< The undo history.
    PathsDock *mPaths = nullptr;
    OcsDock *mOcs = nullptr;
    SimulationController *mSimulation = nullptr;
    ScenarioKeeper *mScenarios = nullptr;
    QUndoGroup *mUndoGroup;
    QMenu *mRecentMenu = nullptr;
    QPointer<UserGuideWindow> mUserGuide; ///< Open while its window is; deletes itself on close.
    /// Whether leaving presentation mode maximises the window again.
    bool mMaximizedBeforePresentation = false;
    QSize mPresentationSize; ///< See setPresentationSize().
    /// The docks as they were before presentation mode hid the editing ones (empty outside
    /// it): restored on leaving, and what the settings keep if the window closes in it.
    QByteArray mDocksBeforePresentation;
    /// A document was opened in presentation mode: the docks put back on leaving it were laid
    /// out for another fabric (the OCS dock came back, empty, over a fat-tree).
    bool mOpenedInPresentation = false;
    /// The window's geometry before presentation mode (empty outside it): what the settings
    /// keep if the window closes in it.
    QByteArray mGeometryBeforePresentation;
    QByteArray mDefaultLayout; ///< The docks as a first start lays them out (Reset Layout).
    /// The window's size before presentation mode, and the docks to put back once it has that
    /// size again: put back while still full screen, the docks kept their full-screen widths
    /// and the canvas lost what the window then shrank by.
    QSize mSizeBeforePresentation;
    QByteArray mDocksAfterPresentation;
    QLineEdit *mFindEdit = nullptr;
    QStringList mRecentFiles;
    QFont mNormalFont;
    QFont mNormalMenuFont; ///< The application's font for menus, before presentation mode.
    QFont mNormalTipFont; ///< Tooltips' font outside presentation mode.
    QFont mNormalDialogFont; ///< The same for dialogs.
};

} // namespace fabric::app
