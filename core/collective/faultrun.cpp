// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "faultrun.h"

#include "model/error.h"

#include <algorithm>
#include <cmath>

namespace fabric::collective {
namespace {

// Error lines are cut at 200 characters: three pairs and the count fit.
constexpr std::size_t kNamedPairs = 3;

std::string pairName(const Fabric &f, const std::pair<NodeId, NodeId> &p)
{
    return f.node(p.first).name + " -> " + f.node(p.second).name;
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
    const FaultEffect effect = resolveFaults(fabric, scenario.faults);
    sim::SimOptions faulted = options;
    faulted.capacityKept = effect.kept;

    ScenarioRun run = runScenario(fabric, scenario, faulted, callbacks);
    FaultOutcome o;
    o.faults = scenario.faults;
    o.capacityLostGbps = effect.capacityLostGbps;
    o.unreachablePairs = unreachablePairs(run.expansion);
    if (!o.unreachablePairs.empty() && !faultOptions.allowPartial) {
        std::string names;
        for (std::size_t i = 0; i < std::min(kNamedPairs, o.unreachablePairs.size()); ++i)
            names += (i ? ", " : "") + pairName(fabric, o.unreachablePairs[i]);
        if (o.unreachablePairs.size() > kNamedPairs)
            names += " and " + std::to_string(o.unreachablePairs.size() - kNamedPairs) + " more";
        throw UserError(std::to_string(o.unreachablePairs.size())
            + " rank pair(s) have no path left: " + names + " (--allow-partial runs the rest)");
    }

    // A closed form over rank pairs that cannot talk has no meaning (its bandwidth is 0).
    if (!std::isfinite(run.summary.idealS)) {
        run.summary.idealS = kUnknown;
        run.summary.ofIdeal = kUnknown;
    }
    const double completion = run.result.completionS;
    if (faultOptions.healthyCompletionS) {
        o.healthyCompletionS = *faultOptions.healthyCompletionS;
    } else if (scenario.faults.empty()) {
        o.healthyCompletionS = completion;
    } else {
        Scenario healthy = scenario;
        healthy.faults.clear();
        sim::SimOptions quiet = options;
        quiet.recordTimeline = false;
        sim::SimCallbacks cancelOnly;
        cancelOnly.cancelled = callbacks.cancelled;
        const sim::SimResult baseline = runScenario(fabric, healthy, quiet, cancelOnly).result;
        o.healthyCompletionS = baseline.cancelled ? kUnknown : baseline.completionS;
    }
    o.slowdown = o.healthyCompletionS > 0 && !run.result.cancelled
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
        { "slowdown", numberOrNull(o.slowdown) } };
}

} // namespace fabric::collective
