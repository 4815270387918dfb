// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layoutengine.h"

namespace fabric::views {

/**
 * A copy of @p fabric whose every node has LayoutHints::position: its own when the user placed
 * it, else where the automatic layout puts it. Exports that place nodes (draw.io) write this
 * copy, so the file shows what the canvas shows; where that layout hides nodes (a torus
 * lattice's OCSes), the slice view instead, which draws every node.
 */
Fabric withLayoutPositions(const Fabric &fabric, const LayoutOptions &options = {});

} // namespace fabric::views
