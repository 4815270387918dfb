// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "faultrun.h"

#include "model/error.h"

#include <algorithm>
#include <cmath>
#include <limits>

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

FaultedRun runWithFaults(const Fabric &fabric, const Scenario &scenario,
    const sim::SimOptions &options, const FaultRunOptions &faultOptions)
{
    const FaultEffect effect = resolveFaults(fabric, scenario.faults);
    sim::SimOptions faulted = options;
    faulted.capacityKept = effect.kept;

    FaultedRun out;
    out.run = runScenario(fabric, scenario, faulted);
    FaultOutcome &o = out.outcome;
    o.faults = scenario.faults;
    o.capacityLostGbps = effect.capacityLostGbps;
    o.unreachablePairs = unreachablePairs(out.run.expansion);
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
    if (!std::isfinite(out.run.summary.idealS)) {
        out.run.summary.idealS = std::numeric_limits<double>::quiet_NaN();
        out.run.summary.ofIdeal = std::numeric_limits<double>::quiet_NaN();
    }
    const double completion = out.run.result.completionS;
    if (faultOptions.healthyCompletionS) {
        o.healthyCompletionS = *faultOptions.healthyCompletionS;
    } else if (scenario.faults.empty()) {
        o.healthyCompletionS = completion;
    } else {
        Scenario healthy = scenario;
        healthy.faults.clear();
        sim::SimOptions quiet = options;
        quiet.recordTimeline = false;
        o.healthyCompletionS = runScenario(fabric, healthy, quiet).result.completionS;
    }
    o.slowdown = o.healthyCompletionS > 0 ? completion / o.healthyCompletionS
                                          : std::numeric_limits<double>::quiet_NaN();
    return out;
}

nlohmann::json faultReportJson(const Fabric &fabric, const FaultOutcome &o)
{
    nlohmann::json faults = nlohmann::json::array();
    for (const Fault &f : o.faults)
        faults.push_back(toString(f));
    nlohmann::json pairs = nlohmann::json::array();
    for (const auto &[src, dst] : o.unreachablePairs)
        pairs.push_back({ fabric.node(src).name, fabric.node(dst).name });
    return { { "faults", std::move(faults) }, { "unreachable_pairs", std::move(pairs) },
        { "capacity_lost_gbps", o.capacityLostGbps },
        { "healthy_completion_s", o.healthyCompletionS }, { "slowdown", o.slowdown } };
}

} // namespace fabric::collective
