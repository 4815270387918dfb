// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "addremoveitems.h"

#include <utility>
#include <vector>

namespace fabric::app {

/// Adds links between existing nodes. Links with a negative id get fresh ids when the command
/// is made. Throws std::invalid_argument for a link from a node to itself or to no node, so a
/// bad link never reaches the undo stack.
class AddLinks : public AddRemoveItems
{
public:
    AddLinks(Document *document, std::vector<Link> links, QUndoCommand *parent = nullptr);

    void redo() override;
    void undo() override;

private:
    /// The GPUs the links put in a host's NVLink domain, with their hosts: a GPU with no host
    /// linked to a Host node joins it. (A host forwards only between GPUs of its own, and
    /// nothing else in the editor sets which host a GPU is in: GPUs linked to a host drawn by
    /// hand had "no path" between them.)
    std::vector<std::pair<NodeId, NodeId>> mJoined;
};

} // namespace fabric::app
