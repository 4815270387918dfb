// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ids.h"

#include <vector>

namespace fabric {

/// What changed in a fabric, so views patch themselves instead of rebuilding. The app's
/// Document emits one of these per change; undo commands emit the inverse.
struct ChangeEvent
{
    enum class Type {
        Reset,        ///< Everything may have changed (a file was loaded, a fabric regenerated).
        NodesAdded,
        NodesAboutToBeRemoved,
        NodesRemoved,
        NodesChanged, ///< Properties (and maybe positions) of `nodes` changed.
        NodesMoved,   ///< Only the positions of `nodes` changed: nothing a simulation sees.
        LinksAdded,
        LinksAboutToBeRemoved,
        LinksRemoved,
        LinksChanged,
        CircuitsChanged, ///< OCS circuit tables of `nodes` changed (the torus was rewired).
    };
    Type type = Type::Reset;
    std::vector<NodeId> nodes;
    std::vector<LinkId> links;
};

} // namespace fabric
