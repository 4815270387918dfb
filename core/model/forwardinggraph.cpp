// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "forwardinggraph.h"

#include <algorithm>
#include <unordered_map>

namespace fabric {
namespace {

bool isTransitNode(const Node &n)
{
    return n.kind == NodeKind::Switch || n.kind == NodeKind::Host
        || (n.kind == NodeKind::Gpu && n.forwards);
}

// A host's hops to anything but its own GPUs can carry no path (transit.h), so they are not
// arcs at all; the rule is symmetric, so one check serves both directions.
bool usableHop(const Node &a, const Node &b)
{
    if (a.kind == NodeKind::Host)
        return b.kind == NodeKind::Gpu && b.host == a.id;
    if (b.kind == NodeKind::Host)
        return a.kind == NodeKind::Gpu && a.host == b.id;
    return true;
}

} // namespace

ForwardingGraph::ForwardingGraph(
    const Fabric &fabric, std::span<const std::uint8_t> deadDirections)
    : mFabric(&fabric)
{
    const std::size_t bound = fabric.nodeIdBound();
    mTransit.assign(bound, 0);
    fabric.forEachNode([&](const Node &n) {
        mTransit[static_cast<std::size_t>(n.id)] = isTransitNode(n) ? 1 : 0;
        if (n.isEndpoint())
            mEndpoints.push_back(n.id);
    });

    // Collect arcs as (from, arc), then bucket them by source (counting sort: no per-node
    // vectors, which cost more than the arcs themselves at 270K links).
    std::vector<std::pair<NodeId, ForwardingArc>> pending;
    pending.reserve(2 * fabric.linkCount());
    // Whether travel over link @p l leaving node @p from has failed.
    const auto dead = [&](LinkId l, NodeId from) {
        const auto d = static_cast<std::size_t>(fabric.leaving(l, from));
        return d < deadDirections.size() && deadDirections[d] != 0;
    };
    auto addPair = [&](NodeId u, NodeId v, LinkId lu, LinkId lv, NodeId ocs, double gbps) {
        // u -> v leaves u over lu (then the OCS over lv); v -> u the other way round.
        const bool forwardDead = lv == kNoLink ? dead(lu, u) : dead(lu, u) || dead(lv, ocs);
        const bool backwardDead = lv == kNoLink ? dead(lu, v) : dead(lv, v) || dead(lu, ocs);
        mOneWayArcs = mOneWayArcs || forwardDead != backwardDead;
        if (!forwardDead)
            pending.push_back({ u, ForwardingArc { v, lu, lv, ocs, gbps } });
        if (!backwardDead)
            pending.push_back({ v,
                ForwardingArc {
                    u, lv == kNoLink ? lu : lv, lv == kNoLink ? kNoLink : lu, ocs, gbps } });
    };
    fabric.forEachLink([&](const Link &l) {
        const Node &a = fabric.node(l.a);
        const Node &b = fabric.node(l.b);
        if (a.kind == NodeKind::Ocs || b.kind == NodeKind::Ocs || !usableHop(a, b))
            return;
        addPair(l.a, l.b, l.id, kNoLink, kNoNode, l.capacityGbps);
    });
    fabric.forEachNode([&](const Node &o) {
        if (o.kind != NodeKind::Ocs || o.circuits.empty())
            return;
        std::unordered_map<int, LinkId> byPort;
        for (LinkId l : fabric.linksOf(o.id))
            byPort.emplace(fabric.link(l).portAt(o.id), l);
        for (const auto &[p, q] : o.circuits) {
            const auto ip = byPort.find(p);
            const auto iq = byPort.find(q);
            if (p == q || ip == byPort.end() || iq == byPort.end())
                continue;
            const Link &lp = fabric.link(ip->second);
            const Link &lq = fabric.link(iq->second);
            const NodeId u = lp.other(o.id);
            const NodeId v = lq.other(o.id);
            // OCS chained to OCS carries no light path we model; a loop back is no hop.
            if (u == v || fabric.node(u).kind == NodeKind::Ocs
                || fabric.node(v).kind == NodeKind::Ocs
                || !usableHop(fabric.node(u), fabric.node(v)))
                continue;
            addPair(u, v, lp.id, lq.id, o.id, std::min(lp.capacityGbps, lq.capacityGbps));
        }
    });

    mOffsets.assign(bound + 1, 0);
    for (const auto &[from, arc] : pending)
        ++mOffsets[static_cast<std::size_t>(from) + 1];
    for (std::size_t i = 0; i < bound; ++i)
        mOffsets[i + 1] += mOffsets[i];
    mArcs.resize(pending.size());
    std::vector<std::uint32_t> fill(mOffsets.begin(), mOffsets.end() - 1);
    for (const auto &[from, arc] : pending)
        mArcs[fill[static_cast<std::size_t>(from)]++] = arc;
}

} // namespace fabric
