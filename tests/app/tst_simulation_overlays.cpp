// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The canvas overlays of a finished run, wired by the SimulationController: animated particles
// following the playback clock, link tooltips read from the run's timeline, and the torus
// dimension colouring behind the Simulation menu. With FABRICSCOPE_SCREENSHOTS=DIR it also
// renders the playback screenshots that show them (sim-ecmp-window.png, sim-torus-allreduce.png).
#include "canvas/fabriccanvas.h"
#include "collective/scenario.h"
#include "common/qtstrings.h"
#include "document.h"
#include "exportchecks.h"
#include "generators/registry.h"
#include "heatmap/heatmapwidget.h"
#include "model/units.h"
#include "playback/playbackclock.h"
#include "screenshotfolder.h"
#include "simulation/analysisdock.h"
#include "simulation/simulationcontroller.h"
#include "simulation/simulationdock.h"
#include "simulation/simulationrunner.h"

#include <QAction>
#include <QDir>
#include <QMainWindow>
#include <QMenu>
#include <QSignalSpy>
#include <QTest>

using namespace fabric;
using namespace fabric::app;

class TestSimulationOverlays : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void particlesFollowTheClock();
    void linkTooltipShowsTheRun();
    void torusDimensionToggle();
    void screenshots();

private:
    /// Runs @p s through SimulationController::run (what the dock's Run button calls) and
    /// waits for the worker, spinning the event loop.
    views::SimRunPtr runScenario(const collective::Scenario &s);
    /// An all-reduce of 64 MiB from the dock's defaults with these choices.
    collective::Scenario scenario(collective::Algorithm algorithm, route::Policy routing,
                                  collective::Placement placement = collective::Placement::Packed);
    void openFabric(Fabric fabric);

    // The window owns the rest.
    SimulationController *mSim = nullptr;
    views::FabricCanvas *mCanvas = nullptr;
    Document *mDocument = nullptr;
    std::unique_ptr<QMainWindow> mWindow;
};

void TestSimulationOverlays::init()
{
    mWindow = std::make_unique<QMainWindow>();
    mCanvas = new views::FabricCanvas(mWindow.get());
    mWindow->setCentralWidget(mCanvas);
    mDocument = new Document(Fabric(), QStringLiteral("overlays.fabric.json"), mWindow.get());
    // As in the main window: the canvas follows the document before anything else hears of a
    // change, so nothing repaints it with the old fabric's scene.
    mCanvas->setFabric(&mDocument->fabric());
    connect(mDocument, &Document::changed, mCanvas, &views::FabricCanvas::applyChange);
    mSim = installSimulation(mWindow.get(), mDocument, mCanvas);
    mWindow->resize(1400, 900);
    mWindow->show();
    QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
    openFabric(gen::generate("ib-fat-tree", nlohmann::json{{"tiers", 2}, {"gpus", 64}}));
}

void TestSimulationOverlays::cleanup()
{
    mSim->runner()->cancel();
    mSim->runner()->waitForIdle();
    mWindow.reset();
}

views::SimRunPtr TestSimulationOverlays::runScenario(const collective::Scenario &s)
{
    QSignalSpy done(mSim, &SimulationController::runFinished);
    if (!mSim->run(s) || !done.wait(60000))
        return nullptr;
    return done.takeFirst().at(0).value<views::SimRunPtr>();
}

collective::Scenario TestSimulationOverlays::scenario(collective::Algorithm algorithm,
                                                      route::Policy routing,
                                                      collective::Placement placement)
{
    collective::Scenario s = mSim->simulationDock()->scenario();
    s.collective = collective::Collective::AllReduce;
    s.algorithm = algorithm;
    s.routing = routing;
    s.placement = placement;
    s.seed = 3;
    s.bytes = 64.0 * 1048576.0;
    return s;
}

void TestSimulationOverlays::openFabric(Fabric fabric)
{
    mDocument->swapFabric(fabric);
    mCanvas->zoomToFit();
}

void TestSimulationOverlays::particlesFollowTheClock()
{
    // Particles are on by default, behind a checkable Simulation menu action.
    QVERIFY(mSim->particlesAction()->isCheckable());
    QVERIFY(mSim->particlesAction()->isChecked());
    QVERIFY(mCanvas->particlesEnabled());
    // Random placement: ring neighbours talk across the fabric, not only over NVLink.
    QVERIFY(runScenario(scenario(collective::Algorithm::Ring, route::Policy::Ecmp,
                                 collective::Placement::Random)));
    views::PlaybackClock *clock = mSim->clock();
    // The run opens on its middle: traffic, and particles on it.
    QCOMPARE(mCanvas->particlePhase(), clock->animationPhaseS());
    const QImage before = mCanvas->viewport()->grab().toImage();
    QVERIFY(mCanvas->lastParticleCount() > 0);
    // Playing moves them (the clock's phase, steady on screen), pausing freezes them.
    clock->advance(0.2);
    QCOMPARE(mCanvas->particlePhase(), clock->animationPhaseS());
    const QImage moved = mCanvas->viewport()->grab().toImage();
    QVERIFY(moved != before);
    clock->pause();
    QCOMPARE(mCanvas->viewport()->grab().toImage(), moved);
    // A seek jumps them to the phase of the new time.
    clock->seek(clock->endS() / 4);
    QCOMPARE(mCanvas->particlePhase(), clock->animationPhaseS());
    // The menu toggle turns them off and on.
    mSim->particlesAction()->trigger();
    QVERIFY(!mCanvas->particlesEnabled());
    mCanvas->viewport()->grab();
    QCOMPARE(mCanvas->lastParticleCount(), 0);
    mSim->particlesAction()->trigger();
    QVERIFY(mCanvas->particlesEnabled());
}

void TestSimulationOverlays::linkTooltipShowsTheRun()
{
    const views::SimRunPtr run = runScenario(scenario(collective::Algorithm::Ring, route::Policy::Ecmp));
    QVERIFY(run);
    const Fabric &f = mDocument->fabric();
    views::PlaybackClock *clock = mSim->clock();
    clock->seek(run->result.completionS / 2);
    // The first flow's first hop carries it now.
    const DirLinkId d = run->flows()[0].paths[0].links[0];
    const LinkId link = linkOf(d);
    const QString text = mCanvas->describeLink(link);
    QVERIFY2(text.contains(QStringLiteral("so far of %1")
                               .arg(views::toQString(units::formatBytes(run->result.links[std::size_t(d)].bytes)))),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("flow")), qPrintable(text));
    QVERIFY(text.contains(views::toQString(f.node(f.link(link).a).name)));
    // At the end every link has carried its total.
    clock->seek(run->result.completionS);
    const QString total = views::toQString(units::formatBytes(run->result.links[std::size_t(d)].bytes));
    QVERIFY2(mCanvas->describeLink(link).contains(total + QStringLiteral(" so far of ") + total),
             qPrintable(mCanvas->describeLink(link)));
    // An edit that makes the results stale removes the run's lines.
    Fabric copy = f;
    copy.removeLink(copy.linksOf(copy.endpoints().back()).front());
    openFabric(std::move(copy));
    QVERIFY(!mCanvas->describeLink(link).contains(QStringLiteral("so far")));
}

void TestSimulationOverlays::torusDimensionToggle()
{
    openFabric(gen::generate(
        "tpu-torus", nlohmann::json { { "x", 4 }, { "y", 4 }, { "z", 8 }, { "twisted", true } }));
    QVERIFY(runScenario(scenario(collective::Algorithm::Torus, route::Policy::Dor)));
    Q_EMIT mSim->menu()->aboutToShow();
    QVERIFY(mSim->dimensionColoursAction()->isEnabled());
    QVERIFY(!mCanvas->dimensionColouring());
    mSim->dimensionColoursAction()->trigger();
    QVERIFY(mCanvas->dimensionColouring());
    // The legend lists what the lines are drawn in: the dimensions' hues, not the load ramp
    // and a grey "Idle", and the twisted wrap-arounds' magenta edge, which it left out.
    int dims = 0, ramps = 0, twisted = 0;
    for (const views::LegendEntry &e : mCanvas->legendEntries()) {
        dims += e.label.startsWith(QStringLiteral("Torus dimension"));
        ramps += e.symbol == views::LegendEntry::Symbol::Ramp || e.label == QLatin1String("Idle");
        twisted += e.label.startsWith(QStringLiteral("Twisted "))
            && e.label.endsWith(QStringLiteral(" (magenta edge)"));
    }
    QCOMPARE(dims, 3);
    QCOMPARE(ramps, 0);
    QCOMPARE(twisted, 2); // X and Y
    // The moving dots are dark on the hues: white ones, dense on the busiest links, made them
    // look paler than idle ones ("paler = idler").
    // On the canvas as it is (the view keeps its place), dots only ever darken it.
    QVERIFY(mCanvas->particlesEnabled());
    const QRgb white = qRgb(0xff, 0xff, 0xff);
    const int dottedWhite = testing::pixelsOf(mCanvas->viewport()->grab().toImage(), white);
    mSim->particlesAction()->trigger();
    QVERIFY(!mCanvas->particlesEnabled());
    const int plainWhite = testing::pixelsOf(mCanvas->viewport()->grab().toImage(), white);
    QVERIFY2(dottedWhite <= plainWhite,
        qPrintable(QStringLiteral("%1 white pixels with dots, %2 without")
                       .arg(dottedWhite)
                       .arg(plainWhite)));
    mSim->particlesAction()->trigger();
    QCOMPARE(mSim->dimensionFilterActions().size(), 4);
    mSim->dimensionFilterActions()[3]->trigger(); // Z only
    QCOMPARE(mCanvas->dimensionFilter(), 2);
    mSim->dimensionFilterActions()[0]->trigger(); // All
    QCOMPARE(mCanvas->dimensionFilter(), -1);
    // On a fat-tree there are no dimensions to colour.
    openFabric(gen::generate("ib-fat-tree", nlohmann::json{{"tiers", 2}, {"gpus", 64}}));
    Q_EMIT mSim->menu()->aboutToShow();
    QVERIFY(!mSim->dimensionColoursAction()->isEnabled());
}

/// Renders docs/screenshots/sim-ecmp-window.png and sim-torus-allreduce.png (playback with
/// particles; the torus with its links coloured by dimension; into the folder
/// FABRICSCOPE_SCREENSHOTS names, else a temporary one) and checks them: the scenarios of
/// tst_simulation's pictures, with these overlays.
void TestSimulationOverlays::screenshots()
{
    const testing::ScreenshotFolder out;
    auto shoot = [&](const QString &name) {
        mWindow->resize(1600, 1000);
        QTest::qWait(50);
        return out.save(mWindow->grab().toImage(), name);
    };
    // A 128-GPU fat-tree, ring all-reduce of 256 MiB with random placement (many cross-leaf
    // flows), ecmp: particles on the busy uplinks.
    openFabric(gen::generate("ib-fat-tree", nlohmann::json{{"tiers", 2}, {"gpus", 128}}));
    collective::Scenario ring = scenario(collective::Algorithm::Ring, route::Policy::Ecmp,
                                         collective::Placement::Random);
    ring.bytes = 256.0 * 1048576.0;
    mSim->simulationDock()->setScenario(ring);
    QVERIFY(runScenario(ring));
    QCOMPARE(shoot(QStringLiteral("sim-ecmp-window.png")), QString());

    // A torus all-reduce of 256 MiB on one TPU cube, links coloured by dimension.
    openFabric(gen::generate("tpu-torus", nlohmann::json{{"x", 4}, {"y", 4}, {"z", 4}}));
    collective::Scenario torus = scenario(collective::Algorithm::Torus, route::Policy::Dor,
                                          collective::Placement::Random);
    torus.bytes = ring.bytes;
    mSim->simulationDock()->setScenario(torus);
    QVERIFY(runScenario(torus));
    mSim->dimensionColoursAction()->setChecked(true);
    mSim->analysisDock()->showTab(mSim->analysisDock()->heatmap());
    QCOMPARE(shoot(QStringLiteral("sim-torus-allreduce.png")), QString());
    mSim->dimensionColoursAction()->setChecked(false);
}

QTEST_MAIN(TestSimulationOverlays)
#include "tst_simulation_overlays.moc"
