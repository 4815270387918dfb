// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "run.h"

#include "model/faults.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fabric::collective {

/// What a scenario's faults did to its run: the report's fault keys (docs/simulation.md,
/// "Faults").
struct FaultOutcome
{
    std::vector<Fault> faults;
    /// Ordered rank pairs (src, dst) the collective needed that no surviving path joins.
    std::vector<std::pair<NodeId, NodeId>> unreachablePairs;
    double capacityLostGbps = 0.0;
    /// Completion of the same scenario without faults.
    double healthyCompletionS = 0.0;
    /// Completion with faults / healthyCompletionS (1 without faults).
    double slowdown = 1.0;
};

struct FaultRunOptions
{
    /// Run what can be routed and report the unreachable pairs, instead of a UserError.
    bool allowPartial = false;
    /// The healthy completion when already known (a resilience sweep runs it once).
    std::optional<double> healthyCompletionS;
};

struct FaultedRun
{
    ScenarioRun run;
    FaultOutcome outcome;
};

/// The ordered pairs of @p expansion's flows that got no path (the router's allowUnreachable),
/// sorted, each once.
std::vector<std::pair<NodeId, NodeId>> unreachablePairs(const Expansion &expansion);

/**
 * Runs @p scenario with its faults (Scenario::faults): routes over what survives, links
 * degraded to their fraction, and (unless given) the same scenario without faults for
 * healthy_completion_s and slowdown. Throws UserError when a fault names nothing in
 * @p fabric, and, without FaultRunOptions::allowPartial, when rank pairs cannot reach each
 * other: the message names them.
 */
FaultedRun runWithFaults(const Fabric &fabric, const Scenario &scenario,
    const sim::SimOptions &options = {}, const FaultRunOptions &faultOptions = {});

/**
 * The report's fault keys: `faults` (text forms), `unreachable_pairs` (`[src, dst]` name
 * pairs), `capacity_lost_gbps`, `healthy_completion_s`, `slowdown`. The report writer merges
 * them into the run's report.
 */
nlohmann::json faultReportJson(const Fabric &fabric, const FaultOutcome &outcome);

} // namespace fabric::collective
