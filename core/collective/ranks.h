// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "scenario.h"

#include "model/fabric.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace fabric::route {
class Router;
}

namespace fabric::collective {

/// Every endpoint of @p router's fabric in @p placement order (see Placement). Spread groups
/// GPUs by the switch they attach to and deals them out round-robin, pods first.
std::vector<NodeId> placementOrder(
    const route::Router &router, Placement placement, std::uint64_t seed);

/**
 * The ordered ranks of a collective: @p spec is "all", a count "N" (the first N in placement
 * order) or a comma-separated list of node names (kept in that order). Throws UserError naming
 * --ranks for an unknown name, a node that is not an endpoint (GPU), a repeat, or a count out
 * of range.
 */
std::vector<NodeId> selectRanks(
    const route::Router &router, std::string_view spec, Placement placement, std::uint64_t seed);

/// @p spec names the ranks (rather than "all" or a count): they keep the order given.
bool ranksAreListed(std::string_view spec);

} // namespace fabric::collective
