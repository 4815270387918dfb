// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chartdata.h"
#include "collective/scenario.h"
#include "export/reportwriter.h"
#include "exportprompt.h"
#include "playback/simrun.h"

#include <QElapsedTimer>
#include <QObject>

#include <memory>
#include <optional>

class QAction;
class QMainWindow;
class QMenu;
class QTimer;
class QToolBar;

namespace fabric {
struct ChangeEvent;
}

namespace fabric::views {
class FabricCanvas;
class LoadSampler;
class PlaybackBar;
class PlaybackClock;
class TrafficView;
} // namespace fabric::views

namespace fabric::app {

class AnalysisDock;
class Document;
class MainWindow;
class SimulationDock;
class SimulationRunner;

/**
 * Everything the simulation adds to the main window, wired together: the simulation dock runs
 * scenarios in a worker thread; a finished run drives one playback clock that colours the
 * canvas by utilisation (with flow-count badges where flows collide and the SHARP tree or idle
 * uplinks highlighted), follows on the heatmap and fills the charts, explain and compare tabs;
 * the Simulation menu exports pictures, charts, results, the report and animation frames.
 *
 * Results belong to the fabric they ran on: an edit that changes links or nodes marks them
 * stale and clears the colouring.
 */
class SimulationController : public QObject
{
    Q_OBJECT
public:
    SimulationController(QMainWindow *window, Document *document, views::FabricCanvas *canvas);
    ~SimulationController() override;

    SimulationDock *simulationDock() const { return mDock; }
    AnalysisDock *analysisDock() const { return mAnalysis; }
    views::PlaybackClock *clock() const { return mClock; }
    views::PlaybackBar *playbackBar() const { return mBar; }
    SimulationRunner *runner() const { return mRunner; }
    QMenu *menu() const { return mMenu; }
    /// Asks where the Simulation menu's exports go.
    ExportPrompt &exportPrompt() { return mExportPrompt; }
    /// The Simulation menu's exports (picture, slide, heatmap, chart, results, report, frames), for
    /// File > Export to list too.
    const QList<QAction *> &exportActions() const { return mExportActions; }
    /// Simulation menu toggles of the canvas overlays (checkable): animated particles (on by
    /// default), torus links coloured by dimension, and which dimension to show (All, X, Y, Z;
    /// exclusive, in that order).
    QAction *particlesAction() const { return mParticlesAction; }
    /// Simulation > Instantaneous Loads (off: loads are the mean over a window around the
    /// cursor, views::LoadSampler), also a button on the playback bar.
    QAction *instantLoadsAction() const { return mInstantAction; }
    /// Simulation > Run Resilience Sweep (Ctrl+Shift+R); ResilienceKeeper acts on it.
    QAction *resilienceAction() const { return mResilienceAction; }
    QAction *dimensionColoursAction() const { return mDimensionAction; }
    const QList<QAction *> &dimensionFilterActions() const { return mDimensionFilter; }

    views::SimRunPtr currentRun() const { return mCurrent; }
    /// Finished runs, newest first (at most a few).
    const QList<views::SimRunPtr> &history() const { return mHistory; }

    /// Follows another document (the main window opened or generated one): results of the old
    /// one are cleared.
    void setDocument(Document *document);

    /// Starts @p scenario on the document's fabric (false when a run is going), labelled
    /// @p name when given (a saved scenario's: a lesson's "Adaptive routing" run again was
    /// "allreduce ring · adaptive"), numbered when a run shown already has it.
    bool run(const collective::Scenario &scenario, const QString &name = QString());
    /// Starts @p scenario now, or, when a run is going, cancels it and starts @p scenario once
    /// it has stopped (a run still to start is replaced).
    void runReplacing(const collective::Scenario &scenario);
    /// Cancel (the dock's button, Simulation > Cancel): asks the run to stop, and says so at
    /// once. The engine looks between its steps, and one step of a pod's all-to-all takes
    /// seconds, in which the click looked lost.
    void cancelRun();
    /**
     * Shows runs made elsewhere (a lesson) as if they had just finished: @p runs.first() on the
     * canvas, all of them in the charts and the compare view. The first must have run on the
     * document's fabric as it is now; the others may have run on variants of it.
     */
    void showRuns(const QList<views::SimRunPtr> &runs);
    /// Runs the dock's scenario at sizes 1 KiB .. 4 GiB, one after the other, and charts busbw.
    void runSweep();
    bool isSweeping() const { return mSweepIndex >= 0; }

    /// @name Exports (also behind the Simulation menu)
    ///@{
    bool exportPicture(const QString &fileName, const QSize &size, QString *error = nullptr);
    bool exportReport(const QString &fileName, QString *error = nullptr);
    /// What exportReport() writes: the fabric as on the canvas, the runs' charts and table,
    /// the explanation, and the Compare tab's two runs side by side.
    views::ReportContent reportContent() const;
    /// The canvas as it is now, with its legend, the picture's title and the explanation's
    /// first sentences as caption: @p fileName with .svg and with .pdf (whichever suffix it has).
    bool exportSlide(const QString &fileName, QString *error = nullptr);
    bool exportResults(const QString &fileName, QString *error = nullptr); ///< .csv or .json
    QStringList exportFrames(const QString &directory, int frames, const QSize &size,
                             QString *error = nullptr);
    ///@}

Q_SIGNALS:
    void runFinished(fabric::views::SimRunPtr run);
    void runFailed(const QString &message);

private:
    void onFinished(const views::SimRunPtr &run);
    /// Starts mPending, if any; true when it did.
    bool startPending();
    /// The run that just ended began before the fabric last changed.
    bool runIsStale() const;
    /// "Running alltoall... 97% · 23.1 ms simulated · 151 s elapsed" in the dock's status.
    void showRunning();
    /// Makes @p run the current one (already in the history) and draws it everywhere.
    void present(const views::SimRunPtr &run);
    void onDocumentChanged(const ChangeEvent &event);
    /// The faults in force changed: the run on screen may no longer be the fabric's state.
    void onFaultsChanged();
    void showTime(double timeS);
    /// "allreduce ring · ecmp: 129 ms, busbw 16.6 GB/s, 33% of ideal": the dock's line for @p run.
    QString runStatus(const views::SimRun &run) const;
    /// Gives the run's sampler the window the Instantaneous Loads toggle asks for (the caller
    /// redraws).
    void applyLoadWindow();
    void clearOverlays();
    /// Cancel while a run or sweep goes, Play and the exports of a run's results while there is
    /// one; the fabric's pictures and the report (a fabric alone) always.
    void refreshActions();
    /// Results belong to one revision of one fabric: drops the current run, the history, the
    /// sweep and a run still going, clears every view of them, and says @p why in the dock.
    void forgetResults(const QString &why);
    void buildMenu(QMainWindow *window);
    /// "Exported FILE" in the status bar, or @p error in a message box.
    void reportExport(bool ok, const QString &file, const QString &error);
    /// Asks where a traffic view goes ("FABRIC-@p what.png") and writes it there.
    void exportTrafficView(views::TrafficView *view, const QString &what);
    /// "FABRIC · RUN": what every exported picture of a run is titled with (the fabric's name
    /// alone before a run).
    QString runTitle() const;
    /// runTitle() and the time on screen.
    QString pictureTitle() const;

    Document *mDocument;

    QString mRunningStatus; ///< "Running alltoall..." of the run under way.

    QElapsedTimer mRunClock; ///< Started with the run under way.
    /// The engine's last report of the run under way: fraction done, simulated seconds.
    std::optional<std::pair<double, double>> mRunProgress;
    QTimer *mRunTicker = nullptr; ///< Refreshes the elapsed time while a run is under way.
    QMetaObject::Connection mDocumentConnection;
    views::FabricCanvas *mCanvas;
    SimulationDock *mDock = nullptr;
    AnalysisDock *mAnalysis = nullptr;
    SimulationRunner *mRunner = nullptr;
    views::PlaybackClock *mClock = nullptr;
    views::PlaybackBar *mBar = nullptr;
    QToolBar *mPlaybackToolBar = nullptr;
    QMenu *mMenu = nullptr;
    QAction *mParticlesAction = nullptr;
    QAction *mInstantAction = nullptr;
    QAction *mResilienceAction = nullptr;
    QAction *mDimensionAction = nullptr;
    QList<QAction *> mDimensionFilter;
    QList<QAction *> mExportActions;
    QAction *mCancelAction = nullptr;
    QAction *mPlayAction = nullptr;
    QList<QAction *> mRunExportActions; ///< The exports with nothing to write before a run.
    ExportPrompt mExportPrompt;
    views::SimRunPtr mCurrent;
    /// Finished runs of the fabric as it is now; emptied by forgetResults().
    QList<views::SimRunPtr> mHistory;
    /// Counts the fabric revisions this controller has seen (another document, or an edit that
    /// changes what a run computes); a run that finishes on an older one is discarded.
    quint64 mRevision = 0;
    quint64 mRunRevision = 0;
    std::unique_ptr<views::LoadSampler> mSampler;
    /// What runReplacing() starts once the run going has stopped.
    std::optional<collective::Scenario> mPending;
    // Sweep state: the scenario, the next size index, the points so far.
    collective::Scenario mSweepScenario;
    int mSweepIndex = -1;
    views::charts::SweepSeries mSweep;
};

/**
 * The one call the main window makes: creates the controller (owned by @p window), adds its
 * docks, the playback toolbar and the Simulation menu. @p canvas is the main canvas.
 */
SimulationController *installSimulation(QMainWindow *window, Document *document,
                                        views::FabricCanvas *canvas);
/// The same for FabricScope's MainWindow: its document and canvas, following documentChanged().
SimulationController *installSimulation(MainWindow *window);

} // namespace fabric::app
