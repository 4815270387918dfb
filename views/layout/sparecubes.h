// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fabriclayout.h"
#include "model/fabric.h"

namespace fabric::views {

/// A chip on standby in a spare cube: it has no torus coordinate, only its cube (hints.pod)
/// and its place inside it (hints.index).
bool isSpareChip(const Node &n);

/**
 * Lays out the spare cubes of a TPU slice in a row from @p topLeft: each cube a block titled
 * "Spare cube", its four z layers of 4x4 chips side by side, @p pitch apart, chips of
 * @p chipSide. Their fibres end at the hidden OCS, so they are hidden too: a spare has no
 * circuit until the OCS switches it in. Returns the bottom of the row (@p topLeft's y when
 * there is no spare).
 */
double placeSpareCubes(const Fabric &fabric, FabricLayout &layout, QPointF topLeft, double pitch,
    double chipSide);

} // namespace fabric::views
