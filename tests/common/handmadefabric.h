// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Building blocks for the tiny fabrics tests draw by hand, node by node, as a user of the
// editor would.

#include "model/fabric.h"

#include <string>

namespace fabric::testing {

/// Adds a node of @p kind named @p name.
inline NodeId addNode(Fabric &f, NodeKind kind, std::string name)
{
    Node n;
    n.kind = kind;
    n.name = std::move(name);
    return f.addNode(n);
}

/// Adds a link of @p gbps and @p ns between @p a and @p b; ports only when given.
inline LinkId addLink(Fabric &f, NodeId a, NodeId b, double gbps, double ns = 50,
    Medium medium = Medium::InfiniBand, int portA = -1, int portB = -1)
{
    Link l;
    l.a = a;
    l.b = b;
    l.capacityGbps = gbps;
    l.latencyNs = ns;
    l.medium = medium;
    l.portA = portA;
    l.portB = portB;
    return f.addLink(l);
}

} // namespace fabric::testing
