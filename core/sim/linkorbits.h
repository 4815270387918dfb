// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <cstddef>
#include <vector>

namespace fabric::sim {

/**
 * The links of a run reduced by a symmetry of the fabric (docs/simulation.md, "Symmetry
 * reduction"). The links of one orbit carry the same traffic at every instant, so the engine
 * gives them one constraint, and every output (link statistics, timeline states) gives each
 * link its orbit representative's values.
 */
struct LinkOrbits
{
    /// Index = directed link: its orbit's representative (itself for the representative; -1
    /// for an id no link has). Empty = every link its own: the run is not reduced.
    std::vector<DirLinkId> representative;
    /// Links in every orbit, which is also how many flows each simulated flow stands for.
    std::size_t order = 1;

    bool empty() const { return representative.empty(); }

    /// The directed link whose constraint @p d shares.
    DirLinkId representativeOf(DirLinkId d) const
    {
        return std::size_t(d) < representative.size() ? representative[std::size_t(d)] : d;
    }

    /// Gives every link of @p perLink (index = directed link) its representative's entry.
    template<class T> void copyFromRepresentatives(std::vector<T> &perLink) const
    {
        for (std::size_t d = 0; d < representative.size() && d < perLink.size(); ++d) {
            const DirLinkId r = representative[d];
            if (r >= 0 && std::size_t(r) != d)
                perLink[d] = perLink[std::size_t(r)];
        }
    }
};

} // namespace fabric::sim
