// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "expansion.h"
#include "faultoutcome.h"
#include "scenario.h"

#include "sim/engine.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace fabric::collective {

/// A figure the run cannot give (a cancelled run, or flows that belong to no collective).
inline constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();

/**
 * The headline figures of a run, as nccl-tests and the app report them. Computed once, by
 * summarize(); the CLI, the report and every view read them from here. A figure the run cannot
 * give is kUnknown (NaN), never a made-up 0.
 */
struct Summary
{
    double completionS = 0.0;
    double algbwGBps = kUnknown; ///< S / t, in GB/s (10^9 bytes/s).
    double busbwGBps = kUnknown; ///< algbw x the nccl-tests factor.
    double idealS = kUnknown; ///< Closed-form time (Expansion::ideal); unknown without one.
    double ofIdeal = kUnknown; ///< idealS / completionS: 0.84 = "84% of ideal".
    /// Fabric bytes (every link except NVLink) sent per rank, mean over ranks (0 without ranks).
    double fabricBytesPerRank = 0.0;
    /// SHARP: bytes the ranks kept off the wire against a ring's 2(n-1)/n x S per rank.
    double sharpSavedBytes = kUnknown;
    std::optional<DirLinkId> bottleneck; ///< The most saturated directed link, if any.

    // The links, as the comparison table, the charts and the explain panel count them.
    double maxLinkUtil = 0.0; ///< Highest peak utilisation of any directed link.
    int maxLinkFlows = 0;     ///< Highest number of flows sharing one directed link at once.
    /// "Fabric links": the fabric's directed switch-to-switch links (leaf -> spine, spine ->
    /// core and back, ToR -> aggregation), the links ECMP chooses among, whether the run used
    /// their tier or not: one count for every run on the fabric.
    int fabricLinks = 0;
    int idleFabricLinks = 0; ///< ... of which carried no byte, though it had not failed.
    /// ... of the idle ones, those on an equal-cost path of one of the run's connections
    /// (ScenarioRun::equalCostLinks): the links the hash passed over, which the canvas dashes.
    /// 0 unless the routing hashes.
    int idleEqualCostFabricLinks = 0;
    /// ... of which the run's faults failed: down, not idle (counted neither idle nor collided).
    int failedFabricLinks = 0;
    /// ... of which carried 2 or more flows at once; -1 when flows were split over several
    /// paths (adaptive, spray, dor ties), where the engine counts path shares, not flows.
    int collidedFabricLinks = 0;
    /// ... of which carried only flows with one shortest path each (a dragonfly's one global
    /// link between two groups): the fabric, not the hash, put them together, and no routing
    /// over shortest paths parts them. Counted under the hashing policies (ecmp,
    /// ecmp-polarized, static) when links are both collided and idle; 0 otherwise, or when
    /// too many pairs cross the collided links to look at each.
    int collidedWithoutChoice = 0;
    bool multipath = false; ///< Some flow was split over several paths.
    double wireBytes = 0.0; ///< Bytes summed over every directed link (hop-bytes).
};

/**
 * One run: what ran, what came out and its headline. Made by runScenario() (or runFlows() for
 * flows made by hand) and only read afterwards: the CLI prints it, the report writers write it,
 * the views draw it.
 */
struct ScenarioRun
{
    /// The scenario that was run; empty for flows made by hand (runFlows()).
    std::optional<Scenario> scenario;
    /// The flows that ran (expansion.flows) and what the report needs to judge them.
    Expansion expansion;
    sim::SimResult result;
    Summary summary;
    /// Directed links (index DirLinkId, 1 = on one) of the equal-cost paths the routing's hash
    /// chose among (route::Router::equalCostLinks()): an idle one is a link ECMP passed over.
    /// Empty unless the routing hashes.
    std::vector<std::uint8_t> equalCostLinks;
    /// What the scenario's faults did, with the healthy run to compare (runWithFaults(),
    /// faultrun.h); empty when the run was made without it.
    std::optional<FaultOutcome> faults;
};

/**
 * Routes, expands and simulates @p scenario on @p fabric in one call (what the CLI and the
 * GUI's worker thread do). Throws UserError for a scenario that makes no sense (see expand()).
 * @p callbacks report the engine's progress and may cancel it.
 */
ScenarioRun runScenario(const Fabric &fabric, const Scenario &scenario,
    const sim::SimOptions &options = {}, const sim::SimCallbacks &callbacks = {},
    const ExpandOptions &expandOptions = {});

/**
 * Simulates @p flows made by hand: no scenario, no ranks, so S, algbw, busbw and the ideal are
 * unknown (expansion.bytes is kUnknown).
 */
ScenarioRun runFlows(const Fabric &fabric, std::vector<sim::FlowSpec> flows,
    const sim::SimOptions &options = {}, const sim::SimCallbacks &callbacks = {});

/// Whether @p run ran with Fidelity::Coarse (its scenario's choice; runFlows() runs are exact).
bool ranCoarse(const ScenarioRun &run);

/// The peak memory the engine is estimated to take for @p expansion's flows (sim/footprint.h):
/// what a scenario's memory limit is checked against.
double estimatedRunBytes(const Expansion &expansion);

/**
 * What a coarse run's figures are worth, in one line for the CLI, the report and the explain
 * panel ("coarse run: flows due to finish within 0.1% ..."); empty for an exact run.
 */
std::string fidelityNote(const ScenarioRun &run);

/// The Summary of @p run's expansion and result (runScenario() and runFlows() call it).
/// @p router, the one that routed the run's flows, lets it tell collisions that no routing
/// could avoid (Summary::collidedWithoutChoice, 0 without it).
Summary summarize(
    const Fabric &fabric, const ScenarioRun &run, const route::Router *router = nullptr);

/// The directed links @p run's faults failed (they keep no capacity), flagged by DirLinkId;
/// empty for a run without faults.
std::vector<std::uint8_t> failedDirections(const Fabric &fabric, const ScenarioRun &run);

} // namespace fabric::collective
