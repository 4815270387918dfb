// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "canvas/fabriccanvas.h"
#include "cutforms.h"
#include "fakeprompts.h"
#include "heatmap/heatmapwidget.h"
#include "lessons.h"
#include "mainwindow.h"
#include "metricsdock.h"
#include "simulation/analysisdock.h"
#include "simulation/compareview.h"
#include "simulation/simulationcontroller.h"
#include "simulation/simulationdock.h"
#include "startup.h"

#include <QAction>
#include <QFontMetrics>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest>

using namespace fabric;
using namespace fabric::app;

/// Presentation mode on a 1920x1080 screen, where the results stay under the fabric (on a
/// screen under 900 px they move beside it; tst_mainwindow covers that, on the offscreen
/// platform's default screen). CMake runs this test on a 1920x1080 offscreen screen
/// (tests/data/screens/1920x1080.json); without it, initTestCase fails.
class TestPresentation1080 : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void firstStartShowsTheRoutingButtons();
    void resultsAndControlsReadFromTheBack();
    void presentationRehearsesAProjectorInAWindow();
    void leavingFullScreenPutsTheDocksBack();
    void compareFitsItsTabAgainAfterPresenting();
    void compareGetsRoomBesideTheFabric();

private:
    MainWindow *mWindow = nullptr;
};

void TestPresentation1080::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("FabricScopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_presentation_1080"));
    QSettings().clear();
    const QScreen *screen = QGuiApplication::primaryScreen();
    QVERIFY(screen);
    QCOMPARE(screen->geometry().size(), QSize(1920, 1080));
    mWindow = new MainWindow;
    mWindow->setPrompts(std::make_unique<FakePrompts>());
    mWindow->openDefaultFabric();
    mWindow->showMaximized();
}

void TestPresentation1080::cleanupTestCase()
{
    delete mWindow;
}

void TestPresentation1080::firstStartShowsTheRoutingButtons()
{
    // A first start (no settings) at Full HD: the simulation form shows every row down to the
    // routing buttons that re-run a scenario in one click, whole, without scrolling. At 3/5 of
    // the right column they were cut in half.
    const SimulationDock *dock = mWindow->simulation()->simulationDock();
    const QWidget *spray = dock->policyButton(QStringLiteral("spray"));
    QVERIFY(spray);
    const auto *form
        = qobject_cast<const QScrollArea *>(spray->parentWidget()->parentWidget()->parentWidget());
    QVERIFY(form);
    const auto shownWhole = [&] {
        const QRect inViewport(spray->mapTo(form->viewport(), QPoint(0, 0)), spray->size());
        return form->viewport()->rect().contains(inViewport);
    };
    QTRY_VERIFY2(shownWhole(),
        qPrintable(QStringLiteral("routing buttons at %1 to %2 px in a %3 px form")
                       .arg(spray->mapTo(form->viewport(), QPoint(0, 0)).y())
                       .arg(spray->mapTo(form->viewport(), QPoint(0, spray->height())).y())
                       .arg(form->viewport()->height())));
    // The metrics above keep a few rows.
    QVERIFY(mWindow->simulation()->simulationDock()->y() > 200);
}

void TestPresentation1080::resultsAndControlsReadFromTheBack()
{
    SimulationController *sim = mWindow->simulation();
    QSignalSpy finished(sim, &SimulationController::runFinished);
    QTest::mouseClick(sim->simulationDock()->runButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 60000);

    QAction *presentation = mWindow->action(QStringLiteral("actionPresentation"));
    presentation->trigger();
    QVERIFY(presentation->isChecked());
    QVERIFY(!mWindow->resultsBesideFabric());
    QTRY_COMPARE(mWindow->size(), QSize(1920, 1080));

    // The results under the fabric grow with their text: at the quarter of the height they
    // have otherwise, the heatmap's group names shrank to about 7 px.
    const QWidget *results = sim->analysisDock();
    QTRY_VERIFY2(results->height() >= 1080 / 3,
        qPrintable(QStringLiteral("results %1 px high").arg(results->height())));
    const views::HeatmapWidget *heatmap = sim->analysisDock()->heatmap();
    const int groups = int(heatmap->data().groups().size());
    QVERIFY(groups >= 6); // GPU-host, GPU-leaf and leaf-spine, both ways
    // Title, time axis and its caption, and a line of text for each group's band.
    const int line = QFontMetrics(heatmap->font()).height();
    QVERIFY2(heatmap->height() >= (groups + 4) * line,
        qPrintable(QStringLiteral("heatmap %1 px high for %2 groups, text %3 px")
                       .arg(heatmap->height())
                       .arg(groups)
                       .arg(line)));
    // The fabric keeps most of the height.
    QVERIFY(mWindow->canvas()->height() >= 1080 / 2 - 100);
    // The results lie under the fabric only, so the inspector and metrics above the
    // simulation controls keep rows to read: across the window they left them a strip of one
    // field (about 150 px).
    QTRY_VERIFY(results->geometry().right() < mWindow->simulation()->simulationDock()->x());
    const QWidget *metrics = mWindow->metricsDock();
    QTRY_VERIFY2(metrics->height() >= 250,
        qPrintable(QStringLiteral("metrics and inspector %1 px high").arg(metrics->height())));

    // Every form that scrolls only up and down shows its rows whole in the larger text.
    QTRY_VERIFY2(firstCutForm(mWindow).isEmpty(), qPrintable(firstCutForm(mWindow)));
    // Left, the results span the window's width again.
    presentation->trigger();
    QVERIFY(mWindow->corner(Qt::BottomRightCorner) == Qt::BottomDockWidgetArea);
    QTRY_VERIFY(results->geometry().right() > mWindow->simulation()->simulationDock()->x());
}

namespace {

/// `fabricscope --presentation --size 1280x720 EXTRA...` started in @p window on this 1920x1080
/// screen; false, with a warning, when it did not come up presenting at that size.
bool presentAt1280x720(MainWindow &window, const QStringList &extra = {})
{
    QString error;
    const auto options = parseCommandLine(
        QStringList { QStringLiteral("fabricscope"), QStringLiteral("--presentation"),
            QStringLiteral("--size"), QStringLiteral("1280x720") }
            + extra,
        &error);
    if (!options) {
        qWarning() << error;
        return false;
    }
    window.setPrompts(std::make_unique<FakePrompts>());
    window.show();
    return applyStartup(window, *options) && QTest::qWaitFor([&] {
        return window.action(QStringLiteral("actionPresentation"))->isChecked()
            && window.size() == QSize(1280, 720);
    });
}

} // namespace

void TestPresentation1080::presentationRehearsesAProjectorInAWindow()
{
    // `fabricscope --presentation --size 1280x720` on this 1920x1080 screen: the window a
    // 1280x720 projector would show, not full screen (a screenshot so made came out the
    // screen's size, whatever --size said), with the results beside the fabric as on a
    // screen that short.
    MainWindow window;
    QVERIFY(presentAt1280x720(window));
    QVERIFY(!window.isFullScreen());
    QVERIFY(window.resultsBesideFabric());
    // Leaving presentation mode puts the results back under the fabric.
    window.action(QStringLiteral("actionPresentation"))->trigger();
    QVERIFY(!window.resultsBesideFabric());
}

namespace {

/// F11 and back in a 1280x720 window, each step laid out.
void presentAndLeave(MainWindow &window)
{
    QAction *presentation = window.action(QStringLiteral("actionPresentation"));
    presentation->trigger();
    QTRY_VERIFY(window.isFullScreen());
    QTest::qWait(200);
    presentation->trigger();
    QTRY_COMPARE(window.size(), QSize(1280, 720));
}

} // namespace

void TestPresentation1080::leavingFullScreenPutsTheDocksBack()
{
    // F11 twice in a 1280x720 window: the docks were put back while the window was still full
    // screen, kept their full-screen widths, and the window's shrinking then came out of the
    // canvas (the right column 55 px wider, a row of metrics cut).
    MainWindow window;
    window.setPrompts(std::make_unique<FakePrompts>());
    window.openDefaultFabric();
    window.resize(1280, 720);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTest::qWait(100); // the first start's dock sizes
    const int canvasWidth = window.canvas()->width();
    const int simulationWidth = window.simulation()->simulationDock()->width();
    presentAndLeave(window);
    QTRY_COMPARE(window.simulation()->simulationDock()->width(), simulationWidth);
    QCOMPARE(window.canvas()->width(), canvasWidth);
}

void TestPresentation1080::compareFitsItsTabAgainAfterPresenting()
{
    // The Compare tab, F11 and back in a 1280x720 window: its page kept the height presentation
    // mode's larger drawings had asked for (a view's size hint is its scene at its zoom), so it
    // scrolled in the short dock with the fabrics cut at their top.
    MainWindow window;
    window.setPrompts(std::make_unique<FakePrompts>());
    QVERIFY(openLesson(window, QStringLiteral("ecmp-polarization")));
    window.resize(1280, 720);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    AnalysisDock *analysis = window.simulation()->analysisDock();
    analysis->showTab(analysis->compareView());
    const auto *page = qobject_cast<const QScrollArea *>(
        analysis->compareView()->parentWidget()->parentWidget());
    QVERIFY(page);
    // Under a 1280x720 window's short dock the table scrolls below the fabrics by design: the
    // page is as tall as its minimum, which presenting must not have raised.
    QTest::qWait(200);
    const int before = page->widget()->height();
    const auto pageFits = [page, before] { return page->widget()->height() <= before + 1; };
    presentAndLeave(window);
    QTRY_VERIFY2(pageFits(),
        qPrintable(QStringLiteral("a page %1 px high, %2 px before presenting")
                       .arg(page->widget()->height())
                       .arg(before)));
}

void TestPresentation1080::compareGetsRoomBesideTheFabric()
{
    // Presenting at 1280x720, the results beside the fabric: the Compare tab shared its column
    // with the Simulation dock and drew each fabric about 110 px high. Picking it grows the
    // dock as far as the Simulation dock's minimum allows, leaving it gives that dock its room
    // back.
    MainWindow window;
    QVERIFY(presentAt1280x720(
        window, { QStringLiteral("--lesson"), QStringLiteral("ecmp-polarization") }));
    QTRY_VERIFY(window.resultsBesideFabric());
    AnalysisDock *analysis = window.simulation()->analysisDock();
    CompareView *compare = analysis->compareView();
    QTRY_VERIFY(!compare->verdict().isEmpty()); // the lesson's runs are in
    QTest::qWait(200);
    const int dockBefore = analysis->height();
    const int simulationBefore = window.simulation()->simulationDock()->height();
    analysis->showTab(compare);
    QTRY_VERIFY2(analysis->height() >= dockBefore + 30,
        qPrintable(
            QStringLiteral("dock %1 px, %2 before").arg(analysis->height()).arg(dockBefore)));
    QVERIFY2(compare->leftCanvas()->height() >= 130,
        qPrintable(QStringLiteral("fabrics %1 px high").arg(compare->leftCanvas()->height())));
    analysis->showTab(analysis->tabs()->widget(0));
    QTRY_COMPARE(analysis->height(), dockBefore);
    QCOMPARE(window.simulation()->simulationDock()->height(), simulationBefore);
}

QTEST_MAIN(TestPresentation1080)
#include "tst_presentation_1080.moc"
