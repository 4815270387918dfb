// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace fabric::app {

/// QUndoCommand::id() values of the commands that merge with their successors.
enum CommandId {
    MoveNodesId = 1,
    ChangeNodePropertyId,
    ChangeLinkPropertyId,
};

} // namespace fabric::app
