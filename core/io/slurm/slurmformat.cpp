// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "slurmformat.h"

#include "hostlist.h"
#include "io/common/textutil.h"
#include "model/error.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <deque>
#include <limits>
#include <numeric>
#include <ostream>
#include <set>
#include <string_view>

namespace fabric::io {
namespace {

constexpr int kUnreached = std::numeric_limits<int>::max();

/// Slurm splits its lines on blanks, '=' and ',' and reads '[' ']' as host ranges; it drops
/// every backslash, and one ending a line joins the next line to it.
constexpr const char *kNotInSlurmNames = " \t\n=,[]#\\";

/// The name of the switch written above the parts of a fabric no switch joins.
constexpr const char *kTopSwitch = "fabric-top";

bool notInSlurmName(char c)
{
    // Control characters too: a carriage return ends Slurm's line early.
    return std::strchr(kNotInSlurmNames, c) != nullptr || static_cast<unsigned char>(c) < 0x20
        || c == '\x7f';
}

bool usableInSlurm(const std::string &name)
{
    return !name.empty() && std::none_of(name.begin(), name.end(), notInSlurmName);
}

bool allOf(std::string_view text, int (*is)(int))
{
    return !text.empty() && std::all_of(text.begin(), text.end(), [is](char c) {
        return is(static_cast<unsigned char>(c)) != 0;
    });
}

/// "HCA-1" or "mlx5_0": how InfiniBand names a host's adapters after the host's name.
bool isAdapterSuffix(std::string_view word)
{
    if (word.starts_with("HCA-"))
        return allOf(word.substr(4), isdigit);
    if (!word.starts_with("mlx"))
        return false;
    const std::size_t underscore = word.find('_');
    return underscore != std::string_view::npos && allOf(word.substr(3, underscore - 3), isdigit)
        && allOf(word.substr(underscore + 1), isdigit);
}

/// The GUID a name carries in parentheses, "(S-0008f10500108530)" with @p kind 'S'; empty
/// when it has none.
std::string guidIn(std::string_view name, char kind)
{
    const std::string open = std::string("(") + kind + "-";
    const std::size_t at = name.find(open);
    const std::size_t close = at == std::string_view::npos ? at : name.find(')', at);
    if (close == std::string_view::npos)
        return {};
    const std::string_view hex = name.substr(at + 3, close - at - 3);
    return allOf(hex, isxdigit) ? std::string(name.substr(at + 1, close - at - 1)) : std::string();
}

/**
 * A Slurm node's name is the node's own (Slurm matches it to its compute nodes), or for a node
 * an ibnetdiscover import named after its channel adapter, the name ibtopotool writes from the
 * same dump: the host of "node019 HCA-1" or "controller mlx5_0", and the GUID of an adapter its
 * description does not name ("MT25408 ConnectX Mellanox Technologies (H-003048c74ae20000)").
 */
std::string slurmName(const Node &n)
{
    if (usableInSlurm(n.name))
        return n.name;
    const std::size_t blank = n.name.find(' ');
    if (blank != std::string::npos && n.name.find(' ', blank + 1) == std::string::npos
        && usableInSlurm(n.name.substr(0, blank))
        && isAdapterSuffix(std::string_view(n.name).substr(blank + 1)))
        return n.name.substr(0, blank);
    if (std::string guid = guidIn(n.name, 'H'); !guid.empty())
        return guid;
    throw UserError("node '" + n.name
        + "' has no name Slurm can use (no blanks, '=', ',', '[', ']' or '#'): rename it to the "
          "compute node's name");
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

/**
 * Switch names, which Slurm only uses to name the tree: a switch's own name, or one made from it
 * when it has characters Slurm reads otherwise. Imported InfiniBand switches are named after
 * their description ("Voltaire 4036 # 4036-86A2"), so no import could be written before: the
 * GUID a name carries ("... (S-0008f10500108530)") as ibtopotool names switches, else the name
 * with runs of those characters made '_'. A name already taken (by another switch, or
 * "fabric-top") gets the switch's id.
 */
std::vector<std::string> switchNames(const Fabric &fabric, const std::vector<NodeId> &switches)
{
    std::set<std::string> taken { kTopSwitch };
    fabric.forEachNode([&](const Node &n) {
        if (usableInSlurm(n.name))
            taken.insert(n.name);
    });
    // Two switches of one name would be one switch to Slurm, with both's children.
    std::set<std::string> kept;
    std::vector<std::string> names(fabric.nodeIdBound());
    for (NodeId id : switches) {
        const std::string &own = fabric.node(id).name;
        if (usableInSlurm(own) && own != kTopSwitch && kept.insert(own).second) {
            names[std::size_t(id)] = own;
            continue;
        }
        std::string made = usableInSlurm(own) ? own : guidIn(own, 'S'); // as ibtopotool names it
        if (made.empty())
            made = oneWord(own, notInSlurmName);
        if (made.empty())
            made = "switch";
        if (!taken.insert(made).second) {
            const std::string base = made + "-" + std::to_string(id);
            made = base;
            for (int k = 2; !taken.insert(made).second; ++k)
                made = base + "-" + std::to_string(k);
        }
        names[std::size_t(id)] = made;
    }
    return names;
}

std::string hostList(const Fabric &fabric, const std::vector<NodeId> &ids,
    const std::vector<std::string> *switchNamesById = nullptr)
{
    std::vector<std::string> names;
    names.reserve(ids.size());
    for (NodeId id : ids) {
        std::string name
            = switchNamesById ? (*switchNamesById)[std::size_t(id)] : slurmName(fabric.node(id));
        // A host's two adapters ("r-ufm101 HCA-1", "HCA-2") are one Slurm node.
        if (std::find(names.begin(), names.end(), name) == names.end())
            names.push_back(std::move(name));
    }
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
    const std::vector<std::string> names = switchNames(fabric, switches);
    out << "# Slurm topology.conf (topology/tree) written by FabricScope\n";
    for (NodeId s : switches) {
        const std::vector<NodeId> children = below(fabric, s, level, true);
        const std::vector<NodeId> nodes = below(fabric, s, level, false);
        out << "SwitchName=" << names[std::size_t(s)];
        if (!children.empty())
            out << " Switches=" << hostList(fabric, children, &names);
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
        out << "SwitchName=" << kTopSwitch << " Switches=" << hostList(fabric, parts, &names)
            << "\n";
}

} // namespace fabric::io
