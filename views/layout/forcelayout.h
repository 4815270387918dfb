// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fabriclayout.h"
#include "model/fabric.h"

namespace fabric::views {

/**
 * Layout for hand-drawn or imported fabrics that carry no usable hints: Boost.Graph's
 * Fruchterman-Reingold force-directed layout from a seeded random start (so it is the same
 * every time), scaled so neighbours sit about four node widths apart. Above kMaxForceNodes the
 * quadratic cost is not worth it and nodes go on a plain grid in id order.
 */
FabricLayout forceLayout(const Fabric &fabric);

inline constexpr std::size_t kMaxForceNodes = 4000;

/// Box size the canvas draws a node of this kind in, outside family layouts.
QSizeF defaultNodeSize(const Node &node);

} // namespace fabric::views
