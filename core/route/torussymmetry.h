// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "torus.h"

#include "model/ids.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace fabric {
class Fabric;
}

namespace fabric::route {

/**
 * The translations of a torus that map its whole fabric onto itself: every chip, switch
 * (OCS), link, circuit, capacity and latency. On the TPU v4 pod those are the translations by
 * whole cubes (4 chips along each dimension, 64 in all); a translation by one chip would move
 * an electrical link onto a fibre through an OCS, whose latency differs. docs/simulation.md,
 * "Symmetry reduction", says why a run may then simulate one flow per orbit.
 */
class TorusSymmetry
{
public:
    /**
     * The translations by multiples of a per-dimension step that are automorphisms of
     * @p fabric's wiring (checked link by link), or nullopt when only the identity is.
     * Every link must move under every translation but the identity (so each orbit holds
     * order() links): a link between two fixed switches would not.
     */
    static std::optional<TorusSymmetry> find(const Fabric &fabric, const Torus &torus);

    /// The step of the translations along each dimension (its size when none moves along it).
    const Coord &step() const { return mStep; }
    /// Number of translations, the identity included: the size of every orbit.
    std::size_t order() const;
    /// Translation number @p element (0 = identity), as a coordinate offset.
    Coord translation(std::size_t element) const;
    /// The chip @p chip moves to under translation @p element.
    NodeId image(NodeId chip, std::size_t element) const;
    /// True for the chips one of each orbit: coordinates below step() in every dimension.
    bool representative(NodeId chip) const;
    /// Index = directed link: the smallest directed link id of its orbit.
    const std::vector<DirLinkId> &linkOrbit() const { return mLinkOrbit; }

private:
    TorusSymmetry(const Torus &torus, Coord step)
        : mTorus(&torus)
        , mStep(step)
    {
    }

    const Torus *mTorus;
    Coord mStep;
    std::vector<DirLinkId> mLinkOrbit;
};

} // namespace fabric::route
