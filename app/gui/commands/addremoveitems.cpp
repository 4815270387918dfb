// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "addremoveitems.h"

#include "document.h"

namespace fabric::app {

AddRemoveItems::AddRemoveItems(Document *document, Direction direction, std::vector<Node> nodes,
    std::vector<Link> links, const QString &text, QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , mDocument(document)
    , mDirection(direction)
    , mMark(document->fabric())
    , mNodes(std::move(nodes))
    , mLinks(std::move(links))
{
}

// The mark changes before the items, so views that hear the change events see it.
void AddRemoveItems::redo()
{
    mMark.mark(mDocument->fabric());
    mDirection == Direction::Add ? addItems() : removeItems();
}

void AddRemoveItems::undo()
{
    mMark.unmark(mDocument->fabric());
    mDirection == Direction::Add ? removeItems() : addItems();
}

void AddRemoveItems::addItems()
{
    Fabric &fabric = mDocument->fabric();
    if (!mNodes.empty()) {
        ChangeEvent event { ChangeEvent::Type::NodesAdded, {}, {} };
        for (const Node &n : mNodes)
            event.nodes.push_back(fabric.addNode(n));
        mDocument->emitChanged(event);
    }
    if (!mLinks.empty()) {
        ChangeEvent event { ChangeEvent::Type::LinksAdded, {}, {} };
        for (const Link &l : mLinks)
            event.links.push_back(fabric.addLink(l));
        mDocument->emitChanged(event);
    }
}

void AddRemoveItems::removeItems()
{
    Fabric &fabric = mDocument->fabric();
    std::vector<LinkId> linkIds;
    for (const Link &l : mLinks)
        linkIds.push_back(l.id);
    std::vector<NodeId> nodeIds;
    for (const Node &n : mNodes)
        nodeIds.push_back(n.id);

    if (!linkIds.empty()) {
        mDocument->emitChanged({ ChangeEvent::Type::LinksAboutToBeRemoved, {}, linkIds });
        for (LinkId id : linkIds)
            fabric.removeLink(id);
        mDocument->emitChanged({ ChangeEvent::Type::LinksRemoved, {}, linkIds });
    }
    if (!nodeIds.empty()) {
        mDocument->emitChanged({ ChangeEvent::Type::NodesAboutToBeRemoved, nodeIds, {} });
        for (NodeId id : nodeIds)
            fabric.removeNode(id);
        mDocument->emitChanged({ ChangeEvent::Type::NodesRemoved, nodeIds, {} });
    }
}

} // namespace fabric::app
