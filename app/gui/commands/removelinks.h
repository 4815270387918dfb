// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "addremoveitems.h"

namespace fabric::app {

/// Removes links; undo restores them with their ids and properties.
class RemoveLinks : public AddRemoveItems
{
public:
    RemoveLinks(
        Document *document, const std::vector<LinkId> &links, QUndoCommand *parent = nullptr);
};

} // namespace fabric::app
