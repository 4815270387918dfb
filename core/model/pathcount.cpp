// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Shortest paths between two nodes: hop count and number of equal-cost paths.
#include "error.h"
#include "forwardinggraph.h"
#include "metrics.h"

#include <algorithm>
#include <limits>
#include <string>

namespace fabric::metrics {
namespace {

constexpr std::uint64_t kSaturated = std::uint64_t(1) << 62;

struct PathSearch
{
    int hops = -1;
    std::uint64_t paths = 0;
};

void requireNode(const Fabric &fabric, NodeId id, const char *what)
{
    if (!fabric.hasNode(id))
        throw UserError(std::string(what) + ": no node with id " + std::to_string(id));
}

// Breadth-first search from @p from that stops at @p to's level, counting the shortest paths
// into each node (the sum over its predecessors). Nodes that do not forward are reached but
// never expanded, so every counted path obeys transit.h.
PathSearch searchPaths(const Fabric &fabric, NodeId from, NodeId to)
{
    requireNode(fabric, from, "from");
    requireNode(fabric, to, "to");
    if (from == to)
        return { 0, 1 };
    const ForwardingGraph graph(fabric);
    std::vector<int> dist(graph.nodeIdBound(), -1);
    std::vector<std::uint64_t> count(graph.nodeIdBound(), 0);
    std::vector<NodeId> frontier { from }, next;
    dist[static_cast<std::size_t>(from)] = 0;
    count[static_cast<std::size_t>(from)] = 1;
    for (int level = 0; !frontier.empty() && dist[static_cast<std::size_t>(to)] < 0; ++level) {
        next.clear();
        for (NodeId v : frontier) {
            if (v != from && !graph.isTransit(v))
                continue;
            const std::uint64_t cv = count[static_cast<std::size_t>(v)];
            for (const ForwardingArc &arc : graph.arcsOf(v)) {
                const auto w = static_cast<std::size_t>(arc.to);
                if (dist[w] < 0) {
                    dist[w] = level + 1;
                    next.push_back(arc.to);
                }
                if (dist[w] == level + 1)
                    count[w] = std::min(kSaturated, count[w] + cv);
            }
        }
        frontier.swap(next);
    }
    const auto t = static_cast<std::size_t>(to);
    return { dist[t], count[t] };
}

} // namespace

std::uint64_t equalCostPathCount(const Fabric &fabric, NodeId from, NodeId to)
{
    return searchPaths(fabric, from, to).paths;
}

int shortestPathHops(const Fabric &fabric, NodeId from, NodeId to)
{
    return searchPaths(fabric, from, to).hops;
}

} // namespace fabric::metrics
