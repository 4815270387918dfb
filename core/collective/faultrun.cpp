// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "faultrun.h"

#include "model/error.h"
#include "model/units.h"

#include <algorithm>
#include <cmath>

namespace fabric::collective {
namespace {

// Error lines are cut at io::kMaxErrorLine bytes: three pairs and the count fit.
constexpr std::size_t kNamedPairs = 3;

nlohmann::json spareCubesJson(const gen::SpareCubeOutcome &o)
{
    const auto rows = [](const std::vector<gen::CubeReplacement> &list) {
        nlohmann::json out = nlohmann::json::array();
        for (const gen::CubeReplacement &r : list) {
            nlohmann::json row { { "cube", r.cube }, { "failed", r.failed } };
            if (r.spareCube >= 0) {
                row["spare_cube"] = r.spareCube;
                row["spare"] = r.spare;
                row["circuits_changed"] = r.circuitsChanged;
            }
            out.push_back(std::move(row));
        }
        return out;
    };
    return { { "replaced", rows(o.replaced) }, { "unreplaced", rows(o.unreplaced) },
        { "spare_cubes_left", o.sparesLeft }, { "slice_broken", o.broken() } };
}

std::string pairName(const Fabric &f, const std::pair<NodeId, NodeId> &p)
{
    return f.node(p.first).name + " -> " + f.node(p.second).name;
}

/// Completion of @p scenario without its faults, without a timeline; NaN when cancelled.
double healthyCompletion(const Fabric &fabric, const Scenario &scenario,
    const sim::SimOptions &options, const sim::SimCallbacks &callbacks)
{
    Scenario healthy = scenario;
    healthy.faults.clear();
    sim::SimOptions quiet = options;
    quiet.recordTimeline = false;
    sim::SimCallbacks cancelOnly;
    cancelOnly.cancelled = callbacks.cancelled;
    const sim::SimResult baseline = runScenario(fabric, healthy, quiet, cancelOnly).result;
    return baseline.cancelled ? kUnknown : baseline.completionS;
}

/// The error for a slice left with failed cubes: those first, as error lines are cut short.
std::string brokenSlice(const gen::SpareCubeOutcome &o)
{
    std::string cubes;
    for (const gen::CubeReplacement &r : o.unreplaced)
        cubes += (cubes.empty() ? "" : ", ") + std::string("cube ") + std::to_string(r.cube) + " ("
            + r.failed + " failed)";
    return "the slice is broken: no healthy spare cube left for " + cubes
        + " (generate it with more spare_cubes, or --allow-partial runs around it)";
}

/// runWithFaults() with FaultRunOptions::ocsReroute: the same run on a copy of @p fabric whose
/// OCS switched spares in for the failed cubes, compared with @p fabric's healthy run.
ScenarioRun runRerouted(const Fabric &fabric, const Scenario &scenario,
    const sim::SimOptions &options, FaultRunOptions faultOptions,
    const sim::SimCallbacks &callbacks)
{
    Fabric rerouted = fabric;
    gen::SpareCubeOutcome spares = gen::replaceFailedCubes(rerouted, scenario.faults);
    if (spares.broken() && !faultOptions.allowPartial)
        throw UserError(brokenSlice(spares));
    faultOptions.ocsReroute = false;
    // The spare's chips have other ids, which hashed routing would see: the job before the
    // failure ran on the slice as it was.
    if (!faultOptions.healthyCompletionS && !scenario.faults.empty())
        faultOptions.healthyCompletionS = healthyCompletion(fabric, scenario, options, callbacks);
    ScenarioRun run = runWithFaults(rerouted, scenario, options, faultOptions, callbacks);
    run.faults->spareCubes = std::move(spares);
    return run;
}

} // namespace

std::vector<std::pair<NodeId, NodeId>> unreachablePairs(const Expansion &e)
{
    std::vector<std::pair<NodeId, NodeId>> out;
    for (const sim::FlowSpec &f : e.flows)
        if (f.paths.empty() && f.src != f.dst && f.src != kNoNode && f.dst != kNoNode)
            out.emplace_back(f.src, f.dst);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

ScenarioRun runWithFaults(const Fabric &fabric, const Scenario &scenario,
    const sim::SimOptions &options, const FaultRunOptions &faultOptions,
    const sim::SimCallbacks &callbacks)
{
    if (faultOptions.ocsReroute)
        return runRerouted(fabric, scenario, options, faultOptions, callbacks);
    const FaultEffect effect = resolveFaults(fabric, scenario.faults);
    sim::SimOptions faulted = options;
    faulted.capacityKept = effect.kept;

    // Pairs without a path are collected, not the first one thrown: a fabric built in parts
    // has them without any fault, and --allow-partial runs the rest there too.
    ExpandOptions expandOptions;
    expandOptions.allowUnreachable = true;
    ScenarioRun run = runScenario(fabric, scenario, faulted, callbacks, expandOptions);
    FaultOutcome o;
    o.faults = scenario.faults;
    o.capacityLostGbps = effect.capacityLostGbps;
    o.unreachablePairs = unreachablePairs(run.expansion);
    if (!o.unreachablePairs.empty() && !faultOptions.allowPartial) {
        std::string names;
        for (std::size_t i = 0; i < std::min(kNamedPairs, o.unreachablePairs.size()); ++i)
            names += (i ? ", " : "") + pairName(fabric, o.unreachablePairs[i]);
        if (o.unreachablePairs.size() > kNamedPairs)
            names
                += " and " + units::formatCount(o.unreachablePairs.size() - kNamedPairs) + " more";
        const std::size_t cut = o.unreachablePairs.size();
        throw UserError(units::formatCount(cut, "rank pair has", "rank pairs have")
            + " no path left: " + names + " (--allow-partial runs the rest)");
    }

    // A closed form over rank pairs that cannot talk has no meaning (its bandwidth is 0).
    if (!std::isfinite(run.summary.idealS)) {
        run.summary.idealS = kUnknown;
        run.summary.ofIdeal = kUnknown;
    }
    // With pairs cut off the collective never completes: the time is only that of the traffic
    // that could run (a ring whose chain broke stops early), so S / t, busbw, the share of the
    // ideal and the slowdown would read as a run faster than the healthy one.
    const bool completes = o.unreachablePairs.empty();
    if (!completes) {
        run.summary.algbwGBps = kUnknown;
        run.summary.busbwGBps = kUnknown;
        run.summary.idealS = kUnknown;
        run.summary.ofIdeal = kUnknown;
    }
    const double completion = run.result.completionS;
    if (faultOptions.healthyCompletionS) {
        o.healthyCompletionS = *faultOptions.healthyCompletionS;
    } else if (scenario.faults.empty()) {
        o.healthyCompletionS = completion;
    } else {
        o.healthyCompletionS = healthyCompletion(fabric, scenario, options, callbacks);
    }
    o.slowdown = completes && o.healthyCompletionS > 0 && !run.result.cancelled
        ? completion / o.healthyCompletionS
        : kUnknown;
    run.faults = std::move(o);
    return run;
}

nlohmann::json faultReportJson(const Fabric &fabric, const ScenarioRun &run)
{
    FaultOutcome o;
    nlohmann::json healthy = nullptr, slowdown = nullptr;
    if (run.faults) {
        o = *run.faults;
    } else if (run.scenario) {
        o.faults = run.scenario->faults;
        o.capacityLostGbps = resolveFaults(fabric, o.faults).capacityLostGbps;
        o.unreachablePairs = unreachablePairs(run.expansion);
        o.healthyCompletionS = o.faults.empty() ? run.result.completionS : kUnknown;
        o.slowdown = o.faults.empty() ? 1.0 : kUnknown;
    } else {
        o.healthyCompletionS = run.result.completionS;
    }
    nlohmann::json faults = nlohmann::json::array();
    for (const Fault &f : o.faults)
        faults.push_back(toString(f));
    nlohmann::json pairs = nlohmann::json::array();
    for (const auto &[src, dst] : o.unreachablePairs)
        pairs.push_back({ fabric.node(src).name, fabric.node(dst).name });
    const auto numberOrNull
        = [](double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); };
    return { { "faults", std::move(faults) }, { "unreachable_pairs", std::move(pairs) },
        { "capacity_lost_gbps", o.capacityLostGbps },
        { "healthy_completion_s", numberOrNull(o.healthyCompletionS) },
        { "slowdown", numberOrNull(o.slowdown) },
        { "ocs_reroute", o.spareCubes ? spareCubesJson(*o.spareCubes) : nlohmann::json(nullptr) } };
}

} // namespace fabric::collective
