// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "duplicatenodes.h"
#include "common/plural.h"

#include "document.h"
#include "nodenames.h"

#include <QCoreApplication>

#include <set>

namespace fabric::app {
namespace {

std::map<NodeId, NodeId> copyIds(const Fabric &fabric, const std::vector<NodeId> &nodes)
{
    std::map<NodeId, NodeId> copies;
    auto next = static_cast<NodeId>(fabric.nodeIdBound());
    for (NodeId id : std::set<NodeId>(nodes.begin(), nodes.end()))
        if (fabric.hasNode(id))
            copies[id] = next++;
    return copies;
}

std::vector<Node> copiedNodes(const Fabric &fabric, const std::map<NodeId, NodeId> &copies,
    const DuplicateNodes::Positions &positions)
{
    NodeNamer namer(fabric);
    std::vector<Node> out;
    for (const auto &[original, copy] : copies) {
        Node n = fabric.node(original);
        n.id = copy;
        n.name = namer.take(n.name + "-copy");
        if (const auto host = copies.find(n.host); host != copies.end())
            n.host = host->second;
        if (const auto p = positions.find(original); p != positions.end())
            n.hints.position = p->second;
        // A copy is a chip beside the torus, not in it: two chips in one cell make a file no
        // reader opens.
        n.hints.x = n.hints.y = n.hints.z = -1;
        out.push_back(std::move(n));
    }
    return out;
}

std::vector<Link> copiedLinks(const Fabric &fabric, const std::map<NodeId, NodeId> &copies)
{
    std::set<LinkId> inside;
    for (const auto &entry : copies)
        for (LinkId l : fabric.linksOf(entry.first))
            if (copies.count(fabric.link(l).other(entry.first)))
                inside.insert(l);
    std::vector<Link> out;
    for (LinkId l : inside) {
        Link copy = fabric.link(l);
        copy.id = kNoLink;
        copy.a = copies.at(copy.a);
        copy.b = copies.at(copy.b);
        out.push_back(copy);
    }
    return out;
}

} // namespace

DuplicateNodes::DuplicateNodes(Document *document, const std::vector<NodeId> &nodes,
    const Positions &positions, QUndoCommand *parent)
    : AddNodes(document, {}, {}, parent)
    , mCopies(copyIds(document->fabric(), nodes))
{
    mNodes = copiedNodes(document->fabric(), mCopies, positions);
    mLinks = copiedLinks(document->fabric(), mCopies);
    auto next = static_cast<LinkId>(document->fabric().linkIdBound());
    for (Link &l : mLinks)
        l.id = next++;
    setText(views::counted(qint64(mNodes.size()),
        QCoreApplication::translate("Undo Commands", "Duplicate Node"),
        QCoreApplication::translate("Undo Commands", "Duplicate %1 Nodes")));
}

NodeId DuplicateNodes::copyOf(NodeId original) const
{
    const auto it = mCopies.find(original);
    return it == mCopies.end() ? kNoNode : it->second;
}

} // namespace fabric::app
