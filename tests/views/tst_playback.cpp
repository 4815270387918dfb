// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "playback/loadsampler.h"
#include "playback/openingmoment.h"
#include "playback/playbackbar.h"
#include "playback/playbackclock.h"
#include "playback/scenariorun.h"
#include "playback/timelineslider.h"
#include "simfixture.h"

#include "canvas/fabriccanvas.h"
#include "common/qtstrings.h"
#include "model/units.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

#include <algorithm>

using namespace fabric;
using namespace fabric::views;

class TestPlayback : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void clockScalesToTheRun();
    void clockSpeedIsClamped();
    void clockStepsBetweenEvents();
    void clockStopsAtTheEnd();
    void clockPlaysWithItsTimer();
    void barFollowsAndDrivesTheClock();
    void barKeyboard();
    void barSpeedByKeyboardAndNamesForScreenReaders();
    void barIsFramedWhenTheKeyboardGaveItFocus();
    void barNoteGivesWayInANarrowDock();
    void sliderSeeksWhereClicked();
    void samplerMatchesTheTimeline();
    void samplerSeeksBackAndForth();
    void samplerAveragesOverAWindow();
    void captionSaysWhatTheColoursAverage();
    void barShowsToggleAndNote();
    void animationPhaseFollowsTheClock();
    void linkTooltipShowsFlowsAndBytes();
    void tooltipCountsNoFlowThatEnded();
    void opensARunWhereTrafficIsInFlight();

private:
    /// @p bar driving @p clock over a 10 ms run, shown in a window of its own and active.
    static bool showBar(PlaybackBar &bar, PlaybackClock &clock);

    static const std::vector<double> kEvents;
};

const std::vector<double> TestPlayback::kEvents = {0.0, 1e-3, 2.5e-3, 4e-3, 10e-3};

void TestPlayback::clockScalesToTheRun()
{
    PlaybackClock clock;
    clock.setRun(10e-3, kEvents);
    // At 1x the run lasts 10 s of wall time: 1 s of wall time is a tenth of the run.
    QCOMPARE(clock.baseDurationS(), 10.0);
    QSignalSpy spy(&clock, &PlaybackClock::timeChanged);
    clock.advance(1.0);
    QCOMPARE(spy.count(), 1);
    QVERIFY(qAbs(clock.timeS() - 1e-3) < 1e-12);
    clock.setSpeed(10);
    clock.advance(0.5);
    QVERIFY(qAbs(clock.timeS() - 6e-3) < 1e-12);
}

void TestPlayback::clockSpeedIsClamped()
{
    PlaybackClock clock;
    QSignalSpy spy(&clock, &PlaybackClock::speedChanged);
    clock.setSpeed(1000);
    QCOMPARE(clock.speed(), PlaybackClock::kMaxSpeed);
    clock.setSpeed(0.001);
    QCOMPARE(clock.speed(), PlaybackClock::kMinSpeed);
    clock.setSpeed(qQNaN());
    QCOMPARE(clock.speed(), PlaybackClock::kMinSpeed);
    QCOMPARE(spy.count(), 2);
    clock.setMaxFps(0);
    QCOMPARE(clock.maxFps(), 1);
    clock.setMaxFps(60);
    QCOMPARE(clock.maxFps(), 60);
}

void TestPlayback::clockStepsBetweenEvents()
{
    PlaybackClock clock;
    clock.setRun(10e-3, kEvents);
    clock.stepForward();
    QCOMPARE(clock.timeS(), 1e-3);
    clock.stepForward();
    QCOMPARE(clock.timeS(), 2.5e-3);
    clock.seek(3e-3);
    clock.stepBackward();
    QCOMPARE(clock.timeS(), 2.5e-3);
    clock.stepBackward();
    QCOMPARE(clock.timeS(), 1e-3);
    clock.stepBackward();
    QCOMPARE(clock.timeS(), 0.0);
    clock.stepBackward(); // nothing before the start
    QCOMPARE(clock.timeS(), 0.0);
    clock.seek(9e-3);
    clock.stepForward();
    QCOMPARE(clock.timeS(), 10e-3);
    clock.stepForward(); // nothing after the end
    QCOMPARE(clock.timeS(), 10e-3);
    clock.seek(-1);
    QCOMPARE(clock.timeS(), 0.0);
    clock.seek(1);
    QCOMPARE(clock.timeS(), 10e-3);
}

void TestPlayback::clockStopsAtTheEnd()
{
    PlaybackClock clock;
    clock.setRun(10e-3, kEvents);
    QSignalSpy finished(&clock, &PlaybackClock::finished);
    QSignalSpy playing(&clock, &PlaybackClock::playingChanged);
    clock.play();
    QVERIFY(clock.isPlaying());
    clock.advance(20.0);
    QCOMPARE(clock.timeS(), 10e-3);
    QVERIFY(!clock.isPlaying());
    QCOMPARE(finished.count(), 1);
    QCOMPARE(playing.count(), 2);
    // Playing again at the end starts over.
    clock.play();
    QCOMPARE(clock.timeS(), 0.0);
    clock.pause();
}

void TestPlayback::clockPlaysWithItsTimer()
{
    PlaybackClock clock;
    clock.setRun(10e-3, kEvents);
    clock.setSpeed(100); // the whole run in 0.1 s of wall time
    clock.setMaxFps(60);
    QSignalSpy finished(&clock, &PlaybackClock::finished);
    QSignalSpy frames(&clock, &PlaybackClock::timeChanged);
    clock.play();
    QVERIFY(finished.wait(5000));
    QCOMPARE(clock.timeS(), 10e-3);
    QVERIFY(frames.count() >= 2);
    // Times only go forward while playing.
    double last = -1;
    for (const auto &args : frames) {
        QVERIFY(args.at(0).toDouble() > last);
        last = args.at(0).toDouble();
    }
}

void TestPlayback::barFollowsAndDrivesTheClock()
{
    PlaybackClock clock;
    PlaybackBar bar;
    QVERIFY(!bar.isEnabled());
    bar.setClock(&clock);
    bar.resize(600, 40);
    bar.show();
    clock.setRun(10e-3, kEvents);
    QVERIFY(bar.isEnabled());
    QCOMPARE(bar.slider()->endS(), 10e-3);
    QCOMPARE(bar.slider()->markedColumns(), 5);
    clock.seek(2.5e-3);
    QCOMPARE(bar.timeText(), QStringLiteral("2.5 ms / 10 ms"));
    QCOMPARE(bar.slider()->timeS(), 2.5e-3);

    QTest::mouseClick(bar.playButton(), Qt::LeftButton);
    QVERIFY(clock.isPlaying());
    QTest::mouseClick(bar.playButton(), Qt::LeftButton);
    QVERIFY(!clock.isPlaying());

    const int fast = bar.speedBox()->findData(25.0);
    QVERIFY(fast >= 0);
    bar.speedBox()->setCurrentIndex(fast);
    Q_EMIT bar.speedBox()->activated(fast);
    QCOMPARE(clock.speed(), 25.0);
    clock.setSpeed(0.1);
    QCOMPARE(bar.speedBox()->currentData().toDouble(), 0.1);
}

void TestPlayback::barNoteGivesWayInANarrowDock()
{
    // The compare view's bar beside a presentation-mode canvas: its note ("loads: mean of
    // 615 µs") widened the dock past the window. Where it does not fit, it goes to the clock's
    // tooltip, and the bar asks no width for it.
    PlaybackClock clock;
    PlaybackBar bar;
    bar.setClock(&clock);
    clock.setRun(10e-3, kEvents);
    const int withoutNote = bar.minimumSizeHint().width();
    const QString note = QStringLiteral("loads: mean of 615 \u00b5s, a long note for the test");
    bar.setNote(note);
    const auto noteLabel = [&] {
        for (QLabel *label : bar.findChildren<QLabel *>())
            if (label->text() == note)
                return label;
        return static_cast<QLabel *>(nullptr);
    };
    QVERIFY(noteLabel());
    // At most the rule before the note, not the note's text.
    QVERIFY(noteLabel()->sizeHint().width() > 100);
    QVERIFY2(bar.minimumSizeHint().width() < withoutNote + 30,
        qPrintable(QStringLiteral("%1 against %2 without the note")
                       .arg(bar.minimumSizeHint().width())
                       .arg(withoutNote)));
    bar.resize(1600, 40);
    bar.show();
    QVERIFY(QTest::qWaitForWindowExposed(&bar));
    QVERIFY(noteLabel()->isVisible());
    QVERIFY(noteLabel()->width() >= noteLabel()->sizeHint().width());
    bar.resize(withoutNote + 20, 40);
    QTRY_VERIFY(!noteLabel()->isVisible());
    bool inTooltip = false;
    for (QLabel *label : bar.findChildren<QLabel *>())
        inTooltip |= label->toolTip() == note;
    QVERIFY(inTooltip);
}

void TestPlayback::barKeyboard()
{
    PlaybackClock clock;
    PlaybackBar bar;
    bar.setClock(&clock);
    clock.setRun(10e-3, kEvents);
    QTest::keyClick(&bar, Qt::Key_Right);
    QCOMPARE(clock.timeS(), 1e-3);
    QTest::keyClick(&bar, Qt::Key_Right);
    QCOMPARE(clock.timeS(), 2.5e-3);
    QTest::keyClick(&bar, Qt::Key_Left);
    QCOMPARE(clock.timeS(), 1e-3);
    QTest::keyClick(&bar, Qt::Key_Space);
    QVERIFY(clock.isPlaying());
    QTest::keyClick(&bar, Qt::Key_Space);
    QVERIFY(!clock.isPlaying());
    QTest::keyClick(&bar, Qt::Key_End);
    QCOMPARE(clock.timeS(), 10e-3);
    QTest::keyClick(&bar, Qt::Key_Home);
    QCOMPARE(clock.timeS(), 0.0);
}

bool TestPlayback::showBar(PlaybackBar &bar, PlaybackClock &clock)
{
    bar.setClock(&clock);
    clock.setRun(10e-3, kEvents);
    bar.resize(800, 40);
    bar.show();
    if (!QTest::qWaitForWindowExposed(&bar))
        return false;
    bar.activateWindow();
    return true;
}

void TestPlayback::barSpeedByKeyboardAndNamesForScreenReaders()
{
    PlaybackClock clock;
    PlaybackBar bar;
    QVERIFY(showBar(bar, clock));
    bar.setFocus();
    QVERIFY(QTest::qWaitFor([&bar] { return bar.hasFocus(); }));
    // The speed was reachable by the mouse only: Tab reaches it, and the arrows change it.
    auto *speed = bar.findChild<QComboBox *>();
    QVERIFY(speed);
    for (int i = 0; i < 4 && !speed->hasFocus(); ++i)
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QVERIFY(speed->hasFocus());
    const double before = clock.speed();
    QTest::keyClick(speed, Qt::Key_Down);
    QVERIFY(clock.speed() > before);
    // Its buttons show icons only: each has a name for a screen reader, as has the bar.
    QVERIFY(!bar.accessibleName().isEmpty());
    const QList<QWidget *> parts = bar.findChildren<QWidget *>();
    for (const QWidget *w : parts)
        if (w->inherits("QAbstractButton") || w->inherits("QComboBox") || w == bar.slider())
            QVERIFY2(!w->accessibleName().isEmpty(), w->metaObject()->className());
}

void TestPlayback::barIsFramedWhenTheKeyboardGaveItFocus()
{
    // Space and the arrows go to the bar when it has the focus: a frame says so when the keyboard
    // brought it there (Shift+Tab back from the speed), not after a click.
    PlaybackClock clock;
    PlaybackBar bar;
    QVERIFY(showBar(bar, clock));
    const QColor highlight = bar.palette().color(QPalette::Highlight);
    const auto corner = [&bar] { return bar.grab().toImage().pixelColor(0, 0); };
    bar.setFocus(Qt::MouseFocusReason);
    QVERIFY(QTest::qWaitFor([&bar] { return bar.hasFocus(); }));
    QVERIFY(corner() != highlight);

    bar.speedBox()->setFocus(Qt::MouseFocusReason);
    QVERIFY(QTest::qWaitFor([&bar] { return bar.speedBox()->hasFocus(); }));
    QTest::keyClick(bar.speedBox(), Qt::Key_Backtab);
    QVERIFY(QTest::qWaitFor([&bar] { return bar.hasFocus(); }));
    QCOMPARE(corner(), highlight);
    QTest::keyClick(&bar, Qt::Key_Space); // the keys still work with the frame on
    QVERIFY(clock.isPlaying());
}

void TestPlayback::sliderSeeksWhereClicked()
{
    PlaybackClock clock;
    PlaybackBar bar;
    bar.setClock(&clock);
    bar.resize(800, 40);
    bar.show();
    QVERIFY(QTest::qWaitForWindowExposed(&bar));
    clock.setRun(10e-3, kEvents);
    TimelineSlider *slider = bar.slider();
    const double x = slider->xAt(5e-3);
    QTest::mouseClick(slider, Qt::LeftButton, {}, QPoint(qRound(x), slider->height() / 2));
    QVERIFY2(qAbs(clock.timeS() - 5e-3) < 10e-3 / slider->width() * 2,
             qPrintable(QString::number(clock.timeS())));
}

void TestPlayback::samplerMatchesTheTimeline()
{
    const Fabric fabric = testing::fatTree(64);
    const auto run = testing::ringRun(fabric, route::Policy::Static, 16e6, 2);
    const sim::SimResult &r = run->result;
    QVERIFY(r.completionS > 0);
    LoadSampler sampler(r);
    QCOMPARE(sampler.utilisation().size(), r.links.size());
    QCOMPARE(sampler.flowsPerLink().size(), r.links.size() / 2);
    sampler.setWindowS(0); // the instant

    // Halfway through the first step every GPU's uplink carries its own flow at line rate.
    const double t = (r.flows[0].startS + r.flows[0].finishS) / 2;
    sampler.seek(t);
    const sim::TimelineState fresh = r.timeline.stateAt(t);
    int busy = 0;
    for (std::size_t d = 0; d < r.links.size(); ++d) {
        const double expected = fresh.linkLoadBytesPerS[d] / r.links[d].capacityBytesPerS;
        QVERIFY(qAbs(sampler.utilisation()[d] - expected) < 1e-6);
        QVERIFY(sampler.utilisation()[d] <= 1.0f + 1e-6f);
        if (sampler.utilisation()[d] > 0)
            ++busy;
    }
    QVERIFY(busy > 0);
    const auto srcLink = linkOf(run->flows()[0].paths[0].links[0]);
    QCOMPARE(sampler.flowsPerLink()[std::size_t(srcLink)], 1);
    QCOMPARE(sampler.badges(2)[std::size_t(srcLink)], 0);
    QCOMPARE(sampler.badges(1)[std::size_t(srcLink)], 1);

    // Past the end every link has carried all its bytes and nothing transfers: the timeline's
    // last interval still held the final rates, and a finished run (the shorter one of a
    // comparison) was drawn saturated, with collision badges.
    for (const double at : { r.completionS, r.completionS * 2 }) {
        sampler.seek(at);
        QCOMPARE(sampler.timeS(), at);
        for (std::size_t d = 0; d < r.links.size(); ++d) {
            QVERIFY(qAbs(sampler.state().linkBytes[d] - r.links[d].bytes)
                <= 1e-6 * std::max(1.0, r.links[d].bytes));
            QCOMPARE(sampler.utilisation()[d], 0.0f);
        }
        QCOMPARE(sampler.flowsPerLink()[std::size_t(srcLink)], 0);
        QVERIFY(sampler.badges(1) == std::vector<int>(sampler.flowsPerLink().size(), 0));
    }
    // The mean window past the end holds only the end of the run, then nothing.
    sampler.setWindowS(r.completionS / 10);
    sampler.seek(r.completionS * 1.01);
    QVERIFY(*std::max_element(sampler.utilisation().begin(), sampler.utilisation().end()) > 0);
    sampler.seek(r.completionS * 1.2);
    QCOMPARE(*std::max_element(sampler.utilisation().begin(), sampler.utilisation().end()), 0.0f);
}

void TestPlayback::samplerSeeksBackAndForth()
{
    const Fabric fabric = testing::fatTree(64);
    const auto run = testing::ringRun(fabric, route::Policy::Ecmp, 8e6, 4);
    const sim::SimResult &r = run->result;
    LoadSampler sampler(r);
    const double end = r.completionS;
    for (const double f : {0.9, 0.1, 0.5, 0.51, 0.2, 0.99, 0.0}) {
        sampler.seek(f * end);
        const sim::TimelineState fresh = r.timeline.stateAt(f * end);
        for (std::size_t d = 0; d < r.links.size(); ++d)
            QCOMPARE(sampler.state().linkBytes[d], fresh.linkBytes[d]);
    }
}

void TestPlayback::samplerAveragesOverAWindow()
{
    const Fabric fabric = testing::fatTree(64);
    const auto run = testing::ringRun(fabric, route::Policy::Ecmp, 8e6, 4);
    const sim::SimResult &r = run->result;
    LoadSampler sampler(r);
    const double end = r.timeline.endS();
    QCOMPARE(sampler.windowS(), end / 20); // by default, a twentieth of the run
    QCOMPARE(LoadSampler::windowNote(sampler.windowS()),
             QStringLiteral("loads: mean of %1").arg(toQString(units::formatSeconds(end / 20))));
    // The mean is the bytes carried in the window over what the link could carry in it, the
    // window centred on the time and cut at the run's ends.
    int busy = 0;
    for (const double f : {0.0, 0.013, 0.3, 0.5, 0.97, 1.0, 0.2}) {
        const double t = f * end;
        sampler.seek(t);
        const double a = std::max(0.0, t - end / 40), b = std::min(end, t + end / 40);
        const sim::TimelineState from = r.timeline.stateAt(a), to = r.timeline.stateAt(b);
        for (std::size_t d = 0; d < r.links.size(); ++d) {
            const double expected
                = (to.linkBytes[d] - from.linkBytes[d]) / (r.links[d].capacityBytesPerS * (b - a));
            QVERIFY2(qAbs(sampler.utilisation()[d] - expected) < 1e-5,
                     qPrintable(QStringLiteral("t %1, link %2: %3 vs %4")
                                    .arg(t).arg(d).arg(sampler.utilisation()[d]).arg(expected)));
            busy += expected > 0;
        }
        // Flow counts stay those of the instant (none at the end: every flow has finished).
        const sim::TimelineState now = r.timeline.stateAt(t);
        for (std::size_t l = 0; l < sampler.flowsPerLink().size(); ++l)
            QCOMPARE(sampler.flowsPerLink()[l],
                t >= end ? 0 : std::max(now.linkFlows[2 * l], now.linkFlows[2 * l + 1]));
    }
    QVERIFY(busy > 0);
    // A window of 0 is the instant again.
    sampler.setWindowS(0);
    QCOMPARE(LoadSampler::windowNote(0), QStringLiteral("loads: at the instant"));
    sampler.seek(0.3 * end);
    const sim::TimelineState now = r.timeline.stateAt(0.3 * end);
    for (std::size_t d = 0; d < r.links.size(); ++d)
        QVERIFY(qAbs(sampler.utilisation()[d] - now.linkLoadBytesPerS[d] / r.links[d].capacityBytesPerS) < 1e-6);
}

// The design-review report captioned the mean over 6.43 ms as "Link utilisation at t = 64.3 ms".
void TestPlayback::captionSaysWhatTheColoursAverage()
{
    const QString mean = LoadSampler::utilisationCaption(64.3e-3, 6.43e-3);
    QVERIFY2(
        mean.startsWith(QStringLiteral("Link utilisation around t = 64.3 ms (mean of 6.43 ms")),
        qPrintable(mean));
    const QString instant = LoadSampler::utilisationCaption(64.3e-3, 0);
    QVERIFY2(
        instant.startsWith(QStringLiteral("Link utilisation at t = 64.3 ms")), qPrintable(instant));
    QVERIFY(!instant.contains(QStringLiteral("mean")));
    // A diagram's idle links are grey, not dark: the caption sends the reader to its legend.
    for (const QString &caption : { mean, instant }) {
        QVERIFY2(caption.endsWith(QStringLiteral("(colours as in the legend)"))
                || caption.endsWith(QStringLiteral("; colours as in the legend)")),
            qPrintable(caption));
        QVERIFY2(!caption.contains(QStringLiteral("idle")), qPrintable(caption));
    }
}

void TestPlayback::barShowsToggleAndNote()
{
    PlaybackBar bar;
    QAction instant(QStringLiteral("Instant"));
    instant.setCheckable(true);
    bar.addToggle(&instant);
    bar.setNote(QStringLiteral("loads: mean of 2 ms"));
    QCOMPARE(bar.note(), QStringLiteral("loads: mean of 2 ms"));
    QToolButton *button = nullptr;
    for (QToolButton *b : bar.findChildren<QToolButton *>())
        if (b->defaultAction() == &instant)
            button = b;
    QVERIFY(button);
    QVERIFY(button->isCheckable());
    instant.setChecked(true);
    QVERIFY(button->isChecked()); // the button shows the action's state
}

void TestPlayback::animationPhaseFollowsTheClock()
{
    PlaybackClock clock;
    const std::vector<double> events = {0.0, 1e-3, 2e-3};
    clock.setRun(2e-3, events);
    QCOMPARE(clock.animationPhaseS(), 0.0);
    // Half a wall second of playing moves the phase by half a second at any speed.
    for (const double speed : {1.0, 10.0, 0.5}) {
        clock.seek(0);
        clock.setSpeed(speed);
        const double before = clock.animationPhaseS();
        clock.advance(0.05);
        QVERIFY(qAbs(clock.animationPhaseS() - before - 0.05) < 1e-9);
    }
    // Paused, nothing moves; a seek jumps.
    clock.pause();
    const double frozen = clock.animationPhaseS();
    QCOMPARE(clock.animationPhaseS(), frozen);
    clock.setSpeed(1.0);
    clock.seek(1e-3);
    QVERIFY(qAbs(clock.animationPhaseS() - 0.5 * clock.baseDurationS()) < 1e-9);
}

void TestPlayback::linkTooltipShowsFlowsAndBytes()
{
    const Fabric fabric = testing::fatTree(64);
    const auto run = testing::ringRun(fabric, route::Policy::Static, 16e6, 2);
    const sim::SimResult &r = run->result;
    LoadSampler sampler(r);
    const double t = (r.flows[0].startS + r.flows[0].finishS) / 2;
    sampler.seek(t);
    // The first flow's first hop: a GPU's uplink, one flow on it now.
    const DirLinkId d = run->flows()[0].paths[0].links[0];
    const LinkId link = linkOf(d);
    const bool fromA = d == dirLink(link, true);
    const sim::TimelineState &s = sampler.state();
    QCOMPARE(s.linkFlows[std::size_t(d)], 1);
    const QString text = sampler.describeLink(fabric, link);
    const Link &l = fabric.link(link);
    const QString from = toQString(fabric.node(fromA ? l.a : l.b).name);
    const QString to = toQString(fabric.node(fromA ? l.b : l.a).name);
    const QString line = text.split(QStringLiteral("<br>")).filter(from + QStringLiteral(" → ") + to).value(0);
    QVERIFY2(!line.isEmpty(), qPrintable(text));
    QVERIFY2(line.contains(QStringLiteral("· 1 flow ·")), qPrintable(line));
    const double util = s.linkLoadBytesPerS[std::size_t(d)] / r.links[std::size_t(d)].capacityBytesPerS;
    QVERIFY2(line.contains(QStringLiteral(": %1%").arg(std::lround(100 * util))), qPrintable(line));
    QVERIFY(line.contains(toQString(units::formatGbps(s.linkLoadBytesPerS[std::size_t(d)] * 8 / 1e9))));
    QVERIFY2(line.contains(toQString(units::formatBytes(s.linkBytes[std::size_t(d)])) + QStringLiteral(" so far of ")
                           + toQString(units::formatBytes(r.links[std::size_t(d)].bytes))),
             qPrintable(line));
    QVERIFY(s.linkBytes[std::size_t(d)] > 0 && s.linkBytes[std::size_t(d)] < r.links[std::size_t(d)].bytes);
    QVERIFY(text.contains(toQString(units::formatSeconds(t))));

    // Through the canvas: the provider's text ends the link tooltip.
    FabricCanvas canvas;
    canvas.setFabric(&fabric);
    canvas.setLinkLoads(sampler.utilisation());
    canvas.setLinkInfoProvider([&](LinkId id) { return sampler.describeLink(fabric, id); });
    QVERIFY(canvas.describeLink(link).contains(line));
    // Later, more bytes so far.
    sampler.seek(r.completionS);
    QVERIFY(canvas.describeLink(link).contains(toQString(units::formatBytes(r.links[std::size_t(d)].bytes))
                                               + QStringLiteral(" so far")));
}

void TestPlayback::tooltipCountsNoFlowThatEnded()
{
    // Small chunks: each step is mostly latency, the window in which a stale count showed.
    const Fabric fabric = testing::fatTree(64);
    const auto run = testing::ringRun(fabric, route::Policy::Static, 16e3, 4);
    const sim::SimResult &r = run->result;
    QCOMPARE(r.timeline.minIntervalS(), 0.0);
    LoadSampler sampler(r);
    // Anywhere in the run, a direction with flows transferring carries load.
    for (int i = 0; i <= 400; ++i) {
        sampler.seek(r.completionS * i / 400);
        const sim::TimelineState &s = sampler.state();
        for (std::size_t d = 0; d < r.links.size(); ++d)
            QVERIFY2(s.linkFlows[d] == 0 || s.linkLoadBytesPerS[d] > 0,
                     qPrintable(QStringLiteral("t = %1, link %2").arg(s.timeS).arg(d)));
    }
    // GPU 0's uplink after its first flow ended, while its next one is still in its latency
    // phase: no flow on it (the one in its latency phase uses no bandwidth yet).
    const std::size_t n = fabric.endpoints().size();
    const sim::FlowResult &first = r.flows[0], &next = r.flows[n];
    QVERIFY(first.finishS < next.startS);
    QVERIFY(next.releaseS < next.startS);
    const DirLinkId d = run->flows()[0].paths[0].links[0];
    QCOMPARE(run->flows()[n].paths[0].links[0], d);
    const double t = std::max(first.finishS, next.releaseS) / 2 + next.startS / 2;
    sampler.seek(t);
    QCOMPARE(sampler.state().linkFlows[std::size_t(d)], 0);
    QCOMPARE(sampler.flowsPerLink()[std::size_t(linkOf(d))], 0);
    const QString text = sampler.describeLink(fabric, linkOf(d));
    const Link &l = fabric.link(linkOf(d));
    const bool fromA = d == dirLink(l.id, true);
    const QString from = toQString(fabric.node(fromA ? l.a : l.b).name);
    const QString to = toQString(fabric.node(fromA ? l.b : l.a).name);
    const QString line = text.split(QStringLiteral("<br>")).filter(from + QStringLiteral(" → ") + to).value(0);
    QVERIFY2(line.contains(QStringLiteral(": 0% (mean "))
            && line.contains(QStringLiteral(" · 0 flows · ")),
        qPrintable(text));
}

void TestPlayback::opensARunWhereTrafficIsInFlight()
{
    // A ring all-reduce has 2(p-1) equal steps, so the run's middle is a step boundary, in the
    // latency gap where no link carries a flow: the app and the CLI's pictures opened there
    // showed an idle fabric and no collision.
    const Fabric fabric
        = gen::generate("ib-fat-tree", nlohmann::json { { "radix", 4 }, { "gpus_per_host", 2 } });
    collective::Scenario scenario;
    const auto run = makeRun(fabric, scenario);
    const sim::Timeline &timeline = run->result.timeline;
    const auto busyLinks = [&](double t) {
        const sim::TimelineState state = timeline.stateAt(t);
        return std::count_if(state.linkFlows.begin(), state.linkFlows.end(),
            [](std::int32_t flows) { return flows > 0; });
    };
    const double end = run->result.completionS;
    QCOMPARE(busyLinks(end / 2), 0); // the trap this avoids
    const double opening = openingMoment(timeline);
    QVERIFY2(busyLinks(opening) > 0, qPrintable(QString::number(opening / end)));
    // The next step's middle: p = 8 GPUs, 14 steps, each a fourteenth of the run.
    QVERIFY2(opening > end / 2 && opening < end * (0.5 + 1.0 / 14),
        qPrintable(QString::number(opening / end)));
    // Where traffic is in flight at the middle, the middle it stays.
    scenario.collective = collective::Collective::AllToAll;
    scenario.algorithm = collective::Algorithm::Direct;
    const auto allToAll = makeRun(fabric, scenario);
    QCOMPARE(openingMoment(allToAll->result.timeline), allToAll->result.completionS / 2);
}

QTEST_MAIN(TestPlayback)
#include "tst_playback.moc"
