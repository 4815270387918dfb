// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "removenodes.h"

#include "document.h"

#include <QCoreApplication>

#include <set>

namespace fabric::app {
namespace {

std::vector<Node> copiesOf(const Fabric &fabric, const std::vector<NodeId> &ids)
{
    std::vector<Node> out;
    for (NodeId id : std::set<NodeId>(ids.begin(), ids.end()))
        if (fabric.hasNode(id))
            out.push_back(fabric.node(id));
    return out;
}

std::vector<Link> linksToRemove(
    const Fabric &fabric, const std::vector<NodeId> &nodes, const std::vector<LinkId> &extra)
{
    std::set<LinkId> ids(extra.begin(), extra.end());
    for (NodeId n : nodes)
        for (LinkId l : fabric.linksOf(n))
            ids.insert(l);
    std::vector<Link> out;
    for (LinkId id : ids)
        if (fabric.hasLink(id))
            out.push_back(fabric.link(id));
    return out;
}

} // namespace

RemoveNodes::RemoveNodes(Document *document, const std::vector<NodeId> &nodes,
    const std::vector<LinkId> &extraLinks, QUndoCommand *parent)
    : AddRemoveItems(document, Direction::Remove, copiesOf(document->fabric(), nodes),
        linksToRemove(document->fabric(), nodes, extraLinks), QString(), parent)
{
    setText(namedText(QCoreApplication::translate("Undo Commands", "Remove %1"),
        QCoreApplication::translate("Undo Commands", "Remove %1 Nodes")));
}

} // namespace fabric::app
