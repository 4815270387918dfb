// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `fabricscope-cli simulate FABRIC --collective ... --algorithm ... --bytes ... --routing ...`:
// expands a collective into flows, routes them, runs the flow-level engine and reports.
#include "columns.h"
#include "command.h"
#include "faultoptions.h"
#include "options.h"
#include "outputpaths.h"
#include "progressline.h"
#include "scenariooptions.h"

#include "collective/report.h"
#include "collective/run.h"
#include "generators/tpuspares.h"
#include "io/atomicwrite.h"
#include "io/fabricfile.h"
#include "model/error.h"
#include "model/units.h"

#include <cmath>
#include <iomanip>
#include <ostream>

namespace fabric::cli {
namespace {

using collective::Scenario;

std::string percent(double ratio)
{
    if (!std::isfinite(ratio))
        return "n/a";
    return units::formatFixed(100.0 * ratio, 1) + "%";
}

std::string number(double v)
{
    return units::formatSignificant(v, 4);
}

Scenario scenarioFrom(const ParsedOptions &o)
{
    Scenario s = scenarioFromOptions(o);
    if (o.has("--traffic")) {
        if (o.has("--collective") || o.has("--algorithm"))
            throw UserError("--traffic FILE.csv replaces --collective and --algorithm; give one "
                            "or the other");
        // Taken and written into the report's scenario, they described a run that did not
        // happen ("ranks": "4" over the file's 3).
        for (const char *unused : { "--bytes", "--ranks", "--placement" })
            if (o.has(unused))
                throw UserError(std::string(unused)
                    + " has no effect with --traffic: the file names each flow's GPUs and "
                      "size");
        s.collective = collective::Collective::Custom;
        s.algorithm = collective::Algorithm::Direct;
        s.trafficFile = *o.value("--traffic");
    }
    s.alphaS = o.number("--alpha", 0, 1, 0);
    s.aggregation = *collective::aggregationFromString(
        o.choice("--aggregate", { "auto", "always", "never" }, "auto"));
    s.stepFlowBudget = static_cast<std::size_t>(
        o.integer("--step-flow-budget", 1, 100'000'000, static_cast<long long>(s.stepFlowBudget)));
    s.chunks = static_cast<int>(o.integer("--chunks", 0, 4096, 0));
    return s;
}

void printSummary(std::ostream &out, const Fabric &fabric, const collective::ScenarioRun &run)
{
    const Scenario &s = *run.scenario;
    const collective::Expansion &e = run.expansion;
    const sim::SimResult &r = run.result;
    const collective::Summary &sum = run.summary;
    auto row = [&](const char *label) -> std::ostream & {
        return out << std::left << std::setw(13) << label;
    };
    out << "Simulated " << collective::toString(s.collective);
    if (s.collective != collective::Collective::Custom)
        out << " (" << collective::toString(s.algorithm) << ")";
    out << " of " << units::formatBytes(e.bytes) << " over " << units::formatCount(e.ranks.size())
        << " ranks, routing " << route::toString(s.routing) << ", "
        << units::formatCount(e.flowCount(), "flow", "flows") << "\n";
    if (e.symmetry)
        row("Symmetry:") << units::formatCount(e.flows.size(), "flow", "flows")
                         << " simulated, one per orbit of the " << e.symmetry->text
                         << " (exact: the others move the same way)\n";
    row("Completion:") << units::formatSeconds(sum.completionS);
    if (run.faults && !run.faults->unreachablePairs.empty())
        out << "   (only the traffic that could run: without the pairs cut off, the "
               "collective cannot complete)";
    out << "\n";
    if (const std::string note = collective::fidelityNote(run); !note.empty())
        row("Fidelity:") << note << "\n";
    row("algbw:") << units::formatGBps(sum.algbwGBps) << "   (S / t)\n";
    row("busbw:") << units::formatGBps(sum.busbwGBps) << "   (algbw x " << number(e.busbwFactor)
                  << ", nccl-tests)\n";
    row("Ideal:") << units::formatSeconds(sum.idealS) << "   (" << e.ideal.formula;
    if (e.ideal.bandwidthBytesPerS > 0)
        out << ", B = "
            << units::formatGBps(units::bytesPerSecondToGBps(e.ideal.bandwidthBytesPerS));
    out << ")\n";
    if (!e.ideal.boundDetail.empty())
        row("Ideal bound:") << e.ideal.boundDetail << "\n";
    row("Efficiency:") << percent(sum.ofIdeal) << " of ideal\n";
    if (e.rankOrder == "snake" && e.ranks.size() == fabric.endpoints().size())
        row("Rank order:") << "snake (a Hamiltonian cycle of the torus: every ring step is "
                              "one hop)\n";
    else if (e.rankOrder == "snake")
        row("Rank order:") << "snake (the first " << e.ranks.size()
                           << " chips of a Hamiltonian cycle of the torus: each step goes to a "
                              "neighbour but the one closing the ring)\n";
    if (sum.bottleneck) {
        const sim::LinkStats &l = r.links[std::size_t(*sum.bottleneck)];
        row("Bottleneck:") << terminalText(fabric.name(*sum.bottleneck)) << " (link "
                           << linkOf(*sum.bottleneck) << "), saturated "
                           << units::formatSeconds(l.saturatedS) << ", up to "
                           << units::formatCount(std::uint64_t(l.peakFlows), "flow", "flows")
                           << "\n";
    } else {
        row("Bottleneck:") << "none (no link saturated: latency-bound)\n";
    }
    if (!e.note.empty())
        row("Note:") << e.note << "\n";
}

int runSimulate(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    OptionParser parser("simulate");
    parser.positional("FABRIC", "The fabric file (any readable format).");
    declareScenarioOptions(parser);
    parser.option("--traffic", "FILE.csv", "Custom traffic: lines src,dst,bytes[,start_s].")
        .option("--alpha", "SECONDS", "Per-message software overhead (0).")
        .option("--aggregate", "MODE", "auto|always|never: merge ring steps (auto).")
        .option("--step-flow-budget", "N", "Step flows above which auto merges (1000000).")
        .option("--chunks", "N", "Pipelining chunks for tree and broadcast (0 = auto).")
        .option("--report", "FILE.json", "Write the full report as JSON.")
        .flag("--flows", "Include every flow in the report.")
        .option("--links-csv", "FILE", "Write per directed link statistics as CSV.")
        .option("--flows-csv", "FILE",
            "Write one row per flow that ran (ends, bytes, step, rank, release, start and "
            "finish times) as CSV.")
        .flag("--progress",
            "Report progress on stderr, a line per tenth (on a terminal it is always shown, "
            "in place).")
        .flag("--ocs-reroute",
            "TPU slice with spare_cubes: reconfigure the OCS to swap each failed cube for a "
            "spare before running; a failed cube with no spare left breaks the slice.");
    declareFaultOptions(parser);
    const ParsedOptions o = parser.parse(args);
    if (o.helpRequested()) {
        out << parser.usage();
        return 0;
    }
    Scenario s = scenarioFrom(o);
    if (o.has("--flows") && !o.has("--report"))
        throw UserError("--flows adds the flows to the report: give --report FILE.json too");
    // Where the outputs go is checked before a run of minutes, not after it.
    checkOutputPaths(o, { "--report", "--links-csv", "--flows-csv" });
    const Fabric fabric = io::loadFabric(o.positional(0));
    applyFabricDefaults(s, o, fabric);
    sim::SimOptions options;
    options.recordTimeline = false;
    s.faults = faultsFrom(o, fabric, s.seed);
    collective::FaultRunOptions faultOptions;
    faultOptions.allowPartial = o.has("--allow-partial");
    faultOptions.ocsReroute = o.has("--ocs-reroute");
    if (faultOptions.ocsReroute && !gen::hasReplaceableCubes(fabric))
        throw UserError("--ocs-reroute: " + o.positional(0)
            + " is not a tpu-torus slice, and only those have cubes the OCS can replace");
    ProgressLine progress(err, o.has("--progress"), "simulating");
    sim::SimCallbacks callbacks;
    if (progress.enabled()) {
        progress.show(0.0); // routing and setting up come first, and can take seconds
        callbacks.progress = [&progress](double fraction, double timeS) {
            progress.show(fraction, units::formatSeconds(timeS) + " simulated");
        };
    }
    const collective::ScenarioRun run
        = collective::runWithFaults(fabric, s, options, faultOptions, callbacks);
    progress.finish();

    printSummary(out, fabric, run);
    printFaultSummary(out, fabric, run);
    if (const auto path = o.value("--report")) {
        const std::string text = collective::reportText(fabric, run, o.has("--flows"));
        io::saveAtomically(*path, [&](std::ostream &f) { f << text; });
    }
    if (const auto path = o.value("--links-csv"))
        io::saveAtomically(
            *path, [&](std::ostream &f) { collective::writeLinksCsv(f, fabric, run.result); });
    if (const auto path = o.value("--flows-csv"))
        io::saveAtomically(
            *path, [&](std::ostream &f) { collective::writeFlowsCsv(f, fabric, run); });
    return 0;
}

} // namespace

Command simulateCommand()
{
    static const std::string synopsis = "simulate FABRIC " + std::string(kScenarioSynopsis)
        + " [--traffic FILE.csv] [--alpha SECONDS] [--aggregate MODE] [--step-flow-budget N] "
          "[--chunks N] [--fail NAME[,NAME...]] [--fail-random N [--fail-role ROLE]] "
          "[--allow-partial] [--ocs-reroute] [--report FILE.json] [--flows] [--links-csv FILE] "
          "[--flows-csv FILE] [--progress]";
    return { "simulate", synopsis,
        "Run a collective (or custom traffic) on a fabric with the flow-level engine and "
        "report completion, algbw, busbw, % of ideal and the bottleneck.",
        runSimulate };
}

} // namespace fabric::cli
