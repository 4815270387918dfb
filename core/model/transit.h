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

} // namespace fabric
