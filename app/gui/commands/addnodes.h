// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "addremoveitems.h"

namespace fabric::app {

/// Adds nodes (and links among them or to existing nodes). Items with a negative id get fresh
/// ids when the command is made, so redo after undo brings back the same ids.
class AddNodes : public AddRemoveItems
{
public:
    AddNodes(Document *document, std::vector<Node> nodes, std::vector<Link> links = {},
        QUndoCommand *parent = nullptr);
};

} // namespace fabric::app
