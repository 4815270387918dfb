// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "slurmformat.h"

#include "hostlist.h"
#include "model/error.h"

#include <algorithm>
#include <deque>
#include <limits>
#include <numeric>
#include <ostream>

namespace fabric::io {
namespace {

constexpr int kUnreached = std::numeric_limits<int>::max();

/// Slurm splits its lines on blanks, '=' and ',' and reads '[' ']' as host ranges.
const std::string &slurmName(const Node &n)
{
    if (n.name.empty() || n.name.find_first_of(" \t\n=,[]#") != std::string::npos)
        throw UserError("node '" + n.name
            + "' has no name Slurm can use (no blanks, '=', ',', "
              "'[', ']' or '#')");
    return n.name;
}

/// The Slurm node @p n stands for: a host, a GPU's host, or a host-less GPU itself.
const Node *slurmNodeOf(const Fabric &fabric, const Node &n)
{
    if (n.kind == NodeKind::Host)
        return &n;
    if (n.kind != NodeKind::Gpu)
        return nullptr;
    return n.host != kNoNode && fabric.hasNode(n.host) ? &fabric.node(n.host) : &n;
}

/// Switch level: 1 for switches Slurm nodes attach to, then one more per switch hop; a switch
/// lists as Switches= the neighbours below it.
std::vector<int> switchLevels(const Fabric &fabric)
{
    std::vector<int> level(fabric.nodeIdBound(), kUnreached);
    std::deque<NodeId> queue;
    fabric.forEachNode([&](const Node &n) {
        if (n.kind != NodeKind::Switch)
            return;
        for (LinkId l : fabric.linksOf(n.id))
            if (slurmNodeOf(fabric, fabric.node(fabric.link(l).other(n.id)))) {
                level[std::size_t(n.id)] = 1;
                queue.push_back(n.id);
                break;
            }
    });
    while (!queue.empty()) {
        const NodeId s = queue.front();
        queue.pop_front();
        for (LinkId l : fabric.linksOf(s)) {
            const NodeId o = fabric.link(l).other(s);
            if (fabric.node(o).kind == NodeKind::Switch && level[std::size_t(o)] == kUnreached) {
                level[std::size_t(o)] = level[std::size_t(s)] + 1;
                queue.push_back(o);
            }
        }
    }
    return level;
}

/// @p s's neighbours that are Slurm nodes (or switches below it), deduplicated, in link order.
std::vector<NodeId> below(
    const Fabric &fabric, NodeId s, const std::vector<int> &level, bool switches)
{
    std::vector<NodeId> ids;
    for (LinkId l : fabric.linksOf(s)) {
        const Node &o = fabric.node(fabric.link(l).other(s));
        const Node *target = nullptr;
        if (switches && o.kind == NodeKind::Switch
            && level[std::size_t(o.id)] < level[std::size_t(s)])
            target = &o;
        else if (!switches)
            target = slurmNodeOf(fabric, o);
        if (target && std::find(ids.begin(), ids.end(), target->id) == ids.end())
            ids.push_back(target->id);
    }
    return ids;
}

std::string hostList(const Fabric &fabric, const std::vector<NodeId> &ids)
{
    std::vector<std::string> names;
    names.reserve(ids.size());
    for (NodeId id : ids)
        names.push_back(slurmName(fabric.node(id)));
    return slurm::compressHostList(names);
}

NodeId findRoot(std::vector<NodeId> &parent, NodeId x)
{
    while (parent[std::size_t(x)] != x)
        x = parent[std::size_t(x)] = parent[std::size_t(parent[std::size_t(x)])];
    return x;
}

} // namespace

void SlurmFormat::write(const Fabric &fabric, std::ostream &out) const
{
    const std::vector<int> level = switchLevels(fabric);
    std::vector<NodeId> switches;
    fabric.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Switch && level[std::size_t(n.id)] != kUnreached)
            switches.push_back(n.id);
    });
    if (switches.empty())
        throw UserError("topology.conf is a tree of switches: this fabric has no packet switch "
                        "that hosts attach to (a torus or NVLink only?)");
    std::stable_sort(switches.begin(), switches.end(),
        [&](NodeId a, NodeId b) { return level[std::size_t(a)] > level[std::size_t(b)]; });

    // Switches joined by no parent-child chain would split every job: a virtual top switch
    // above one switch of each part joins them (a dragonfly's routers are all leaves).
    std::vector<NodeId> parent(fabric.nodeIdBound());
    std::iota(parent.begin(), parent.end(), NodeId(0));
    out << "# Slurm topology.conf (topology/tree) written by FabricScope\n";
    for (NodeId s : switches) {
        const std::vector<NodeId> children = below(fabric, s, level, true);
        const std::vector<NodeId> nodes = below(fabric, s, level, false);
        out << "SwitchName=" << slurmName(fabric.node(s));
        if (!children.empty())
            out << " Switches=" << hostList(fabric, children);
        if (!nodes.empty())
            out << " Nodes=" << hostList(fabric, nodes);
        out << "\n";
        for (NodeId child : children)
            parent[std::size_t(findRoot(parent, child))] = findRoot(parent, s);
    }
    std::vector<NodeId> parts;
    for (NodeId s : switches)
        if (findRoot(parent, s) == s)
            parts.push_back(s);
    if (parts.size() > 1)
        out << "SwitchName=fabric-top Switches=" << hostList(fabric, parts) << "\n";
}

} // namespace fabric::io
