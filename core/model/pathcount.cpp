// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Shortest paths between two nodes: hop count and number of equal-cost paths.
#include "equalcostpaths.h"
#include "error.h"
#include "metrics.h"

#include <string>

namespace fabric::metrics {
namespace {

EqualCostPaths search(const Fabric &fabric, NodeId from, NodeId to)
{
    for (const auto &[id, what] : {std::pair{from, "from"}, std::pair{to, "to"}})
        if (!fabric.hasNode(id))
            throw UserError(std::string(what) + ": no node with id " + std::to_string(id));
    return findEqualCostPaths(fabric, from, to, 0);
}

} // namespace

std::uint64_t equalCostPathCount(const Fabric &fabric, NodeId from, NodeId to)
{
    return search(fabric, from, to).count;
}

int shortestPathHops(const Fabric &fabric, NodeId from, NodeId to)
{
    return search(fabric, from, to).hops;
}

} // namespace fabric::metrics
