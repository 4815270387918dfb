// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "canvas/fabriccanvas.h"
#include "charts/chartpanel.h"
#include "collective/scenario.h"
#include "commands/addlinks.h"
#include "commands/changescenarios.h"
#include "commands/removelinks.h"
#include "document.h"
#include "explain/explainer.h"
#include "explain/explainpanel.h"
#include "fakeprompts.h"
#include "generators/registry.h"
#include "heatmap/heatmapwidget.h"
#include "mainwindow.h"
#include "playback/loadsampler.h"
#include "playback/playbackbar.h"
#include "playback/playbackclock.h"
#include "playback/runhighlight.h"
#include "savedscenarios.h"
#include "screenshotfolder.h"
#include "simulation/analysisdock.h"
#include "simulation/compareview.h"
#include "simulation/dockwords.h"
#include "simulation/playbackkeys.h"
#include "simulation/scenariocheck.h"
#include "simulation/scenariokeeper.h"
#include "simulation/simulationcontroller.h"
#include "simulation/simulationdock.h"
#include "simulation/simulationrunner.h"
#include "style/legend.h"
#include "testfabrics.h"
#include "textrecorder.h"
#include "traffic/trafficview.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFontMetrics>
#include <QFrame>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QProgressBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <QWheelEvent>

using namespace fabric;
using namespace fabric::app;

class TestSimulation : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void explainsImpossibleCombinations();
    void compareSidePromptWrapsInANarrowDock();
    void runsPlaysAndSeeks();
    void policyToggleReRunsAndCompares();
    void trafficFileStaysInTheForm();
    void comparePictureStacksWideFabrics();
    void comparePictureLegendExplainsBothSides();
    void cancelKeepsTheGuiConsistent();
    void coarseFidelityRunsFromTheDock();
    void memoryLimitRefusesInTheDocksWords();
    void exportsEveryFormat();
    void reportShowsTheComparedRunsSideBySide();
    void framesDialogChoosesFolderCountAndSize();
    void exportsAskBeforeReplacingWhatTheirDialogDidNot();
    void editingTheFabricMarksResultsStale();
    void resultsNeverCrossToAnotherFabric();
    void routingDefaultFollowsTheFabric();
    void wheelChangesOnlyFocusedFields();
    void scenariosAreSavedAndReRunOnOpen();
    void runsOfOneKindAreNamedApart();
    void refusesAMalformedScenario();
    void sweepChartsBusbwAgainstSize();
    void playbackKeysWorkOnTheCanvas();
    void loadsAreAveragedUnlessAskedForTheInstant();
    void screenshots();

private:
    views::SimRunPtr runAndWait(const QString &routing = QString());

    std::unique_ptr<QMainWindow> mWindow;
    Document *mDocument = nullptr;
    views::FabricCanvas *mCanvas = nullptr;
    SimulationController *mSim = nullptr;
};

void TestSimulation::initTestCase()
{
    // The settings the exports remember start empty, in a folder of their own.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("FabricScopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_simulation"));
    QSettings().clear();
}

void TestSimulation::init()
{
    mWindow = std::make_unique<QMainWindow>();
    mDocument = new Document(
        gen::generate("ib-fat-tree", nlohmann::json{{"tiers", 2}, {"gpus", 64}}),
        QStringLiteral("fat-tree-64.fabric.json"), mWindow.get());
    mCanvas = new views::FabricCanvas(mWindow.get());
    mCanvas->setFabric(&mDocument->fabric());
    // As in the main window: the canvas follows the document before anything else hears of a
    // change, so nothing repaints it with the old fabric's scene.
    connect(mDocument, &Document::changed, mCanvas, &views::FabricCanvas::applyChange);
    mWindow->setCentralWidget(mCanvas);
    mSim = installSimulation(mWindow.get(), mDocument, mCanvas);
    mWindow->resize(1400, 900);
    mWindow->show();
    QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
    SimulationDock *dock = mSim->simulationDock();
    dock->sizeEdit()->setText(QStringLiteral("64MiB"));
}

void TestSimulation::cleanup()
{
    mSim->runner()->cancel();
    mSim->runner()->waitForIdle();
    mWindow.reset();
}

views::SimRunPtr TestSimulation::runAndWait(const QString &routing)
{
    SimulationDock *dock = mSim->simulationDock();
    QSignalSpy finished(mSim, &SimulationController::runFinished);
    QSignalSpy failed(mSim, &SimulationController::runFailed);
    if (routing.isEmpty())
        QTest::mouseClick(dock->runButton(), Qt::LeftButton);
    else
        QTest::mouseClick(dock->policyButton(routing), Qt::LeftButton);
    // The GUI stays responsive while the worker runs: the wait spins the event loop.
    if (!QTest::qWaitFor([&] { return !finished.isEmpty() || !failed.isEmpty(); }, 60000)
        || !failed.isEmpty())
        return nullptr;
    return finished.at(0).at(0).value<views::SimRunPtr>();
}

void TestSimulation::explainsImpossibleCombinations()
{
    SimulationDock *dock = mSim->simulationDock();
    QVERIFY2(dock->problem().isEmpty(), qPrintable(dock->problem()));
    QVERIFY(dock->runButton()->isEnabled());

    dock->routingBox()->setCurrentIndex(dock->routingBox()->findData(QStringLiteral("dor")));
    QVERIFY(dock->problem().contains(QStringLiteral("torus")));
    QVERIFY(!dock->runButton()->isEnabled());
    QVERIFY(!dock->problemLabel()->isHidden());
    dock->routingBox()->setCurrentIndex(dock->routingBox()->findData(QStringLiteral("static")));

    dock->algorithmBox()->setCurrentIndex(dock->algorithmBox()->findText(QStringLiteral("torus")));
    QVERIFY2(dock->problem().contains(QStringLiteral("torus")), qPrintable(dock->problem()));
    QVERIFY(!dock->runButton()->isEnabled());
    dock->algorithmBox()->setCurrentIndex(dock->algorithmBox()->findText(QStringLiteral("ring")));

    dock->sizeEdit()->setText(QStringLiteral("lots"));
    QVERIFY(dock->problem().contains(QStringLiteral("not a size")));
    dock->sizeEdit()->setText(QStringLiteral("0"));
    QVERIFY(!dock->problem().isEmpty());
    dock->sizeEdit()->setText(QStringLiteral("64MiB"));

    dock->ranksEdit()->setText(QStringLiteral("1000"));
    QVERIFY(dock->problem().contains(QStringLiteral("64 GPUs")));
    dock->ranksEdit()->setText(QStringLiteral("all"));
    QVERIFY(dock->runButton()->isEnabled());

    // all-to-all has no ring: switching the collective offers its own algorithms.
    dock->collectiveBox()->setCurrentIndex(dock->collectiveBox()->findText(QStringLiteral("alltoall")));
    QVERIFY(dock->algorithmBox()->findText(QStringLiteral("ring")) < 0);
    QVERIFY(dock->problem().isEmpty());
}

void TestSimulation::runsPlaysAndSeeks()
{
    SimulationDock *dock = mSim->simulationDock();
    dock->routingBox()->setCurrentIndex(dock->routingBox()->findData(QStringLiteral("static")));
    // The traffic views' Export buttons wait for a run: before it they saved an empty picture.
    QList<QPushButton *> trafficExports;
    for (views::TrafficView *view :
        { mSim->analysisDock()->wireBytesView(), mSim->analysisDock()->nvlinkView() })
        trafficExports << view->parentWidget()->findChild<QPushButton *>();
    for (const QPushButton *button : std::as_const(trafficExports))
        QVERIFY(button && !button->isEnabled());
    // So do the menu's Play and the exports of results; Cancel waits for something to cancel.
    const auto action
        = [this](const char *name) { return mWindow->findChild<QAction *>(QLatin1String(name)); };
    const QList<QAction *> runActions { action("actionPlayPause"), action("actionExportHeatmap"),
        action("actionExportChart"), action("actionExportResults"), action("actionExportFrames") };
    for (const QAction *a : runActions)
        QVERIFY2(a && !a->isEnabled(), a ? qPrintable(a->objectName()) : "missing");
    QVERIFY(!action("actionCancelRun")->isEnabled());
    QVERIFY(action("actionExportPicture")->isEnabled()); // the fabric alone
    QVERIFY(action("actionExportReport")->isEnabled());
    QSignalSpy finished(mSim, &SimulationController::runFinished);
    QTest::mouseClick(dock->runButton(), Qt::LeftButton);
    QVERIFY(action("actionCancelRun")->isEnabled());
    QVERIFY(finished.wait(60000));
    const views::SimRunPtr run = finished.at(0).at(0).value<views::SimRunPtr>();
    QVERIFY(run);
    QVERIFY(!action("actionCancelRun")->isEnabled());
    for (const QAction *a : runActions)
        QVERIFY2(a->isEnabled(), qPrintable(a->objectName()));
    for (const QPushButton *button : std::as_const(trafficExports))
        QVERIFY(button->isEnabled());
    {
        // A traffic view's Export proposes what it shows as the name and writes the type typed.
        FakePrompts prompts;
        mSim->exportPrompt().setPrompts([&prompts] { return &prompts; });
        QTemporaryDir dir;
        prompts.fileName = dir.filePath(QStringLiteral("wire.svg"));
        QTest::mouseClick(trafficExports.front(), Qt::LeftButton);
        QVERIFY2(prompts.proposedExportName.endsWith(QLatin1String("-bytes-on-the-wire.png")),
            qPrintable(prompts.proposedExportName));
        QVERIFY(QFileInfo(prompts.fileName).size() > 1000);
        mSim->exportPrompt().setPrompts({});
    }
    QVERIFY(run->result.completionS > 0);
    QVERIFY(std::isfinite(run->summary.busbwGBps));
    QCOMPARE(mSim->currentRun(), run);
    QVERIFY(!dock->cancelButton()->isEnabled());
    QVERIFY(dock->runButton()->isEnabled());
    QCOMPARE(dock->progressBar()->maximum(), 1000); // busy while building flows, then a fraction
    QCOMPARE(dock->progressBar()->value(), 1000);

    // The canvas is coloured: its legend switches to the utilisation ramp.
    bool ramp = false;
    for (const auto &e : mCanvas->legendEntries())
        ramp = ramp || e.symbol == views::LegendEntry::Symbol::Ramp;
    QVERIFY(ramp);
    // Heatmap, charts and explanation are filled.
    AnalysisDock *analysis = mSim->analysisDock();
    QVERIFY(analysis->heatmap()->data().rowCount() > 0);
    QVERIFY(analysis->explainPanel()->sentences().size() >= 3);
    QVERIFY(analysis->explainPanel()->sentences().first().contains(QStringLiteral("ideal")));
    QVERIFY(analysis->chartPanel()->seriesCount() > 0);
    // The ring's hops inside a host run on NVLink: the throughput chart leaves them out, and
    // its picker says so (a short panel drops the chart's title); other charts keep their name.
    auto *choice = analysis->findChild<QComboBox *>(QStringLiteral("chartChoice"));
    QVERIFY(choice);
    analysis->showChart(AnalysisDock::Chart::Throughput);
    QVERIFY2(choice->currentText().startsWith(QStringLiteral("Throughput over time: the fabric"))
            && choice->currentText().contains(QStringLiteral("NVLink")),
        qPrintable(choice->currentText()));
    analysis->showChart(AnalysisDock::Chart::LinkLoad);
    QCOMPARE(choice->currentText(), QStringLiteral("Link load per tier (ECMP imbalance)"));

    // Play, pause, step and seek through the bar.
    views::PlaybackClock *clock = mSim->clock();
    QCOMPARE(clock->endS(), run->result.completionS);
    views::PlaybackBar *bar = mSim->playbackBar();
    clock->seek(0);
    QTest::keyClick(bar, Qt::Key_Right);
    QVERIFY(clock->timeS() > 0);
    clock->setSpeed(1); // the run lasts 10 s: still playing when paused below
    QSignalSpy frames(clock, &views::PlaybackClock::timeChanged);
    QTest::keyClick(bar, Qt::Key_Space);
    QVERIFY(clock->isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(frames.count() >= 3, 5000);
    QTest::keyClick(bar, Qt::Key_Space);
    QVERIFY(!clock->isPlaying());
    clock->seek(run->result.completionS * 0.75);
    QCOMPARE(clock->timeS(), run->result.completionS * 0.75);

    // Clicking the heatmap selects the link on the canvas.
    views::HeatmapWidget *heatmap = analysis->heatmap();
    analysis->showTab(heatmap);
    QTRY_VERIFY(heatmap->isVisible());
    const QPointF cell = heatmap->cellCenter(heatmap->data().rowCount() - 1, 1);
    QTest::mouseClick(heatmap, Qt::LeftButton, {}, cell.toPoint());
    QCOMPARE(mCanvas->selectedLinks().size(), 1);
}

void TestSimulation::comparePictureStacksWideFabrics()
{
    // An HPN segment is much wider than tall (60 aggregation switches a row): side by side in a
    // 16:9 picture it filled a third of the height. One above the other, each drawing is wider
    // than half the picture.
    Fabric hpn
        = gen::generate("hpn", nlohmann::json { { "segments", 1 }, { "hosts_per_segment", 16 } });
    mDocument->swapFabric(hpn);
    mCanvas->zoomToFit();
    const views::SimRunPtr ecmp = runAndWait(QStringLiteral("ecmp"));
    const views::SimRunPtr adaptive = runAndWait(QStringLiteral("adaptive"));
    QVERIFY(ecmp && adaptive);
    CompareView *compare = mSim->analysisDock()->compareView();
    compare->setRuns(ecmp, adaptive);
    const QSize size(1600, 900);
    const std::array<QRectF, 2> at = compare->pictureRects(size);
    QVERIFY2(at[1].top() >= at[0].bottom() && at[0].width() > size.width() / 2,
        "the two drawings are side by side");
    // Both are drawn there, as large as each other.
    const QImage image = compare->renderImage(size);
    auto inkWidth = [&](const QRectF &r) {
        int left = image.width(), right = 0;
        for (int y = int(r.top()); y < int(r.bottom()); y += 2)
            for (int x = int(r.left()); x < int(r.right()); ++x)
                if (qGray(image.pixel(x, y)) < 200) {
                    left = std::min(left, x);
                    right = std::max(right, x);
                }
        return right - left;
    };
    QVERIFY(inkWidth(at[0]) > size.width() / 2);
    QVERIFY(std::abs(inkWidth(at[0]) - inkWidth(at[1])) < 4);
}

void TestSimulation::comparePictureLegendExplainsBothSides()
{
    // Polarised ECMP against adaptive routing, as in the polarisation lesson: only the ECMP
    // side has collision badges, and the picture's one legend took its entries from the
    // adaptive side, so the badges went unexplained.
    Fabric tree = gen::generate("ib-fat-tree",
        nlohmann::json { { "tiers", 3 }, { "radix", 8 }, { "rail_optimised", false } });
    mDocument->swapFabric(tree);
    mCanvas->zoomToFit();
    collective::Scenario s = mSim->simulationDock()->scenario();
    s.placement = collective::Placement::Spread;
    mSim->simulationDock()->setScenario(s);
    const views::SimRunPtr polarized = runAndWait(QStringLiteral("ecmp-polarized"));
    const views::SimRunPtr adaptive = runAndWait(QStringLiteral("adaptive"));
    QVERIFY(polarized && adaptive);
    CompareView *compare = mSim->analysisDock()->compareView();
    compare->setRuns(polarized, adaptive);
    compare->clock()->seek(polarized->result.completionS / 3);
    const QSize size(1800, 1000);
    testing::TextRecorder recorder(size);
    {
        QPainter painter(&recorder);
        compare->paintPicture(painter, size);
    }
    QStringList legend;
    for (const testing::PaintedText &t : recorder.texts())
        legend << t.text;
    QVERIFY2(
        legend.contains(QStringLiteral("Orange badge: flows sharing one link now (a collision)")),
        qPrintable(legend.join(QStringLiteral(" | "))));
    // Each entry once, though both sides list it.
    QCOMPARE(legend.count(QStringLiteral("Host (NVLink domain)")), 1);
    // The links polarised hashing left idle are dashed on its side, as on the main canvas (and
    // the picture says so): side by side, and in the report, they were drawn as any other.
    const views::FabricCanvas::LinkHighlight idle = views::runHighlight(*polarized);
    QVERIFY(!idle.links.isEmpty());
    QCOMPARE(compare->leftCanvas()->highlightedLinks(), idle.links);
    QVERIFY2(legend.contains(idle.legend), qPrintable(idle.legend));

    // On screen, each canvas has its own: the left one had none, and its badges went
    // unexplained beside the adaptive side's legend.
    const views::LegendWidget *left = compare->leftCanvas()->legend();
    QVERIFY(left);
    QTRY_VERIFY(!left->isHidden());
    QVERIFY(!left->entries().isEmpty());
}

void TestSimulation::trafficFileStaysInTheForm()
{
    // A file whose last run was a traffic file: the form showed a blank Collective, and Run ran
    // a 1 GiB all-reduce in its place. It keeps the file, under a Collective entry of its own.
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("two.csv"));
    {
        QFile file(csv);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("src,dst,bytes\nh0-gpu0,h1-gpu0,64MB\n");
    }
    SimulationDock *dock = mSim->simulationDock();
    collective::Scenario traffic;
    traffic.collective = collective::Collective::Custom;
    traffic.algorithm = collective::Algorithm::Direct;
    traffic.trafficFile = csv.toStdString();
    dock->setScenario(traffic);
    QVERIFY2(dock->collectiveBox()->currentText().contains(QStringLiteral("two.csv")),
        qPrintable(dock->collectiveBox()->currentText()));
    QVERIFY(dock->scenario().collective == collective::Collective::Custom);
    QCOMPARE(dock->scenario().trafficFile, csv.toStdString());
    const views::SimRunPtr run = runAndWait();
    QVERIFY(run);
    QVERIFY(run->scenario->collective == collective::Collective::Custom);
    QCOMPARE(run->flows().size(), std::size_t(1));
    // It has no message size to sweep.
    mSim->runSweep();
    QVERIFY(!mSim->isSweeping());
    QVERIFY2(dock->statusLabel()->text().contains(QStringLiteral("no message size to sweep")),
        qPrintable(dock->statusLabel()->text()));
    // A collective put in the form takes the file's entry away.
    collective::Scenario allReduce;
    dock->setScenario(allReduce);
    QCOMPARE(dock->collectiveBox()->findData(int(collective::Collective::Custom)), -1);
}

void TestSimulation::policyToggleReRunsAndCompares()
{
    const views::SimRunPtr first = runAndWait(QStringLiteral("static"));
    QVERIFY(first);
    QCOMPARE(first->routing, QStringLiteral("static"));
    const views::SimRunPtr second = runAndWait(QStringLiteral("ecmp"));
    QVERIFY(second);
    QCOMPARE(second->routing, QStringLiteral("ecmp"));
    QCOMPARE(mSim->history().size(), 2);
    {
        // The arrow keys move between the buttons without running: each click re-runs, and
        // arrowing from ecmp to adaptive ran ecmp-polarized and static on the way. The checked
        // button is the routing's, whatever clicks it took.
        SimulationDock *dock = mSim->simulationDock();
        auto *ecmp = dock->findChild<QPushButton *>(QStringLiteral("ecmp"));
        auto *polarized = dock->findChild<QPushButton *>(QStringLiteral("ecmp-polarized"));
        QVERIFY(ecmp && polarized && ecmp->isChecked());
        QSignalSpy requested(dock, &SimulationDock::runRequested);
        mWindow->show();
        mWindow->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(mWindow.get()));
        ecmp->setFocus();
        QTest::keyClick(ecmp, Qt::Key_Right);
        QCOMPARE(requested.size(), 0);
        QVERIFY(polarized->hasFocus());
        QVERIFY(ecmp->isChecked() && !polarized->isChecked());
        QCOMPARE(polarized->focusPolicy() & Qt::TabFocus, Qt::TabFocus);
        // The keys are told where the row is met, not only in the user guide.
        QVERIFY2(polarized->toolTip().contains(QStringLiteral("Left and Right")),
            qPrintable(polarized->toolTip()));
    }
    CompareView *compare = mSim->analysisDock()->compareView();
    QCOMPARE(compare->left(), first);
    QCOMPARE(compare->right(), second);
    {
        // The table in a window of its own, as wide as the dock under the fabric, then as
        // narrow as beside it in presentation mode.
        // A name as long as a faulted run's: equal column shares cut it with room beside it.
        auto named = std::make_shared<views::SimRun>(*second);
        named->label = QStringLiteral("allreduce ring \u00b7 ecmp \u00b7 1 fault \u00b7 4 GiB (2)");
        CompareView view;
        view.setRuns(first, named);
        view.resize(1400, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTableWidget *table = view.table();
        const auto cutTexts = [table]() -> QStringList {
            // A header or cell whose text is wider than its column (cells wrap) is cut.
            QStringList cut;
            const QFontMetrics header(table->horizontalHeader()->font());
            const QFontMetrics cells(table->font());
            for (int c = 0; c < table->columnCount(); ++c) {
                const int room = table->columnWidth(c) - 6;
                if (header.horizontalAdvance(table->horizontalHeaderItem(c)->text()) > room)
                    cut << table->horizontalHeaderItem(c)->text();
                for (int r = 0; r < table->rowCount(); ++r) {
                    const QString text = table->item(r, c)->text();
                    const QRect wrapped
                        = cells.boundingRect(QRect(0, 0, room, 1000), Qt::TextWordWrap, text);
                    if (wrapped.width() > room || wrapped.height() > table->rowHeight(r))
                        cut << text;
                }
            }
            return cut;
        };
        QVERIFY(view.tableRunsDown());
        QCOMPARE(table->rowCount(), 2);
        QVERIFY(table->item(0, 0)->text().contains(QStringLiteral("static")));
        QVERIFY2(cutTexts().isEmpty(), qPrintable(cutTexts().join(QStringLiteral(" | "))));
        // The eight columns were cut to a few letters each there ("mpleti", "of ide"): the
        // figures go down instead, a column for each side.
        QFont larger = view.font();
        larger.setPointSizeF(larger.pointSizeF() * 1.5);
        view.setFont(larger);
        view.resize(480, 700);
        QVERIFY(!view.tableRunsDown());
        QCOMPARE(table->columnCount(), 3);
        QCOMPARE(table->item(1, 0)->text(), QStringLiteral("Completion"));
        QCOMPARE(table->horizontalHeaderItem(1)->text(), QStringLiteral("Left"));
        QVERIFY2(cutTexts().isEmpty(), qPrintable(cutTexts().join(QStringLiteral(" | "))));
        view.setFont(QFont());
        view.resize(1400, 700);
        QVERIFY(view.tableRunsDown());
        QCOMPARE(table->rowCount(), 2);
    }
    QVERIFY(!compare->verdict().isEmpty());
    // Both canvases follow the one clock.
    compare->clock()->seek(first->result.completionS / 3);
    QCOMPARE(compare->leftCanvas()->fabric(), first->fabric);
    const QImage image = compare->renderImage(QSize(1600, 900));
    QCOMPARE(image.size(), QSize(1600, 900));
    // A fabric about as wide as tall: side by side, the natural reading of a comparison.
    const std::array<QRectF, 2> at = compare->pictureRects(QSize(1600, 900));
    QCOMPARE(at[0].top(), at[1].top());
    // Each picture is as tall as its drawing (this one is held by its width), and the group of
    // pictures and table is centred: no white band between a title and its drawing, nor
    // between the drawings and the table at the foot of the picture.
    QVERIFY2(at[0].height() < 900 - 170 - 50, qPrintable(QString::number(at[0].height())));
    QVERIFY2(at[0].top() > 20, qPrintable(QString::number(at[0].top())));
    // Both fabrics are drawn at the same scale: under their titles and left of the legend's
    // column, the columns with ink form two groups (the two drawings) of the same width.
    QList<int> inked;
    for (int x = 0; x < int(at[1].right()); ++x)
        for (int y = int(at[0].top()) + 60; y < int(at[0].bottom()); ++y)
            if (qGray(image.pixel(x, y)) < 235) {
                inked << x;
                break;
            }
    QVERIFY(!inked.isEmpty());
    int split = 1;
    for (int i = 1; i < inked.size(); ++i)
        if (inked[i] - inked[i - 1] > inked[split] - inked[split - 1])
            split = i;
    const int leftInk = inked[split - 1] - inked.front();
    const int rightInk = inked.back() - inked[split];
    QVERIFY(leftInk > 200);
    QVERIFY2(std::abs(leftInk - rightInk) <= leftInk / 50,
             qPrintable(QStringLiteral("%1 against %2 px").arg(leftInk).arg(rightInk)));

    // Shown, the two canvases get the same size and the same fit scale.
    mSim->analysisDock()->show();
    mSim->analysisDock()->showTab(compare);
    QTRY_VERIFY(compare->isVisible());
    QTRY_COMPARE(compare->leftCanvas()->size(), compare->rightCanvas()->size());
    QVERIFY(compare->leftCanvas()->width() > 100);
    QTRY_COMPARE(compare->leftCanvas()->transform().m11(),
                 compare->rightCanvas()->transform().m11());

    // A third run: the pickers offer all three, and any two can be compared.
    QVERIFY(runAndWait(QStringLiteral("adaptive")));
    const QList<views::SimRunPtr> runs = mSim->history();
    QVERIFY(runs.size() >= 3);
    QCOMPARE(compare->picker(0)->count(), int(runs.size()));
    QCOMPARE(compare->right(), runs[0]);
    QCOMPARE(compare->left(), runs[1]);
    const int oldest = int(runs.size()) - 1;
    compare->picker(0)->setCurrentIndex(oldest);
    Q_EMIT compare->picker(0)->activated(oldest);
    QCOMPARE(compare->left(), runs[oldest]);
    QCOMPARE(compare->right(), runs[0]);
    QVERIFY(compare->verdict().contains(runs[oldest]->label));

    // A run keeps its number as newer ones push the oldest out of the history: numbered by
    // position, "#3" became "#2".
    const auto numberOf = [&](const views::SimRunPtr &run) {
        const int row = int(mSim->history().indexOf(run));
        return compare->picker(0)->itemText(row).section(QLatin1Char(' '), 0, 0);
    };
    const views::SimRunPtr third = runs[0];
    QCOMPARE(numberOf(third), QStringLiteral("#%1").arg(runs.size()));
    QVERIFY(runAndWait(QStringLiteral("ecmp")));
    QVERIFY(runAndWait(QStringLiteral("adaptive")));
    QVERIFY(!mSim->history().contains(runs[oldest])); // the history holds the last few
    QCOMPARE(numberOf(third), QStringLiteral("#%1").arg(runs.size()));
    QCOMPARE(numberOf(mSim->history().front()), QStringLiteral("#%1").arg(runs.size() + 2));
}

void TestSimulation::cancelKeepsTheGuiConsistent()
{
    SimulationDock *dock = mSim->simulationDock();
    dock->collectiveBox()->setCurrentIndex(dock->collectiveBox()->findText(QStringLiteral("alltoall")));
    dock->sizeEdit()->setText(QStringLiteral("4GiB"));
    QSignalSpy cancelled(mSim->runner(), &SimulationRunner::cancelled);
    QSignalSpy finished(mSim->runner(), &SimulationRunner::finished);
    QTest::mouseClick(dock->runButton(), Qt::LeftButton);
    QVERIFY(dock->cancelButton()->isEnabled());
    QCOMPARE(dock->progressBar()->maximum(), 0); // busy: routing and building the flows
    // Under way, the status says how far in simulated and in elapsed time: the bar measures
    // bytes, which an all-to-all's last flows move slowly (it sat at 99% for minutes).
    Q_EMIT mSim->runner()->progress(0.5, 0.0123);
    QVERIFY2(dock->statusLabel()->text().startsWith(
                 QStringLiteral("Running alltoall\u2026 50% \u00b7 12.3 ms simulated \u00b7 "))
            && dock->statusLabel()->text().endsWith(QStringLiteral(" elapsed")),
        qPrintable(dock->statusLabel()->text()));
    QTest::mouseClick(dock->cancelButton(), Qt::LeftButton);
    // Said at once, and not offered twice: the engine stops between its steps, and a pod's
    // all-to-all spent seconds on one under "Running alltoall..." with Cancel still enabled.
    QVERIFY2(dock->statusLabel()->text().startsWith(QStringLiteral("Cancelling: ")),
        qPrintable(dock->statusLabel()->text()));
    QVERIFY(!dock->cancelButton()->isEnabled());
    QVERIFY(!mWindow->findChild<QAction *>(QStringLiteral("actionCancelRun"))->isEnabled());
    // A 4 GiB all-to-all over 256 GPUs takes far longer than the click: it must be cancelled,
    // not finish.
    QTRY_VERIFY_WITH_TIMEOUT(cancelled.count() == 1, 60000);
    QCOMPARE(finished.count(), 0);
    QVERIFY(!mSim->runner()->isRunning());
    QVERIFY(!dock->cancelButton()->isEnabled());
    QVERIFY(dock->runButton()->isEnabled());
    QCOMPARE(dock->progressBar()->maximum(), 1000); // not left busy
    QCOMPARE(dock->progressBar()->value(), 0); // nor part full beside "Cancelled."
}

void TestSimulation::coarseFidelityRunsFromTheDock()
{
    // The Fidelity box reaches the engine: an all-to-all run coarse says so in its label and
    // its explanation, and its flows gave up their bandwidth early (exact ones never do).
    SimulationDock *dock = mSim->simulationDock();
    dock->collectiveBox()->setCurrentIndex(
        dock->collectiveBox()->findData(int(collective::Collective::AllToAll)));
    const views::SimRunPtr exact = runAndWait();
    QVERIFY(exact);
    QCOMPARE(exact->result.largestEarlyFinishS, 0.0);
    QVERIFY(!exact->label.contains(QStringLiteral("coarse")));
    dock->fidelityBox()->setCurrentIndex(
        dock->fidelityBox()->findData(int(collective::Fidelity::Coarse)));
    QVERIFY(dock->scenario().fidelity == collective::Fidelity::Coarse);
    const views::SimRunPtr coarse = runAndWait();
    QVERIFY(coarse);
    QVERIFY(coarse->scenario->fidelity == collective::Fidelity::Coarse);
    QVERIFY(coarse->result.largestEarlyFinishS > 0.0);
    QVERIFY2(coarse->label.endsWith(QStringLiteral("coarse")), qPrintable(coarse->label));
    QVERIFY(std::abs(coarse->summary.completionS / exact->summary.completionS - 1) < 0.01);
    const QStringList said = mSim->analysisDock()->explainPanel()->sentences();
    QVERIFY2(said.join(QLatin1Char(' ')).contains(QStringLiteral("Coarse run: flows due")),
             qPrintable(said.join(QLatin1Char('\n'))));
    // A saved scenario brings its fidelity back into the box.
    collective::Scenario s = dock->scenario();
    dock->fidelityBox()->setCurrentIndex(0);
    dock->setScenario(s);
    QCOMPARE(dock->fidelityBox()->currentData().toInt(), int(collective::Fidelity::Coarse));
}

void TestSimulation::memoryLimitRefusesInTheDocksWords()
{
    // A run above the Memory limit is refused before it starts, with its estimate, and the
    // message names the dock's field, not the CLI's option (a GUI user has no --max-memory).
    SimulationDock *dock = mSim->simulationDock();
    QCOMPARE(dock->memoryLimitEdit()->text(), QStringLiteral("8GiB"));
    dock->collectiveBox()->setCurrentIndex(
        dock->collectiveBox()->findData(int(collective::Collective::AllToAll)));
    dock->memoryLimitEdit()->setText(QStringLiteral("lots"));
    QVERIFY2(dock->problem().startsWith(QStringLiteral("Memory limit: 'lots'")),
        qPrintable(dock->problem()));
    QVERIFY(!dock->runButton()->isEnabled());
    dock->memoryLimitEdit()->setText(QStringLiteral("64KiB"));
    QVERIFY(dock->problem().isEmpty());
    QCOMPARE(dock->scenario().maxMemoryBytes, 64.0 * 1024);

    QSignalSpy failed(mSim, &SimulationController::runFailed);
    QVERIFY(!runAndWait());
    QCOMPARE(failed.size(), 1);
    const QString said = dock->statusLabel()->text();
    QVERIFY2(said.startsWith(QStringLiteral("alltoall over 64 ranks: 4,032 flows need about ")),
        qPrintable(said));
    QVERIFY2(said.contains(QStringLiteral("above the limit of 64 KiB (the Memory limit field)")),
        qPrintable(said));
    QVERIFY2(!said.contains(QStringLiteral("--")), qPrintable(said));

    dock->memoryLimitEdit()->setText(QStringLiteral("1GiB"));
    QVERIFY(runAndWait());
    // A saved scenario brings its limit back.
    collective::Scenario s = dock->scenario();
    s.maxMemoryBytes = 2.0 * 1024 * 1024 * 1024;
    dock->setScenario(s);
    QCOMPARE(dock->memoryLimitEdit()->text(), QStringLiteral("2GiB"));
    // Sizes of 1,000 to 1,023 units read back as written, digit groups and all.
    s.maxMemoryBytes = 1000.0 * 1024 * 1024;
    s.bytes = 1000.0 * 1024;
    dock->setScenario(s);
    QCOMPARE(dock->memoryLimitEdit()->text(), QStringLiteral("1,000MiB"));
    QVERIFY2(dock->problem().isEmpty(), qPrintable(dock->problem()));
    QCOMPARE(dock->scenario().maxMemoryBytes, s.maxMemoryBytes);
    QCOMPARE(dock->scenario().bytes, s.bytes);

    // Options the dock has a row for become that row; the others stay.
    QCOMPARE(inDockWords(QStringLiteral("--ranks: no node named 'x'")),
        QStringLiteral("Ranks: no node named 'x'"));
    QCOMPARE(inDockWords(QStringLiteral("needs every chip (--ranks all); use --algorithm ring")),
        QStringLiteral("needs every chip (Ranks all); use Algorithm ring"));
    QCOMPARE(inDockWords(QStringLiteral("3 pairs have no path (--allow-partial runs the rest)")),
        QStringLiteral("3 pairs have no path (--allow-partial runs the rest)"));
    // A traffic file is in the Collective box ("--traffic" named an option the app has not).
    QCOMPARE(inDockWords(QStringLiteral("--traffic: '/t.csv' does not exist")),
        QStringLiteral("Collective: '/t.csv' does not exist"));
}

void TestSimulation::reportShowsTheComparedRunsSideBySide()
{
    // The user guide promised the Compare tab's picture in the report; no output had it.
    QVERIFY(!mSim->reportContent().sideBySide);
    const views::SimRunPtr ecmp = runAndWait(QStringLiteral("ecmp"));
    const views::SimRunPtr adaptive = runAndWait(QStringLiteral("adaptive"));
    QVERIFY(ecmp && adaptive);
    const views::ReportContent content = mSim->reportContent();
    QVERIFY(content.sideBySide);
    const QSizeF page(1031, 703); // A4 landscape as writeReport lays it out
    fabric::testing::TextRecorder recorder(page.toSize());
    QPainter painter(&recorder);
    views::paintReport(
        painter, page, [&] { recorder.newPage(); }, content);
    painter.end();
    QStringList second;
    for (const fabric::testing::PaintedText &t : recorder.texts())
        if (t.page == 1)
            second << t.text;
    const QString text = second.join(QLatin1Char('|'));
    QVERIFY2(text.startsWith(
                 QStringLiteral("Side by side: %1 and %2").arg(ecmp->label, adaptive->label)),
        qPrintable(text));
    // The two pictures' titles, the table and the verdict, as on the tab.
    QVERIFY2(text.contains(QStringLiteral("|Completion|")), qPrintable(text));
    QVERIFY2(
        text.contains(
            views::compareRuns(views::RunSummary(*ecmp), views::RunSummary(*adaptive)).left(20)),
        qPrintable(text));
}

void TestSimulation::exportsEveryFormat()
{
    QVERIFY(runAndWait(QStringLiteral("ecmp")));
    QTemporaryDir dir;
    QString error;
    for (const QString &name : {QStringLiteral("c.png"), QStringLiteral("c.svg"),
                                QStringLiteral("c.pdf")}) {
        QVERIFY2(mSim->exportPicture(dir.filePath(name), QSize(1200, 800), &error),
                 qPrintable(error));
        QVERIFY(QFileInfo(dir.filePath(name)).size() > 1000);
    }
    QCOMPARE(QImage(dir.filePath(QStringLiteral("c.png"))).size(), QSize(1200, 800));
    // The title says what the colours are, as the CLI's export and the frames do: it gave the
    // time alone, and a slide of instant loads looked like one of means.
    const auto svgTitle = [&] {
        QFile svg(dir.filePath(QStringLiteral("c.svg")));
        return svg.open(QIODevice::ReadOnly) ? QString::fromUtf8(svg.readAll()) : QString();
    };
    QVERIFY(svgTitle().contains(QStringLiteral("loads: mean of")));
    QAction *instant = mWindow->findChild<QAction *>(QStringLiteral("actionInstantLoads"));
    QVERIFY(instant);
    instant->trigger();
    QVERIFY(mSim->exportPicture(dir.filePath(QStringLiteral("c.svg")), QSize(1200, 800), &error));
    QVERIFY(svgTitle().contains(QStringLiteral("loads: at the instant")));
    instant->trigger();
    QVERIFY(!mSim->exportPicture(dir.filePath(QStringLiteral("c.gif")), QSize(10, 10), &error));
    QVERIFY2(mSim->exportReport(dir.filePath(QStringLiteral("r.pdf")), &error), qPrintable(error));
    QVERIFY2(mSim->exportResults(dir.filePath(QStringLiteral("r.csv")), &error), qPrintable(error));
    QVERIFY2(mSim->exportResults(dir.filePath(QStringLiteral("r.flows.csv")), &error),
        qPrintable(error));
    // The name picks the table: links for "*.csv", flows for "*.flows.csv".
    for (const auto &[name, header] : { std::pair { "r.csv", "id,from,to," },
             std::pair { "r.flows.csv", "flow,src,dst,bytes," } }) {
        QFile table(dir.filePath(QLatin1String(name)));
        QVERIFY(table.open(QIODevice::ReadOnly));
        QVERIFY2(table.readLine().startsWith(header), name);
    }
    QVERIFY2(mSim->exportResults(dir.filePath(QStringLiteral("r.json")), &error), qPrintable(error));
    QVERIFY(mSim->analysisDock()->heatmap()->exportPng(dir.filePath(QStringLiteral("h.png"))));
    QVERIFY(mSim->analysisDock()->chartPanel()->exportSvg(dir.filePath(QStringLiteral("ch.svg"))));
    const QStringList frames =
        mSim->exportFrames(dir.filePath(QStringLiteral("frames")), 3, QSize(320, 200), &error);
    QCOMPARE(frames.size(), 3);
    // A long sequence can be stopped from its progress dialog; what was written stays. While it
    // writes, the window's canvas does not repaint each frame behind the dialog (that doubled
    // the time a frame takes), and afterwards it does again.
    bool canvasRepaintedDuringExport = true;
    QTimer::singleShot(0, this, [&] {
        canvasRepaintedDuringExport = mCanvas->viewport()->updatesEnabled();
        if (auto *progress
            = mWindow->findChild<QProgressDialog *>(QStringLiteral("framesProgress")))
            progress->cancel();
    });
    const QStringList stopped
        = mSim->exportFrames(dir.filePath(QStringLiteral("stopped")), 40, QSize(32, 20), &error);
    QVERIFY2(
        !stopped.isEmpty() && stopped.size() < 40, qPrintable(QString::number(stopped.size())));
    QVERIFY(error.startsWith(QStringLiteral("Stopped after")));
    QVERIFY(!canvasRepaintedDuringExport);
    QVERIFY(mCanvas->viewport()->updatesEnabled());
}

void TestSimulation::framesDialogChoosesFolderCountAndSize()
{
    QVERIFY(runAndWait(QStringLiteral("ecmp")));
    QTemporaryDir dir;
    FakePrompts prompts;
    mSim->exportPrompt().setPrompts([&prompts] { return &prompts; });
    const auto field
        = [](QDialog *d, const char *name) { return d->findChild<QWidget *>(QLatin1String(name)); };
    // The first time: 60 Full HD frames into "FABRIC-frames" in the export folder; Browse asks
    // for a folder where the proposed one would go, and the choice takes any count and size.
    prompts.fileName = dir.filePath(QStringLiteral("browsed"));
    QString proposedFolder, firstNote, shortNote;
    bool exportOffWithoutFolder = false;
    prompts.dialog = [&](QDialog *d) {
        auto *folder = qobject_cast<QLineEdit *>(field(d, "framesFolder"));
        auto *count = qobject_cast<QSpinBox *>(field(d, "framesCount"));
        auto *size = qobject_cast<QComboBox *>(field(d, "framesSize"));
        auto *note = qobject_cast<QLabel *>(field(d, "framesNote"));
        auto *browse = qobject_cast<QPushButton *>(field(d, "framesBrowse"));
        auto *buttons = d->findChild<QDialogButtonBox *>();
        if (!folder || !count || !size || !note || !browse || !buttons)
            return false;
        proposedFolder = folder->text();
        firstNote = note->text();
        if (count->value() != 60 || size->currentData().toSize() != QSize(1920, 1080))
            return false;
        QTest::mouseClick(browse, Qt::LeftButton);
        if (folder->text() != prompts.fileName)
            return false;
        folder->clear();
        exportOffWithoutFolder = !buttons->button(QDialogButtonBox::Ok)->isEnabled();
        folder->setText(dir.filePath(QStringLiteral("anim")));
        count->setValue(4);
        size->setCurrentIndex(size->findData(QSize(1280, 720)));
        shortNote = note->text();
        return buttons->button(QDialogButtonBox::Ok)->isEnabled();
    };
    QAction *exportFrames = mWindow->findChild<QAction *>(QStringLiteral("actionExportFrames"));
    exportFrames->trigger();
    QCOMPARE(QFileInfo(proposedFolder).fileName(), QStringLiteral("fat-tree-64-frames"));
    QCOMPARE(prompts.proposedFolder, QFileInfo(proposedFolder).absolutePath());
    // The note says what the count gives: time between frames, length of the video at 25 fps.
    QVERIFY2(firstNote.contains(QStringLiteral("2.4 s of video")), qPrintable(firstNote));
    QVERIFY2(shortNote.contains(QStringLiteral("0.2 s of video")), qPrintable(shortNote));
    QVERIFY(exportOffWithoutFolder);
    const QStringList written
        = QDir(dir.filePath(QStringLiteral("anim"))).entryList({ QStringLiteral("*.png") });
    QCOMPARE(written.size(), 4);
    QCOMPARE(QImage(dir.filePath(QStringLiteral("anim/frame-00003.png"))).size(), QSize(1280, 720));
    QVERIFY2(mWindow->statusBar()->currentMessage().contains(QStringLiteral("4 frames")),
        qPrintable(mWindow->statusBar()->currentMessage()));

    // The next time proposes the last count and size, beside the last animation's folder;
    // cancelling writes nothing.
    int count = 0;
    QSize size;
    prompts.dialog = [&](QDialog *d) {
        proposedFolder = qobject_cast<QLineEdit *>(field(d, "framesFolder"))->text();
        count = qobject_cast<QSpinBox *>(field(d, "framesCount"))->value();
        size = qobject_cast<QComboBox *>(field(d, "framesSize"))->currentData().toSize();
        return false;
    };
    exportFrames->trigger();
    QCOMPARE(count, 4);
    QCOMPARE(size, QSize(1280, 720));
    QCOMPARE(proposedFolder, QDir(dir.path()).filePath(QStringLiteral("fat-tree-64-frames")));
    QVERIFY(!QFileInfo::exists(proposedFolder));

    // A later session proposes them too (they lasted for the session only).
    ExportPrompt later;
    later.setPrompts([&prompts] { return &prompts; });
    count = 0;
    QVERIFY(!later.askFrames(mWindow.get(), mDocument, 1.0));
    QCOMPARE(count, 4);
    QCOMPARE(size, QSize(1280, 720));
    // A size the dialog does not offer, written in the settings by hand, is not proposed.
    QSettings().setValue(QStringLiteral("export/frameSize"), QSize(100000, 9));
    QVERIFY(!later.askFrames(mWindow.get(), mDocument, 1.0));
    QCOMPARE(size, QSize(1920, 1080));
}

void TestSimulation::exportsAskBeforeReplacingWhatTheirDialogDidNot()
{
    QVERIFY(runAndWait(QStringLiteral("ecmp")));
    QTemporaryDir dir;
    FakePrompts prompts;
    mSim->exportPrompt().setPrompts([&prompts] { return &prompts; });
    const auto contents = [](const QString &file) {
        QFile f(file);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };
    const auto writeMarker = [](const QString &file) {
        QFile f(file);
        return f.open(QIODevice::WriteOnly) && f.write("marker") == 6;
    };
    // A slide is written as SVG and PDF: the file dialog asked about the name typed only, and
    // an existing PDF beside it was replaced unasked.
    const QString pdf = dir.filePath(QStringLiteral("sl.pdf"));
    QVERIFY(writeMarker(pdf));
    prompts.fileName = dir.filePath(QStringLiteral("sl.svg"));
    prompts.yes = false;
    mWindow->findChild<QAction *>(QStringLiteral("actionExportSlide"))->trigger();
    QCOMPARE(prompts.questions.size(), 1);
    QVERIFY2(prompts.questions.front().startsWith(QStringLiteral("sl.pdf already exists")),
        qPrintable(prompts.questions.front()));
    QCOMPARE(contents(pdf), QByteArray("marker"));
    QVERIFY(!QFileInfo::exists(prompts.fileName));
    prompts.yes = true;
    mWindow->findChild<QAction *>(QStringLiteral("actionExportSlide"))->trigger();
    QVERIFY(contents(pdf).startsWith("%PDF"));
    QVERIFY(QFileInfo::exists(prompts.fileName));

    // Frames into a folder holding an earlier sequence: Stop used to delete it half-replaced.
    // Declining goes back to the dialog; cancelling it then leaves the sequence as it was.
    const QString folder = dir.filePath(QStringLiteral("anim"));
    QVERIFY(QDir().mkpath(folder));
    for (int i = 0; i < 3; ++i)
        QVERIFY(writeMarker(QDir(folder).filePath(QStringLiteral("frame-0000%1.png").arg(i))));
    int shown = 0;
    prompts.dialog = [&](QDialog *d) {
        auto *edit = d->findChild<QLineEdit *>(QStringLiteral("framesFolder"));
        auto *count = d->findChild<QSpinBox *>(QStringLiteral("framesCount"));
        auto *size = d->findChild<QComboBox *>(QStringLiteral("framesSize"));
        if (!edit || !count || !size)
            return false;
        edit->setText(folder);
        count->setValue(2);
        size->setCurrentIndex(size->findData(QSize(1280, 720)));
        return ++shown == 1;
    };
    prompts.questions.clear();
    prompts.yes = false;
    QAction *frames = mWindow->findChild<QAction *>(QStringLiteral("actionExportFrames"));
    frames->trigger();
    QCOMPARE(shown, 2);
    QCOMPARE(prompts.questions.size(), 1);
    QVERIFY2(prompts.questions.front().contains(QStringLiteral("already holds 3 animation frames")),
        qPrintable(prompts.questions.front()));
    QCOMPARE(
        contents(QDir(folder).filePath(QStringLiteral("frame-00002.png"))), QByteArray("marker"));
    // Said yes to, the new sequence takes the folder's place whole.
    shown = 0;
    prompts.yes = true;
    frames->trigger();
    QCOMPARE(QDir(folder).entryList({ QStringLiteral("frame-*.png") }).size(), 2);
    QCOMPARE(
        QImage(QDir(folder).filePath(QStringLiteral("frame-00001.png"))).size(), QSize(1280, 720));
}

void TestSimulation::editingTheFabricMarksResultsStale()
{
    QVERIFY(runAndWait(QStringLiteral("static")));
    QVERIFY(mSim->currentRun());
    ChangeEvent e;
    e.type = ChangeEvent::Type::Reset;
    mDocument->emitChanged(e);
    QVERIFY(!mSim->currentRun());
    bool ramp = false;
    for (const auto &entry : mCanvas->legendEntries())
        ramp = ramp || entry.symbol == views::LegendEntry::Symbol::Ramp;
    QVERIFY(!ramp);
}

namespace {

/// A main window (the real one, with the document and the scenario keeper) on a fabric of 64
/// GPUs, answering its questions through FakePrompts.
std::unique_ptr<MainWindow> mainWindowOn(Fabric fabric, FakePrompts **prompts)
{
    QStandardPaths::setTestModeEnabled(true);
    auto window = std::make_unique<MainWindow>();
    auto fake = std::make_unique<FakePrompts>();
    *prompts = fake.get();
    window->setPrompts(std::move(fake));
    window->openGenerated(std::move(fabric));
    window->resize(1400, 900);
    window->show();
    return window;
}

Fabric fatTree64()
{
    return gen::generate("ib-fat-tree", nlohmann::json{{"tiers", 2}, {"gpus", 64}});
}

} // namespace

void TestSimulation::resultsNeverCrossToAnotherFabric()
{
    FakePrompts *prompts = nullptr;
    const auto window = mainWindowOn(fatTree64(), &prompts);
    SimulationController *sim = window->simulation();
    AnalysisDock *analysis = sim->analysisDock();
    SimulationDock *dock = sim->simulationDock();
    dock->sizeEdit()->setText(QStringLiteral("64MiB"));
    const auto runWith = [&](const char *routing) {
        QSignalSpy finished(sim, &SimulationController::runFinished);
        QTest::mouseClick(dock->policyButton(QLatin1String(routing)), Qt::LeftButton);
        return finished.wait(60000);
    };
    // What of an earlier fabric's results still shows (empty: nothing).
    const auto leftovers = [&] {
        QStringList shown;
        if (sim->currentRun())
            shown << QStringLiteral("current run ") + sim->currentRun()->label;
        if (!sim->history().isEmpty())
            shown << QStringLiteral("%1 runs in the history").arg(sim->history().size());
        if (analysis->heatmap()->data().rowCount() > 0)
            shown << QStringLiteral("heatmap rows");
        if (!analysis->explainPanel()->sentences().isEmpty())
            shown << analysis->explainPanel()->sentences().join(' ');
        if (analysis->compareView()->left() || analysis->compareView()->right())
            shown << QStringLiteral("a comparison");
        // The dock's lines about the last run: only "run again" may stay.
        const QString status = dock->statusLabel()->text();
        if (!status.isEmpty() && !status.startsWith(QLatin1String("The fabric changed: run")))
            shown << QStringLiteral("status \"%1\"").arg(status);
        if (dock->progressBar()->value() > 0)
            shown << QStringLiteral("progress bar at %1").arg(dock->progressBar()->value());
        if (analysis->heatmap()->title() != views::HeatmapWidget().title())
            shown << QStringLiteral("heatmap title \"%1\"").arg(analysis->heatmap()->title());
        if (!sim->playbackBar()->note().isEmpty())
            shown << QStringLiteral("playback note \"%1\"").arg(sim->playbackBar()->note());
        return shown.join(QStringLiteral("; "));
    };
#define expectNoResults() QVERIFY2(leftovers().isEmpty(), qPrintable(leftovers()))

    // Two runs on the 64-GPU fat-tree: explained, compared, reported.
    QVERIFY(runWith("static"));
    QVERIFY(runWith("ecmp"));
    QCOMPARE(sim->history().size(), 2);
    QVERIFY(analysis->heatmap()->data().rowCount() > 0);
    QVERIFY(analysis->explainPanel()->sentences().join(' ').contains(QLatin1String("64 GPUs")));
    QVERIFY(analysis->compareView()->left());

    // Another fabric: nothing of the old one's runs shows, explains, compares or reports.
    prompts->saveChoice = Prompts::SaveChoice::Discard;
    QVERIFY(window->openGenerated(
        gen::generate("ib-fat-tree", nlohmann::json{{"tiers", 2}, {"gpus", 32}})));
    expectNoResults();
    // The form starts over too (this fabric has no saved scenario to fill it).
    QCOMPARE(dock->sizeEdit()->text(), QStringLiteral("1GiB"));
    QVERIFY(dock->scenario().routing == route::Policy::Ecmp);
    dock->sizeEdit()->setText(QStringLiteral("64MiB"));

    // The next run there stands alone: no comparison with a run of the 64-GPU fabric.
    QVERIFY(runWith("ecmp"));
    QCOMPARE(sim->history().size(), 1);
    QCOMPARE(sim->currentRun()->ranks(), 32);
    const QString explained = analysis->explainPanel()->sentences().join(' ');
    QVERIFY2(explained.contains(QLatin1String("32 GPUs")) && !explained.contains(QLatin1String("64 GPUs")),
             qPrintable(explained));
    QVERIFY(!analysis->compareView()->left());
    // It shows on its own, the empty side saying how to get a comparison.
    QCOMPARE(analysis->compareView()->right(), sim->currentRun());
    QVERIFY2(analysis->compareView()->sideTitle(0).startsWith(QLatin1String("Run again")),
             qPrintable(analysis->compareView()->sideTitle(0)));

    // An edit that changes the fabric (removing a link), and its undo, each forget the runs.
    Document *doc = window->document();
    doc->undoStack()->push(new RemoveLinks(doc, {0}));
    expectNoResults();
    const std::size_t linksWithout = doc->fabric().linkCount();
    QVERIFY(runWith("static"));
    doc->undoStack()->undo(); // the run's saved scenario: the fabric is as it ran
    QVERIFY(sim->currentRun());
    doc->undoStack()->undo(); // the link comes back
    QCOMPARE(doc->fabric().linkCount(), linksWithout + 1);
    expectNoResults();

    // A run still going when the fabric changes is dropped, not shown on the new fabric.
    QSignalSpy finished(sim, &SimulationController::runFinished);
    QTest::mouseClick(dock->runButton(), Qt::LeftButton);
    QVERIFY(sim->runner()->isRunning());
    QVERIFY(window->openGenerated(fatTree64()));
    sim->runner()->waitForIdle();
    QTest::qWait(50);
    QCOMPARE(finished.count(), 0);
    expectNoResults();

    // A run that failed names what was wrong with that fabric: the error goes with it.
    Fabric unlinked = testing::smallTree();
    unlinked.removeLink(1); // gpu-1 has no link left
    QVERIFY(window->openGenerated(std::move(unlinked)));
    QSignalSpy failed(sim, &SimulationController::runFailed);
    QTest::mouseClick(dock->runButton(), Qt::LeftButton);
    QVERIFY(failed.wait(60000));
    QVERIFY2(dock->statusLabel()->text().contains(QLatin1String("gpu-1")),
        qPrintable(dock->statusLabel()->text()));
    Document *unlinkedDoc = window->document();
    unlinkedDoc->undoStack()->push(new AddLinks(unlinkedDoc,
        { testing::makeLink(
            unlinkedDoc->fabric().findNode("gpu-1"), unlinkedDoc->fabric().findNode("leaf-0")) }));
    expectNoResults();
    unlinkedDoc->undoStack()->undo(); // unlinked again: it fails again, then another fabric opens
    QTest::mouseClick(dock->runButton(), Qt::LeftButton);
    QVERIFY(failed.wait(60000));
    QVERIFY(window->openGenerated(fatTree64()));
    expectNoResults();
#undef expectNoResults
}

void TestSimulation::routingDefaultFollowsTheFabric()
{
    // A torus routes by dimension order and a switch fabric hashes: a new file's form says so,
    // and so does the form when the fabric itself changes kind; a routing the user chose stays.
    FakePrompts *prompts = nullptr;
    const auto window = mainWindowOn(fatTree64(), &prompts);
    prompts->saveChoice = Prompts::SaveChoice::Discard;
    SimulationDock *dock = window->simulation()->simulationDock();
    QVERIFY(dock->scenario().routing == route::Policy::Ecmp);
    QVERIFY(window->openGenerated(
        gen::generate("tpu-torus", nlohmann::json { { "x", 4 }, { "y", 4 }, { "z", 4 } })));
    QCOMPARE(dock->routingBox()->currentData().toString(), QStringLiteral("dor"));
    QVERIFY2(dock->problem().isEmpty(), qPrintable(dock->problem()));
    QVERIFY(window->openGenerated(
        gen::generate("ib-fat-tree", nlohmann::json { { "tiers", 2 }, { "gpus", 32 } })));
    QCOMPARE(dock->routingBox()->currentData().toString(), QStringLiteral("ecmp"));

    // The same document turned into a torus (an edit, not a new file).
    SimulationDock *fixtureDock = mSim->simulationDock();
    const auto becomeTorus = [&] {
        Fabric torus
            = gen::generate("tpu-torus", nlohmann::json { { "x", 4 }, { "y", 4 }, { "z", 4 } });
        mDocument->swapFabric(torus); // the fat-tree goes into torus
        return torus;
    };
    Fabric fatTree = becomeTorus();
    QCOMPARE(fixtureDock->routingBox()->currentData().toString(), QStringLiteral("dor"));
    mDocument->swapFabric(fatTree);
    QCOMPARE(fixtureDock->routingBox()->currentData().toString(), QStringLiteral("ecmp"));
    fixtureDock->routingBox()->setCurrentIndex(
        fixtureDock->routingBox()->findData(QStringLiteral("adaptive")));
    becomeTorus();
    QCOMPARE(fixtureDock->routingBox()->currentData().toString(), QStringLiteral("adaptive"));
}

void TestSimulation::wheelChangesOnlyFocusedFields()
{
    mWindow->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(mWindow.get()));
    SimulationDock *dock = mSim->simulationDock();
    const QList<QSpinBox *> boxes = dock->findChildren<QSpinBox *>();
    QVERIFY(!boxes.isEmpty());
    QSpinBox *box = boxes.back();
    box->setValue(box->minimum() + 1);
    const int before = box->value();
    const auto wheel = [box] {
        const QPointF at(box->width() / 2.0, box->height() / 2.0);
        QWheelEvent event(at, box->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(box, &event);
    };
    // Scrolling the dock over an unfocused field leaves its value alone...
    dock->setFocus();
    wheel();
    QCOMPARE(box->value(), before);
    // ...and a field the user clicked into takes the wheel.
    box->setFocus();
    QTRY_VERIFY(box->hasFocus());
    wheel();
    QCOMPARE(box->value(), before + 1);
}

void TestSimulation::scenariosAreSavedAndReRunOnOpen()
{
    FakePrompts *prompts = nullptr;
    const auto window = mainWindowOn(fatTree64(), &prompts);
    SimulationController *sim = window->simulation();
    SimulationDock *dock = sim->simulationDock();
    QVERIFY(!dock->savedBox()->isEnabled());
    dock->sizeEdit()->setText(QStringLiteral("64MiB"));
    dock->routingBox()->setCurrentIndex(dock->routingBox()->findData(QStringLiteral("static")));
    dock->nameEdit()->setText(QStringLiteral("static ring"));

    // A run is kept in the document, as an undoable edit that makes it modified.
    QSignalSpy finished(sim, &SimulationController::runFinished);
    QTest::mouseClick(dock->runButton(), Qt::LeftButton);
    QVERIFY(finished.wait(60000));
    const auto first = finished.at(0).at(0).value<views::SimRunPtr>();
    Document *doc = window->document();
    QCOMPARE(doc->scenarios().items.size(), 1);
    QCOMPARE(doc->scenarios().items[0].name, QStringLiteral("static ring"));
    QCOMPARE(doc->scenarios().items[0].scenario, dock->scenario());
    QCOMPARE(doc->scenarios().lastRun, 0);
    QVERIFY(doc->isModified());
    QCOMPARE(dock->savedBox()->count(), 1);
    QCOMPARE(dock->savedBox()->currentText(), QStringLiteral("static ring"));
    doc->undoStack()->undo();
    QCOMPARE(doc->scenarios().items.size(), 0);
    QCOMPARE(dock->savedBox()->count(), 0);
    doc->undoStack()->redo();
    QCOMPARE(doc->scenarios().items.size(), 1);

    // The same settings again add nothing; other settings add a second scenario.
    finished.clear();
    QTest::mouseClick(dock->runButton(), Qt::LeftButton);
    QVERIFY(finished.wait(60000));
    QCOMPARE(doc->scenarios().items.size(), 1);
    finished.clear();
    QTest::mouseClick(dock->policyButton(QStringLiteral("ecmp")), Qt::LeftButton);
    QVERIFY(finished.wait(60000));
    QCOMPARE(doc->scenarios().items.size(), 2);
    QCOMPARE(doc->scenarios().lastRun, 1);
    QVERIFY(doc->scenarios().items[1].name.contains(QStringLiteral("ecmp")));

    // Rename (asked through the prompts) and delete, both undoable.
    prompts->text = QStringLiteral("ecmp ring");
    dock->savedBox()->setCurrentIndex(1);
    QTest::mouseClick(dock->renameSavedButton(), Qt::LeftButton);
    QCOMPARE(doc->scenarios().items[1].name, QStringLiteral("ecmp ring"));
    QTest::mouseClick(dock->deleteSavedButton(), Qt::LeftButton);
    QCOMPARE(doc->scenarios().items.size(), 1);
    doc->undoStack()->undo();
    QCOMPARE(doc->scenarios().items.size(), 2);
    QCOMPARE(doc->scenarios().items[1].name, QStringLiteral("ecmp ring"));

    // Run the first again from the list: it becomes the last run.
    dock->savedBox()->setCurrentIndex(0);
    finished.clear();
    QTest::mouseClick(dock->runSavedButton(), Qt::LeftButton);
    QVERIFY(finished.wait(60000));
    QCOMPARE(doc->scenarios().lastRun, 0);
    QCOMPARE(dock->routingBox()->currentData().toString(), QStringLiteral("static"));

    // Save, then reopen: the list is back and the last run is computed again.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("with-scenarios.fabric.json"));
    QVERIFY(window->saveAs(path));
    QVERIFY(!doc->isModified());
    finished.clear();
    QVERIFY(window->openFile(path));
    QVERIFY(window->document() != doc);
    doc = window->document();
    QCOMPARE(doc->scenarios().items.size(), 2);
    QCOMPARE(doc->scenarios().items[1].name, QStringLiteral("ecmp ring"));
    QCOMPARE(doc->scenarios().lastRun, 0);
    QVERIFY(!doc->isModified());
    QCOMPARE(dock->savedBox()->count(), 2);
    QCOMPARE(dock->savedBox()->currentText(), QStringLiteral("static ring"));
    QVERIFY(finished.wait(60000));
    const auto again = finished.at(0).at(0).value<views::SimRunPtr>();
    QCOMPARE(again->routing, QStringLiteral("static"));
    QCOMPARE(again->result.completionS, first->result.completionS);
    QCOMPARE(sim->currentRun(), again);
    // Re-running an identical saved scenario is not an edit.
    QVERIFY(!doc->isModified());
    sim->runner()->waitForIdle();
    // The main window has the playback keys on its canvas (once it has the focus, as after a
    // click on it). Keys go to the window, as the platform sends them: Qt hands each to the
    // window (a QWindow, no widget) before the focused widget, and Space's release to the
    // window had cleared the tap, so Space never played.
    window->activateWindow();
    window->canvas()->setFocus();
    QWindow *platformWindow = window->windowHandle();
    QVERIFY(platformWindow);
    QTest::keyClick(platformWindow, Qt::Key_Home);
    QCOMPARE(sim->clock()->timeS(), 0.0);
    QTest::keyClick(platformWindow, Qt::Key_Space);
    QVERIFY(sim->clock()->isPlaying());
    QTest::keyClick(platformWindow, Qt::Key_Space);
    QVERIFY(!sim->clock()->isPlaying());
}

void TestSimulation::runsOfOneKindAreNamedApart()
{
    // A sweep after a 1 GiB run put two "allreduce ring · ecmp" lines in the charts, two rows
    // in the report's table and "allreduce ring · ecmp finished in 129 ms, 3.99x faster than
    // allreduce ring · ecmp (514 ms)": a 4 GiB run against a 1 GiB one. The saved list had two
    // "allreduce ring 64 MiB static" for runs apart only in their QPs.
    FakePrompts *prompts = nullptr;
    const auto window = mainWindowOn(fatTree64(), &prompts);
    SimulationController *sim = window->simulation();
    SimulationDock *dock = sim->simulationDock();
    dock->sizeEdit()->setText(QStringLiteral("64MiB"));
    dock->routingBox()->setCurrentIndex(dock->routingBox()->findData(QStringLiteral("static")));
    QSignalSpy finished(sim, &SimulationController::runFinished);
    const auto run = [&] {
        finished.clear();
        QTest::mouseClick(dock->runButton(), Qt::LeftButton);
        return finished.wait(60000) ? finished.at(0).at(0).value<views::SimRunPtr>() : nullptr;
    };
    const views::SimRunPtr first = run();
    QVERIFY(first);
    QCOMPARE(first->label, QStringLiteral("allreduce ring \u00b7 static"));
    dock->sizeEdit()->setText(QStringLiteral("256MiB"));
    const views::SimRunPtr larger = run();
    QVERIFY(larger);
    QCOMPARE(larger->label, QStringLiteral("allreduce ring \u00b7 static \u00b7 256 MiB"));
    dock->sizeEdit()->setText(QStringLiteral("64MiB"));
    dock->qpsBox()->setValue(2);
    const views::SimRunPtr twoQps = run();
    QVERIFY(twoQps);
    QCOMPARE(
        twoQps->label, QStringLiteral("allreduce ring \u00b7 static \u00b7 64 MiB \u00b7 2 QPs"));
    // The same scenario again is numbered, not a second line of the same name.
    const views::SimRunPtr again = run();
    QVERIFY(again);
    QCOMPARE(again->label, twoQps->label + QStringLiteral(" (2)"));

    // The saved scenarios say what sets them apart too.
    const QList<SavedScenario> &saved = window->document()->scenarios().items;
    QCOMPARE(saved.size(), 3);
    QCOMPARE(saved[0].name, QStringLiteral("allreduce ring 64 MiB static"));
    QCOMPARE(saved[1].name, QStringLiteral("allreduce ring 256 MiB static"));
    QCOMPARE(saved[2].name, QStringLiteral("allreduce ring 64 MiB static \u00b7 2 QPs"));

    // Runs of different sizes are compared by bus bandwidth, not by time.
    const QString verdict
        = views::compareRuns(views::RunSummary(*larger), views::RunSummary(*first));
    QVERIFY2(verdict.contains(QStringLiteral("bus bandwidth")) && !verdict.contains("faster"),
        qPrintable(verdict));
    QVERIFY2(verdict.startsWith(QStringLiteral("allreduce ring · static · 256 MiB reached a bus "
                                               "bandwidth of "))
            && verdict.contains(QStringLiteral("that of allreduce ring · static at 64 MiB (")),
        qPrintable(verdict));
}

void TestSimulation::refusesAMalformedScenario()
{
    FakePrompts *prompts = nullptr;
    const auto window = mainWindowOn(fatTree64(), &prompts);
    QTemporaryDir dir;
    const QString good = dir.filePath(QStringLiteral("good.fabric.json"));
    ScenarioList list;
    list.items.append({QStringLiteral("ring"), collective::Scenario{}});
    window->document()->undoStack()->push(
        new ChangeScenarios(window->document(), list, QStringLiteral("add")));
    QVERIFY(window->saveAs(good));
    Document *doc = window->document();

    QFile file(good);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    file.close();
    QVERIFY(text.contains("\"bytes\":1073741824.0,"));
    const struct
    {
        const char *from, *to, *path;
    } faults[] = {
        { "\"bytes\":1073741824.0", "\"bytes\":\"lots\"",
            "/scenarios/0/bytes: must be a whole number of bytes above 0" },
        { "\"routing\":\"ecmp\"", "\"routing\":\"fastest\"", "/scenarios/0/routing" },
        { "\"name\":\"ring\"", "\"name\":7", "/scenarios/0/name" },
        { "\"qps\":1", "\"qps\":1,\"colour\":2", "/scenarios/0/colour: unknown field" },
    };
    for (const auto &fault : faults) {
        QByteArray broken = text;
        broken.replace(fault.from, fault.to);
        QVERIFY(broken != text);
        const QString path = dir.filePath(QStringLiteral("bad.fabric.json"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(broken);
        out.close();
        prompts->errors.clear();
        QVERIFY(!window->openFile(path));
        QCOMPARE(prompts->errors.size(), 1);
        QVERIFY2(prompts->errors[0].contains(QStringLiteral("bad.fabric.json: ") + fault.path),
                 qPrintable(prompts->errors[0]));
        // The open document stays, scenarios and all.
        QCOMPARE(window->document(), doc);
        QCOMPARE(doc->scenarios().items.size(), 1);
    }
}

void TestSimulation::sweepChartsBusbwAgainstSize()
{
    SimulationDock *dock = mSim->simulationDock();
    dock->routingBox()->setCurrentIndex(dock->routingBox()->findData(QStringLiteral("static")));
    QSignalSpy finished(mSim, &SimulationController::runFinished);
    // Each size's run says which of how many it is (each restarted the bar under "Running
    // allreduce...", with no sign of how far the sweep had got).
    QStringList statuses;
    QTimer watch;
    connect(&watch, &QTimer::timeout, this, [&] {
        const QString now = dock->statusLabel()->text();
        if (statuses.isEmpty() || statuses.last() != now)
            statuses << now;
    });
    watch.start(1);
    mSim->runSweep();
    QVERIFY(mSim->isSweeping());
    QVERIFY2(dock->statusLabel()->text().startsWith(QStringLiteral("Sweep: size 1 of 12 (1 KiB)")),
        qPrintable(dock->statusLabel()->text()));
    QTRY_VERIFY_WITH_TIMEOUT(!mSim->isSweeping(), 120000);
    watch.stop();
    QVERIFY2(!statuses.filter(QStringLiteral("Sweep: size 12 of 12 (4 GiB): Running")).isEmpty(),
        qPrintable(statuses.join(QLatin1Char('|'))));
    // Only the last size reports a finished run; every size is a point.
    QCOMPARE(finished.count(), 1);
    const views::ChartSpec &spec = mSim->analysisDock()->chartPanel()->spec();
    QCOMPARE(spec.lines.size(), 1);
    QCOMPARE(mSim->analysisDock()->chartPanel()->seriesCount(), 1);
    const QList<QPointF> &points = spec.lines.front().points;
    QCOMPARE(points.size(), 12); // 1 KiB, 4 KiB, ... 4 GiB, x in log2(bytes)
    QCOMPARE(points.front().x(), 10.0);
    QCOMPARE(points.back().x(), 32.0);
    for (int i = 1; i < points.size(); ++i) {
        QVERIFY(points[i].x() > points[i - 1].x());
        // Latency dominates small messages; busbw only grows with size.
        QVERIFY2(points[i].y() >= points[i - 1].y() * 0.999,
                 qPrintable(QStringLiteral("%1 < %2 at %3 bytes")
                                .arg(points[i].y())
                                .arg(points[i - 1].y())
                                .arg(points[i].x())));
    }
    QVERIFY(points.front().y() < 0.1 * points.back().y());
    // Large messages approach the bandwidth bound: the last two sizes are within 10%.
    QVERIFY(points[points.size() - 2].y() > 0.9 * points.back().y());
    const auto last = finished.at(0).at(0).value<views::SimRunPtr>();
    QCOMPARE(last->messageBytes(), 4294967296.0);
    QCOMPARE(points.back().y(), last->summary.busbwGBps);
    // The run on screen is the 4 GiB one, not the form's 64 MiB: the dock says which.
    const QString status = mSim->simulationDock()->statusLabel()->text();
    QVERIFY2(status.startsWith(QStringLiteral("Sweep done: busbw at 12 sizes in Charts. On "
                                              "screen, the 4 GiB run: allreduce ring")),
        qPrintable(status));
}

void TestSimulation::playbackKeysWorkOnTheCanvas()
{
    new PlaybackKeys(mWindow.get(), mSim);
    views::PlaybackClock *clock = mSim->clock();
    // No run yet: Space is only the canvas's pan key.
    QTest::keyClick(mCanvas, Qt::Key_Space);
    QVERIFY(!clock->isPlaying());
    const views::SimRunPtr run = runAndWait(QStringLiteral("static"));
    QVERIFY(run);
    mWindow->activateWindow();
    mCanvas->setFocus();
    clock->setSpeed(1);

    QTest::keyClick(mCanvas, Qt::Key_Home);
    QCOMPARE(clock->timeS(), 0.0);
    QTest::keyClick(mCanvas, Qt::Key_Right);
    const double next = clock->timeS();
    QVERIFY(next > 0);
    QTest::keyClick(mCanvas, Qt::Key_Right);
    QVERIFY(clock->timeS() > next);
    QTest::keyClick(mCanvas, Qt::Key_Left);
    QCOMPARE(clock->timeS(), next);
    QTest::keyClick(mCanvas, Qt::Key_End);
    QCOMPARE(clock->timeS(), clock->endS());
    QTest::keyClick(mCanvas, Qt::Key_Home);

    // A Space tap plays and pauses, on the canvas and on its viewport.
    QTest::keyClick(mCanvas, Qt::Key_Space);
    QVERIFY(clock->isPlaying());
    QTest::keyClick(mCanvas->viewport(), Qt::Key_Space);
    QVERIFY(!clock->isPlaying());

    // Space + drag pans and does not play.
    const QPoint from = mCanvas->viewport()->rect().center();
    mCanvas->zoomBy(4);
    const QPointF centre = mCanvas->mapToScene(from);
    QTest::keyPress(mCanvas, Qt::Key_Space);
    QTest::mousePress(mCanvas->viewport(), Qt::LeftButton, {}, from);
    QTest::mouseMove(mCanvas->viewport(), from + QPoint(60, 0));
    QTest::mouseRelease(mCanvas->viewport(), Qt::LeftButton, {}, from + QPoint(60, 0));
    QTest::keyRelease(mCanvas, Qt::Key_Space);
    QVERIFY(!clock->isPlaying());
    QVERIFY(mCanvas->mapToScene(from) != centre);

    // Text fields keep their keys.
    const double before = clock->timeS();
    SimulationDock *dock = mSim->simulationDock();
    dock->sizeEdit()->setFocus();
    QTest::keyClick(dock->sizeEdit(), Qt::Key_Right);
    QTest::keyClick(dock->sizeEdit(), Qt::Key_Space);
    QCOMPARE(clock->timeS(), before);
    QVERIFY(!clock->isPlaying());
    QVERIFY(dock->sizeEdit()->text().endsWith(QLatin1Char(' ')));
}

void TestSimulation::loadsAreAveragedUnlessAskedForTheInstant()
{
    const views::SimRunPtr run = runAndWait(QStringLiteral("ecmp"));
    QVERIFY(run);
    views::PlaybackBar *bar = mSim->playbackBar();
    QAction *instant = mSim->instantLoadsAction();
    QVERIFY(!instant->isChecked());
    const double window = views::LoadSampler::defaultWindowS(run->result.timeline.endS());
    QCOMPARE(bar->note(), views::LoadSampler::windowNote(window));
    // A rule sets the note apart from the clock, so "129 ms loads: ..." never runs together.
    auto *rule = bar->findChild<QFrame *>(QStringLiteral("playbackNoteRule"));
    QVERIFY(rule);
    QVERIFY(rule->isVisibleTo(bar));
    // What the canvas shows is what a sampler with that window gives.
    const double t = 0.37 * run->result.completionS;
    mSim->clock()->seek(t);
    auto expectLoads = [&](double w) {
        views::LoadSampler sampler(run->result);
        sampler.setWindowS(w);
        sampler.seek(t);
        const auto shown = mCanvas->linkLoads();
        const auto want = sampler.utilisation();
        return std::equal(shown.begin(), shown.end(), want.begin(), want.end());
    };
    QVERIFY(expectLoads(window));
    instant->trigger();
    QCOMPARE(bar->note(), QStringLiteral("loads: at the instant"));
    QVERIFY(expectLoads(0));
    QVERIFY(mSim->analysisDock()->compareView()->instantLoads());
    instant->trigger();
    QVERIFY(expectLoads(window));
    QVERIFY(!mSim->analysisDock()->compareView()->instantLoads());
}

/// Renders most of docs/screenshots/sim-*.png (tst_simulation_overlays renders the playback
/// windows) into the folder FABRICSCOPE_SCREENSHOTS names, else a temporary one, and checks
/// every picture.
void TestSimulation::screenshots()
{
    const testing::ScreenshotFolder out;
    SimulationDock *dock = mSim->simulationDock();
    auto save = [&](const QImage &image, const QString &name) { return out.save(image, name); };
    auto shoot = [&](const QString &name) {
        mWindow->resize(1600, 1000);
        QTest::qWait(50);
        return save(mWindow->grab().toImage(), name);
    };
    // The polarisation lesson's fabric: a 3-tier fat-tree of radix 8 (two hashing stages, so
    // it can polarise), ranks spread over the pods so every ring step crosses the core.
    Fabric tree = gen::generate(
        "ib-fat-tree", nlohmann::json{{"tiers", 3}, {"radix", 8}, {"rail_optimised", false}});
    mDocument->swapFabric(tree);
    mCanvas->zoomToFit();
    dock->sizeEdit()->setText(QStringLiteral("256MiB"));
    collective::Scenario s = dock->scenario();
    s.placement = collective::Placement::Spread;
    dock->setScenario(s);
    const views::SimRunPtr polarized = runAndWait(QStringLiteral("ecmp-polarized"));
    const views::SimRunPtr adaptive = runAndWait(QStringLiteral("adaptive"));
    const views::SimRunPtr ecmp = runAndWait(QStringLiteral("ecmp"));
    QVERIFY(polarized && adaptive && ecmp);
    // The pictures must show the lesson: polarised slower than seeded ECMP, slower than adaptive.
    QVERIFY(polarized->result.completionS > 1.2 * ecmp->result.completionS);
    QVERIFY(ecmp->result.completionS > 1.2 * adaptive->result.completionS);
    CompareView *compare = mSim->analysisDock()->compareView();
    compare->setRuns(mSim->history()[2], mSim->history()[0]);
    QCOMPARE(save(compare->renderImage(QSize(1800, 1000)),
              QStringLiteral("sim-compare-polarized-vs-ecmp.png")), QString());
    compare->setRuns(mSim->history()[0], mSim->history()[1]);
    QCOMPARE(save(compare->renderImage(QSize(1800, 1000)),
              QStringLiteral("sim-compare-ecmp-vs-adaptive.png")), QString());
    mSim->analysisDock()->showChart(AnalysisDock::Chart::CompareTime);
    QCOMPARE(save(mSim->analysisDock()->chartPanel()->renderImage(QSize(1000, 600)),
              QStringLiteral("sim-chart-completion.png")), QString());
    mSim->analysisDock()->showChart(AnalysisDock::Chart::LinkLoad);
    QCOMPARE(save(mSim->analysisDock()->chartPanel()->renderImage(QSize(1000, 600)),
              QStringLiteral("sim-chart-ecmp-histogram.png")), QString());
    views::HeatmapWidget *heatmap = mSim->analysisDock()->heatmap();
    heatmap->setData(views::HeatmapData::build(*ecmp->fabric, ecmp->result));
    QCOMPARE(save(heatmap->renderImage(QSize(1600, 900)),
              QStringLiteral("sim-heatmap.png")), QString());

    // SHARP against ring on the same fabric.
    s = dock->scenario();
    s.placement = collective::Placement::Packed;
    s.routing = route::Policy::Static;
    s.algorithm = collective::Algorithm::Ring;
    dock->setScenario(s);
    const views::SimRunPtr ring = runAndWait();
    s.algorithm = collective::Algorithm::Sharp;
    dock->setScenario(s);
    const views::SimRunPtr sharp = runAndWait();
    QVERIFY(ring && sharp);
    compare->setRuns(ring, sharp);
    QCOMPARE(save(compare->renderImage(QSize(1800, 1000)),
              QStringLiteral("sim-sharp-vs-ring.png")), QString());
    mSim->analysisDock()->showTab(mSim->analysisDock()->explainPanel());
    QCOMPARE(shoot(QStringLiteral("sim-sharp-explain.png")), QString());
}

void TestSimulation::compareSidePromptWrapsInANarrowDock()
{
    // Beside the fabric in presentation mode at 1280x720 the Compare page is about 400 px wide:
    // the prompt over a side with no run yet showed only its middle, cut on both sides.
    CompareView view;
    view.setRuns(nullptr, nullptr);
    view.resize(400, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QString prompt = view.sideTitle(0);
    QVERIFY(prompt.startsWith(QStringLiteral("Run again")));
    const QLabel *title = nullptr;
    for (const QLabel *label : view.findChildren<QLabel *>())
        if (label->text() == prompt)
            title = label;
    QVERIFY(title);
    QVERIFY(title->fontMetrics().horizontalAdvance(prompt) > title->width());
    const QRect needed = title->fontMetrics().boundingRect(
        title->contentsRect(), Qt::TextWordWrap | title->alignment(), prompt);
    QTRY_VERIFY2(title->wordWrap() && title->contentsRect().contains(needed),
        qPrintable(QStringLiteral("needs %1x%2, has %3x%4")
                       .arg(needed.width())
                       .arg(needed.height())
                       .arg(title->contentsRect().width())
                       .arg(title->contentsRect().height())));
}

QTEST_MAIN(TestSimulation)
#include "tst_simulation.moc"
