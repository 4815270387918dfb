// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Help > Lessons: the gallery lists the shipped lessons and one click opens a lesson's fabric,
// its runs and its narrative.
#include "fakeprompts.h"

#include "canvas/fabriccanvas.h"
#include "document.h"
#include "explain/explainpanel.h"
#include "generators/registry.h"
#include "lessons.h"
#include "mainwindow.h"
#include "savedscenarios.h"
#include "simulation/analysisdock.h"
#include "simulation/compareview.h"
#include "simulation/simulationcontroller.h"
#include "simulation/simulationdock.h"
#include "simulation/simulationrunner.h"

#include <QAction>
#include <QComboBox>
#include <QListWidget>
#include <QPainter>
#include <QPushButton>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QtTest>

#include <set>

using namespace fabric;
using namespace fabric::app;

class TestLessons : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void galleryListsTheLessons();
    void galleryOpensFromTheKeyboard();
    void oneClickOpensALesson();
    void variantRunsAreCompared();
    void exportSlideWritesSvgAndPdf();
    void slideTitleStaysOnThePage();
    void narrativeLeavesTheFabricRoom();
    void lessonsSelectTheLinksTheyPointAt();
};

namespace {

std::unique_ptr<MainWindow> mainWindow(FakePrompts **prompts)
{
    QStandardPaths::setTestModeEnabled(true);
    auto window = std::make_unique<MainWindow>();
    auto fake = std::make_unique<FakePrompts>();
    *prompts = fake.get();
    window->setPrompts(std::move(fake));
    window->openGenerated(gen::generate("ib-fat-tree", nlohmann::json{{"gpus", 64}}));
    window->resize(1400, 900);
    window->show();
    return window;
}

} // namespace

void TestLessons::galleryListsTheLessons()
{
    LessonGallery gallery;
    QCOMPARE(gallery.list()->count(), 7);
    QStringList names;
    for (int i = 0; i < gallery.list()->count(); ++i) {
        names << gallery.list()->item(i)->data(Qt::UserRole).toString();
        // A title and a one-line description.
        QCOMPARE(gallery.list()->item(i)->text().count(QLatin1Char('\n')), 1);
    }
    QVERIFY(names.contains(QStringLiteral("ecmp-polarization")));
    QVERIFY(names.contains(QStringLiteral("congestion-heatmap")));
    QVERIFY(!gallery.choose(QStringLiteral("no-such-lesson")));
}

void TestLessons::galleryOpensFromTheKeyboard()
{
    // Shown, the first lesson is current and the list has the focus: the arrow keys pick one
    // and Enter opens it, as a click does.
    LessonGallery gallery;
    gallery.show();
    QVERIFY(QTest::qWaitForWindowExposed(&gallery));
    QListWidget *list = gallery.list();
    QCOMPARE(list->currentRow(), 0);
    QTRY_VERIFY(list->hasFocus());
    QTest::keyClick(list, Qt::Key_Down);
    QTest::keyClick(list, Qt::Key_Down);
    QTest::keyClick(list, Qt::Key_Return);
    QCOMPARE(gallery.result(), int(QDialog::Accepted));
    QCOMPARE(gallery.lesson(), list->item(2)->data(Qt::UserRole).toString());
}

void TestLessons::oneClickOpensALesson()
{
    FakePrompts *prompts = nullptr;
    const auto window = mainWindow(&prompts);
    // Help > Lessons, then a click on the polarisation lesson's row.
    prompts->dialog = [](QDialog *dialog) {
        auto *gallery = qobject_cast<LessonGallery *>(dialog);
        if (!gallery)
            return false;
        gallery->show();
        QListWidget *list = gallery->list();
        for (int i = 0; i < list->count(); ++i)
            if (list->item(i)->data(Qt::UserRole).toString() == QLatin1String("ecmp-polarization")) {
                const QRect rect = list->visualItemRect(list->item(i));
                QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, rect.center());
            }
        return gallery->result() == QDialog::Accepted;
    };
    QAction *lessons = window->action(QStringLiteral("actionLessons"));
    QVERIFY(lessons);
    lessons->trigger();
    QVERIFY2(prompts->errors.isEmpty(), qPrintable(prompts->errors.join(QLatin1Char('\n'))));

    // The lesson's fabric: a 3-tier k = 8 fat-tree of 128 GPUs.
    const Fabric &fabric = window->document()->fabric();
    QCOMPARE(fabric.generator().family, std::string("ib-fat-tree"));
    QCOMPARE(fabric.endpoints().size(), std::size_t(128));
    // Its three scenarios are the document's, and its three runs are shown.
    const ScenarioList saved = scenariosOf(fabric);
    QCOMPARE(saved.items.size(), 3);
    QCOMPARE(window->simulation()->simulationDock()->savedBox()->count(), 3);
    SimulationController *sim = window->simulation();
    QCOMPARE(sim->history().size(), 3);
    QVERIFY(sim->currentRun());
    QCOMPARE(sim->currentRun()->label, QStringLiteral("Polarised hashing (same hash at every tier)"));
    QStringList labels;
    for (const auto &run : sim->history()) {
        labels << run->label;
        QVERIFY(run->result.completionS > 0);
    }
    QVERIFY(labels.contains(QStringLiteral("Adaptive routing")));
    // Polarised > ECMP > adaptive, as the lesson teaches.
    QVERIFY(sim->history()[0]->result.completionS > sim->history()[1]->result.completionS);
    QVERIFY(sim->history()[1]->result.completionS > sim->history()[2]->result.completionS);
    // The explain panel tells the story with the runs' numbers.
    views::ExplainPanel *explain = sim->analysisDock()->explainPanel();
    const QString text = explain->toPlainText();
    QVERIFY2(text.contains(QStringLiteral("Traffic that crosses the core")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("299 ms")), qPrintable(text));
    QVERIFY(!text.contains(QLatin1Char('{')));
    QVERIFY(explain->isVisible());
    // The canvas is coloured by the run.
    QVERIFY(!window->canvas()->highlightedLinks().isEmpty());
    // A student runs the form's scenario again: the run is explained above the narrative,
    // which used to be replaced until the lesson was opened again.
    const views::SimRunPtr opened = sim->currentRun();
    window->action(QStringLiteral("actionRun"))->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(sim->currentRun() != opened && !sim->runner()->isRunning(), 60000);
    const QString rerun = explain->toPlainText();
    QVERIFY2(rerun.startsWith(sim->currentRun()->label), qPrintable(rerun));
    // It says, in view, that the lesson's text is still there, further down.
    QVERIFY2(rerun.section(QLatin1Char('\n'), 1, 1).contains(QStringLiteral("lesson")),
        qPrintable(rerun));
    QVERIFY2(rerun.contains(QStringLiteral("Traffic that crosses the core")), qPrintable(rerun));
    // One of its saved scenarios run again goes by that scenario's name, numbered beside the
    // lesson's own run of it: it was "allreduce ring · adaptive" in the charts and Compare.
    SimulationDock *dock = sim->simulationDock();
    dock->savedBox()->setCurrentIndex(
        dock->savedBox()->findText(QStringLiteral("Adaptive routing")));
    QVERIFY(dock->savedBox()->currentIndex() >= 0);
    const views::SimRunPtr before = sim->currentRun();
    QTest::mouseClick(dock->findChild<QPushButton *>(QStringLiteral("runSaved")), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(sim->currentRun() != before && !sim->runner()->isRunning(), 60000);
    QCOMPARE(sim->currentRun()->label, QStringLiteral("Adaptive routing (2)"));
    // Not saved yet, the fabric goes by the lesson's name, and Save As proposes it.
    QVERIFY2(window->windowTitle().startsWith(QStringLiteral("ecmp-polarization[*]")),
        qPrintable(window->windowTitle()));
    prompts->fileName.clear(); // the user cancels the dialog
    QVERIFY(!window->saveAs());
    QVERIFY2(prompts->proposedSaveName.endsWith(QStringLiteral("/ecmp-polarization.fabric.json")),
        qPrintable(prompts->proposedSaveName));

    // The run shown is the document's last run, and opening the lesson ran nothing again.
    const ScenarioList listed = window->document()->scenarios();
    QVERIFY(listed.lastRun >= 0);
    QCOMPARE(listed.items[listed.lastRun].scenario, *sim->currentRun()->scenario);
    QVERIFY(!sim->runner()->isRunning());
    // Saved and opened again, the lesson's file runs that scenario (it opened on nothing, the
    // form back to its defaults).
    QTemporaryDir dir;
    prompts->fileName = dir.filePath(QStringLiteral("lesson"));
    QVERIFY(window->saveAs());
    QVERIFY(window->openFile(prompts->fileName + QStringLiteral(".fabric.json")));
    QVERIFY(sim->runner()->isRunning() || sim->currentRun());
    QTRY_VERIFY_WITH_TIMEOUT(sim->currentRun() && !sim->runner()->isRunning(), 60000);
    QCOMPARE(*sim->currentRun()->scenario, listed.items[listed.lastRun].scenario);
    QVERIFY2(prompts->errors.isEmpty(), qPrintable(prompts->errors.join(QLatin1Char('\n'))));
    // The narrative belonged to the lesson's document, not to the file opened after it.
    QVERIFY(!explain->toPlainText().contains(QStringLiteral("Traffic that crosses the core")));
}

void TestLessons::variantRunsAreCompared()
{
    // A lesson whose runs use two wirings: the document is the lesson's fabric, the other
    // wiring's run still appears beside it in the compare view.
    FakePrompts *prompts = nullptr;
    const auto window = mainWindow(&prompts);
    QVERIFY(openLesson(*window, QStringLiteral("hpn-dual-plane")));
    QVERIFY2(prompts->errors.isEmpty(), qPrintable(prompts->errors.join(QLatin1Char('\n'))));
    SimulationController *sim = window->simulation();
    QCOMPARE(sim->history().size(), 2);
    QCOMPARE(sim->currentRun()->label, QStringLiteral("Dual-plane"));
    QCOMPARE(scenariosOf(window->document()->fabric()).items.size(), 1);
    const auto single = sim->history()[1];
    QCOMPARE(single->label, QStringLiteral("Single-plane"));
    QVERIFY(single->fabric != sim->currentRun()->fabric);
    QVERIFY(single->result.completionS > sim->currentRun()->result.completionS);
    // The step about the other wiring says where its run is: it told of "the drawing" and
    // named switches the canvas, which draws the dual-plane run, does not have.
    const QString text = sim->analysisDock()->explainPanel()->toPlainText();
    const QString whereItIs = QStringLiteral("this step's run, \u201cSingle-plane\u201d, is on "
                                             "another wiring of the fabric: see it in the "
                                             "Analysis dock's Compare tab");
    QVERIFY2(text.count(whereItIs) == 1, qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("\u201cDual-plane\u201d, is")), qPrintable(text));
}

void TestLessons::exportSlideWritesSvgAndPdf()
{
    FakePrompts *prompts = nullptr;
    const auto window = mainWindow(&prompts);
    QVERIFY(openLesson(*window, QStringLiteral("sharp-vs-ring")));
    QAction *action = window->findChild<QAction *>(QStringLiteral("actionExportSlide"));
    QVERIFY(action);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QString error;
    QVERIFY2(window->simulation()->exportSlide(dir.filePath(QStringLiteral("slide.svg")), &error),
             qPrintable(error));
    QFile svg(dir.filePath(QStringLiteral("slide.svg")));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    const QByteArray text = svg.readAll();
    // The lesson opens on its SHARP run (open_on), the narrative's point, not its first step:
    // the picture's title (the run's label) is text, and so is the legend with the tree's two
    // lanes.
    QCOMPARE(window->simulation()->currentRun()->label, QStringLiteral("SHARP all-reduce"));
    QVERIFY(text.contains("SHARP all-reduce"));
    QVERIFY(text.contains("Links"));
    QVERIFY(text.contains("SHARP tree, reduction up to the root switch"));
    // Each tree link carried one message's worth each way (1 GiB), the sum of what is below.
    QVERIFY(text.contains("SHARP tree, reduction up to the root switch: 1,024 MiB on each link"));
    QVERIFY(text.contains("SHARP tree, result down to the GPUs: 1,024 MiB on each link"));
    QVERIFY(text.contains("SHARP tree, result down to the GPUs"));
    // The slide's title is 22 units high, as on the PDF's page of 72 units to the inch: sized
    // in points, it took 96 to the inch here, and the text ran past the right margin.
    QVERIFY(text.contains("font-size=\"22\""));
    QVERIFY(!text.contains("font-size=\"29."));
    QFile pdf(dir.filePath(QStringLiteral("slide.pdf")));
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    QVERIFY(pdf.readAll().startsWith("%PDF"));
}

void TestLessons::slideTitleStaysOnThePage()
{
    // The slide of the screen's run is titled with the fabric, the run, the time and what the
    // colours show: on the polarisation lesson 110 characters, wider than the page at the
    // title's full size. It is drawn smaller (or on two lines), never past the right margin.
    FakePrompts *prompts = nullptr;
    const auto window = mainWindow(&prompts);
    QVERIFY(openLesson(*window, QStringLiteral("ecmp-polarization")));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QString error;
    const QString file = dir.filePath(QStringLiteral("slide.svg"));
    QVERIFY2(window->simulation()->exportSlide(file, &error), qPrintable(error));
    QSvgRenderer svg(file);
    QVERIFY(svg.isValid());
    QImage page(QSize(1280, 720), QImage::Format_ARGB32);
    page.fill(Qt::white);
    {
        QPainter painter(&page);
        svg.render(&painter);
    }
    const auto inkIn = [&](const QRect &box) {
        int ink = 0;
        for (int y = box.top(); y <= box.bottom(); ++y)
            for (int x = box.left(); x <= box.right(); ++x)
                ink += qGray(page.pixel(x, y)) < 128 ? 1 : 0;
        return ink;
    };
    // The title's band, between the header line and the picture: written, and nothing in the
    // right margin (32 units).
    QVERIFY(inkIn(QRect(32, 30, 600, 46)) > 200);
    QCOMPARE(inkIn(QRect(1250, 30, 30, 46)), 0);
    // All of it is there: the document's title and the drawn one end alike.
    QFile text(file);
    QVERIFY(text.open(QIODevice::ReadOnly));
    const QString content = QString::fromUtf8(text.readAll());
    const qsizetype start = content.indexOf(QStringLiteral("<title>")) + 7;
    const QString title = content.mid(start, content.indexOf(QStringLiteral("</title>")) - start);
    QVERIFY2(title.size() > 100, qPrintable(title));
    QVERIFY(content.count(title.section(QStringLiteral(" "), -3)) >= 2);
}

void TestLessons::narrativeLeavesTheFabricRoom()
{
    // In a 1280x720 window the narrative's dock takes at most a third of the height: at 2/5
    // (what a taller window gives it) the ECMP lesson's fabric was about 230 px high on a
    // projector, too small to see which links collide.
    FakePrompts *prompts = nullptr;
    const auto window = mainWindow(&prompts);
    window->resize(1280, 720);
    QTRY_COMPARE(window->size(), QSize(1280, 720));
    QVERIFY(openLesson(*window, QStringLiteral("ecmp-polarization")));
    const QWidget *analysis = window->simulation()->analysisDock();
    // The dock is sized once the window has laid out the new document.
    QTRY_VERIFY2(analysis->height() <= 720 / 3,
        qPrintable(QStringLiteral("narrative %1 px high").arg(analysis->height())));
    QVERIFY(window->canvas()->height() > analysis->height());
}

void TestLessons::lessonsSelectTheLinksTheyPointAt()
{
    // The twisted torus lesson names two chips "across the x wrap-around": two outlined chips
    // in a lattice of 128 left the twist itself to be found. Its circuit is selected too.
    FakePrompts *prompts = nullptr;
    const auto window = mainWindow(&prompts);
    QVERIFY(openLesson(*window, QStringLiteral("twisted-torus")));
    QVERIFY2(prompts->errors.isEmpty(), qPrintable(prompts->errors.join(QLatin1Char('\n'))));
    const Fabric &torus = window->document()->fabric();
    QList<LinkId> links = window->canvas()->selectedLinks();
    QCOMPARE(links.size(), 2); // the circuit's two fibres, through one OCS
    std::set<std::string> ends;
    for (const LinkId l : links) {
        const Link &link = torus.link(l);
        const bool aIsOcs = torus.node(link.a).kind == NodeKind::Ocs;
        QVERIFY(aIsOcs || torus.node(link.b).kind == NodeKind::Ocs);
        ends.insert(torus.node(aIsOcs ? link.b : link.a).name);
    }
    QCOMPARE(ends, (std::set<std::string> { "chip-3-0-0", "chip-0-0-4" }));

    // The rail lesson's leaf0 with its links: GPU 0 of every host, and the leaf's uplinks.
    QVERIFY(openLesson(*window, QStringLiteral("rail-optimized")));
    const Fabric &rail = window->document()->fabric();
    const NodeId leaf = rail.findNode("leaf0");
    links = window->canvas()->selectedLinks();
    QCOMPARE(std::size_t(links.size()), rail.linksOf(leaf).size());
    std::set<NodeId> hosts;
    for (const LinkId l : links) {
        const Node &far = rail.node(rail.link(l).other(leaf));
        if (far.kind != NodeKind::Gpu)
            continue;
        QVERIFY2(far.name.ends_with("-gpu0"), far.name.c_str());
        hosts.insert(far.host);
    }
    QCOMPARE(hosts.size(), std::size_t(32));
}

QTEST_MAIN(TestLessons)
#include "tst_lessons.moc"
