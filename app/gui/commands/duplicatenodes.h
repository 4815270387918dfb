// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "addnodes.h"

#include <map>
#include <utility>

namespace fabric::app {

/**
 * Copies nodes and the links among them (links to nodes outside the selection are not
 * copied). Copies get fresh ids, unique names ("leaf-0-copy"), and a GPU whose host is copied
 * too belongs to the host's copy.
 */
class DuplicateNodes : public AddNodes
{
public:
    using Positions = std::map<NodeId, std::pair<double, double>>;

    /// @p positions: where to put the copy of each node (scene units); nodes not in it keep
    /// their layout hints.
    DuplicateNodes(Document *document, const std::vector<NodeId> &nodes,
        const Positions &positions = {}, QUndoCommand *parent = nullptr);

    /// Id of the copy of @p original, or kNoNode.
    NodeId copyOf(NodeId original) const;

private:
    std::map<NodeId, NodeId> mCopies;
};

} // namespace fabric::app
