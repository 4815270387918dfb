// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"

#include <QList>

#include <cstdint>

namespace fabric::views {

/// Every equal-cost shortest path between two endpoints, as the path view shows them.
struct PathSet
{
    NodeId from = kNoNode, to = kNoNode;
    QList<QList<LinkId>> paths; ///< Links in order from @c from to @c to.
    int hops = 0;               ///< Hops of each path (an OCS circuit is one hop).
    double bottleneckGbps = 0;  ///< Lowest link capacity on any of the paths.
    bool truncated = false;     ///< More paths exist than were listed.
    std::uint64_t count = 0;    ///< Every equal-cost path, listed or not (saturates at 2^62).
};

/// The shortest paths from @p from to @p to as the path view shows them: the core's search
/// (model/equalcostpaths.h), at most @p maxPaths listed; an empty set means unreachable.
PathSet equalCostPaths(const Fabric &fabric, NodeId from, NodeId to, int maxPaths = 256);

} // namespace fabric::views
