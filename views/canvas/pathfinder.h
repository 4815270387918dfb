// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"

#include <QList>

namespace fabric::views {

/// Every equal-cost shortest path between two endpoints, as the path view shows them.
struct PathSet
{
    NodeId from = kNoNode, to = kNoNode;
    QList<QList<LinkId>> paths; ///< Links in order from @c from to @c to.
    int hops = 0;               ///< Hops of each path (an OCS circuit is one hop).
    double bottleneckGbps = 0;  ///< Lowest link capacity on any of the paths.
    bool truncated = false;     ///< More paths exist than were listed.
};

/**
 * All shortest paths from @p from to @p to under the forwarding rule of model/transit.h
 * (mayForward; an OCS only along its circuits, chip -> OCS -> chip counting as one hop). The
 * search runs over directed links, since whether a host may forward depends on where the path
 * came from. At most @p maxPaths paths are listed; an empty set means unreachable.
 */
PathSet equalCostPaths(const Fabric &fabric, NodeId from, NodeId to, int maxPaths = 256);

} // namespace fabric::views
