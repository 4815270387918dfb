// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fabriclayout.h"
#include "model/fabric.h"

namespace fabric::views {

/// How a torus is drawn: a lattice of X-Y planes with circuits as chip-to-chip arcs (the OCS
/// hidden), a 3D projection of the chip grid, or its Z planes side by side with the OCS shown.
enum class TorusView { Lattice, Projection, Slices };

/// Orientation of the 3D projection, in degrees. Yaw turns around the vertical (Z) axis, pitch
/// tilts the grid towards the viewer.
struct TorusCamera
{
    double yawDeg = -32;
    double pitchDeg = 24;
    bool operator==(const TorusCamera &) const = default;
};

/// True when the fabric's chips carry torus coordinates (LayoutHints x, y, z).
bool hasTorusHints(const Fabric &fabric);

/**
 * TPU torus layout. Chips are placed by their x, y, z hints with a gap between 4x4x4 cubes,
 * which become the blocks of the zoomed-out view; cube edges are returned as decorations. In
 * the projection the OCS sit on a ring around the grid, so wrap-around links visibly leave the
 * cube and come back through an OCS; in the slice view they sit in a row under the planes.
 * Other nodes (hosts, if any) go in a row at the bottom.
 */
FabricLayout torusLayout(const Fabric &fabric, TorusView view, const TorusCamera &camera);

} // namespace fabric::views
