// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "addremoveitems.h"

#include "common/plural.h"
#include "common/qtstrings.h"
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

QString AddRemoveItems::namedText(const QString &one, const QString &many) const
{
    if (!mNodes.empty())
        return mNodes.size() == 1 ? one.arg(views::toQString(mNodes.front().name))
                                  : views::counted(qint64(mNodes.size()), one, many);
    if (mLinks.size() != 1)
        return views::counted(qint64(mLinks.size()), one, many);
    const Fabric &f = mDocument->fabric();
    const Link &l = mLinks.front();
    const auto nameOf = [&f](NodeId n) {
        return f.hasNode(n) ? views::toQString(f.node(n).name) : QString::number(n);
    };
    return one.arg(nameOf(l.a) + QStringLiteral(" \u2013 ") + nameOf(l.b));
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
