// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fabriclayout.h"
#include "toruslayout.h"
#include "model/fabric.h"

namespace fabric::views {

/// What a layout may depend on besides the fabric.
struct LayoutOptions
{
    TorusView torusView = TorusView::Lattice;
    TorusCamera camera;
};

/// The layout family chosen for @p fabric: "tiered", "torus", "dragonfly" or "force".
QString layoutKind(const Fabric &fabric);

/**
 * Lays @p fabric out by its generator family, falling back on its hints (tiers, torus
 * coordinates) and, for fabrics with neither, on a force-directed layout. User positions
 * (LayoutHints::position) are not applied here: the canvas overlays them, so undoing a move
 * restores the automatic place without a new layout. A fabric whose every node the user
 * placed (drawn by hand) gets those places and no blocks or labels (name "placed").
 */
FabricLayout computeLayout(const Fabric &fabric, const LayoutOptions &options = {});

/**
 * Makes a kept layout follow removals: after nodes are deleted the canvas keeps everyone else
 * where the user sees them, but a pod, cube or row block whose nodes are all gone is dropped,
 * and an empty fabric keeps no tier labels or guide lines, so nothing is drawn for what is no
 * longer there.
 */
void dropEmptyBlocks(FabricLayout &layout, const Fabric &fabric);

} // namespace fabric::views
