// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "simulationcontroller.h"

#include "analysisdock.h"
#include "canvas/fabriccanvas.h"
#include "canvas/faultmarks.h"
#include "charts/chartpanel.h"
#include "collective/report.h"
#include "common/percent.h"
#include "common/plural.h"
#include "common/qtstrings.h"
#include "compareview.h"
#include "document.h"
#include "explain/explainer.h"
#include "explain/explainpanel.h"
#include "export/atomicfile.h"
#include "export/canvasexport.h"
#include "export/chartexport.h"
#include "export/frameexport.h"
#include "export/lessonslides.h"
#include "export/reportwriter.h"
#include "exportprompt.h"
#include "fileformats.h"
#include "heatmap/heatmapwidget.h"
#include "mainwindow.h"
#include "model/units.h"
#include "playback/loadsampler.h"
#include "playback/openingmoment.h"
#include "playback/playbackbar.h"
#include "playback/playbackclock.h"
#include "playback/runhighlight.h"
#include "playback/scenariorun.h"
#include "simulationdock.h"
#include "simulationrunner.h"
#include "traffic/trafficview.h"

#include <QAction>
#include <QActionGroup>
#include <QDir>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>

#include <cmath>
#include <sstream>

namespace fabric::app {

using views::toQString;

namespace {
constexpr int kHistory = 4;

/// While an export draws the canvas: the faults of the run it shows crossed out, not the faults
/// in force (changed since the run, the report drew a spine failed under a text of a run with
/// none). Puts the canvas's marks back when it goes.
class RunFaultsShown
{
public:
    RunFaultsShown(views::FabricCanvas &canvas, const views::SimRun *run)
        : mCanvas(canvas)
        , mKept(canvas.faultMarks())
    {
        if (!run || !run->scenario || !run->fabric)
            return;
        mCanvas.setFaultMarks(views::faultMarks(*run->fabric, run->scenario->faults));
        mSwapped = true;
    }
    ~RunFaultsShown()
    {
        if (mSwapped)
            mCanvas.setFaultMarks(mKept);
    }
    RunFaultsShown(const RunFaultsShown &) = delete;
    RunFaultsShown &operator=(const RunFaultsShown &) = delete;

private:
    views::FabricCanvas &mCanvas;
    const views::FabricCanvas::FaultMarks mKept;
    bool mSwapped = false;
};
} // namespace

SimulationController::SimulationController(QMainWindow *window, Document *document,
                                           views::FabricCanvas *canvas)
    : QObject(window)
    , mDocument(document)
    , mCanvas(canvas)
{
    mDock = new SimulationDock(window);
    mAnalysis = new AnalysisDock(window);
    mRunner = new SimulationRunner(this);
    mClock = new views::PlaybackClock(this);
    mBar = new views::PlaybackBar(window);
    mBar->setClock(mClock);
    mDock->setFabric(mDocument ? &mDocument->fabric() : nullptr);

    connect(mDock, &SimulationDock::runRequested, this,
        [this](const collective::Scenario &scenario) { run(scenario); });
    connect(mDock, &SimulationDock::cancelRequested, this, &SimulationController::cancelRun);
    connect(mDock, &SimulationDock::selectionRanksRequested, this, [this] {
        QStringList names;
        if (!mDocument)
            return;
        for (const NodeId n : mCanvas->selectedNodes())
            if (mDocument->fabric().hasNode(n) && mDocument->fabric().node(n).isEndpoint())
                names << toQString(mDocument->fabric().node(n).name);
        mDock->setRankNames(names);
    });
    connect(mRunner, &SimulationRunner::progress, this, [this](double fraction, double simulatedS) {
        if (runIsStale() || !mRunner->isRunning())
            return;
        mDock->setProgress(fraction);
        mRunProgress = { fraction, simulatedS };
        showRunning();
    });
    // The bar measures bytes or flows, which an all-to-all's last flows move slowly, and the
    // engine reports between events only: it sat at 99% for minutes under "Running
    // alltoall...", which looked hung. The elapsed time moves every second.
    mRunTicker = new QTimer(this);
    mRunTicker->setInterval(1000);
    connect(mRunTicker, &QTimer::timeout, this, [this] {
        if (mRunner->isRunning() && !runIsStale())
            showRunning();
        else
            mRunTicker->stop();
    });
    connect(mDock, &SimulationDock::faultsChanged, this, &SimulationController::onFaultsChanged);
    connect(mRunner, &SimulationRunner::finished, this, &SimulationController::onFinished);
    connect(mRunner, &SimulationRunner::failed, this, [this](const QString &message) {
        mDock->setRunning(false);
        if (startPending())
            return;
        if (!runIsStale())
            mDock->setStatus(message, true);
        mSweepIndex = -1;
        Q_EMIT runFailed(message);
    });
    connect(mRunner, &SimulationRunner::cancelled, this, [this] {
        mDock->setRunning(false);
        if (startPending() || runIsStale())
            return;
        mDock->resetProgress(); // a bar left at 80% beside "Cancelled." read as work kept
        mDock->setStatus(tr("Cancelled."));
        mSweepIndex = -1;
    });
    connect(mClock, &views::PlaybackClock::timeChanged, this, &SimulationController::showTime);
    connect(
        mAnalysis, &AnalysisDock::exportRequested, this, &SimulationController::exportTrafficView);
    connect(mAnalysis->heatmap(), &views::HeatmapWidget::linkClicked, this, [this](LinkId link) {
        if (mDocument && mDocument->fabric().hasLink(link))
            mCanvas->setSelection({}, {link});
    });
    if (mDocument)
        mDocumentConnection = connect(mDocument, &Document::changed, this,
                                      &SimulationController::onDocumentChanged);

    window->addDockWidget(Qt::RightDockWidgetArea, mDock);
    window->addDockWidget(Qt::BottomDockWidgetArea, mAnalysis);
    mPlaybackToolBar = new QToolBar(tr("Playback"), window);
    mPlaybackToolBar->setObjectName(QStringLiteral("PlaybackToolBar"));
    mPlaybackToolBar->addWidget(mBar);
    window->addToolBar(Qt::BottomToolBarArea, mPlaybackToolBar);
    buildMenu(window);
}

SimulationController::~SimulationController() = default;

void SimulationController::setDocument(Document *document)
{
    if (document == mDocument)
        return;
    disconnect(mDocumentConnection);
    forgetResults(QString());
    // A lesson's narrative belongs to its document; edits to the fabric keep it.
    mAnalysis->explainPanel()->setNarrative(QString());
    mDocument = document;
    mDock->setFabric(mDocument ? &mDocument->fabric() : nullptr);
    if (mDocument)
        mDocumentConnection = connect(mDocument, &Document::changed, this,
                                      &SimulationController::onDocumentChanged);
}

bool SimulationController::run(const collective::Scenario &scenario, const QString &name)
{
    if (mRunner->isRunning() || !mDocument)
        return false;
    mClock->pause();
    mRunRevision = mRevision;
    mDock->setRunning(true);
    mRunningStatus
        = tr("Running %1\u2026").arg(toQString(collective::toString(scenario.collective)));
    // A sweep's run says which size of how many it is: each restarted the bar and the clock
    // under the same words, with no sign of how far the sweep had got.
    if (mSweepIndex >= 0)
        mRunningStatus = tr("Sweep: size %1 of %2 (%3): %4")
                             .arg(mSweepIndex + 1)
                             .arg(views::sweepSizes().size())
                             .arg(toQString(units::formatBytes(scenario.bytes)), mRunningStatus);
    mRunProgress.reset();
    mRunClock.start();
    mRunTicker->start();
    mDock->setStatus(mRunningStatus);
    // Named apart from the runs it joins in the charts and the compare view: a 4 GiB run after
    // a 1 GiB one, or 2 QPs after 1, were both "allreduce ring \u00b7 ecmp" there.
    return mRunner->start(
        mDocument->fabric(), scenario, views::distinctLabel(scenario, mHistory, name));
}

void SimulationController::runReplacing(const collective::Scenario &scenario)
{
    mSweepIndex = -1;
    mPending = scenario;
    if (mRunner->isRunning())
        mRunner->cancel();
    else
        startPending();
}

void SimulationController::showRunning()
{
    const QString elapsed = toQString(units::formatSeconds(double(mRunClock.elapsed()) / 1000.0));
    if (!mRunProgress) {
        mDock->setStatus(tr("%1 %2 elapsed").arg(mRunningStatus, elapsed));
        return;
    }
    const auto [fraction, simulatedS] = *mRunProgress;
    mDock->setStatus(tr("%1 %2% \u00b7 %3 simulated \u00b7 %4 elapsed")
                         .arg(mRunningStatus)
                         .arg(int(std::clamp(fraction, 0.0, 1.0) * 100))
                         .arg(toQString(units::formatSeconds(simulatedS)), elapsed));
}

void SimulationController::cancelRun()
{
    if (!mRunner->isRunning())
        return;
    mRunner->cancel();
    mRunningStatus = tr("Cancelling: the engine stops after the step it is on\u2026");
    mDock->setStopping();
    mCancelAction->setEnabled(false);
    showRunning();
}

bool SimulationController::runIsStale() const
{
    // It ran on a snapshot of a fabric that has changed or been replaced since: its figures,
    // failure or cancellation describe nothing on screen, and forgetResults() already said so.
    return mRunRevision != mRevision;
}

bool SimulationController::startPending()
{
    if (!mPending)
        return false;
    const collective::Scenario scenario = *mPending;
    mPending.reset();
    return run(scenario);
}

void SimulationController::runSweep()
{
    if (mRunner->isRunning() || !mDock->problem().isEmpty())
        return;
    if (mDock->scenario().collective == collective::Collective::Custom) {
        mDock->setStatus(tr("A traffic file gives its own sizes: there is no message size to "
                            "sweep. Choose a collective to sweep."),
            true);
        return;
    }
    mSweepScenario = mDock->scenario();
    mSweepIndex = 0;
    mSweep = {};
    mSweep.name = views::scenarioLabel(mSweepScenario); // as the CLI's sweep chart names it
    collective::Scenario s = mSweepScenario;
    s.bytes = views::sweepSizes().front();
    run(s);
}

void SimulationController::onFinished(const views::SimRunPtr &run)
{
    mDock->setRunning(false);
    // It finished before the cancel of runReplacing() reached it: the newer scenario wins.
    if (startPending())
        return;
    if (runIsStale())
        return;
    bool sweepDone = false;
    if (mSweepIndex >= 0) {
        if (std::isfinite(run->summary.busbwGBps))
            mSweep.bytesAndBusbwGBps.append(QPointF(run->messageBytes(), run->summary.busbwGBps));
        const QList<double> sizes = views::sweepSizes();
        if (++mSweepIndex < int(sizes.size())) {
            collective::Scenario s = mSweepScenario;
            s.bytes = sizes[mSweepIndex];
            this->run(s);
            return;
        }
        mSweepIndex = -1;
        mAnalysis->setSweep({mSweep});
        mAnalysis->showTab(mAnalysis->chartPanel());
        sweepDone = true;
    }

    mHistory.prepend(run);
    while (mHistory.size() > kHistory)
        mHistory.removeLast();
    present(run);
    // The run on screen is the sweep's last size, not the one in the form: say which.
    if (sweepDone)
        mDock->setStatus(
            tr("Sweep done: busbw at %1 sizes in Charts. On screen, the %2 run: %3")
                .arg(mSweep.bytesAndBusbwGBps.size())
                .arg(toQString(units::formatBytes(run->messageBytes())), runStatus(*run)));
    Q_EMIT runFinished(run);
}

void SimulationController::showRuns(const QList<views::SimRunPtr> &runs)
{
    if (runs.isEmpty())
        return;
    mRunner->cancel();
    mSweepIndex = -1;
    mDock->setRunning(false);
    mHistory = runs.mid(0, kHistory);
    present(runs.first());
}

void SimulationController::present(const views::SimRunPtr &run)
{
    mCurrent = run;
    mSampler = std::make_unique<views::LoadSampler>(run->result);
    applyLoadWindow();
    // Link tooltips read the run's timeline at the playback time (the run's fabric has the
    // document's ids: it is a snapshot of it).
    mCanvas->setLinkInfoProvider([this](LinkId link) {
        if (!mSampler || !mCurrent || !mCurrent->fabric)
            return QString();
        return mSampler->describeLink(*mCurrent->fabric, link);
    });
    // What to highlight: the SHARP tree, or the switch links ECMP left idle.
    mCanvas->setHighlight(views::FabricCanvas::HighlightChannel::Simulation,
                          views::runHighlight(*run));
    mAnalysis->setRuns(run, mHistory);
    mDock->setStatus(runStatus(*run));
    mClock->setRun(run->result.completionS, run->result.timeline.boundaries());
    // Open on the middle of the run, moved into traffic: a first picture that shows it.
    mClock->seek(views::openingMoment(run->result.timeline));
    refreshActions();
}

QString SimulationController::runStatus(const views::SimRun &run) const
{
    const views::RunSummary summary = views::RunSummary(run);
    // A figure and its unit stay on one line of the wrapping label ("12.4 GB/s", not "12.4" at
    // the end of one line and "GB/s" under it).
    const auto figure
        = [](const std::string &text) { return toQString(text).replace(u' ', QChar::Nbsp); };
    QString status
        = tr("%1: %2").arg(run.label, figure(units::formatSeconds(run.result.completionS)));
    if (std::isfinite(summary.busbwGBps))
        status += tr(", busbw %1").arg(figure(units::formatGBps(summary.busbwGBps)));
    if (std::isfinite(summary.ofIdeal))
        status += tr(", %1 of ideal").arg(views::percentText(summary.ofIdeal));
    if (run.faults && !run.faults->unreachablePairs.empty())
        status += tr(" (%1 cut off: the collective cannot complete)")
                      .arg(views::counted(qint64(run.faults->unreachablePairs.size()),
                          tr("1 rank pair"), tr("%1 rank pairs")));
    if (run.expansion.symmetry)
        status += tr(" (1 flow in %1 simulated, by symmetry)")
                      .arg(run.expansion.symmetry->orbits.order);
    return status;
}

void SimulationController::applyLoadWindow()
{
    if (!mSampler || !mCurrent) {
        mBar->setNote({});
        return;
    }
    const double window = mInstantAction->isChecked()
        ? 0
        : views::LoadSampler::defaultWindowS(mCurrent->result.timeline.endS());
    mSampler->setWindowS(window);
    mBar->setNote(views::LoadSampler::windowNote(window));
}

void SimulationController::showTime(double timeS)
{
    if (!mSampler || !mCurrent)
        return;
    views::showLoadsAt(*mCanvas, *mCurrent, *mSampler, timeS);
    // Particles follow the clock: steady on screen, frozen when paused, jumping on a seek.
    mCanvas->setParticlePhase(mClock->animationPhaseS());
    mAnalysis->heatmap()->setTime(timeS);
}

void SimulationController::clearOverlays()
{
    mClock->pause();
    mCanvas->setLinkInfoProvider({});
    mSampler.reset();
    mCurrent.reset();
    mCanvas->setLinkLoads({});
    mCanvas->setLinkBadges({});
    mCanvas->setHighlightedLinks({}, {}, views::FabricCanvas::HighlightChannel::Simulation);
    applyLoadWindow(); // no run: no note on the loads
    refreshActions();
}

void SimulationController::refreshActions()
{
    if (!mCancelAction)
        return; // the menu is not built yet
    mCancelAction->setEnabled(mDock->isRunning());
    mPlayAction->setEnabled(bool(mCurrent));
    for (QAction *action : std::as_const(mRunExportActions))
        action->setEnabled(bool(mCurrent));
}

void SimulationController::forgetResults(const QString &why)
{
    ++mRevision;
    mSweepIndex = -1;
    mPending.reset();
    const bool hadResults = mCurrent || !mHistory.isEmpty() || mRunner->isRunning();
    mRunner->cancel();
    clearOverlays();
    mHistory.clear();
    mAnalysis->clear();
    mClock->setRun(0, {});
    // Whatever the status line said (a result, a failure, "Cancelled.") was about the fabric
    // as it was.
    mDock->forgetRun(hadResults ? why : QString());
}

void SimulationController::onDocumentChanged(const ChangeEvent &event)
{
    mDock->setFabric(mDocument ? &mDocument->fabric() : nullptr);
    // Moving nodes changes the picture, not what a run computes.
    if (event.type == ChangeEvent::Type::NodesMoved)
        return;
    forgetResults(tr("The fabric changed: run the simulation again to see its traffic."));
}

void SimulationController::onFaultsChanged()
{
    // The run stays on screen (the Compare tab and the resilience sweep compare faulted runs
    // on purpose), but after a fault was undone its idle links looked like the fabric's own
    // state: the status says the run is of other faults until it runs again.
    if (!mCurrent || !mCurrent->scenario || mRunner->isRunning())
        return;
    const std::vector<Fault> &ran = mCurrent->scenario->faults;
    if (ran == mDock->faults()) {
        mDock->setStatus(runStatus(*mCurrent));
        return;
    }
    QStringList names;
    for (const Fault &f : ran)
        names << toQString(toString(f));
    mDock->setStatus(ran.empty()
            ? tr("The run on screen had no fault; the faults in force have changed since: run "
                 "again to see their effect.")
            : tr("The run on screen had %1 in force; the faults have changed since: run again "
                 "to see their effect.")
                  .arg(names.join(QStringLiteral(", "))));
}

QString SimulationController::runTitle() const
{
    QString title = mDocument ? mDocument->fabricName() : QString();
    if (mCurrent)
        title += QStringLiteral(" \u00b7 %1").arg(mCurrent->label);
    return title;
}

QString SimulationController::pictureTitle() const
{
    if (!mCurrent)
        return runTitle();
    // As the CLI's export and the frames title theirs: what the colours are (a mean or the
    // instant) is part of what a slide shows.
    return runTitle() + QStringLiteral(" \u00b7 ")
        + views::momentNote(
            mClock->timeS(), mCurrent->result.completionS, mSampler ? mSampler->windowS() : 0.0);
}

bool SimulationController::exportPicture(const QString &fileName, const QSize &size,
                                         QString *error)
{
    const auto format = views::imageFormatForFile(fileName);
    if (!format) {
        if (error)
            *error = tr("Use a .png, .svg or .pdf file name.");
        return false;
    }
    views::CanvasExportOptions o;
    o.size = size;
    o.title = pictureTitle();
    const RunFaultsShown runFaults(*mCanvas, mCurrent.get());
    return views::exportCanvas(*mCanvas, fileName, *format, o, error);
}

bool SimulationController::exportReport(const QString &fileName, QString *error)
{
    if (!mDocument) {
        if (error)
            *error = tr("No fabric is open.");
        return false;
    }
    const RunFaultsShown runFaults(*mCanvas, mCurrent.get());
    return views::writeReport(fileName, reportContent(), error);
}

views::ReportContent SimulationController::reportContent() const
{
    views::ReportContent c;
    if (!mDocument)
        return c;
    c.title = tr("Design review: %1").arg(mDocument->fabricName());
    c.canvas = mCanvas;
    c.scenario << tr("Fabric: %1 (%2 nodes, %3 links)")
                      .arg(mDocument->displayName())
                      .arg(mDocument->fabric().nodeCount())
                      .arg(mDocument->fabric().linkCount());
    if (mCurrent) {
        c.scenario << tr("Scenario: %1, %2 ranks, %3")
                          .arg(mCurrent->label)
                          .arg(mCurrent->ranks())
                          .arg(toQString(units::formatBytes(mCurrent->messageBytes())));
        c.diagramCaption = views::LoadSampler::utilisationCaption(
            mClock->timeS(), mSampler ? mSampler->windowS() : 0.0);
        c.charts << views::charts::throughput(mHistory)
                 << views::charts::linkLoadHistogram(*mCurrent)
                 << views::charts::completionCdf(mHistory);
        for (const auto &r : std::as_const(mHistory))
            c.comparison << views::RunSummary(*r);
        if (mHistory.size() > 1)
            c.charts << views::charts::compareBandwidth(c.comparison);
        c.traffic = views::trafficViewsFor(mHistory);
        c.explanation = mAnalysis->explainPanel()->sentences();
    }
    // The picture the Compare tab shows; the user guide promised it in the report.
    CompareView *compare = mAnalysis->compareView();
    if (compare->left() && compare->right()) {
        c.sideBySideTitle
            = tr("Side by side: %1 and %2").arg(compare->left()->label, compare->right()->label);
        c.sideBySide
            = [compare](QPainter &p, const QSize &size) { compare->paintPicture(p, size); };
    }
    return c;
}

bool SimulationController::exportSlide(const QString &fileName, QString *error)
{
    QString base = fileName;
    for (const QString &suffix : {QStringLiteral(".svg"), QStringLiteral(".pdf")})
        if (base.endsWith(suffix, Qt::CaseInsensitive))
            base.chop(suffix.size());
    const QStringList sentences = mCurrent ? mAnalysis->explainPanel()->sentences() : QStringList();
    const QString caption = sentences.mid(0, 2).join(QLatin1Char(' '));
    const RunFaultsShown runFaults(*mCanvas, mCurrent.get());
    return views::exportSlide(*mCanvas, pictureTitle(), caption, base + QStringLiteral(".svg"), error)
        && views::exportSlide(*mCanvas, pictureTitle(), caption, base + QStringLiteral(".pdf"), error);
}

bool SimulationController::exportResults(const QString &fileName, QString *error)
{
    if (!mCurrent) {
        if (error)
            *error = tr("Run a simulation first.");
        return false;
    }
    // The suffix picks the table: "*.flows.csv" one row per flow, any other "*.csv" one per
    // directed link, anything else the whole run as JSON.
    const bool csv = QFileInfo(fileName).suffix().compare(QStringLiteral("csv"),
                                                          Qt::CaseInsensitive) == 0;
    const bool flows = fileName.endsWith(QStringLiteral(".flows.csv"), Qt::CaseInsensitive);
    std::ostringstream text;
    if (flows)
        collective::writeFlowsCsv(text, *mCurrent->fabric, *mCurrent);
    else if (csv)
        collective::writeLinksCsv(text, *mCurrent->fabric, mCurrent->result);
    else
        text << collective::reportText(*mCurrent->fabric, *mCurrent, true);
    return views::writeFileAtomically(fileName, QByteArray::fromStdString(text.str()), error);
}

QStringList SimulationController::exportFrames(const QString &directory, int frames,
                                               const QSize &size, QString *error)
{
    if (!mCurrent) {
        if (error)
            *error = tr("Run a simulation first.");
        return {};
    }
    const double keep = mClock->timeS();
    mClock->pause(); // the frames set the canvas's time themselves
    // Each frame changes the canvas's loads and particles; the window need not repaint them
    // behind the dialog (that doubled the time a frame takes).
    mCanvas->viewport()->setUpdatesEnabled(false);
    // Seconds even for a small fabric at 1920x1080: a progress dialog, shown at once, that can
    // stop it (window-modal, so nothing changes the run or the fabric while it writes).
    QProgressDialog progress(tr("Writing animation frames\u2026"), tr("Stop"), 0, frames,
        qobject_cast<QWidget *>(parent()));
    progress.setObjectName(QStringLiteral("framesProgress"));
    progress.setWindowTitle(tr("Export Animation Frames"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(0);
    progress.setMinimumWidth(progress.fontMetrics().horizontalAdvance(QLatin1Char('x')) * 48);
    // Each frame adds its own time to the title, as the CLI's frames do.
    const RunFaultsShown runFaults(*mCanvas, mCurrent.get());
    const QStringList files = views::exportFrames(*mCanvas, *mCurrent, directory, frames, size,
        runTitle(), error, mInstantAction->isChecked(), [&progress](int written, int total) {
            progress.setLabelText(tr("Writing frame %1 of %2\u2026").arg(written + 1).arg(total));
            progress.setValue(written);
            return !progress.wasCanceled();
        });
    progress.reset();
    mCanvas->viewport()->setUpdatesEnabled(true);
    showTime(keep);
    return files;
}

void SimulationController::buildMenu(QMainWindow *window)
{
    mMenu = new QMenu(tr("&Simulation"), window);
    QAction *runAction = mMenu->addAction(tr("&Run"), this, [this] {
        if (mDock->problem().isEmpty())
            run(mDock->scenario());
    });
    runAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    runAction->setObjectName(QStringLiteral("actionRun"));
    mCancelAction = mMenu->addAction(tr("&Cancel"), this, &SimulationController::cancelRun);
    mCancelAction->setObjectName(QStringLiteral("actionCancelRun"));
    QAction *sweepAction = mMenu->addAction(
        tr("Sweep Message Si&zes (1 KiB \u2013 4 GiB)"), this, &SimulationController::runSweep);
    sweepAction->setObjectName(QStringLiteral("actionSweepSizes"));
    // As the dock's Run button: disabled, with the reason under the form, while the scenario
    // cannot run (no fabric, too few GPUs, a fault on an element an edit took away).
    const auto followRunButton = [this, runAction, sweepAction] {
        runAction->setEnabled(mDock->runButton()->isEnabled());
        sweepAction->setEnabled(mDock->runButton()->isEnabled());
    };
    connect(mDock, &SimulationDock::scenarioEdited, this, followRunButton);
    connect(mDock, &SimulationDock::runningChanged, this, followRunButton);
    followRunButton();
    mResilienceAction = mMenu->addAction(tr("Run R&esilience Sweep"));
    mResilienceAction->setObjectName(QStringLiteral("actionResilienceSweep"));
    mResilienceAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    mResilienceAction->setToolTip(tr("Run the scenario once per single failure of every element "
                                     "of a role and chart the slowdowns (the Resilience tab)"));
    mPlayAction = mMenu->addAction(tr("&Play / Pause"), mClock, &views::PlaybackClock::togglePlay);
    mPlayAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Space));
    mPlayAction->setObjectName(QStringLiteral("actionPlayPause"));
    mMenu->addSeparator();
    // Canvas overlays of a run.
    mParticlesAction = mMenu->addAction(tr("Par&ticles"));
    mParticlesAction->setCheckable(true);
    mParticlesAction->setChecked(true);
    mParticlesAction->setToolTip(tr("Moving dots along loaded links: direction of traffic, denser = higher rate"));
    mCanvas->setParticlesEnabled(true);
    connect(mParticlesAction, &QAction::toggled, mCanvas, &views::FabricCanvas::setParticlesEnabled);
    // Loads are averaged over a window around the cursor unless asked for the instant: an
    // instant between two steps of a collective would show its busiest links idle.
    mInstantAction = mMenu->addAction(tr("&Instantaneous Loads"));
    mInstantAction->setObjectName(QStringLiteral("actionInstantLoads"));
    mInstantAction->setCheckable(true);
    mInstantAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    mInstantAction->setToolTip(tr("Colour links by their load at the cursor's instant instead "
                                  "of the mean over a twentieth of the run around it"));
    connect(mInstantAction, &QAction::toggled, this, [this](bool instant) {
        mAnalysis->compareView()->setInstantLoads(instant);
        applyLoadWindow();
        showTime(mClock->timeS());
    });
    mBar->addToggle(mInstantAction);
    mDimensionAction = mMenu->addAction(tr("Colour Torus Links by &Dimension"));
    mDimensionAction->setCheckable(true);
    connect(mDimensionAction, &QAction::toggled, mCanvas, &views::FabricCanvas::setDimensionColouring);
    QMenu *dims = mMenu->addMenu(tr("Torus Dimension Sho&wn"));
    auto *group = new QActionGroup(dims);
    const QStringList names = { tr("&All"), tr("&X Only"), tr("&Y Only"), tr("&Z Only") };
    for (int i = 0; i < names.size(); ++i) {
        QAction *a = dims->addAction(names[i]);
        a->setCheckable(true);
        a->setChecked(i == 0);
        group->addAction(a);
        mDimensionFilter << a;
        connect(a, &QAction::triggered, this, [this, i] {
            mCanvas->setDimensionFilter(i - 1);
            if (i > 0 && !mDimensionAction->isChecked())
                mDimensionAction->setChecked(true); // a filter shows through the colouring
        });
    }
    connect(mMenu, &QMenu::aboutToShow, this, [this, dims] {
        const bool torus = mCanvas->hasTorusDimensions();
        mDimensionAction->setEnabled(torus);
        dims->setEnabled(torus);
    });
    mMenu->addSeparator();
    QWidget *parent = window;
    auto askFile = [=, this](const QString &title, const QString &what, const QStringList &types) {
        return mExportPrompt.askFile(parent, mDocument, title, what, types);
    };
    mExportActions << mMenu->addAction(
        tr("Export Pict&ure (PNG, SVG, PDF)\u2026"), this, [=, this] {
            const QString file = askFile(tr("Export Picture"), QStringLiteral("picture"),
                { files::pngFilter(), files::svgFilter(), files::pdfFilter() });
            QString error;
            if (!file.isEmpty())
                reportExport(exportPicture(file, QSize(2400, 1350), &error), file, error);
        });
    mExportActions << mMenu->addAction(tr("Export &Slide (SVG and PDF)\u2026"), this, [=, this] {
        const QString file = askFile(tr("Export Slide"), QStringLiteral("slide"),
            { tr("Slide, written as SVG and PDF (*.svg *.pdf)") });
        if (file.isEmpty())
            return;
        // Both files are written, whichever suffix the name has; the file dialog asked about
        // one of them only.
        const QFileInfo slide(file);
        const QString base = slide.dir().filePath(slide.completeBaseName());
        QStringList twin = { base + QStringLiteral(".svg"), base + QStringLiteral(".pdf") };
        twin.removeIf(
            [&file](const QString &f) { return f.compare(file, Qt::CaseInsensitive) == 0; });
        if (!mExportPrompt.confirmReplacing(parent, tr("Export Slide"), twin))
            return;
        QString error;
        reportExport(exportSlide(file, &error), base + tr(".svg and .pdf"), error);
    });
    mExportActions << mMenu->addAction(tr("Export &Heatmap (PNG)\u2026"), this, [=, this] {
        const QString file
            = askFile(tr("Export Heatmap"), QStringLiteral("heatmap"), { files::pngFilter() });
        if (!file.isEmpty())
            reportExport(
                mAnalysis->heatmap()->exportPng(file), file, tr("Cannot write %1.").arg(file));
    });
    mExportActions << mMenu->addAction(tr("Export Ch&art (PNG, SVG)\u2026"), this, [=, this] {
        const QString file = askFile(tr("Export Chart"), QStringLiteral("chart"),
            { files::pngFilter(), files::svgFilter() });
        if (file.isEmpty())
            return;
        const bool svg = file.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive);
        views::ChartPanel *chart = mAnalysis->chartPanel();
        reportExport(svg ? chart->exportSvg(file) : chart->exportPng(file), file,
            tr("Cannot write %1.").arg(file));
    });
    mExportActions << mMenu->addAction(tr("Export Resu&lts (CSV, JSON)\u2026"), this, [=, this] {
        const QString file = askFile(tr("Export Results"), QStringLiteral("results"),
            { tr("Links, CSV (*.csv)"), tr("Flows, CSV (*.flows.csv)"), tr("Run, JSON (*.json)") });
        QString error;
        if (!file.isEmpty())
            reportExport(exportResults(file, &error), file, error);
    });
    mExportActions << mMenu->addAction(
        tr("Export Design-Review Rep&ort (PDF)\u2026"), this, [=, this] {
            const QString file
                = askFile(tr("Export Report"), QStringLiteral("report"), { files::pdfFilter() });
            QString error;
            if (!file.isEmpty())
                reportExport(exportReport(file, &error), file, error);
        });
    mExportActions << mMenu->addAction(tr("Export A&nimation Frames (PNG)\u2026"), this, [=, this] {
        if (!mCurrent)
            return;
        const auto choice
            = mExportPrompt.askFrames(parent, mDocument, mCurrent->result.completionS);
        if (!choice)
            return;
        const QString &dir = choice->folder;
        QString error;
        const QStringList files = exportFrames(dir, choice->frames, choice->size, &error);
        if (files.size() == choice->frames)
            reportExport(true,
                tr("%1 to %2")
                    .arg(views::counted(choice->frames, tr("1 frame"), tr("%1 frames")), dir),
                {});
        else if (!files.isEmpty()) // stopped from the progress dialog
            window->statusBar()->showMessage(
                tr("%1 The frames written are in %2.").arg(error, dir), 5000);
        else
            reportExport(false, dir, error);
    });
    const char *const exportNames[] = {"actionExportPicture", "actionExportSlide", "actionExportHeatmap", "actionExportChart", "actionExportResults", "actionExportReport", "actionExportFrames"};
    for (int i = 0; i < mExportActions.size(); ++i)
        mExportActions[i]->setObjectName(QLatin1String(exportNames[i]));
    // The picture, slide and report draw the fabric alone too; these need a run.
    for (QAction *action : std::as_const(mExportActions))
        for (const char *name : { "actionExportHeatmap", "actionExportChart", "actionExportResults",
                 "actionExportFrames" })
            if (action->objectName() == QLatin1String(name))
                mRunExportActions << action;
    connect(mDock, &SimulationDock::runningChanged, this, &SimulationController::refreshActions);
    refreshActions();
    // Before Help, when the window has one.
    QAction *help = nullptr;
    for (QAction *a : window->menuBar()->actions())
        if (a->menu() && a->text().remove(QLatin1Char('&')) == tr("Help"))
            help = a;
    if (help)
        window->menuBar()->insertMenu(help, mMenu);
    else
        window->menuBar()->addMenu(mMenu);
}

void SimulationController::reportExport(bool ok, const QString &file, const QString &error)
{
    auto *window = qobject_cast<QMainWindow *>(parent());
    if (ok)
        window->statusBar()->showMessage(tr("Exported %1").arg(file), 5000);
    else
        QMessageBox::warning(window, tr("Export"), error);
}

void SimulationController::exportTrafficView(views::TrafficView *view, const QString &what)
{
    const QString file = mExportPrompt.askFile(qobject_cast<QWidget *>(parent()), mDocument,
        tr("Export View"), what, { files::pngFilter(), files::svgFilter() });
    if (!file.isEmpty())
        reportExport(view->exportImage(file), file, tr("Cannot write %1.").arg(file));
}

SimulationController *installSimulation(QMainWindow *window, Document *document,
                                        views::FabricCanvas *canvas)
{
    return new SimulationController(window, document, canvas);
}

SimulationController *installSimulation(MainWindow *window)
{
    auto *controller = installSimulation(window, window->document(), window->canvas());
    controller->exportPrompt().setPrompts([window] { return window->prompts(); });
    QObject::connect(window, &MainWindow::documentChanged, controller,
                     &SimulationController::setDocument);
    return controller;
}

} // namespace fabric::app
