// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "canvas/fabriccanvas.h"
#include "charts/chartdata.h"
#include "charts/chartpanel.h"
#include "collective/resilience.h"
#include "commands/removenodes.h"
#include "common/keyboardfocus.h"
#include "document.h"
#include "explain/explainer.h"
#include "explain/runsummary.h"
#include "fakeprompts.h"
#include "generators/registry.h"
#include "heatmap/heatmapwidget.h"
#include "mainwindow.h"
#include "playback/playbackclock.h"
#include "screenshotfolder.h"
#include "simulation/analysisdock.h"
#include "simulation/resiliencepage.h"
#include "simulation/simulationcontroller.h"
#include "simulation/simulationdock.h"
#include "simulation/simulationrunner.h"
#include "windowfixture.h"

#include <QAction>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QUndoStack>
#include <QtTest>

using namespace fabric;
using namespace fabric::app;

/// The Resilience tab: a sweep of single failures charted worst first, a bar that loads its
/// failure (undoable), results that belong to the fabric and scenario on screen.
class TestResilienceGui : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void offersTheFabricsRoles();
    void sweepShowsOneBarPerElementWorstFirst();
    void clickingABarLoadsTheFailure();
    void keysLoadAFailureToo();
    void rowsThatCutPairsOffSaySo();
    void cancelStopsTheSweep();
    void resultsFollowTheScenarioAndFabric();
    void menuRunsTheSweep();
    void screenshots();

private:
    SimulationController *sim() const { return mWindow->simulation(); }
    SimulationDock *dock() const { return sim()->simulationDock(); }
    ResiliencePage *page() const { return sim()->analysisDock()->resiliencePage(); }
    Document *doc() const { return mWindow->document(); }
    /// Presses the tab's Run for @p role and waits for the chart; false when it did not come.
    bool sweep(const QString &role);
    /// The sweep core/collective/resilience makes of the dock's scenario, without its faults.
    collective::ResilienceResult expected(const QString &role) const;

    MainWindow *mWindow = nullptr;
    FakePrompts *mPrompts = nullptr;
};

void TestResilienceGui::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("FabricScopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_resilience_gui"));
    QSettings().clear();
}

void TestResilienceGui::init()
{
    mWindow = openFatTreeWindow(&mPrompts);
    QVERIFY(mWindow);
    dock()->sizeEdit()->setText(QStringLiteral("16MiB"));
    QVERIFY(dock()->problem().isEmpty());
}

void TestResilienceGui::cleanup()
{
    page()->cancel();
    page()->waitForIdle();
    sim()->runner()->cancel();
    sim()->runner()->waitForIdle();
    mPrompts->saveChoice = Prompts::SaveChoice::Discard;
    delete mWindow;
    mWindow = nullptr;
}

bool TestResilienceGui::sweep(const QString &role)
{
    if (!page()->setRole(role) || !page()->runButton()->isEnabled())
        return false;
    QSignalSpy finished(page(), &ResiliencePage::finished);
    QTest::mouseClick(page()->runButton(), Qt::LeftButton);
    return finished.wait(120000);
}

collective::ResilienceResult TestResilienceGui::expected(const QString &role) const
{
    collective::Scenario s = dock()->scenario();
    s.faults.clear();
    return collective::runResilience(doc()->fabric(), s, role.toStdString(), 1);
}

void TestResilienceGui::offersTheFabricsRoles()
{
    const QStringList roles = page()->roles();
    for (const char *role : { "leaf", "spine", "link" })
        QVERIFY2(roles.contains(QLatin1String(role)), role);
    // A fat-tree has no OCS or dragonfly router to fail, and tor and aggregation would sweep
    // its leaves and spines a second time.
    for (const char *role : { "ocs", "router", "tor", "aggregation" })
        QVERIFY2(!roles.contains(QLatin1String(role)), role);
    QVERIFY(!page()->setRole(QStringLiteral("ocs")));
    // On HPN the tiers are ToR and Aggregation, on the canvas and in the list.
    mWindow->openGenerated(gen::generate("hpn", nlohmann::json { { "segments", 1 } }));
    const QStringList hpn = page()->roles();
    for (const char *role : { "tor", "aggregation", "link" })
        QVERIFY2(hpn.contains(QLatin1String(role)), qPrintable(hpn.join(QLatin1Char(' '))));
    for (const char *role : { "leaf", "spine" })
        QVERIFY2(!hpn.contains(QLatin1String(role)), qPrintable(hpn.join(QLatin1Char(' '))));
}

void TestResilienceGui::sweepShowsOneBarPerElementWorstFirst()
{
    QVERIFY(sweep(QStringLiteral("spine")));
    const collective::ResilienceResult want = expected(QStringLiteral("spine"));
    const std::vector<Fault> spines = faultCandidates(doc()->fabric(), "spine");
    QVERIFY(spines.size() >= 2);
    QCOMPARE(page()->result().rows.size(), spines.size());

    const views::ChartSpec &spec = page()->chartPanel()->spec();
    QVERIFY(spec.horizontal);
    QCOMPARE(spec.categories.size(), qsizetype(spines.size()));
    QCOMPARE(spec.bars.size(), qsizetype(1));
    QCOMPARE(page()->chartPanel()->seriesCount(), 1);
    QVERIFY(spec.yTitle.contains(QStringLiteral("slowdown")));
    for (qsizetype i = 0; i < spec.categories.size(); ++i) {
        const collective::ResilienceRow &row = want.rows[std::size_t(i)];
        QCOMPARE(spec.categories[i], QString::fromStdString(row.failed));
        QVERIFY2(qFuzzyCompare(spec.bars[0].values[i], row.slowdown),
            qPrintable(QStringLiteral("%1: %2 shown, %3 by the core")
                           .arg(spec.categories[i])
                           .arg(spec.bars[0].values[i])
                           .arg(row.slowdown)));
        if (i > 0)
            QVERIFY(spec.bars[0].values[i - 1] >= spec.bars[0].values[i]);
    }
    // Failing a spine of a 2-tier fat-tree slows the ring: the worst bar is above 1.
    QVERIFY2(spec.bars[0].values[0] > 1.01, qPrintable(QString::number(spec.bars[0].values[0])));
    // The summary the CLI prints, under the chart's title.
    const QString summary = views::charts::resilienceSummary(want);
    QCOMPARE(spec.subtitle, summary);
    QVERIFY2(page()->statusLabel()->text().startsWith(
                 QStringLiteral("%1 single spine failures, worst first").arg(spines.size())),
        qPrintable(page()->statusLabel()->text()));
    QVERIFY(summary.contains(QStringLiteral("%1 elements").arg(spines.size())));
    QVERIFY(!page()->cancelButton()->isEnabled());
    QVERIFY(page()->runButton()->isEnabled());
}

void TestResilienceGui::clickingABarLoadsTheFailure()
{
    // A healthy run first, so loading a failure replaces a run on show.
    QSignalSpy finished(sim(), &SimulationController::runFinished);
    QTest::mouseClick(dock()->runButton(), Qt::LeftButton);
    QVERIFY(finished.wait(60000));
    QVERIFY(sweep(QStringLiteral("spine")));
    const collective::ResilienceRow worst = page()->result().rows.front();
    const int undoBefore = doc()->undoStack()->count();

    sim()->analysisDock()->showTab(page());
    views::ChartPanel *chart = page()->chartPanel();
    QTest::qWait(50); // the chart lays itself out at the tab's size
    finished.clear();
    QTest::mouseClick(chart->plotWidget(), Qt::LeftButton, {}, chart->barCentre(0));
    QCOMPARE(doc()->undoStack()->count(), undoBefore + 1);
    QCOMPARE(doc()->undoStack()->text(undoBefore),
        QStringLiteral("Load Failure of %1").arg(QString::fromStdString(worst.failed)));
    QCOMPARE(doc()->scenarios().faults.size(), std::size_t(1));
    QCOMPARE(toString(doc()->scenarios().faults[0]), worst.failed);
    QVERIFY(doc()->scenarios().faults[0].failed());
    QVERIFY(finished.wait(60000));
    const views::SimRunPtr run = sim()->currentRun();
    QVERIFY(run && run->faults);
    QCOMPARE(run->scenario->faults, doc()->scenarios().faults);
    QVERIFY2(qFuzzyCompare(run->faults->slowdown, worst.slowdown),
        qPrintable(QStringLiteral("%1 against %2").arg(run->faults->slowdown).arg(worst.slowdown)));
    // The explanation says how much slower, with the healthy run the GUI made for it.
    const QString explained
        = views::explainRun(*run, views::RunSummary(*run)).join(QLatin1Char('\n'));
    QVERIFY2(explained.contains(QStringLiteral("so the faults made it %1\u00d7 slower")
                                    .arg(worst.slowdown, 0, 'f', 2)),
        qPrintable(explained));
    // The sweep stays: loading a failure is not a new scenario.
    QCOMPARE(page()->result().rows.size(), faultCandidates(doc()->fabric(), "spine").size());

    // Another bar replaces the fault; undo goes back one load, then to the healthy fabric (each
    // run also kept its scenario, one more step each).
    const collective::ResilienceRow second = page()->result().rows[1];
    const int secondLoad = doc()->undoStack()->count();
    QTest::mouseClick(chart->plotWidget(), Qt::LeftButton, {}, chart->barCentre(1));
    QCOMPARE(doc()->undoStack()->text(secondLoad),
        QStringLiteral("Load Failure of %1").arg(QString::fromStdString(second.failed)));
    QCOMPARE(doc()->scenarios().faults.size(), std::size_t(1));
    QCOMPARE(toString(doc()->scenarios().faults[0]), second.failed);
    QVERIFY(finished.wait(60000));
    doc()->undoStack()->setIndex(secondLoad);
    QCOMPARE(doc()->scenarios().faults.size(), std::size_t(1));
    QCOMPARE(toString(doc()->scenarios().faults[0]), worst.failed);
    doc()->undoStack()->setIndex(undoBefore);
    QVERIFY(doc()->scenarios().faults.empty());
    QVERIFY(dock()->faults().empty());
}

void TestResilienceGui::keysLoadAFailureToo()
{
    // Whoever works without a mouse: Tab reaches the chart, End goes to the last bar (scrolled
    // into view, and the playback keys leave End to the chart), Enter loads that failure.
    QSignalSpy finished(sim(), &SimulationController::runFinished);
    QTest::mouseClick(dock()->runButton(), Qt::LeftButton);
    QVERIFY(finished.wait(60000));
    // Started with Space on Run Sweep: the focus stays on the page's buttons (Cancel while it
    // runs, Run Sweep after), not thrown to the next widget of the window as a button goes grey.
    sim()->analysisDock()->showTab(page());
    QVERIFY(page()->setRole(QStringLiteral("link")));
    page()->runButton()->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(page()->runButton()->hasFocus());
    QSignalSpy swept(page(), &ResiliencePage::finished);
    QTest::keyClick(page()->runButton(), Qt::Key_Space);
    QVERIFY(page()->cancelButton()->hasFocus());
    QVERIFY(swept.wait(120000));
    QVERIFY(page()->runButton()->hasFocus());
    QVERIFY(views::FocusFrameOverlay::isShownOn(*page()->runButton()));
    // Started with a click, the focus passes the same way but shows no keyboard frame: the
    // documentation's pictures had one on Run Sweep.
    mWindow->canvas()->setFocus(Qt::MouseFocusReason);
    QTRY_VERIFY(!page()->runButton()->hasFocus());
    QVERIFY(sweep(QStringLiteral("spine")));
    QVERIFY(page()->runButton()->hasFocus());
    QVERIFY(!views::FocusFrameOverlay::isShownOn(*page()->runButton()));
    QVERIFY(!views::FocusFrameOverlay::isShownOn(*page()->cancelButton()));
    QVERIFY(sweep(QStringLiteral("link")));
    const std::size_t rows = page()->result().rows.size();
    views::ChartPanel *chart = page()->chartPanel();
    QTest::qWait(50); // the chart lays itself out at the tab's size
    auto *scroll = qobject_cast<QScrollArea *>(chart->parentWidget()->parentWidget());
    QVERIFY(scroll);
    QVERIFY2(chart->height() > scroll->viewport()->height(), "a list long enough to scroll");
    const double playbackAt = sim()->clock()->timeS();

    chart->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(chart->hasFocus());
    QCOMPARE(chart->keyboardBar(), 0);
    QTest::keyClick(chart, Qt::Key_End);
    const int last = int(page()->result().rows.size()) - 1;
    QCOMPARE(chart->keyboardBar(), last);
    QCOMPARE(sim()->clock()->timeS(), playbackAt);
    const QPoint shown = chart->plotWidget()->mapTo(scroll->viewport(), chart->barCentre(last));
    QVERIFY2(scroll->viewport()->rect().contains(shown),
        qPrintable(QStringLiteral("the last bar at y = %1 of %2")
                       .arg(shown.y())
                       .arg(scroll->viewport()->height())));
    const std::string failed = page()->result().rows.back().failed;
    QVERIFY2(chart->accessibleDescription().startsWith(QString::fromStdString(failed)),
        qPrintable(chart->accessibleDescription()));

    finished.clear();
    const int undoBefore = doc()->undoStack()->count();
    QTest::keyClick(chart, Qt::Key_Return);
    QCOMPARE(doc()->undoStack()->count(), undoBefore + 1);
    QCOMPARE(toString(doc()->scenarios().faults.at(0)), failed);
    QVERIFY(finished.wait(60000));
    QCOMPARE(page()->result().rows.size(), rows);
}

void TestResilienceGui::rowsThatCutPairsOffSaySo()
{
    // Failing a GPU's only link cuts it off: such a row has no slowdown and so no bar, and an
    // empty row would read as no slowdown at all.
    QVERIFY(sweep(QStringLiteral("link")));
    const collective::ResilienceResult &result = page()->result();
    const views::ChartSpec &spec = page()->chartPanel()->spec();
    QCOMPARE(spec.barNotes.size(), spec.categories.size());
    QVERIFY(result.rows.front().unreachablePairs > 0);
    QVERIFY(result.rows.back().unreachablePairs == 0);
    for (qsizetype i = 0; i < spec.categories.size(); ++i) {
        const bool cutsOff = result.rows[std::size_t(i)].unreachablePairs > 0;
        QCOMPARE(spec.barNotes[i], cutsOff ? QStringLiteral("cannot complete") : QString());
        QCOMPARE(spec.categories[i].contains(QStringLiteral("rank pair")), cutsOff);
    }

    // The summary leads with them: "slowdown worst 1.00x" first read as a fabric that survives
    // every failure.
    std::size_t cut = 0;
    for (const collective::ResilienceRow &row : result.rows)
        cut += row.unreachablePairs > 0;
    QVERIFY2(spec.subtitle.contains(QStringLiteral("elements: %1 cut rank pairs off (the "
                                                   "collective cannot complete); the other %2: "
                                                   "slowdown worst")
                                        .arg(cut)
                                        .arg(result.rows.size() - cut)),
        qPrintable(spec.subtitle));

    // On screen the words stand in the row, where its bar would begin.
    sim()->analysisDock()->showTab(page());
    mWindow->resize(1280, 720);
    mWindow->resizeDocks({ sim()->analysisDock() }, { 360 }, Qt::Vertical);
    QTest::qWait(100);
    views::ChartPanel *chart = page()->chartPanel();
    auto *view = qobject_cast<QGraphicsView *>(chart->plotWidget()->parentWidget());
    QVERIFY(view);
    const auto noteAt = [&](int row) {
        for (QGraphicsItem *item : view->items(chart->barCentre(row) + QPoint(8, 0)))
            if (auto *text = dynamic_cast<QGraphicsSimpleTextItem *>(item);
                text && text->isVisible())
                return text->text();
        return QString();
    };
    QCOMPARE(noteAt(0), QStringLiteral("cannot complete"));
    QCOMPARE(noteAt(int(spec.categories.size()) - 1), QString());
}

void TestResilienceGui::cancelStopsTheSweep()
{
    QVERIFY(page()->setRole(QStringLiteral("link")));
    QTest::mouseClick(page()->runButton(), Qt::LeftButton);
    QVERIFY(page()->isRunning());
    QVERIFY(page()->cancelButton()->isEnabled());
    QVERIFY(!page()->runButton()->isEnabled());
    QTRY_VERIFY(page()->progressBar()->value() > 0); // rows done
    // How many runs of how many: a sweep of 2,049 runs read "2%" for minutes.
    const QString done = page()->progressBar()->text();
    QVERIFY2(done.endsWith(QStringLiteral(" of %1 runs").arg(page()->progressBar()->maximum())),
        qPrintable(done));
    QTest::mouseClick(page()->cancelButton(), Qt::LeftButton);
    page()->waitForIdle();
    QVERIFY(!page()->isRunning());
    // What it measured before the click stays: a sweep of minutes stopped halfway showed nothing.
    QTRY_VERIFY(!page()->result().rows.empty());
    const collective::ResilienceResult &r = page()->result();
    QVERIFY(r.cancelled);
    QVERIFY2(r.rows.size() < r.candidates, qPrintable(QString::number(r.rows.size())));
    QVERIFY(r.candidates == faultCandidates(doc()->fabric(), "link").size());
    for (const collective::ResilienceRow &row : r.rows)
        QVERIFY(!row.failed.empty());
    QCOMPARE(page()->statusLabel()->text(),
        QStringLiteral("Cancelled after %1 of %2 runs: the failures that finished are shown, worst "
                       "first. Click a bar to load that failure.")
            .arg(r.rows.size())
            .arg(r.candidates));
    const views::ChartSpec spec = page()->chartPanel()->spec();
    QCOMPARE(spec.categories.size(), qsizetype(r.rows.size()));
    QVERIFY2(
        spec.subtitle.contains(
            QStringLiteral("%1 of %2 elements (cancelled)").arg(r.rows.size()).arg(r.candidates)),
        qPrintable(spec.subtitle));
    // Rows reported while it stopped no longer move the bar: it read 22% over nothing.
    QTest::qWait(50);
    QCOMPARE(page()->progressBar()->value(), int(r.rows.size()));
    QCOMPARE(page()->progressBar()->maximum(), int(r.candidates));
    QVERIFY(page()->runButton()->isEnabled());
}

void TestResilienceGui::resultsFollowTheScenarioAndFabric()
{
    QVERIFY(sweep(QStringLiteral("spine")));
    QVERIFY(!page()->chartPanel()->spec().categories.isEmpty());
    // Another message size is another scenario: the bars no longer describe it.
    dock()->sizeEdit()->setText(QStringLiteral("32MiB"));
    QVERIFY(page()->result().rows.empty());
    QVERIFY(page()->chartPanel()->spec().categories.isEmpty());
    QVERIFY(page()->statusLabel()->text().contains(QStringLiteral("scenario changed")));

    // Removing a spine changes the fabric: cleared, and one spine fewer on offer next time.
    QVERIFY(sweep(QStringLiteral("spine")));
    const std::size_t spines = page()->result().rows.size();
    const Fault gone = parseFault(page()->result().rows.back().failed);
    doc()->undoStack()->push(new RemoveNodes(doc(), { doc()->fabric().findNode(gone.node) }, {}));
    QVERIFY(page()->result().rows.empty());
    QVERIFY(page()->statusLabel()->text().contains(QStringLiteral("fabric changed")));
    QVERIFY(sweep(QStringLiteral("spine")));
    QCOMPARE(page()->result().rows.size(), spines - 1);

    // Edited while a sweep runs: the sweep stops, and the page goes on saying why. "Cancelled."
    // replaced it once the sweep had stopped.
    QVERIFY(page()->setRole(QStringLiteral("link")));
    QTest::mouseClick(page()->runButton(), Qt::LeftButton);
    QVERIFY(page()->isRunning());
    doc()->undoStack()->undo();
    page()->waitForIdle();
    QTest::qWait(50);
    QVERIFY2(page()->statusLabel()->text().contains(QStringLiteral("fabric changed")),
        qPrintable(page()->statusLabel()->text()));
}

void TestResilienceGui::menuRunsTheSweep()
{
    QAction *action = sim()->resilienceAction();
    QVERIFY(sim()->menu()->actions().contains(action));
    QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    sim()->analysisDock()->showTab(sim()->analysisDock()->heatmap());
    QVERIFY(page()->setRole(QStringLiteral("leaf")));
    QSignalSpy finished(page(), &ResiliencePage::finished);
    action->trigger();
    QCOMPARE(sim()->analysisDock()->tabs()->currentWidget(), static_cast<QWidget *>(page()));
    QVERIFY(finished.wait(120000));
    QCOMPARE(page()->result().rows.size(), faultCandidates(doc()->fabric(), "leaf").size());
}

/// Renders docs/screenshots/sim-resilience*.png (into the folder FABRICSCOPE_SCREENSHOTS names,
/// else a temporary one) and checks every picture.
void TestResilienceGui::screenshots()
{
    const testing::ScreenshotFolder out;
    QVERIFY(sweep(QStringLiteral("link")));
    views::ChartPanel *chart = page()->chartPanel();
    const int bars = int(chart->spec().categories.size());
    QVERIFY(bars > 20);
    // The chart as `export --chart resilience` writes it: tall enough for every name.
    const QSize size(1200, views::charts::horizontalBarsHeight(bars));
    QCOMPARE(out.save(chart->renderImage(size), QStringLiteral("sim-resilience-chart.png")),
        QString());
    // The window with the tab up, after loading the worst failure, at a projector's size and at
    // full HD.
    sim()->analysisDock()->showTab(page());
    QSignalSpy finished(sim(), &SimulationController::runFinished);
    for (const QSize &window : { QSize(1280, 720), QSize(1920, 1080) }) {
        mWindow->resize(window);
        // The Analysis dock dragged up to half the window, as one reads a long list of bars.
        mWindow->resizeDocks({ sim()->analysisDock() }, { window.height() / 2 }, Qt::Vertical);
        QTest::qWait(100);
        if (finished.isEmpty()) {
            QTest::mouseClick(chart->plotWidget(), Qt::LeftButton, {}, chart->barCentre(0));
            QVERIFY(finished.wait(60000));
            sim()->analysisDock()->showTab(page());
            QTest::qWait(100);
        }
        const QString name
            = QStringLiteral("sim-resilience-%1x%2.png").arg(window.width()).arg(window.height());
        QCOMPARE(out.save(mWindow->grab().toImage(), name), QString());
    }
}

QTEST_MAIN(TestResilienceGui)
#include "tst_resilience_gui.moc"
