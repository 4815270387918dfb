// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fabric.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace fabric {

/// The shortest paths between two nodes: how long, how many, and the first few of them.
struct EqualCostPaths
{
    /// Hops of each shortest path (an OCS circuit is one hop); -1 when there is none, 0 when
    /// the two nodes are one.
    int hops = -1;
    /// Distinct shortest paths (sequences of links; parallel links and OCS circuits count
    /// separately), saturating at 2^62. 1 when the two nodes are one.
    std::uint64_t count = 0;
    /// Up to the requested number of them, each as its links from the first node to the second.
    std::vector<std::vector<LinkId>> listed;
    /// Lowest link capacity on the listed paths (0 when none is listed).
    double bottleneckGbps = 0.0;
    /// More paths exist than were listed.
    bool truncated() const { return hops > 0 && count > listed.size(); }
};

/**
 * The one search for shortest paths between two nodes that the metrics (path counts, hop
 * distances) and the path view share. It obeys the forwarding rule of transit.h, and so runs
 * over directed links rather than nodes: whether a host may forward depends on where the path
 * came from. At most @p maxListed paths are listed; counting costs O(links) whatever the count.
 * Ids that are not live nodes give hops = -1.
 */
EqualCostPaths findEqualCostPaths(const Fabric &fabric, NodeId from, NodeId to,
                                  std::size_t maxListed);

} // namespace fabric
