// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generatoreditmark.h"

#include "model/link.h"
#include "model/node.h"

#include <QUndoCommand>

#include <vector>

namespace fabric::app {

class Document;

/**
 * Shared base of the commands that add or remove nodes and links (Tiled's
 * AddRemoveMapObjects). It keeps full copies of the items, so they come back with the same ids
 * and properties. Redo marks a generated fabric as edited by hand; undo takes the mark back.
 */
class AddRemoveItems : public QUndoCommand
{
public:
    const std::vector<Node> &nodes() const { return mNodes; }
    const std::vector<Link> &links() const { return mLinks; }

    void undo() override;
    void redo() override;

protected:
    enum class Direction { Add, Remove }; ///< What redo does.

    AddRemoveItems(Document *document, Direction direction, std::vector<Node> nodes,
        std::vector<Link> links, const QString &text, QUndoCommand *parent);

    /// The History line: @p one with the node's name, or with the link's ends ("gpu-2 –
    /// leaf"), when the command holds one node (or no node and one link); else @p many with the
    /// count of nodes (or of links). Called while the links' ends are in the fabric.
    QString namedText(const QString &one, const QString &many) const;

    /// Adds the nodes, then the links; emits NodesAdded and LinksAdded.
    void addItems();
    /// Removes the links, then the nodes; emits the AboutToBeRemoved and Removed events.
    void removeItems();

    Document *mDocument;
    Direction mDirection;
    GeneratorEditMark mMark;
    std::vector<Node> mNodes;
    std::vector<Link> mLinks;
};

} // namespace fabric::app
