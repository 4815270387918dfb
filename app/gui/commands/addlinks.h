// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "addremoveitems.h"

namespace fabric::app {

/// Adds links between existing nodes. Links with a negative id get fresh ids when the command
/// is made. Throws std::invalid_argument for a link from a node to itself or to no node, so a
/// bad link never reaches the undo stack.
class AddLinks : public AddRemoveItems
{
public:
    AddLinks(Document *document, std::vector<Link> links, QUndoCommand *parent = nullptr);
};

} // namespace fabric::app
