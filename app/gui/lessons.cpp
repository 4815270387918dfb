// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons.h"

#include "canvas/fabriccanvas.h"
#include "charts/chartpanel.h"
#include "collective/lesson.h"
#include "common/plural.h"
#include "common/qtstrings.h"
#include "document.h"
#include "explain/explainpanel.h"
#include "heatmap/heatmapwidget.h"
#include "lessons/lessonlibrary.h"
#include "mainwindow.h"
#include "model/error.h"
#include "model/units.h"
#include "playback/scenariorun.h"
#include "prompts.h"
#include "savedscenarios.h"
#include "simulation/analysisdock.h"
#include "simulation/compareview.h"
#include "simulation/simulationcontroller.h"
#include "simulation/simulationdock.h"
#include "titleditemdelegate.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

namespace fabric::app {

using views::toQString;

namespace {
const QString kOfferedKey = QStringLiteral("lessons/offered");

/// Where a step's run is, when it is not the one the canvas draws (@p drawn): a step about
/// another run described "the drawing" while the canvas showed the lesson's first run.
QString whereRunIs(const collective::LessonRun &run, const collective::LessonRun &drawn)
{
    if (run.id == drawn.id)
        return {};
    return QStringLiteral("<p><i>%1</i></p>")
        .arg(
            (run.onLessonFabric
                    ? QObject::tr("The canvas draws \u201c%1\u201d; this step's run, "
                                  "\u201c%2\u201d, is in the Analysis dock's Compare tab.")
                    : QObject::tr("The canvas draws \u201c%1\u201d; this step's run, "
                                  "\u201c%2\u201d, is on another wiring of the fabric: see it "
                                  "in the Analysis dock's Compare tab."))
                .arg(toQString(drawn.label).toHtmlEscaped(), toQString(run.label).toHtmlEscaped()));
}

/// The narrative as the explain panel shows it: each step with its title, then the notes.
/// @p drawnId is the run on the canvas.
QString narrativeHtml(const collective::Lesson &lesson, const collective::LessonResult &result,
    const std::string &drawnId)
{
    QString html = QStringLiteral("<h2>%1</h2><p><i>%2</i></p>")
                       .arg(toQString(lesson.title).toHtmlEscaped(),
                            toQString(lesson.summary).toHtmlEscaped());
    const auto runNamed = [&](const std::string &id) -> const collective::LessonRun & {
        for (const collective::LessonRun &r : result.runs)
            if (r.id == id)
                return r;
        return result.runs.front(); // a step without "show": the first run
    };
    for (std::size_t i = 0; i < lesson.steps.size(); ++i)
        html += QStringLiteral("<h3>%1. %2</h3><p>%3</p>%4")
                    .arg(i + 1)
                    .arg(toQString(lesson.steps[i].title).toHtmlEscaped(),
                        toQString(result.stepTexts[i]).toHtmlEscaped(),
                        whereRunIs(runNamed(lesson.steps[i].show), runNamed(drawnId)));
    html += QStringLiteral("<h3>%1</h3><ul>").arg(QObject::tr("Runs"));
    for (const collective::LessonRun &r : result.runs)
        html += QStringLiteral("<li>%1: %2</li>")
                    .arg(toQString(r.label).toHtmlEscaped(),
                         toQString(units::formatSeconds(r.run.summary.completionS)));
    html += QStringLiteral("</ul>");
    for (const collective::LessonAnnotation &a : lesson.annotations)
        if (!a.note.empty())
            html += QStringLiteral("<p>%1</p>").arg(toQString(a.note).toHtmlEscaped());
    return html;
}

} // namespace

LessonGallery::LessonGallery(QWidget *parent)
    : QDialog(parent)
    , mList(new QListWidget(this))
{
    setWindowTitle(tr("Lessons"));
    setObjectName(QStringLiteral("LessonGallery"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Each lesson opens a fabric, runs its scenarios and explains "
                                "what they show. Click one, or pick one with the arrow keys and "
                                "press Enter, to open it."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    mList->setWordWrap(true);
    mList->setSpacing(2);
    mList->setItemDelegate(new TitledItemDelegate(mList));
    // Items are as tall as their wrapped texts at the list's width: re-measured on a resize.
    mList->setResizeMode(QListView::Adjust);
    for (const collective::Lesson &l : views::builtinLessons()) {
        auto *item = new QListWidgetItem(QStringLiteral("%1\n%2").arg(
            toQString(l.title), toQString(l.summary)));
        item->setData(Qt::UserRole, toQString(l.name));
        item->setToolTip(toQString(l.name));
        mList->addItem(item);
    }
    layout->addWidget(mList, 1);
    const auto open = [this](QListWidgetItem *item) {
        mChosen = item->data(Qt::UserRole).toString();
        accept();
    };
    connect(mList, &QListWidget::itemClicked, this, open);
    // Enter (or a double click) on the current row, for the keyboard.
    connect(mList, &QListWidget::itemActivated, this, open);
    mList->setCurrentRow(0);
    mList->setFocus();
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(620, 520);
}

bool LessonGallery::choose(const QString &name)
{
    for (int i = 0; i < mList->count(); ++i)
        if (mList->item(i)->data(Qt::UserRole).toString() == name) {
            Q_EMIT mList->itemClicked(mList->item(i));
            return true;
        }
    return false;
}

bool openLesson(MainWindow &window, const QString &nameOrPath)
{
    collective::Lesson lesson;
    collective::LessonResult result;
    try {
        // A lesson is small (a few seconds at most): run it here, with a busy cursor.
        const BusyCursor busy;
        lesson = views::loadLessonByName(nameOrPath);
        result = collective::runLesson(lesson);
    } catch (const std::exception &e) {
        window.prompts()->showError(
            &window, QObject::tr("Cannot Open Lesson"), QString::fromUtf8(e.what()));
        return false;
    }

    // The runs on the lesson's own fabric become the document's scenarios, so the dock can
    // run them again; runs on a variant of it (another wiring) only appear in the comparison.
    // The run the lesson opens on becomes their last run once its runs are shown (before, the
    // new document would run it again): saved, the lesson's file reopens on it. Without one a
    // saved lesson opened on nothing, the form back to its defaults.
    const std::string firstShow = lesson.openOn.empty() ? lesson.steps.front().show : lesson.openOn;
    Fabric fabric = *result.fabric;
    ScenarioList list;
    int shownScenario = -1;
    for (std::size_t i = 0; i < lesson.scenarios.size(); ++i) {
        if (!result.runs[i].onLessonFabric)
            continue;
        if (shownScenario < 0 || result.runs[i].id == firstShow)
            shownScenario = int(list.items.size());
        list.items << SavedScenario { toQString(lesson.scenarios[i].label),
            lesson.scenarios[i].scenario };
    }
    storeScenarios(fabric, list);
    if (!window.openGenerated(std::move(fabric), toQString(lesson.name)))
        return false;
    window.document()->setLastRunScenario(shownScenario);

    // The narrative first: the runs' figures are moved into the views below.
    // The canvas draws the document's fabric: the run shown must be one made on it.
    const collective::LessonRun *drawn = nullptr;
    for (const collective::LessonRun &r : result.runs)
        if (r.onLessonFabric && (!drawn || r.id == firstShow))
            drawn = &r;
    const std::string drawnId = (drawn ? drawn : &result.runs.front())->id;
    const QString narrative = narrativeHtml(lesson, result, drawnId);

    QList<views::SimRunPtr> runs;
    views::SimRunPtr shown;
    for (collective::LessonRun &r : result.runs) {
        const std::string id = r.id;
        auto run = views::wrapRun(r.fabric, std::move(r.run));
        run->label = toQString(r.label);
        runs << run;
        if (id == drawnId)
            shown = run;
    }
    runs.removeOne(shown);
    runs.prepend(shown);
    SimulationController *sim = window.simulation();
    sim->showRuns(runs);
    if (shown->scenario)
        sim->simulationDock()->setScenario(*shown->scenario);

    views::FabricCanvas *canvas = window.canvas();
    QList<NodeId> annotated;
    QList<LinkId> annotatedLinks;
    const Fabric &opened = window.document()->fabric();
    for (const collective::LessonAnnotation &a : lesson.annotations) {
        for (const std::string &name : a.nodes)
            if (const NodeId id = opened.findNode(name); id != kNoNode)
                annotated << id;
        for (const LinkId l : collective::annotatedLinks(opened, a))
            annotatedLinks << l;
    }
    canvas->setSelection(annotated, annotatedLinks);
    if (lesson.camera == "selection" && !annotated.isEmpty())
        canvas->zoomToSelection();
    else
        canvas->zoomToFit();

    AnalysisDock *analysis = sim->analysisDock();
    analysis->explainPanel()->setNarrative(narrative);
    if (lesson.panel == "heatmap")
        analysis->showTab(analysis->heatmap());
    else if (lesson.panel == "charts")
        analysis->showTab(analysis->chartPanel());
    else if (lesson.panel == "compare")
        analysis->showTab(analysis->compareView());
    else
        analysis->showTab(analysis->explainPanel());
    analysis->show();
    analysis->raise();
    // Room for the narrative (and the heatmap's rows) under the fabric. After the window has
    // laid out the new document's docks, or the size is overridden.
    QTimer::singleShot(
        0, &window, [w = &window] { w->sizeResultsDock(w->readingResultsHeight()); });
    window.statusBar()->showMessage(QObject::tr("Lesson %1: %2")
                                        .arg(toQString(lesson.title),
                                            views::counted(qint64(result.runs.size()),
                                                QObject::tr("1 run"), QObject::tr("%1 runs"))),
        8000);
    return true;
}

bool showLessonGallery(MainWindow &window)
{
    LessonGallery gallery(&window);
    if (!window.prompts()->runDialog(&gallery) || gallery.lesson().isEmpty())
        return false;
    return openLesson(window, gallery.lesson());
}

void offerLessonsOnFirstStart(MainWindow &window)
{
    QSettings settings;
    if (settings.value(kOfferedKey, false).toBool())
        return;
    settings.setValue(kOfferedKey, true);
    showLessonGallery(window);
}

} // namespace fabric::app
