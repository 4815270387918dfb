// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `fabricscope-cli export`: the GUI's pictures, rendered headless so slides can be rebuilt by a
// script. It needs a Qt application for the canvas; without a display it runs offscreen.

#include "command.h"
#include "outputpaths.h"
#include "progressline.h"
#include "qtsession.h"
#include "scenariooptions.h"

#include "canvas/fabriccanvas.h"
#include "canvas/faultmarks.h"
#include "charts/chartdata.h"
#include "collective/expansion.h"
#include "collective/report.h"
#include "collective/resilience.h"
#include "collective/scenario.h"
#include "common/qtstrings.h"
#include "explain/explainer.h"
#include "export/canvasexport.h"
#include "export/chartexport.h"
#include "export/frameexport.h"
#include "export/reportwriter.h"
#include "export/timespec.h"
#include "io/atomicwrite.h"
#include "io/common/cleantext.h"
#include "io/common/inputfile.h"
#include "io/fabricfile.h"
#include "io/formatregistry.h"
#include "io/htsim/htsimformat.h"
#include "io/native/boundedjson.h"
#include "model/error.h"
#include "model/faults.h"
#include "model/units.h"
#include "playback/loadsampler.h"
#include "playback/openingmoment.h"
#include "playback/runhighlight.h"
#include "playback/scenariorun.h"
#include "route/policy.h"

#include <QApplication>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <string_view>

namespace fabric::cli {

namespace {

using views::toQString;

constexpr std::string_view kSynopsis
    = "export FABRIC [--scenario FILE.json|JSON] [--at TIME] "
      "[--format svg|png|pdf|report|frames|csv|json|htsim] [--chart NAME] [--size WxH] "
      "[--title TEXT] [--compare POLICY,...] [--compare-algorithm ALGORITHM,...] [--role ROLE] "
      "[--frames N] [--instant] [--progress] -o FILE";

constexpr std::string_view kOptions
    = "  --scenario FILE.json|JSON  The scenario to simulate (a file, or the JSON itself).\n"
      "  --at TIME                  end, start, 50% or a time such as 2.5ms. By default\n"
      "                             where the app opens a finished run: its middle, or if\n"
      "                             no link is busy there, the next stretch of traffic.\n"
      "  --instant                  Colour links by their load at that instant; by default\n"
      "                             the mean over a twentieth of the run around it.\n"
      "  --format NAME              svg|png|pdf|report|frames|csv|json|htsim (from -o's\n"
      "                             suffix, frames without one; htsim: the scenario's\n"
      "                             flows as an htsim connection matrix, *.cm).\n"
      "  --chart NAME               A chart instead of the fabric, png or svg: throughput,\n"
      "                             link-load, completion-cdf, compare-time, compare-busbw,\n"
      "                             heatmap (png only), bytes-on-wire, nvlink-vs-fabric,\n"
      "                             sweep (busbw from 1 KiB to 4 GiB, 12 runs per setting),\n"
      "                             resilience (slowdown per single failure of --role,\n"
      "                             worst first: the GUI's Resilience tab).\n"
      "  --size WxH                 Pixels (1920x1080; charts: the GUI export's size).\n"
      "  --title TEXT               Title above the picture (the fabric and the run).\n"
      "  --compare POLICY,...       Run the scenario under these routing policies too\n"
      "                             (also --compare-routing).\n"
      "  --compare-algorithm ALGORITHM,...\n"
      "                             Run the scenario with these algorithms too.\n"
      "  --role ROLE                --chart resilience: what fails, one element at a time:\n"
      "                             leaf|tor|spine|aggregation|core|router|ocs|link.\n"
      "  --frames N                 Frames of --format frames (60).\n"
      "  --progress                 Frames: report how many are written on stderr, a line\n"
      "                             per tenth (on a terminal it is always shown, in place).\n"
      "  -o, --output FILE          The file (a folder for frames).\n";
static_assert(views::kDefaultFrames == 60, "--frames's help above gives the default");

struct Options
{
    std::string fabricPath;
    std::string scenario;
    /// Empty: views::openingMoment(), as the app shows a run when it finishes.
    std::string at;
    std::string format;
    std::string output;
    std::string title;
    std::string compare;          ///< Routing policies to run the scenario under too.
    std::string compareAlgorithm; ///< Algorithms to run the scenario with too.
    std::vector<route::Policy> policies;             ///< compare, read.
    std::vector<collective::Algorithm> algorithms;   ///< compareAlgorithm, read.
    std::string chart;            ///< --chart NAME: a chart instead of the canvas.
    std::string role;             ///< --chart resilience: the role whose elements fail.
    int width = 1920, height = 1080;
    bool sizeGiven = false;
    bool atGiven = false;
    bool framesGiven = false;
    bool instant = false; ///< Loads at the instant, not the mean over a window around it.
    bool progress = false; ///< --progress: frames written, on stderr, also when not a terminal.
    int frames = views::kDefaultFrames;
};

/// "a, b, c or d".
std::string listed(const QStringList &names)
{
    std::string text;
    for (qsizetype i = 0; i < names.size(); ++i)
        text += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i].toStdString();
    return text;
}

/// Checks --chart NAME and settles its format (png or svg, from --format or -o's suffix).
void checkChart(Options &o)
{
    const auto kind = views::chartKindFromName(toQString(o.chart));
    if (!kind)
        throw UserError("--chart must be " + listed(views::chartNames()) + ", not '" + o.chart
                        + "'");
    if (o.format.empty()) {
        o.format = QFileInfo(QString::fromStdString(o.output)).suffix().toLower().toStdString();
        if (o.format != "png" && o.format != "svg")
            throw UserError("--chart writes png or svg: give --format png|svg or an -o name "
                            "ending in .png or .svg");
    } else if (o.format != "png" && o.format != "svg") {
        throw UserError("--chart writes png or svg, not '" + o.format + "'");
    }
    if (o.format == "svg" && !views::chartHasVectors(*kind))
        throw UserError("--chart " + o.chart + " is written as png only (its matrix is a picture, "
                        "not vectors)");
    if (o.scenario.empty())
        throw UserError("--chart " + o.chart + " needs a --scenario to simulate");
    if (views::chartComparesRuns(*kind) && o.compare.empty() && o.compareAlgorithm.empty())
        throw UserError("--chart " + o.chart + " compares runs: add --compare POLICY,... or "
                        "--compare-algorithm ALGORITHM,...");
    if (*kind == views::ChartKind::Resilience) {
        std::string roles;
        for (const std::string_view r : faultRoles())
            roles += (roles.empty() ? "" : "|") + std::string(r);
        if (o.role.empty())
            throw UserError("--chart resilience needs --role " + roles);
        const auto &known = faultRoles();
        if (std::find(known.begin(), known.end(), o.role) == known.end())
            throw UserError("--role must be " + roles + ", not '" + o.role + "'");
    }
}

/// Refuses an option the chosen output does not use: the run went ahead without it and the
/// script believed it had compared routings or titled its table.
void refuseUnused(const Options &o)
{
    const std::string what = o.chart.empty() ? "--format " + o.format : "--chart " + o.chart;
    const auto refuse = [&](bool given, const std::string &option) {
        if (given)
            throw UserError(option + " does not apply to " + what);
    };
    const bool data
        = o.chart.empty() && (o.format == "csv" || o.format == "json" || o.format == "htsim");
    const bool picture = o.chart.empty() && !data && o.format != "frames";
    refuse(o.framesGiven && o.format != "frames", "--frames");
    refuse(o.instant && !picture && o.format != "frames", "--instant");
    refuse(o.atGiven && (data || o.format == "frames"), "--at");
    refuse(!o.title.empty() && data, "--title");
    refuse(o.sizeGiven && data, "--size");
    // Compared runs are drawn by the charts and the report, not on one fabric or in one table.
    refuse(!o.compare.empty() && o.chart.empty() && o.format != "report", "--compare");
    refuse(!o.compareAlgorithm.empty() && o.chart.empty() && o.format != "report",
        "--compare-algorithm");
}

Options parse(const std::vector<std::string> &args)
{
    Options o;
    auto value = [&](std::size_t &i) -> const std::string & {
        if (i + 1 >= args.size())
            throw UserError(args[i] + " needs a value");
        return args[++i];
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        if (a == "--scenario")
            o.scenario = value(i);
        else if (a == "--at") {
            o.at = value(i);
            o.atGiven = true;
        } else if (a == "--instant")
            o.instant = true;
        else if (a == "--progress")
            o.progress = true;
        else if (a == "--chart")
            o.chart = value(i);
        else if (a == "--role")
            o.role = value(i);
        else if (a == "--format")
            o.format = value(i);
        else if (a == "-o" || a == "--output")
            o.output = value(i);
        else if (a == "--title")
            o.title = value(i);
        else if (a == "--compare" || a == "--compare-routing")
            o.compare = value(i);
        else if (a == "--compare-algorithm")
            o.compareAlgorithm = value(i);
        else if (a == "--frames") {
            const std::string &v = value(i);
            o.framesGiven = true;
            o.frames = std::atoi(v.c_str());
            if (o.frames < 1 || o.frames > views::kMaxFrames)
                throw UserError("--frames must be a count from 1 to "
                    + std::to_string(views::kMaxFrames) + ", not '" + v + "'");
        } else if (a == "--size") {
            const std::string &v = value(i);
            const auto x = v.find('x');
            o.width = x == std::string::npos ? 0 : std::atoi(v.substr(0, x).c_str());
            o.height = x == std::string::npos ? 0 : std::atoi(v.substr(x + 1).c_str());
            if (o.width < 16 || o.height < 16 || o.width > 16384 || o.height > 16384)
                throw UserError("--size must be WIDTHxHEIGHT in pixels (16..16384), not '" + v
                                + "'");
            o.sizeGiven = true;
        } else if (!a.empty() && a[0] == '-')
            throw UserError("unknown option '" + a + "'");
        else if (o.fabricPath.empty())
            o.fabricPath = a;
        else
            throw UserError("unexpected argument '" + a + "'");
    }
    if (o.fabricPath.empty())
        throw UserError("a FABRIC file is needed");
    if (o.output.empty())
        throw UserError("-o FILE is needed");
    for (const QString &name : QString::fromStdString(o.compare).split(QLatin1Char(','))) {
        if (o.compare.empty())
            break;
        const auto policy = route::policyFromString(name.trimmed().toStdString());
        if (!policy)
            throw UserError("--compare: unknown routing policy '" + name.toStdString() + "'");
        o.policies.push_back(*policy);
    }
    for (const QString &name :
         QString::fromStdString(o.compareAlgorithm).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const auto algorithm = collective::algorithmFromString(name.trimmed().toStdString());
        if (!algorithm)
            throw UserError("--compare-algorithm: unknown algorithm '" + name.toStdString()
                            + "' (ring, tree, hierarchical, sharp, torus or direct)");
        o.algorithms.push_back(*algorithm);
    }
    if (!o.role.empty() && o.chart != "resilience")
        throw UserError("--role goes with --chart resilience");
    if (!o.chart.empty()) {
        checkChart(o);
        refuseUnused(o);
        return o;
    }
    if (o.format.empty()) {
        const QString suffix = QFileInfo(QString::fromStdString(o.output)).suffix().toLower();
        o.format = suffix.isEmpty() ? "frames" : suffix == "cm" ? "htsim" : suffix.toStdString();
    }
    static const std::vector<std::string> formats = {"svg",    "png", "pdf",  "report",
                                                     "frames", "csv", "json", "htsim"};
    if (std::find(formats.begin(), formats.end(), o.format) == formats.end())
        throw UserError("--format must be svg, png, pdf, report, frames, csv, json or htsim, "
                        "not '" + o.format + "'");
    refuseUnused(o);
    return o;
}

std::string joined(const std::set<std::string> &words)
{
    std::string out;
    for (const std::string &w : words)
        out += (out.empty() ? "" : ", ") + w;
    return out;
}

/// Whether --scenario's value is the JSON itself, not a file's name: '[1]' was looked for as a
/// file ("'[1]' does not exist") rather than refused as no scenario.
bool isInlineJson(const std::string &text)
{
    return !text.empty() && (text.front() == '{' || text.front() == '[');
}

/// What errors about the --scenario @p text call it: the option and the file's name, or the
/// option alone for the JSON itself.
std::string scenarioLabel(const std::string &text)
{
    return isInlineJson(text) ? std::string("--scenario") : "--scenario " + text;
}

/// @p message about the scenario, after its @p label: core's "scenario: " says less.
std::string aboutScenario(const std::string &label, std::string_view message)
{
    constexpr std::string_view core = "scenario: ";
    if (message.starts_with(core))
        message.remove_prefix(core.size());
    return label + ": " + std::string(message);
}

/// The scenario of --scenario @p text; @p routingGiven says whether it names its routing (the
/// fabric's default applies otherwise, as in simulate).
collective::Scenario readScenario(const std::string &text, bool &routingGiven)
{
    nlohmann::json j;
    if (isInlineJson(text)) {
        j = io::parseBoundedJson(text, "--scenario");
    } else {
        // A report written with --flows holds its scenario too, and may be large.
        const std::string body = io::readInputText(text, "--scenario", io::kMaxFileBytes);
        j = io::parseBoundedJson(body, "--scenario " + text);
    }
    // A scenario file may hold the scenario itself or {"scenario": {...}} (a report).
    if (j.is_object() && j.contains("scenario"))
        j = j["scenario"];
    const std::string label = scenarioLabel(text);
    // A misspelt key must not run the default in its place ("colective" would be an
    // all-reduce). What the app saves beside a scenario (its name, whether it ran last) is
    // accepted.
    routingGiven = j.is_object() && j.contains("routing");
    if (j.is_object())
        for (const auto &[key, value] : j.items())
            if (!collective::scenarioKeys().contains(key) && key != "name" && key != "last_run")
                throw UserError(label + ": unknown key '" + key
                    + "' (known: " + joined(collective::scenarioKeys()) + ")");
    try {
        return collective::scenarioFromJson(j);
    } catch (const UserError &e) {
        throw UserError(aboutScenario(label, e.what()));
    }
}

/// busbw of each scenario at every size of views::sweepSizes(), as the GUI's sweep.
QList<views::charts::SweepSeries> sweepSeries(const Fabric &fabric,
                                              const std::vector<collective::Scenario> &scenarios)
{
    QList<views::charts::SweepSeries> series;
    for (const collective::Scenario &scenario : scenarios) {
        views::charts::SweepSeries line;
        line.name = views::scenarioLabel(scenario); // as the GUI's sweep names its line
        for (const double bytes : views::sweepSizes()) {
            collective::Scenario sized = scenario;
            sized.bytes = bytes;
            const auto sizedRun = views::makeRun(fabric, sized);
            if (std::isfinite(sizedRun->summary.busbwGBps))
                line.bytesAndBusbwGBps
                    << QPointF(sizedRun->messageBytes(), sizedRun->summary.busbwGBps);
        }
        series << line;
    }
    return series;
}

/// @p work's result; @p work runs the --scenario @p o gives, and its errors name that scenario
/// and its keys where core names simulate's options (inScenarioKeys()).
template<typename Work> auto runningScenario(const Options &o, Work &&work)
{
    try {
        return work();
    } catch (const UserError &e) {
        // export's own --role is no key of the scenario: "--scenario: --role ocs: ..." blamed
        // the scenario for it.
        if (std::string_view(e.what()).starts_with("--role "))
            throw;
        throw UserError(aboutScenario(scenarioLabel(o.scenario), inScenarioKeys(e.what())));
    }
}

/// The scenario's flows (expanded and routed, not simulated) as an htsim connection matrix.
int exportHtsim(
    const Fabric &fabric, const collective::Scenario &scenario, const Options &o, std::ostream &out)
{
    const collective::Expansion expansion = runningScenario(o, [&] {
        const route::Router router(fabric, collective::routerOptions(scenario));
        // Every flow: an htsim matrix has no notion of one flow standing for its orbit.
        return collective::expand(
            router, scenario, collective::ExpandOptions { .symmetry = false });
    });
    io::saveAtomically(o.output, [&](std::ostream &file) {
        io::writeConnectionMatrix(fabric, expansion.flows, file);
    });
    out << "wrote " << o.output << " ("
        << units::formatCount(expansion.flows.size(), "flow", "flows") << ")\n";
    return 0;
}

int runExport(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    if (std::find(args.begin(), args.end(), "--help") != args.end()
        || std::find(args.begin(), args.end(), "-h") != args.end()) {
        out << "Usage: fabricscope-cli " << kSynopsis << "\n" << kOptions;
        return 0;
    }
    const Options o = parse(args);
    // Before the scenario runs (minutes on a big fabric), not after. Frames go in a folder,
    // made when they are written.
    if (!o.chart.empty() || o.format != "frames")
        io::checkCanSave(o.output);
    std::vector<NamedFile> inputs { { "FABRIC", o.fabricPath } };
    std::optional<collective::Scenario> given;
    bool routingGiven = false;
    if (!o.scenario.empty()) {
        given = readScenario(o.scenario, routingGiven);
        if (!isInlineJson(o.scenario))
            inputs.push_back({ "--scenario", o.scenario });
        // The scenario's traffic table is an input too: -o must not overwrite it.
        if (!given->trafficFile.empty())
            inputs.push_back({ "the scenario's traffic", given->trafficFile });
    } else if (o.format == "htsim") {
        throw UserError("--format htsim writes a scenario's flows: give --scenario");
    }
    checkDistinctFiles(inputs, { { "-o", o.output } });
    const Fabric fabric = io::loadFabric(o.fabricPath);
    // A torus routes by dimension order unless told otherwise, as simulate and the app do, so
    // the picture of a scenario without "routing" shows the run the screen would.
    if (given && !routingGiven)
        given->routing = route::defaultPolicy(fabric);
    if (o.format == "htsim")
        return exportHtsim(fabric, *given, o, out);

    std::shared_ptr<views::SimRun> run;
    QList<views::SimRunPtr> runs;
    std::vector<collective::Scenario> scenarios; // the scenario, then the compared ones
    if (given) {
        const collective::Scenario &scenario = *given;
        scenarios.push_back(scenario);
        // Each compared run changes one thing of the scenario: its routing or its algorithm,
        // each value once ("adaptive,adaptive" ran and listed the same run twice). A value
        // that cannot run is blamed on its option, not on the scenario that ran.
        std::vector<std::string> comparedAs { "" };
        auto compareBy = [&](const auto &values, auto collective::Scenario::*field,
                             const std::string &option) {
            for (const auto &value : values) {
                collective::Scenario other = scenario;
                other.*field = value;
                if (std::find(scenarios.begin(), scenarios.end(), other) != scenarios.end())
                    continue;
                scenarios.push_back(other);
                comparedAs.push_back(option + " " + std::string(toString(value)));
            }
        };
        compareBy(o.policies, &collective::Scenario::routing, "--compare");
        compareBy(o.algorithms, &collective::Scenario::algorithm, "--compare-algorithm");
        runningScenario(o, [&] {
            run = views::makeRun(fabric, scenario);
            runs << run;
        });
        for (std::size_t i = 1; i < scenarios.size(); ++i) {
            try {
                runs << views::makeRun(fabric, scenarios[i]);
            } catch (const UserError &e) {
                throw UserError(comparedAs[i] + ": " + inScenarioKeys(e.what()));
            }
        }
    } else if (o.format == "csv" || o.format == "json" || o.format == "frames") {
        throw UserError("--format " + o.format + " needs a --scenario to simulate");
    } else if (!o.compare.empty() || !o.compareAlgorithm.empty()) {
        // Nothing to compare against: refuse rather than write a report without it.
        throw UserError(std::string(o.compare.empty() ? "--compare-algorithm" : "--compare")
            + " runs a --scenario under other settings: give --scenario");
    }

    const double end = run ? run->result.completionS : 0.0;
    auto at = o.atGiven
        ? views::parseTime(QString::fromStdString(o.at), end)
        : std::optional<double>(run ? views::openingMoment(run->result.timeline) : 0.0);
    if (!at)
        throw UserError("--at must be 'end', 'start', a percentage or a time such as 2.5ms, not '"
                        + o.at + "'");
    if (o.atGiven && !run)
        throw UserError("--at " + o.at + " picks a moment of a run: give --scenario");
    // As --at: a fabric with no run has no loads to take at an instant, and ignoring the option
    // silently would hide the missing --scenario.
    if (o.instant && !run)
        throw UserError("--instant colours a run's loads at an instant: give --scenario");
    // A time past the end is most often a unit slip ("5" meaning 5 ms): say so, not show the end.
    if (*at > end * (1 + 1e-12))
        throw UserError("--at " + o.at + " (" + units::formatSeconds(*at)
            + ") is after the run's end at " + units::formatSeconds(end)
            + ": give 'end' or a time up to it");
    *at = std::min(*at, end);

    const QString output = QString::fromStdString(o.output);
    QString error;
    // Simulations need no Qt application: created after them, so their mistakes print alone.
    QtSession session;
    if (!o.chart.empty()) {
        const auto kind = *views::chartKindFromName(toQString(o.chart));
        if (views::chartComparesRuns(kind) && runs.size() < 2)
            throw UserError("--chart " + o.chart + " compares runs, but every --compare value "
                            "is the scenario's own");
        views::ChartExportOptions options;
        if (o.sizeGiven)
            options.size = QSize(o.width, o.height);
        options.title = toQString(o.title);
        options.timeS = o.atGiven ? *at : -1.0;
        // Twelve runs of the same flows, drawn as one dot at the file's total.
        if (kind == views::ChartKind::Sweep
            && scenarios.front().collective == collective::Collective::Custom)
            throw UserError("--chart sweep: a traffic file gives its own sizes, so there is no "
                            "message size to sweep; give a collective instead");
        if (kind == views::ChartKind::Sweep)
            options.sweep = runningScenario(o, [&] { return sweepSeries(fabric, scenarios); });
        if (kind == views::ChartKind::Resilience)
            options.resilience = runningScenario(
                o, [&] { return collective::runResilience(fabric, scenarios.front(), o.role); });
        if (!views::exportChart(kind, runs, output, *views::imageFormatFromName(toQString(o.format)),
                                options, &error))
            throw UserError(error.toStdString());
        out << "wrote " << o.output << "\n";
        return 0;
    }
    if (o.format == "csv" || o.format == "json") {
        // The same writers as simulate --report and --links-csv: one document, one table.
        io::saveAtomically(o.output, [&](std::ostream &file) {
            if (o.format == "csv")
                collective::writeLinksCsv(file, fabric, run->result);
            else
                file << collective::reportText(fabric, *run, true);
        });
        out << "wrote " << o.output << "\n";
        return 0;
    }

    views::FabricCanvas canvas;
    canvas.resize(o.width, o.height);
    canvas.setFabric(&fabric);
    std::unique_ptr<views::LoadSampler> sampler;
    if (run) {
        sampler = std::make_unique<views::LoadSampler>(run->result);
        if (o.instant)
            sampler->setWindowS(0);
        views::showLoadsAt(canvas, *run, *sampler, *at);
        // As the app shows a run: its SHARP tree or the switch links ECMP left idle, and the
        // moving dots (on by default there), so a script's picture is the one on screen.
        canvas.setHighlight(
            views::FabricCanvas::HighlightChannel::Simulation, views::runHighlight(*run));
        canvas.setParticlesEnabled(true);
        // The run's faults crossed out, as the app marks them: a failed spine's links were
        // drawn as links ECMP left idle.
        if (run->scenario)
            canvas.setFaultMarks(views::faultMarks(fabric, run->scenario->faults));
    }
    QString title = QString::fromStdString(o.title);
    if (title.isEmpty()) {
        title = QString::fromStdString(io::fabricNameOf(o.fabricPath));
        // Frames caption each picture with its own time and what its colours show.
        if (run && o.format == "frames")
            title += QStringLiteral(" \u00b7 %1").arg(run->label);
        else if (run)
            title += QStringLiteral(" \u00b7 %1 \u00b7 %2")
                         .arg(run->label, views::momentNote(*at, end, sampler->windowS()));
    }

    if (o.format == "frames") {
        ProgressLine progress(err, o.progress, "writing frames");
        views::FrameProgress onFrame;
        if (progress.enabled())
            onFrame = [&progress](int written, int total) {
                progress.show(double(written) / total,
                    std::to_string(written) + " of " + std::to_string(total));
                return true;
            };
        const QStringList files = views::exportFrames(canvas, *run, output, o.frames,
            QSize(o.width, o.height), title, &error, o.instant, onFrame);
        progress.finish();
        if (files.isEmpty())
            throw UserError(error.toStdString());
        out << "wrote " << units::formatCount(std::uint64_t(files.size()), "frame", "frames")
            << " to " << o.output << "\n";
        return 0;
    }
    if (o.format == "report") {
        views::ReportContent content;
        content.title = title;
        content.canvas = &canvas;
        content.scenario << QStringLiteral("Fabric: %1 (%2 nodes, %3 links)")
                                .arg(QString::fromStdString(o.fabricPath))
                                .arg(fabric.nodeCount())
                                .arg(fabric.linkCount());
        if (run) {
            content.scenario << QStringLiteral("Scenario: %1, %2 ranks, %3")
                                    .arg(run->label)
                                    .arg(run->ranks())
                                    .arg(toQString(units::formatBytes(run->messageBytes())));
            content.diagramCaption
                = views::LoadSampler::utilisationCaption(*at, sampler->windowS());
            content.charts << views::charts::throughput(runs)
                           << views::charts::linkLoadHistogram(*run)
                           << views::charts::completionCdf(runs);
            for (const auto &r : runs)
                content.comparison << views::RunSummary(*r);
            if (runs.size() > 1)
                content.charts << views::charts::compareBandwidth(content.comparison);
            content.traffic = views::trafficViewsFor(runs);
            content.explanation = views::explainRun(*run, content.comparison.first());
            for (qsizetype i = 1; i < content.comparison.size(); ++i)
                content.explanation << views::compareRuns(content.comparison.first(),
                                                          content.comparison[i]);
        }
        if (!views::writeReport(output, content, &error))
            throw UserError(error.toStdString());
        out << "wrote " << o.output << "\n";
        return 0;
    }
    views::CanvasExportOptions options;
    options.size = QSize(o.width, o.height);
    options.title = title;
    if (!views::exportCanvas(canvas, output, *views::imageFormatFromName(toQString(o.format)),
                             options, &error))
        throw UserError(error.toStdString());
    out << "wrote " << o.output << "\n";
    return 0;
}

} // namespace

Command exportCommand()
{
    return {"export", kSynopsis,
            "Render the fabric (coloured by a scenario's link loads at a time), a chart of the "
            "scenario, a design-review report, an animation's frames or the results, headless.",
            runExport};
}

} // namespace fabric::cli
