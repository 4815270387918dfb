// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reconfigureocs.h"

#include "document.h"

#include <QCoreApplication>

namespace fabric::app {

ReconfigureOcs::ReconfigureOcs(
    Document *document, const gen::TpuShape &shape, bool twisted, QUndoCommand *parent)
    : ReconfigureOcs(document,
        QCoreApplication::translate("Undo Commands", "Reconfigure OCS to %1x%2x%3%4")
            .arg(shape.x)
            .arg(shape.y)
            .arg(shape.z)
            .arg(twisted ? QCoreApplication::translate("Undo Commands", " (twisted)") : QString()),
        [&](Fabric &f) { gen::reconfigureTpu(f, shape, twisted); }, parent)
{
}

ReconfigureOcs::ReconfigureOcs(Document *document, const QString &text,
    const std::function<void(Fabric &)> &edit, QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , mDocument(document)
{
    // Editing a copy and keeping only what differs makes the command exact whatever the edit
    // touches, and small: a few hundred nodes of a pod.
    const Fabric &current = document->fabric();
    Fabric changed = current;
    edit(changed);
    changed.forEachNode([&](const Node &n) {
        const Node &now = current.node(n.id);
        if (!(n == now))
            mNodes.push_back(n);
        if (n.name != now.name)
            mRenames.emplace(now.name, n.name);
    });
    mGenerator = changed.generator();
}

void ReconfigureOcs::swap()
{
    Fabric &fabric = mDocument->fabric();
    ChangeEvent circuits { ChangeEvent::Type::CircuitsChanged, {}, {} };
    ChangeEvent nodes { ChangeEvent::Type::NodesChanged, {}, {} };
    // Chips taking other torus coordinates rewire the torus as much as new circuit tables do,
    // and may come alone: the two cubes of a twisted 4x4x8 and of a twisted 8x4x4 share every
    // OCS table. Views that lay the torus out from the coordinates (the lattice) must hear a
    // rewire then too; NodesChanged alone only patches nodes into the layout they have.
    bool moved = false;
    for (Node &n : mNodes) {
        std::swap(fabric.node(n.id), n);
        (n.kind == NodeKind::Ocs ? circuits : nodes).nodes.push_back(n.id);
        const LayoutHints &now = fabric.node(n.id).hints;
        moved = moved || now.x != n.hints.x || now.y != n.hints.y || now.z != n.hints.z;
    }
    std::swap(fabric.generator(), mGenerator);
    if (!circuits.nodes.empty() || moved)
        mDocument->emitChanged(circuits);
    if (!nodes.nodes.empty())
        mDocument->emitChanged(nodes);
    mDocument->renameNodes(mRenames);
    NodeRenames back;
    for (const auto &[from, to] : mRenames)
        back.emplace(to, from);
    mRenames = std::move(back);
}

} // namespace fabric::app
