// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `fabricscope-cli resilience FABRIC --collective C --role ROLE`: the scenario once per single
// failure of every element of a role, ranked worst first.
#include "columns.h"
#include "command.h"
#include "faultoptions.h"
#include "options.h"
#include "outputpaths.h"
#include "progressline.h"
#include "scenariooptions.h"

#include "collective/resilience.h"
#include "io/atomicwrite.h"
#include "io/fabricfile.h"
#include "model/error.h"
#include "model/faults.h"
#include "model/units.h"

#include <chrono>
#include <cmath>
#include <functional>
#include <iomanip>
#include <ostream>

namespace fabric::cli {
namespace {

using collective::Scenario;

int runResilience(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    OptionParser parser("resilience");
    parser.positional("FABRIC", "The fabric file (any readable format).");
    declareScenarioOptions(parser);
    parser
        .option("--role", "ROLE",
            "What fails, one element at a time: leaf|tor|spine|aggregation|core|router|ocs|link.")
        .required("what fails: leaf|tor|spine|aggregation|core|router|ocs|link")
        .option("--fail", "LIST", "Elements failed in every run, besides the one swept.", {}, true)
        .option("--threads", "N", "Runs at once, 1 to 64 (2).")
        .flag("--progress",
            "Report progress on stderr, a line per tenth (on a terminal it is always shown, "
            "in place).")
        .option("--report", "FILE.json",
            "Write {role, healthy_completion_s, rows, already_failed} as JSON.")
        .option("--csv", "FILE",
            "Write the rows as CSV: failed,completion_s,slowdown,"
            "unreachable_pairs.");
    const ParsedOptions o = parser.parse(args);
    if (o.helpRequested()) {
        out << parser.usage();
        return 0;
    }
    const std::string role = o.choice(
        "--role", { "leaf", "tor", "spine", "aggregation", "core", "router", "ocs", "link" }, "");
    Scenario s = scenarioFromOptions(o);
    const auto threads = static_cast<unsigned>(o.integer("--threads", 1, 64, 2));
    checkOutputPaths(o, { "--report", "--csv" }); // before a sweep of minutes
    const Fabric fabric = io::loadFabric(o.positional(0));
    applyFabricDefaults(s, o, fabric);
    s.faults = namedFaults(o);
    (void)resolveFaults(fabric, s.faults);

    const auto start = std::chrono::steady_clock::now();
    ProgressLine progress(err, o.has("--progress"), "sweeping");
    std::function<void(std::size_t, std::size_t)> onRow;
    if (progress.enabled()) {
        progress.show(0.0);
        onRow = [&progress](std::size_t done, std::size_t total) {
            progress.show(double(done) / double(total),
                std::to_string(done) + " of " + std::to_string(total) + " runs");
        };
    }
    const collective::ResilienceResult r
        = collective::runResilience(fabric, s, role, threads, onRow);
    progress.finish();
    const double wallS
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const collective::ResilienceStats st = collective::resilienceStats(r);

    out << "Resilience of " << collective::toString(s.collective) << " ("
        << collective::toString(s.algorithm) << ") of " << units::formatBytes(s.bytes)
        << ", routing " << route::toString(s.routing) << ": "
        << units::formatCount(
               r.rows.size(), "single " + role + " failure", "single " + role + " failures")
        << ", " << units::formatSeconds(wallS) << " on "
        << units::formatCount(std::uint64_t(r.threads), "thread", "threads")
        << (r.threads < threads && r.threads < r.rows.size() ? " (the memory limit holds "
                       + units::formatCount(r.threads, "run", "runs") + " of this size at once)"
                                                             : std::string())
        << "\n";
    // With --fail every run has those faults: the baseline is not the healthy fabric.
    std::string baseline = "Healthy";
    for (std::size_t i = 0; i < s.faults.size(); ++i)
        baseline = (i == 0 ? std::string("With ") : baseline + ", ")
            + terminalText(fabric::toString(s.faults[i]));
    if (!s.faults.empty())
        baseline += " failed";
    out << baseline << ": " << units::formatSeconds(r.healthyCompletionS) << "\n";
    if (!r.alreadyFailed.empty()) {
        std::string names;
        for (const std::string &name : r.alreadyFailed)
            names += (names.empty() ? "" : ", ") + terminalText(name);
        out << "Not swept, failed in every run already: " << names << "\n";
    }
    out << "\n";
    std::vector<std::string> failed;
    std::size_t width = 6;
    for (const collective::ResilienceRow &row : r.rows) {
        failed.push_back(terminalText(row.failed));
        width = std::max(width, shownWidth(failed.back()));
    }
    out << padded("failed", width + 2) << padded("completion", 14) << padded("slowdown", 11)
        << "unreachable pairs\n";
    for (std::size_t i = 0; i < r.rows.size(); ++i) {
        const collective::ResilienceRow &row = r.rows[i];
        out << padded(failed[i], width + 2) << padded(units::formatSeconds(row.completionS), 14)
            << padded(slowdownText(row.slowdown), 11) << row.unreachablePairs << "\n";
    }
    // As the chart's summary: the failures the collective cannot survive first.
    out << "\nElements: " << st.elements << "; ";
    if (st.cuttingOff > 0)
        out << st.cuttingOff << " cut rank pairs off (the collective cannot complete)"
            << (st.cuttingOff < st.elements
                       ? "; the other " + std::to_string(st.elements - st.cuttingOff) + ": "
                       : "\n");
    if (st.cuttingOff < st.elements)
        out << "slowdown worst " << slowdownText(st.worst) << ", median " << slowdownText(st.median)
            << ", mean " << slowdownText(st.mean) << ", best " << slowdownText(st.best) << "; "
            << st.slower << " slow the run by more than 1%"
            << (st.cuttingOff ? "" : ", none cuts rank pairs off") << "\n";

    if (const auto path = o.value("--report"))
        io::saveAtomically(
            *path, [&](std::ostream &f) { f << collective::toJson(r).dump(2) << "\n"; });
    if (const auto path = o.value("--csv"))
        io::saveAtomically(*path, [&](std::ostream &f) { collective::writeResilienceCsv(f, r); });
    return 0;
}

} // namespace

Command resilienceCommand()
{
    static const std::string synopsis = "resilience FABRIC " + std::string(kScenarioSynopsis)
        + " --role leaf|tor|spine|aggregation|core|router|ocs|link [--fail NAME[,NAME...]] "
          "[--threads N] [--progress] [--report FILE.json] [--csv FILE]";
    return { "resilience", synopsis,
        "Run a collective once per single failure of every element of a role, two at a "
        "time by default, "
        "and rank the failures by slowdown, worst first.",
        runResilience };
}

} // namespace fabric::cli
