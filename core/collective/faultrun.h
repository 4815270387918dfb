// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "faultoutcome.h"
#include "run.h"

#include "model/faults.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fabric::collective {

struct FaultRunOptions
{
    /// Run what can be routed and report the unreachable pairs, instead of a UserError.
    bool allowPartial = false;
    /// On a TPU slice with spare cubes: swap each failed cube for a spare first
    /// (gen::replaceFailedCubes) and run on the reconfigured slice. A slice left with a failed
    /// cube and no spare is broken: a UserError, or with allowPartial a run around it.
    bool ocsReroute = false;
    /// The healthy completion when already known (a resilience sweep runs it once).
    std::optional<double> healthyCompletionS;
};

/// The ordered pairs of @p expansion's flows that got no path (the router's allowUnreachable),
/// sorted, each once.
std::vector<std::pair<NodeId, NodeId>> unreachablePairs(const Expansion &expansion);

/**
 * Runs @p scenario with its faults (Scenario::faults): routes over what survives, links
 * degraded to their fraction, and (unless given) the same scenario without faults for
 * healthy_completion_s and slowdown; the run's ScenarioRun::faults holds the outcome. Throws
 * UserError when a fault names nothing in @p fabric, and, without
 * FaultRunOptions::allowPartial, when rank pairs cannot reach each other: the message names
 * them. @p callbacks report the faulted run's progress; their cancel flag stops the healthy run
 * too, and a cancelled run's healthy completion or slowdown is unknown (NaN).
 */
ScenarioRun runWithFaults(const Fabric &fabric, const Scenario &scenario,
    const sim::SimOptions &options = {}, const FaultRunOptions &faultOptions = {},
    const sim::SimCallbacks &callbacks = {});

/**
 * The report's fault keys, which reportJson() writes for every run: `faults` (text forms),
 * `unreachable_pairs` (`[src, dst]` name pairs), `capacity_lost_gbps`, `healthy_completion_s`,
 * `slowdown` and `ocs_reroute` (null unless asked for: `replaced` and `unreplaced` cubes,
 * `spare_cubes_left`, `slice_broken`). From ScenarioRun::faults when the run has it; otherwise from the scenario and
 * the flows, with `healthy_completion_s` = `completion_s` and `slowdown` 1 for a run without
 * faults, and both null for a faulted run that was not compared with a healthy one.
 */
nlohmann::json faultReportJson(const Fabric &fabric, const ScenarioRun &run);

} // namespace fabric::collective
