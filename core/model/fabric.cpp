// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric.h"

#include <algorithm>
#include <stdexcept>

namespace fabric {

NodeId Fabric::addNode(Node node)
{
    if (node.id < 0)
        node.id = static_cast<NodeId>(mNodes.size());
    const auto index = static_cast<std::size_t>(node.id);
    if (index < mNodes.size() && mNodes[index].id != kNoNode)
        throw std::invalid_argument("duplicate node id " + std::to_string(node.id));
    if (index >= mNodes.size()) {
        Node tombstone;
        tombstone.id = kNoNode;
        mNodes.resize(index + 1, tombstone);
        mAdjacency.resize(index + 1);
    }
    mNodes[index] = std::move(node);
    ++mNodeCount;
    return static_cast<NodeId>(index);
}

LinkId Fabric::addLink(Link link)
{
    if (!hasNode(link.a) || !hasNode(link.b))
        throw std::invalid_argument("link end is not a node");
    if (link.a == link.b)
        throw std::invalid_argument("link from a node to itself");
    if (link.id < 0)
        link.id = static_cast<LinkId>(mLinks.size());
    const auto index = static_cast<std::size_t>(link.id);
    if (index < mLinks.size() && mLinks[index].id != kNoLink)
        throw std::invalid_argument("duplicate link id " + std::to_string(link.id));
    if (index >= mLinks.size()) {
        Link tombstone;
        tombstone.id = kNoLink;
        mLinks.resize(index + 1, tombstone);
    }
    mAdjacency[static_cast<std::size_t>(link.a)].push_back(link.id);
    mAdjacency[static_cast<std::size_t>(link.b)].push_back(link.id);
    mLinks[index] = link;
    ++mLinkCount;
    return link.id;
}

void Fabric::removeLink(LinkId id)
{
    if (!hasLink(id))
        return;
    Link &l = mLinks[static_cast<std::size_t>(id)];
    for (NodeId end : {l.a, l.b}) {
        auto &adj = mAdjacency[static_cast<std::size_t>(end)];
        adj.erase(std::remove(adj.begin(), adj.end(), id), adj.end());
    }
    l = Link{};
    l.id = kNoLink;
    --mLinkCount;
}

void Fabric::removeNode(NodeId id)
{
    if (!hasNode(id))
        return;
    const std::vector<LinkId> attached = mAdjacency[static_cast<std::size_t>(id)];
    for (LinkId l : attached)
        removeLink(l);
    Node &n = mNodes[static_cast<std::size_t>(id)];
    n = Node{};
    n.id = kNoNode;
    --mNodeCount;
}

bool Fabric::hasNode(NodeId id) const
{
    return id >= 0 && static_cast<std::size_t>(id) < mNodes.size()
        && mNodes[static_cast<std::size_t>(id)].id != kNoNode;
}

bool Fabric::hasLink(LinkId id) const
{
    return id >= 0 && static_cast<std::size_t>(id) < mLinks.size()
        && mLinks[static_cast<std::size_t>(id)].id != kNoLink;
}

std::span<const LinkId> Fabric::linksOf(NodeId id) const
{
    if (!hasNode(id))
        return {};
    return mAdjacency[static_cast<std::size_t>(id)];
}

std::string Fabric::name(DirLinkId d) const
{
    // U+2192 RIGHTWARDS ARROW, in UTF-8 like every name.
    return node(from(d)).name + " \u2192 " + node(to(d)).name;
}

std::vector<NodeId> Fabric::endpoints() const
{
    std::vector<NodeId> out;
    forEachNode([&](const Node &n) {
        if (n.isEndpoint())
            out.push_back(n.id);
    });
    return out;
}

NodeId Fabric::findNode(std::string_view name) const
{
    for (const Node &n : mNodes)
        if (n.id != kNoNode && n.name == name)
            return n.id;
    return kNoNode;
}

LinkId Fabric::ocsPeer(NodeId ocs, LinkId incoming) const
{
    if (!hasNode(ocs) || !hasLink(incoming))
        return kNoLink;
    const Node &o = node(ocs);
    const Link &in = link(incoming);
    const int inPort = in.portAt(ocs);
    int outPort = -1;
    for (const auto &[p, q] : o.circuits) {
        if (p == inPort)
            outPort = q;
        else if (q == inPort)
            outPort = p;
    }
    if (outPort < 0)
        return kNoLink;
    for (LinkId l : linksOf(ocs)) {
        if (link(l).portAt(ocs) == outPort)
            return l;
    }
    return kNoLink;
}

bool Fabric::operator==(const Fabric &other) const
{
    auto liveNodes = [](const Fabric &f) {
        std::vector<const Node *> v;
        f.forEachNode([&](const Node &n) { v.push_back(&n); });
        return v;
    };
    auto liveLinks = [](const Fabric &f) {
        std::vector<const Link *> v;
        f.forEachLink([&](const Link &l) { v.push_back(&l); });
        return v;
    };
    const auto na = liveNodes(*this), nb = liveNodes(other);
    const auto la = liveLinks(*this), lb = liveLinks(other);
    return mGenerator == other.mGenerator && mMetadata == other.mMetadata
        && mScenarios == other.mScenarios
        && std::equal(na.begin(), na.end(), nb.begin(), nb.end(),
                      [](const Node *x, const Node *y) { return *x == *y; })
        && std::equal(la.begin(), la.end(), lb.begin(), lb.end(),
                      [](const Link *x, const Link *y) { return *x == *y; });
}

void Fabric::reserve(std::size_t nodes, std::size_t links)
{
    mNodes.reserve(nodes);
    mAdjacency.reserve(nodes);
    mLinks.reserve(links);
}

} // namespace fabric
