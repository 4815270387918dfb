// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fabric.h"

namespace fabric {

/**
 * The forwarding rule every path search in FabricScope obeys (routing, diameter, path counts,
 * bisection):
 *  - switches forward anything;
 *  - a host forwards only between two GPUs of its own (its NVLink domain): traffic between
 *    hosts never borrows another host's NVLink;
 *  - a GPU never forwards (endpoints are the ends of paths, not transit), except a chip marked
 *    Node::forwards (a TPU chip, whose ICI router relays torus traffic);
 *  - an OCS forwards only along its circuits (see Fabric::ocsPeer), as one optical hop.
 *
 * Returns whether a path may go @p prev -> @p via -> @p next (OCS excepted: use ocsPeer()).
 */
inline bool mayForward(const Fabric &fabric, NodeId prev, NodeId via, NodeId next)
{
    const Node &v = fabric.node(via);
    switch (v.kind) {
    case NodeKind::Switch:
        return true;
    case NodeKind::Host: {
        const Node &p = fabric.node(prev);
        const Node &n = fabric.node(next);
        return p.kind == NodeKind::Gpu && n.kind == NodeKind::Gpu && p.host == via
            && n.host == via;
    }
    case NodeKind::Gpu:
        return v.forwards;
    case NodeKind::Ocs:
        return false;
    }
    return false;
}

/**
 * Whether @p link is a GPU's only way to nodes of its far end's kind: the GPU forwards nothing
 * and has no other link to a switch (its one NIC port) or to a host (its NVLink), so every
 * flow from or to it that way crosses this link whatever the routing. Flows that share it are
 * the GPU's own traffic, not a collision a routing choice made. A NIC with two ports (HPN's
 * dual-plane hosts) does choose, and a chip that relays traffic (Node::forwards) carries others'.
 */
inline bool isSoleWay(const Fabric &fabric, const Link &link)
{
    for (const NodeId end : { link.a, link.b }) {
        const Node &gpu = fabric.node(end);
        const NodeKind far = fabric.node(link.other(end)).kind;
        if (gpu.kind != NodeKind::Gpu || gpu.forwards
            || (far != NodeKind::Switch && far != NodeKind::Host))
            continue;
        int ways = 0;
        for (const LinkId l : fabric.linksOf(end))
            ways += fabric.node(fabric.link(l).other(end)).kind == far ? 1 : 0;
        if (ways == 1)
            return true;
    }
    return false;
}

} // namespace fabric
