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
        Reset, ///< Everything may have changed (a file was loaded, a fabric regenerated).
        NodesAdded,
        NodesAboutToBeRemoved,
        NodesRemoved,
        NodesChanged, ///< Properties (and maybe positions) of `nodes` changed.
        NodesMoved, ///< Only the positions of `nodes` changed: nothing a simulation sees.
        LinksAdded,
        LinksAboutToBeRemoved,
        LinksRemoved,
        LinksChanged,
        /// The torus was rewired: OCS circuit tables of `nodes` changed, or chips took new
        /// torus coordinates (`nodes` may then be empty; a NodesChanged names the chips).
        CircuitsChanged,
    };
    Type type = Type::Reset;
    std::vector<NodeId> nodes;
    std::vector<LinkId> links;
};

} // namespace fabric
