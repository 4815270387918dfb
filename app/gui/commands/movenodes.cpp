// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "movenodes.h"
#include "common/plural.h"

#include "commandids.h"
#include "document.h"

#include <QCoreApplication>

namespace fabric::app {

MoveNodes::MoveNodes(
    Document *document, std::vector<NodeId> nodes, std::vector<Position> to, QUndoCommand *parent)
    : QUndoCommand(parent)
    , mDocument(document)
    , mNodes(std::move(nodes))
{
    Q_ASSERT(mNodes.size() == to.size());
    for (std::size_t i = 0; i < mNodes.size(); ++i) {
        mFrom.push_back(document->fabric().node(mNodes[i]).hints.position);
        mTo.emplace_back(to[i]);
    }
    setText(views::counted(qint64(mNodes.size()),
        QCoreApplication::translate("Undo Commands", "Move Node"),
        QCoreApplication::translate("Undo Commands", "Move %1 Nodes")));
}

void MoveNodes::undo()
{
    apply(mFrom);
}
void MoveNodes::redo()
{
    apply(mTo);
}

int MoveNodes::id() const
{
    return MoveNodesId;
}

bool MoveNodes::mergeWith(const QUndoCommand *other)
{
    const auto *move = static_cast<const MoveNodes *>(other);
    if (move->mDocument != mDocument || move->mNodes != mNodes)
        return false;
    mTo = move->mTo;
    return true;
}

void MoveNodes::apply(const std::vector<std::optional<Position>> &positions)
{
    Fabric &fabric = mDocument->fabric();
    for (std::size_t i = 0; i < mNodes.size(); ++i)
        fabric.node(mNodes[i]).hints.position = positions[i];
    mDocument->emitChanged({ ChangeEvent::Type::NodesMoved, mNodes, {} });
}

} // namespace fabric::app
