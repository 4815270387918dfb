// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <cstdint>
#include <vector>

namespace fabric::sim {

using FlowId = std::int32_t;

/// A path as the directed links walked from the flow's source (OCS crossings included: a chip
/// -> OCS -> chip circuit is two directed links).
struct Path
{
    std::vector<DirLinkId> links;
    bool operator==(const Path &) const = default;
};

/// How a flow spreads over its paths.
enum class Split {
    Single,   ///< One path (paths.size() == 1).
    Weighted, ///< Fixed shares: path i carries weights[i] of the flow's rate (spray = equal).
    Adaptive, ///< Each path is a subflow with its own max-min share; the flow ends when the
              ///< sum of bytes moved reaches bytes (a flow-level stand-in for adaptive routing).
};

/**
 * One flow as the engine sees it (the simulation contract, docs/architecture.md):
 * released when every flow in `after` has finished and `notBeforeS` has passed, plus
 * `releaseDelayS` (per-message software overhead alpha); then it spends `latencyS` (sum of link
 * latencies plus per-hop switch latency, computed by the router) using no bandwidth; then it
 * moves `bytes` at its current max-min fair rate. Rates change only at events.
 */
struct FlowSpec
{
    NodeId src = kNoNode;
    NodeId dst = kNoNode;
    double bytes = 0.0;
    std::vector<Path> paths;
    std::vector<double> weights; ///< With Split::Weighted; same size as paths, sums to 1.
    double latencyS = 0.0;
    double releaseDelayS = 0.0;
    double notBeforeS = 0.0;
    std::vector<FlowId> after; ///< Dependencies: indices into the same flow list.
    /// Free tags the collective layer sets and views use (step number, phase, rank, QP...).
    std::int32_t step = 0;
    std::int32_t rank = -1;
    std::int32_t phase = 0;
    Split split = Split::Single; ///< Here, not after weights, so no padding: 128 bytes a flow.
};

} // namespace fabric::sim
