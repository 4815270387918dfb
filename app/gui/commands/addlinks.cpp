// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "addlinks.h"

#include "document.h"

#include <QCoreApplication>

#include <stdexcept>

namespace fabric::app {
namespace {

std::vector<Link> checked(const Fabric &fabric, std::vector<Link> links)
{
    auto next = static_cast<LinkId>(fabric.linkIdBound());
    for (Link &l : links) {
        if (!fabric.hasNode(l.a) || !fabric.hasNode(l.b))
            throw std::invalid_argument("link end is not a node");
        if (l.a == l.b)
            throw std::invalid_argument("link from a node to itself");
        if (l.id < 0)
            l.id = next++;
    }
    return links;
}

} // namespace

AddLinks::AddLinks(Document *document, std::vector<Link> links, QUndoCommand *parent)
    : AddRemoveItems(document, Direction::Add, {}, checked(document->fabric(), std::move(links)), QString(), parent)
{
    setText(namedText(QCoreApplication::translate("Undo Commands", "Add Link %1"),
        QCoreApplication::translate("Undo Commands", "Add %1 Links")));
}

} // namespace fabric::app
