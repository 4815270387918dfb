// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "scenario.h"

#include "route/torus.h"

#include <optional>
#include <string_view>
#include <vector>

namespace fabric::route {
class Router;
}

namespace fabric::collective {

/**
 * A Hamiltonian cycle of @p torus on neighbours, the way XLA and NCCL lay a ring on a torus:
 * a boustrophedon (snake) that sweeps the fastest dimension back and forth, row after row,
 * plane after plane, every other plane in reverse, so the last chip sits next to the first
 * across the wrap-around of the slowest dimension. The slowest is a dimension whose wrap is
 * not twisted. Empty when the snake does not close on neighbours (odd sides, chips missing).
 * With @p throughFaults, neighbours by coordinates whose link has failed still count: the ring
 * keeps its order and that step detours.
 */
std::vector<NodeId> snakeCycle(const route::Torus &torus, bool throughFaults = false);

/// The ranks of a ring (--algorithm ring) on a torus with packed placement and --ranks "all"
/// or a count: the first ranks of snakeCycle(). nullopt off a torus, for another placement or
/// a list of names, or when no snake closes.
std::optional<std::vector<NodeId>> torusRingRanks(
    const route::Router &router, std::string_view spec, Placement placement);

} // namespace fabric::collective
