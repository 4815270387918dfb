// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "tierinference.h"

#include "fabric.h"

#include <deque>
#include <vector>

namespace fabric {
namespace {

constexpr int kLeafTier = 2;

SwitchRole roleOfTier(int tier)
{
    return tier <= kLeafTier ? SwitchRole::Leaf : tier == kLeafTier + 1 ? SwitchRole::Spine
                                                                        : SwitchRole::Core;
}

} // namespace

bool hangsMachines(const Fabric &fabric, NodeId node)
{
    for (const LinkId l : fabric.linksOf(node)) {
        const NodeKind k = fabric.node(fabric.link(l).other(node)).kind;
        if (k == NodeKind::Gpu || k == NodeKind::Host)
            return true;
    }
    return false;
}

int inferSwitchTiers(Fabric &fabric)
{
    // Breadth-first over switches, from those an endpoint or a host hangs off.
    std::vector<int> tier(fabric.nodeIdBound(), -1);
    std::deque<NodeId> queue;
    fabric.forEachNode([&](const Node &n) {
        if (n.kind != NodeKind::Switch || !hangsMachines(fabric, n.id))
            return;
        tier[std::size_t(n.id)] = kLeafTier;
        queue.push_back(n.id);
    });
    while (!queue.empty()) {
        const NodeId s = queue.front();
        queue.pop_front();
        for (const LinkId l : fabric.linksOf(s)) {
            const NodeId next = fabric.link(l).other(s);
            if (fabric.node(next).kind != NodeKind::Switch || tier[std::size_t(next)] >= 0)
                continue;
            tier[std::size_t(next)] = tier[std::size_t(s)] + 1;
            queue.push_back(next);
        }
    }
    int changed = 0;
    for (std::size_t id = 0; id < tier.size(); ++id) {
        if (!fabric.hasNode(NodeId(id)) || tier[id] < 0)
            continue;
        Node &n = fabric.node(NodeId(id));
        if (n.hints.tier >= 0)
            continue;
        n.hints.tier = tier[id];
        if (n.role == SwitchRole::None)
            n.role = roleOfTier(tier[id]);
        ++changed;
    }
    return changed;
}

} // namespace fabric
