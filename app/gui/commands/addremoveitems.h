// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/link.h"
#include "model/node.h"

#include <QUndoCommand>

#include <vector>

namespace fabric::app {

class Document;

/**
 * Shared base of the commands that add or remove nodes and links (Tiled's
 * AddRemoveMapObjects). It keeps full copies of the items, so they come back with the same ids
 * and properties.
 */
class AddRemoveItems : public QUndoCommand
{
public:
    const std::vector<Node> &nodes() const { return mNodes; }
    const std::vector<Link> &links() const { return mLinks; }

protected:
    AddRemoveItems(Document *document, std::vector<Node> nodes, std::vector<Link> links,
        const QString &text, QUndoCommand *parent);

    /// Adds the nodes, then the links; emits NodesAdded and LinksAdded.
    void addItems();
    /// Removes the links, then the nodes; emits the AboutToBeRemoved and Removed events.
    void removeItems();

    Document *mDocument;
    std::vector<Node> mNodes;
    std::vector<Link> mLinks;
};

} // namespace fabric::app
