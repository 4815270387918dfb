// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "addremoveitems.h"

namespace fabric::app {

/// Removes nodes with every link attached to them, plus any @p extraLinks (a selection of
/// nodes and links deletes as one command). Undo restores all of them with their ids.
class RemoveNodes : public AddRemoveItems
{
public:
    RemoveNodes(Document *document, const std::vector<NodeId> &nodes,
        const std::vector<LinkId> &extraLinks = {}, QUndoCommand *parent = nullptr);
};

} // namespace fabric::app
