// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "addnodes.h"

#include "document.h"

#include <QCoreApplication>

namespace fabric::app {
namespace {

template<typename Item> std::vector<Item> withIds(std::vector<Item> items, std::size_t bound)
{
    auto next = static_cast<decltype(Item::id)>(bound);
    for (Item &item : items)
        if (item.id < 0)
            item.id = next++;
    return items;
}

} // namespace

AddNodes::AddNodes(
    Document *document, std::vector<Node> nodes, std::vector<Link> links, QUndoCommand *parent)
    : AddRemoveItems(document, Direction::Add, withIds(std::move(nodes), document->fabric().nodeIdBound()),
        withIds(std::move(links), document->fabric().linkIdBound()), QString(), parent)
{
    setText(namedText(QCoreApplication::translate("Undo Commands", "Add %1"),
        QCoreApplication::translate("Undo Commands", "Add %1 Nodes")));
}

} // namespace fabric::app
