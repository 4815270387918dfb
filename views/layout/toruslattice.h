// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fabriclayout.h"
#include "model/fabric.h"

namespace fabric::views {

/**
 * The torus as a lattice: each Z plane an X-Y grid of chips (x to the right, y down), planes
 * side by side in z order. The OCS are hidden: a circuit is drawn as one line between the two
 * chips it joins, each fibre being one half of it. Wrap-arounds are arcs outside the grid: X
 * over the top of the planes, Y round the left side of the planes, Z under them; a twisted
 * one lands on a chip of another plane, so the shift shows as the arc's reach, and a caption
 * above the planes says by how much. The circuit table itself is the OCS panel's.
 */
FabricLayout torusLattice(const Fabric &fabric);

} // namespace fabric::views
