// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"

#include <utility>
#include <vector>

/// The TPU v4 torus with optical circuit switches, exposed so the GUI can reconfigure the OCS
/// of an existing pod (slice shape, twist) as an undoable edit.
namespace fabric::gen {

/// Chips along each dimension of a cube (a rack of 4x4x4 chips joined by electrical ICI).
inline constexpr int kTpuCubeSide = 4;
/// One OCS per (dimension, position on the 4x4 cube face): 3 x 16.
inline constexpr int kTpuOcsCount = 3 * kTpuCubeSide * kTpuCubeSide;
/// Cubes in a full pod; a slice and its spare cubes hold at most this many.
inline constexpr int kTpuPodCubes = 64;
/// Ports of each OCS (Palomar: 136, of which 128 are used in a full pod).
inline constexpr int kTpuOcsPorts = 136;

/// A slice shape in chips, each a multiple of 4 from 4 to 16.
struct TpuShape
{
    int x = 16, y = 16, z = 16;
    int operator[](int dim) const { return dim == 0 ? x : dim == 1 ? y : z; }
    int chips() const { return x * y * z; }
    int cubes() const { return chips() / (kTpuCubeSide * kTpuCubeSide * kTpuCubeSide); }
    bool operator==(const TpuShape &) const = default;
};

/// Throws UserError unless every side is a multiple of 4 from 4 to 16 and, when @p twisted, the
/// shape has exactly two extents k and 2k (k x k x 2k or k x 2k x 2k in any order).
void checkTpuShape(const TpuShape &shape, bool twisted);

/**
 * The circuit tables of the 48 OCS for a slice of @p shape. OCS number d*16 + u + 4*v serves
 * dimension d (0 = x, 1 = y, 2 = z) at face position (u, v): the chip's coordinates inside its
 * cube along the two other dimensions, in x, y, z order. On each OCS, port 2c is the fibre from
 * the - face of cube c and port 2c+1 the fibre from its + face; cubes are numbered
 * cx + CX * (cy + CY * cz) over the shape's grid of cubes.
 *
 * Each circuit joins the + face of a cube to the - face of the next cube along d; the last cube
 * wraps around to the first (the torus). When @p twisted, the wrap-around of each short
 * dimension (extent k) lands shifted by +k along every long dimension (extent 2k), as in the
 * TPU v4 twisted torus: for 4x4x8, chip (3, y, z) joins (0, y, (z + 4) mod 8) along x.
 */
std::vector<std::vector<std::pair<int, int>>> tpuCircuits(const TpuShape &shape, bool twisted);

/**
 * Reconfigures the OCS of a tpu-torus fabric in place: the same cubes arranged as @p shape
 * (which must hold the same number of cubes), twisted or not. Updates the circuit tables, the
 * chips' x, y, z hints and names, and the generator parameters; ids and links stay as they are.
 * Throws UserError when the fabric is not a TPU torus, the shape does not fit, or a spare cube
 * stands in for a failed one (spareInUse(), tpuspares.h).
 */
void reconfigureTpu(Fabric &fabric, const TpuShape &shape, bool twisted);

} // namespace fabric::gen
