// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The whole main window, as the user waits for it: every dock open, a fabric generated, the
// simulation dock's scenario run, then playback with the heatmap, the charts and the
// explanation in front in turn, and seeks anywhere. What counts is how long the event loop is
// blocked (a 2 ms heartbeat timer measures every gap), how many frames playback really shows,
// and what a seek plus a repaint of the whole window costs. Under xvfb-run it paints through a
// real X server; with QT_QPA_PLATFORM=offscreen, into memory. Prints figures for
// docs/performance.md; never fails on time.
// Usage: bench_window [FAMILY [SECONDS]]   (FAMILY: a generator, default hpn; SECONDS of
// playback per analysis tab, default 5)

#include "generators/registry.h"
#include "fakeprompts.h"
#include "mainwindow.h"
#include "playback/playbackclock.h"
#include "simulation/analysisdock.h"
#include "simulation/simulationcontroller.h"
#include "simulation/simulationdock.h"

#include "benchstats.h"

#include <QApplication>
#include <QDockWidget>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTimer>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <vector>

using namespace fabric;
using namespace fabric::app;

namespace {

/// Gaps between the ticks of a 2 ms timer while something runs: each gap beyond the period is
/// time the event loop could not answer the user.
class Heartbeat
{
public:
    Heartbeat()
    {
        mTimer.setInterval(2);
        mTimer.setTimerType(Qt::PreciseTimer);
        QObject::connect(&mTimer, &QTimer::timeout, [this] {
            mGaps.push_back(ms(mSince));
            mSince.restart();
        });
    }
    void start()
    {
        mGaps.clear();
        mSince.start();
        mTimer.start();
    }
    std::vector<double> stop()
    {
        mTimer.stop();
        return mGaps;
    }

private:
    QTimer mTimer;
    QElapsedTimer mSince;
    std::vector<double> mGaps;
};

/// Runs the event loop until @p done or @p timeoutS seconds.
bool spinUntil(const std::function<bool()> &done, double timeoutS)
{
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > timeoutS * 1000)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }
    return true;
}

void printStalls(const char *what, const std::vector<double> &gaps, double wallMs)
{
    const Stats s = stats(gaps);
    std::printf("  %-44s wall %8.0f ms; event-loop gap median %5.1f ms, p95 %6.1f ms, max %7.1f ms\n",
                what, wallMs, s.median, s.p95, s.max);
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true); // no autosave or settings of the user's
    QCoreApplication::setOrganizationName(QStringLiteral("FabricScopeBench"));
    const std::string family = argc > 1 ? argv[1] : "hpn";
    const double playSeconds = argc > 2 ? std::atof(argv[2]) : 5.0;
    std::printf("bench_window: platform %s, family %s\n",
                qPrintable(QGuiApplication::platformName()), family.c_str());

    MainWindow window;
    window.setPrompts(std::make_unique<FakePrompts>());
    window.resize(1920, 1080);
    window.show();
    for (QDockWidget *dock : window.findChildren<QDockWidget *>())
        dock->show();
    spinUntil([] { return false; }, 0.5);

    Heartbeat heartbeat;
    QElapsedTimer wall;

    // Open: generate and show the fabric (metrics run in the background).
    heartbeat.start();
    wall.start();
    window.openGenerated(gen::generate(family, nlohmann::json::object()));
    window.repaint();
    const double openMs = ms(wall);
    spinUntil([] { return false; }, 1.0);
    printStalls("generate + open + first paint", heartbeat.stop(), openMs);

    // Run the dock's scenario (the engine works in another thread).
    SimulationController *sim = window.simulation();
    bool finished = false;
    QObject::connect(sim, &SimulationController::runFinished, [&] { finished = true; });
    heartbeat.start();
    wall.start();
    if (!sim->run(sim->simulationDock()->scenario())) {
        std::printf("the run did not start\n");
        return 1;
    }
    if (!spinUntil([&] { return finished; }, 600)) {
        std::printf("the run did not finish in 10 minutes\n");
        return 1;
    }
    window.repaint();
    printStalls("run (ring all-reduce, 1 GiB, ecmp) + show", heartbeat.stop(), ms(wall));

    // Playback with each analysis view in front.
    views::PlaybackClock *clock = sim->clock();
    AnalysisDock *analysis = sim->analysisDock();
    int frames = 0;
    QObject::connect(clock, &views::PlaybackClock::timeChanged, [&] { ++frames; });
    for (int tab = 0; tab < analysis->tabs()->count(); ++tab) {
        analysis->showTab(analysis->tabs()->widget(tab));
        clock->seek(0);
        spinUntil([] { return false; }, 0.3);
        frames = 0;
        heartbeat.start();
        wall.start();
        clock->play();
        spinUntil([&] { return !clock->isPlaying(); }, playSeconds);
        clock->pause();
        const double played = ms(wall);
        const std::string what = "play, \"" + analysis->tabs()->tabText(tab).toStdString()
            + "\" in front";
        printStalls(what.c_str(), heartbeat.stop(), played);
        std::printf("  %-44s %.1f frames/s (cap %d)\n", "", frames / (played / 1000),
                    clock->maxFps());
    }

    // Seeks anywhere, each followed by a repaint of the whole window.
    std::mt19937 rng(1);
    std::uniform_real_distribution<double> at(0, clock->endS());
    std::vector<double> seekMs;
    for (int i = 0; i < 40; ++i) {
        wall.start();
        clock->seek(at(rng));
        window.repaint();
        seekMs.push_back(ms(wall));
    }
    const Stats s = stats(seekMs);
    std::printf("  %-44s median %5.1f ms, p95 %6.1f ms, max %6.1f ms\n",
                "seek + repaint of the whole window (40)", s.median, s.p95, s.max);
    std::printf("  %-44s %ld MiB\n", "process RSS", rssMiB());
    return 0;
}
