// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "startup.h"

#include "canvas/fabriccanvas.h"
#include "document.h"
#include "export/atomicfile.h"
#include "io/common/cleantext.h"
#include "lessons.h"
#include "mainwindow.h"
#include "metricsdock.h"
#include "model/error.h"
#include "prompts.h"
#include "savedscenarios.h"
#include "simulation/simulationcontroller.h"
#include "simulation/simulationdock.h"
#include "simulation/simulationrunner.h"

#include <QAction>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QImage>
#include <QPixmap>
#include <QPointer>
#include <QTimer>

namespace fabric::app {
namespace {

/// Polls until the metrics are computed (or a generous limit passes), then grabs.
constexpr int kPollMs = 100;
constexpr int kMaxPolls = 600;

/// What --size may ask for: below, the docks need more and the picture came out larger than
/// asked; above 8K, it took gigabytes and crashed Qt's painting.
constexpr QSize kMinSize(800, 600);
constexpr QSize kMaxSize(7680, 4320);

/// A value from the command line in a message: escaped, so it cannot break the line or
/// recolour the terminal.
QString quoted(const QString &value)
{
    return QString::fromStdString(io::quotedInput(value.toStdString()));
}

class ConsolePrompts : public Prompts
{
public:
    SaveChoice askToSave(QWidget *, const QString &) override { return SaveChoice::Discard; }
    void showError(QWidget *, const QString &title, const QString &message) override
    {
        // As the CLI prints errors: a file name with an escape sequence or a line break
        // recoloured the terminal, or split the line a script reads.
        qWarning("%s", io::oneLine((title + QStringLiteral(": ") + message).toStdString()).c_str());
    }
    QString openFileName(QWidget *, const QString &, const QString &) override { return {}; }
    QString saveFileName(QWidget *, const QString &, const QString &) override { return {}; }
    QString exportFileName(
        QWidget *, const QString &, const QString &, const QStringList &) override
    {
        return {};
    }
    QString folderName(QWidget *, const QString &, const QString &) override { return {}; }
    bool runDialog(QDialog *) override { return false; }
    bool askYesNo(QWidget *, const QString &, const QString &, DefaultAnswer) override
    {
        return false;
    }
};

} // namespace

std::unique_ptr<Prompts> consolePrompts()
{
    return std::make_unique<ConsolePrompts>();
}

std::optional<StartupOptions> parseCommandLine(const QStringList &arguments, QString *error)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate("main",
        "Draw AI-cluster fabrics and watch collectives run "
        "on them."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"),
        QCoreApplication::translate("main", "A fabric file to open."), QStringLiteral("[file]"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
        QCoreApplication::translate("main",
            "Render the window to a PNG once the fabric is "
            "shown, then quit."),
        QStringLiteral("png"));
    const QCommandLineOption size(QStringLiteral("size"),
        QCoreApplication::translate("main", "Window size, WxH."), QStringLiteral("WxH"));
    const QCommandLineOption family(QStringLiteral("template"),
        QCoreApplication::translate("main",
            "Generate a fabric of this family instead of "
            "opening a file."),
        QStringLiteral("family"));
    const QCommandLineOption set(QStringLiteral("set"),
        QCoreApplication::translate("main", "A generator parameter for --template."),
        QStringLiteral("key=value"));
    const QCommandLineOption run(QStringLiteral("run-default-scenario"),
        QCoreApplication::translate("main",
            "Run the simulation dock's scenario (all-reduce, ring, 1 GiB on every GPU; ecmp, or "
            "dor on a torus) "
            "once the fabric is shown, unless the file re-runs its own last scenario. The "
            "default fabric, opened when nothing else is asked for, always runs it."));
    const QCommandLineOption lesson(QStringLiteral("lesson"),
        QCoreApplication::translate("main",
            "Open a lesson (a name from Help > Lessons, or a NAME.lesson.json file): its "
            "fabric, its runs and its narrative."),
        QStringLiteral("name"));
    const QCommandLineOption presentation(QStringLiteral("presentation"),
        QCoreApplication::translate("main",
            "Start in presentation mode (F11): full screen, or with --size in a window that "
            "large, laid out as on a screen of that size (a projector rehearsed on a larger "
            "screen)."));
    parser.addOptions({ screenshot, size, family, set, lesson, run, presentation });
    if (!parser.parse(arguments)) {
        *error = parser.errorText();
        return std::nullopt;
    }
    if (parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("version"))) {
        error->clear();
        if (parser.isSet(QStringLiteral("help")))
            parser.showHelp(0);
        parser.showVersion();
    }

    StartupOptions options;
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1) {
        *error = QCoreApplication::translate("main", "Give at most one file to open.");
        return std::nullopt;
    }
    options.file = files.value(0);
    options.screenshot = parser.value(screenshot);
    options.family = parser.value(family);
    options.lesson = parser.value(lesson);
    options.runScenario = parser.isSet(run);
    options.presentation = parser.isSet(presentation);
    const auto refuse = [error](const QString &why) {
        *error = why;
        return std::nullopt;
    };
    // An empty value (an unset variable in a script) is refused: taken, it would open the
    // window and never exit, or open the default fabric as if nothing had been asked.
    for (const auto &[option, value] : { std::pair { &screenshot, options.screenshot },
             std::pair { &family, options.family }, std::pair { &lesson, options.lesson } })
        if (parser.isSet(*option) && value.isEmpty())
            return refuse(QCoreApplication::translate("main", "--%1 needs a value, got none")
                              .arg(option->names().constLast()));
    if (!files.isEmpty() && options.file.isEmpty())
        return refuse(QCoreApplication::translate("main", "The file to open has no name."));
    // One thing to open: several are refused rather than all but one dropped.
    const int asked = int(!options.file.isEmpty()) + int(!options.family.isEmpty())
        + int(!options.lesson.isEmpty());
    if (asked > 1)
        return refuse(QCoreApplication::translate(
            "main", "Give one of a file, --template or --lesson to open, not several."));

    for (const QString &kv : parser.values(set)) {
        const qsizetype eq = kv.indexOf(QLatin1Char('='));
        if (eq <= 0) {
            *error = QCoreApplication::translate("main", "--set needs KEY=VALUE, got %1")
                         .arg(quoted(kv));
            return std::nullopt;
        }
        options.params[kv.left(eq).toStdString()] = kv.mid(eq + 1).toStdString();
    }
    if (parser.isSet(set) && options.family.isEmpty())
        return refuse(QCoreApplication::translate(
            "main", "--set sets a parameter of --template's family: give --template too."));
    if (parser.isSet(size)) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        const int w = wh.value(0).toInt();
        const int h = wh.value(1).toInt();
        if (wh.size() != 2 || w < kMinSize.width() || h < kMinSize.height() || w > kMaxSize.width()
            || h > kMaxSize.height())
            return refuse(QCoreApplication::translate("main",
                "--size needs WxH from %1x%2 to "
                "%3x%4, got %5")
                              .arg(kMinSize.width())
                              .arg(kMinSize.height())
                              .arg(kMaxSize.width())
                              .arg(kMaxSize.height())
                              .arg(quoted(parser.value(size))));
        options.size = QSize(w, h);
    }
    return options;
}

namespace {

/// The dock's scenario, when nothing runs yet (a file's last-run scenario may). It is listed
/// among the document's saved scenarios as the last run, but not as an edit: the program
/// started it, so the document stays unmodified and closing it asks nothing.
void runDefaultScenario(MainWindow &window)
{
    SimulationController *sim = window.simulation();
    if (sim->runner()->isRunning())
        return;
    const QString why = sim->simulationDock()->problem();
    const collective::Scenario scenario = sim->simulationDock()->scenario();
    if (why.isEmpty()) {
        Document *document = window.document();
        ScenarioList list = document->scenarios();
        list.lastRun = list.indexOf(scenario);
        if (list.lastRun < 0)
            list.appendRun({ defaultScenarioName(scenario), scenario });
        document->setScenarios(list);
    }
    if (!why.isEmpty() || !sim->run(scenario))
        qWarning("Cannot run the default scenario: %s", qPrintable(why));
}

bool openStartup(MainWindow &window, const StartupOptions &options)
{
    if (options.size.isValid()) { // asked for: not maximized to the screen
        window.setWindowState(window.windowState() & ~Qt::WindowMaximized);
        window.resize(options.size);
    }
    if (!options.lesson.isEmpty()) {
        if (openLesson(window, options.lesson))
            return true;
        window.openDefaultFabric();
        return false;
    }
    if (!options.family.isEmpty()) {
        try {
            return window.openGenerated(
                gen::generate(options.family.toStdString(), options.params));
        } catch (const UserError &e) {
            // Said in the window, as a file or lesson that cannot open is: on standard error
            // alone, a start from a launcher opened the default fabric without a word.
            window.openDefaultFabric();
            window.prompts()->showError(&window,
                QCoreApplication::translate("main", "Cannot Generate Fabric"),
                QString::fromUtf8(e.what()));
            return false;
        }
    }
    if (!options.file.isEmpty()) {
        if (window.openFile(options.file))
            return true;
        window.openDefaultFabric();
        return false;
    }
    window.openDefaultFabric();
    return true;
}

} // namespace

bool applyStartup(MainWindow &window, const StartupOptions &options)
{
    const bool opened = openStartup(window, options);
    if (options.presentation) {
        window.setPresentationSize(options.size);
        // Through the menu action, so F11 and the menu's check mark agree. Once the window is
        // laid out: a layout restored for a maximized window waits for the window's size, and
        // moving the results beside the fabric before that (on a projector) makes QMainWindow
        // read a layout item it has freed.
        if (auto *action = window.findChild<QAction *>(QStringLiteral("actionPresentation")))
            QTimer::singleShot(0, action, &QAction::trigger);
    }
    // Started on nothing in particular, the program opens on its default fabric and scenario,
    // run: a first look shows traffic moving, not a still drawing waiting for Run.
    const bool nothingAsked
        = options.file.isEmpty() && options.family.isEmpty() && options.lesson.isEmpty();
    if (opened && (options.runScenario || nothingAsked))
        runDefaultScenario(window);
    return opened;
}

QImage settledPicture(QWidget &widget)
{
    // What the last change set in motion waits in the event queue, and grab() runs none of it.
    // A pass over the queue runs only what was queued before it, and a change ripples through
    // nested layouts (a page, its scroll area, the dock, the scroll bar) one pass per step. With
    // one pass of layouts only, labels a run just filled were cut to their old width, and on a
    // busy machine a dock's page grown by a lesson was drawn cut, with no scroll bar.
    for (int pass = 0; pass < 3; ++pass)
        QCoreApplication::sendPostedEvents();
    return widget.grab().toImage();
}

void screenshotWhenReady(
    MainWindow &window, const QString &fileName, bool presentation, std::function<void(bool)> done)
{
    auto *timer = new QTimer(&window);
    auto polls = std::make_shared<int>(0);
    QPointer<MainWindow> guard(&window);
    QObject::connect(timer, &QTimer::timeout, &window, [=] {
        // Presentation mode starts a turn after the file opens and takes its size later
        // still: a lesson, with nothing left to run, was pictured in the window before it.
        const bool busy = guard->metricsDock()->isBusy()
            || guard->simulation()->runner()->isRunning()
            || (presentation && !guard->presentationShown());
        if (busy && ++*polls < kMaxPolls)
            return;
        timer->stop();
        timer->deleteLater();
        // Docks a run filled may have resized the canvas since it was fitted.
        guard->canvas()->zoomToFit();
        // Through the atomic write: a killed or failed screenshot leaves the old PNG whole.
        QString error;
        const bool ok = views::writePng(fileName, settledPicture(*guard), &error);
        if (!ok)
            qWarning("%s", qPrintable(error));
        done(ok);
    });
    timer->start(kPollMs);
}

} // namespace fabric::app
