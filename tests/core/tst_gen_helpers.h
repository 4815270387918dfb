// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Small queries the generator tests share.

#include "generators/registry.h"
#include "model/error.h"
#include "model/fabric.h"

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

namespace gentest {

using namespace fabric;

inline Fabric generated(std::string_view family, gen::ParamText text = {})
{
    return gen::generate(family, text);
}

inline std::vector<NodeId> nodesWhere(
    const Fabric &f, const std::function<bool(const Node &)> &pred)
{
    std::vector<NodeId> out;
    f.forEachNode([&](const Node &n) {
        if (pred(n))
            out.push_back(n.id);
    });
    return out;
}

inline std::vector<NodeId> switchesWithRole(const Fabric &f, SwitchRole role)
{
    return nodesWhere(
        f, [&](const Node &n) { return n.kind == NodeKind::Switch && n.role == role; });
}

inline std::size_t countKind(const Fabric &f, NodeKind kind)
{
    return nodesWhere(f, [&](const Node &n) { return n.kind == kind; }).size();
}

/// Neighbours of @p node over its links, with repeats for parallel links.
inline std::vector<NodeId> neighbours(const Fabric &f, NodeId node)
{
    std::vector<NodeId> out;
    for (LinkId l : f.linksOf(node))
        out.push_back(f.link(l).other(node));
    return out;
}

inline int linksBetween(const Fabric &f, NodeId a, NodeId b)
{
    int n = 0;
    for (LinkId l : f.linksOf(a))
        n += f.link(l).other(a) == b;
    return n;
}

/// Neighbours of @p node whose kind and role match those of the node @p like.
inline std::vector<NodeId> neighboursLike(const Fabric &f, NodeId node, const Node &like)
{
    std::vector<NodeId> out;
    for (NodeId n : neighbours(f, node))
        if (f.node(n).kind == like.kind && f.node(n).role == like.role)
            out.push_back(n);
    return out;
}

inline double capacityTowards(
    const Fabric &f, NodeId node, const std::function<bool(const Node &)> &pred)
{
    double sum = 0;
    for (LinkId l : f.linksOf(node))
        if (pred(f.node(f.link(l).other(node))))
            sum += f.link(l).capacityGbps;
    return sum;
}

/// True when every switch of @p f has exactly as many links as ports.
inline bool everySwitchPortUsed(const Fabric &f)
{
    bool ok = true;
    f.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Switch
            && f.linksOf(n.id).size() != static_cast<std::size_t>(n.ports))
            ok = false;
    });
    return ok;
}

/// The UserError text generating gives, or "(no error)".
inline std::string errorOf(std::string_view family, gen::ParamText text)
{
    try {
        gen::generate(family, text);
    } catch (const UserError &e) {
        return e.what();
    }
    return "(no error)";
}

} // namespace gentest
