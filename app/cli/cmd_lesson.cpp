// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `fabricscope-cli lesson list|run`: the lessons the GUI's Help > Lessons opens, headless, so
// their figures can be checked by a script and their slides rebuilt.
#include "cli.h"
#include "columns.h"
#include "command.h"
#include "qtsession.h"

#include "collective/lesson.h"
#include "common/qtstrings.h"
#include "export/lessonslides.h"
#include "io/atomicwrite.h"
#include "lessons/lessonlibrary.h"
#include "model/error.h"
#include "model/units.h"
#include "playback/scenariorun.h"

#include <QFileInfo>
#include <algorithm>

#include <iomanip>
#include <ostream>

namespace fabric::cli {

namespace {

using views::toQString;

constexpr std::string_view kUsage =
    "Usage: fabricscope-cli lesson list [--json]\n"
    "       fabricscope-cli lesson run NAME|FILE.lesson.json [--json] "
    "[--export FILE.pdf|FILE.svg|DIR]\n"
    "  list            The lessons FabricScope ships, with one line each.\n"
    "  run NAME        Run a lesson's scenarios and print its runs, figures and narrative.\n"
    "  --json          Print JSON: {lesson, title, runs, figures, steps} (list: {lessons}).\n"
    "  --export PATH   Also write the lesson as slides: a PDF with one page per step, or one\n"
    "                  SVG per step (FILE-1.svg, ... or DIR/NAME-1.svg, ...).\n";

int listLessons(bool json, std::ostream &out)
{
    nlohmann::json lessons = nlohmann::json::array();
    std::size_t width = 0;
    const std::vector<collective::Lesson> all = views::builtinLessons();
    for (const collective::Lesson &l : all)
        width = std::max(width, shownWidth(l.name));
    for (const collective::Lesson &l : all) {
        if (json)
            lessons.push_back({{"name", l.name}, {"title", l.title}, {"summary", l.summary}});
        else
            out << padded(l.name, width + 2) << l.summary << "\n";
    }
    if (json)
        out << nlohmann::json{{"lessons", lessons}}.dump(2) << "\n";
    return 0;
}

int runLesson(const std::string &name, bool json, const std::string &exportTo, std::ostream &out)
{
    const collective::Lesson lesson = views::loadLessonByName(QString::fromStdString(name));
    sim::SimOptions options;
    // Slides of the fabric draw averages from the link statistics; a slide of the heatmap
    // draws every link against time, from the timeline.
    options.recordTimeline = !exportTo.empty()
        && std::any_of(lesson.steps.begin(), lesson.steps.end(),
            [](const collective::LessonStep &step) { return step.picture == "heatmap"; });
    collective::LessonResult result = collective::runLesson(lesson, options);
    const nlohmann::json doc = collective::lessonJson(lesson, result);

    QStringList written;
    if (!exportTo.empty()) {
        QtSession session;
        QList<views::LessonSlide> slides;
        QList<views::SimRunPtr> runs;
        for (collective::LessonRun &r : result.runs) {
            auto run = views::wrapRun(r.fabric, std::move(r.run));
            run->label = toQString(r.label);
            runs << run;
        }
        for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
            views::LessonSlide slide;
            slide.title = toQString(lesson.steps[i].title);
            slide.text = toQString(result.stepTexts[i]);
            slide.run = runs.first();
            slide.heatmap = lesson.steps[i].picture == "heatmap";
            for (qsizetype k = 0; k < runs.size(); ++k)
                if (result.runs[std::size_t(k)].id == lesson.steps[i].show)
                    slide.run = runs[k];
            slides << slide;
        }
        const QString target = QString::fromStdString(exportTo);
        const QString title = toQString(lesson.title);
        QString error;
        if (target.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive)) {
            if (!views::exportLessonPdf(slides, title, target, &error))
                throw UserError(error.toStdString());
            written << target;
        } else {
            written = views::exportLessonSvgs(slides, title, toQString(lesson.name), target,
                                              &error);
            if (written.isEmpty())
                throw UserError(error.toStdString());
        }
    }

    if (json) {
        out << doc.dump(2) << "\n";
        return 0;
    }
    out << lesson.title << " (" << lesson.name << ")\n";
    for (const nlohmann::json &r : doc["runs"])
        out << "  " << padded(r["label"].get<std::string>(), 44)
            << units::formatSeconds(r["completion_s"].get<double>()) << "\n";
    out << "Figures:\n";
    for (const auto &[key, value] : doc["figures"].items())
        out << "  " << key << " = "
            << (value.is_string() ? value.get<std::string>() : value.dump()) << "\n";
    for (std::size_t i = 0; i < lesson.steps.size(); ++i)
        out << "\n" << i + 1 << ". " << lesson.steps[i].title << "\n" << result.stepTexts[i]
            << "\n";
    for (const QString &file : written)
        out << "wrote " << file.toStdString() << "\n";
    return 0;
}

int runLessonCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    // Without an action it is bad usage, as a command without its FABRIC is.
    if (args.empty()) {
        err << kUsage;
        return kExitUsage;
    }
    if (args[0] == "--help" || args[0] == "-h") {
        out << kUsage;
        return 0;
    }
    bool json = false;
    std::string exportTo;
    std::vector<std::string> words;
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "--json") {
            json = true;
        } else if (args[i] == "--export") {
            if (i + 1 >= args.size())
                throw UserError("--export needs FILE.pdf, FILE.svg or a folder");
            exportTo = args[++i];
            // slides.png became a folder of SVGs: a suffix that is neither is a slip.
            const QFileInfo target(QString::fromStdString(exportTo));
            const QString suffix = target.suffix().toLower();
            if (!target.isDir() && !suffix.isEmpty() && suffix != QLatin1String("pdf")
                && suffix != QLatin1String("svg"))
                throw UserError("--export " + exportTo
                    + ": slides are written as FILE.pdf, "
                      "FILE.svg or into a folder (a name without a suffix)");
        } else if (args[i] == "--help" || args[i] == "-h") {
            out << kUsage;
            return 0;
        } else if (!args[i].empty() && args[i][0] == '-') {
            throw UserError("unknown option '" + args[i] + "'");
        } else {
            words.push_back(args[i]);
        }
    }
    if (args[0] == "list") {
        if (!words.empty() || !exportTo.empty())
            throw UserError("lesson list takes only --json");
        return listLessons(json, out);
    }
    if (args[0] == "run") {
        if (words.size() != 1)
            throw UserError("lesson run needs one lesson NAME (see `fabricscope-cli lesson "
                            "list`)");
        return runLesson(words[0], json, exportTo, out);
    }
    throw UserError("unknown action '" + args[0] + "' (list or run)");
}

} // namespace

Command lessonCommand()
{
    return {"lesson", "lesson list [--json] | lesson run NAME [--json] [--export FILE.pdf|FILE.svg|DIR]",
            "List the lessons, or run one: its scenarios, its figures and its narrative with the "
            "runs' numbers, optionally written as slides.",
            runLessonCommand};
}

} // namespace fabric::cli
