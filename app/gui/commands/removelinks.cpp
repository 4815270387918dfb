// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "removelinks.h"

#include "document.h"

#include <QCoreApplication>

#include <set>

namespace fabric::app {
namespace {

std::vector<Link> copiesOf(const Fabric &fabric, const std::vector<LinkId> &ids)
{
    std::vector<Link> out;
    for (LinkId id : std::set<LinkId>(ids.begin(), ids.end()))
        if (fabric.hasLink(id))
            out.push_back(fabric.link(id));
    return out;
}

} // namespace

RemoveLinks::RemoveLinks(Document *document, const std::vector<LinkId> &links, QUndoCommand *parent)
    : AddRemoveItems(document, Direction::Remove, {}, copiesOf(document->fabric(), links), QString(), parent)
{
    setText(namedText(QCoreApplication::translate("Undo Commands", "Remove Link %1"),
        QCoreApplication::translate("Undo Commands", "Remove %1 Links")));
}

} // namespace fabric::app
