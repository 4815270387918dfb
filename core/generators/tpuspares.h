// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"
#include "model/faults.h"

#include <span>
#include <string>
#include <vector>

/// A TPU slice's spare cubes (generator parameter `spare_cubes`): cubes wired to the OCS but on
/// standby, which the OCS switches in for failed cubes, as a TPU v4 pod reconfigures around a
/// bad cube (docs/simulation.md, "Spare cubes and OCS rerouting").
namespace fabric::gen {

/// One failed cube of the slice and the spare the OCS put in its place.
struct CubeReplacement
{
    int cube = -1;      ///< The slice position (cube index) that failed.
    int spareCube = -1; ///< The spare's cube index before; the failed cube stands by there now.
    std::string failed; ///< The first failed chip or link of the cube, as the fault names it.
    std::string spare;  ///< The spare's first chip ("spare0-chip-0-0-0"), to name the cube.
    std::size_t circuitsChanged = 0;
};

/// What replaceFailedCubes() did.
struct SpareCubeOutcome
{
    std::vector<CubeReplacement> replaced;
    /// Failed cubes left in the slice for want of a healthy spare: the slice is broken.
    std::vector<CubeReplacement> unreplaced; ///< spareCube = -1, spare empty.
    int sparesLeft = 0; ///< Healthy spares still on standby.

    bool broken() const { return !unreplaced.empty(); }
};

/**
 * Reconfigures the OCS of a tpu-torus slice around the cubes @p faults touch: each cube with a
 * failed or degraded chip, ICI link or fibre is swapped for a healthy spare cube. Every circuit
 * that reached the failed cube's OCS ports is re-pointed to the spare's; the spare's chips take
 * the failed chips' torus coordinates and become endpoints, and the failed cube goes on
 * standby in the spare's place. Faults of an OCS or a circuit are not a cube's, and stay. Spares
 * are used in cube-index order. Ids, names and links stay as they are, so @p faults still name
 * what they named. Throws UserError when @p fabric is not a tpu-torus fabric or a fault names
 * nothing in it.
 */
SpareCubeOutcome replaceFailedCubes(Fabric &fabric, std::span<const Fault> faults);

/// Whether @p fabric has cubes an OCS can swap: a tpu-torus slice, whatever its spares. The
/// condition replaceFailedCubes() checks, for the menus and options that lead there.
bool hasReplaceableCubes(const Fabric &fabric);

/// Whether a spare cube stands in for a failed one in @p fabric (a chip of the slice is wired to
/// another cube's OCS ports).
bool spareInUse(const Fabric &fabric);

/// One line on @p outcome: "cube 1 (chip-4-1-1 failed) replaced by spare cube 2
/// (spare0-chip-0-0-0, 96 circuits re-pointed); 0 spare cubes left", each failed cube left
/// without a spare, and ": the slice is broken" when there is one.
std::string describe(const SpareCubeOutcome &outcome);

} // namespace fabric::gen
