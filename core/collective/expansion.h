// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "collective.h"
#include "scenario.h"

#include "route/router.h"
#include "sim/flow.h"
#include "sim/linkorbits.h"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fabric::collective {

/// The closed-form time of a collective on a fabric (alpha-beta, docs/simulation.md), the
/// bound the simulated time is compared with ("84% of ideal").
struct Ideal
{
    double timeS = 0.0;
    /// The beta term's bandwidth: the bottleneck per-rank injection bandwidth the formula uses
    /// (NIC rate on a fat-tree, one link per direction on a torus...).
    double bandwidthBytesPerS = 0.0;
    /// Per-message latency a = software alpha + path latency of one step.
    double messageLatencyS = 0.0;
    std::string formula; ///< e.g. "2(p-1) a + 2(p-1)/p S/B".
    /// Which of several bounds timeS is, when it is the tightest of them: "injection" or
    /// "bisection" (all-to-all); empty for an algorithm's own closed form.
    std::string bound;
    /// The bounds compared, each with its figures, for the CLI, the report and the explain panel.
    std::string boundDetail;
};

/**
 * A run reduced by the fabric's symmetry (docs/simulation.md, "Symmetry reduction"): the
 * expansion holds one flow per orbit of the torus's translations, and each stands for `order`
 * flows that move like it (the same sizes, starts and rates on the images of its links).
 */
struct SymmetryReduction
{
    /// Each link's orbit representative; their order is the flows each flow stands for.
    sim::LinkOrbits orbits;
    std::string text; ///< e.g. "64 translations by whole cubes (4 x 4 x 4 chips)".
};

/// A collective turned into flows, with what the report needs to judge the result.
struct Expansion
{
    Collective collective = Collective::AllReduce;
    Algorithm algorithm = Algorithm::Ring;
    std::vector<NodeId> ranks;
    /// How the ranks were ordered: "packed", "spread", "random", "listed" (names given), or
    /// "snake" (a Hamiltonian cycle of a torus, so a ring runs on neighbours).
    std::string rankOrder;
    /// The fabric is a torus: there the rank order decides how many links a ring step crosses.
    bool torus = false;
    std::vector<sim::FlowSpec> flows;
    double bytes = 0.0; ///< S in the nccl-tests sense (algbw = S / t).
    double busbwFactor = 1.0; ///< busbw = algbw x busbwFactor.
    Ideal ideal;
    /// Ring steps merged into persistent flows (docs/simulation.md, "Step aggregation").
    bool aggregated = false;
    /// Flows the step-by-step expansion has (or would have, when aggregated).
    std::size_t stepFlows = 0;
    int chunks = 1; ///< Pipelining chunks (tree, broadcast).
    /// SHARP: the aggregation tree edges (child, parent), every tree; switches and ranks.
    std::vector<std::pair<NodeId, NodeId>> sharpTree;
    /// One line on what was approximated, empty when nothing was.
    std::string note;
    /// Set when the flows are one per orbit of a symmetry (not approximated: exact).
    std::optional<SymmetryReduction> symmetry;

    /// The flows of the collective, counting each flow of a reduced run `order` times.
    std::size_t flowCount() const { return flows.size() * (symmetry ? symmetry->orbits.order : 1); }
};

/// Choices of expand() that do not change the result.
struct ExpandOptions
{
    /// Simulate one flow per orbit where the fabric's symmetry allows (an all-to-all over
    /// every chip of a torus under `dor`); off: every flow, for checking the reduction.
    bool symmetry = true;
    /// Route a pair without a path to nothing, as faults do (route::RouterOptions::
    /// allowUnreachable), so the caller can name every such pair: runWithFaults() does, on a
    /// fabric cut by its faults or built in parts.
    bool allowUnreachable = false;
};

/// Router options of @p s (policy, seed, QPs).
route::RouterOptions routerOptions(const Scenario &s);

/**
 * Expands @p scenario into flows on @p router's fabric, routed by @p router (made with
 * routerOptions(scenario)). Ranks come from Scenario::ranks and placement; custom traffic from
 * Scenario::trafficFile. Throws UserError with one line naming the option for a combination
 * that makes no sense: zero bytes, an algorithm the collective does not have, SHARP without
 * SHARP switches (or on a torus), torus without a torus, hierarchical without hosts, fewer
 * than 2 ranks, ranks that are not endpoints.
 */
Expansion expand(
    const route::Router &router, const Scenario &scenario, const ExpandOptions &options = {});

} // namespace fabric::collective
