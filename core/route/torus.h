// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/forwardinggraph.h"

#include <array>
#include <cstddef>
#include <optional>
#include <vector>

namespace fabric::route {

/// A torus coordinate (x, y, z); unused dimensions are 0.
using Coord = std::array<int, 3>;

/**
 * The torus structure of a fabric whose chips carry LayoutHints x, y, z (TPU cubes joined by
 * OCS circuits): dimension sizes, chip lookup by coordinate and the neighbour one step along a
 * dimension (over ICI or through an OCS circuit, whichever the fabric wires). Works on twisted
 * tori too: a step along a dimension only needs the neighbour's coordinate in that dimension to
 * move by one; other coordinates may shift at the wrap.
 */
class Torus
{
public:
    /// The torus of @p graph's fabric, or nullopt when its endpoints carry no coordinates.
    static std::optional<Torus> detect(const ForwardingGraph &graph);

    /// Size of each dimension (1 for an unused one).
    const Coord &dims() const { return mDims; }
    /// Number of chips with coordinates.
    std::size_t chipCount() const { return mChipCount; }
    bool hasCoordinates(NodeId chip) const;
    Coord coordinates(NodeId chip) const;
    /// The chip at @p c, or kNoNode.
    NodeId chipAt(const Coord &c) const;

    /// The arc one step from @p chip along dimension @p dim in direction @p dir (+1 or -1),
    /// preferring the neighbour whose other coordinates are unchanged; nullptr when none.
    const ForwardingArc *step(NodeId chip, int dim, int dir) const;

    /**
     * Dimension-order routes from @p src to @p dst: x first, then y, then z, each in its
     * shorter direction round the ring; a dimension whose two directions are equally long
     * doubles the routes (ties split). Each route is the arc sequence walked. At most
     * @p maxRoutes routes (later ties stop splitting). Empty when a step is missing.
     */
    std::vector<std::vector<const ForwardingArc *>> dorRoutes(
        NodeId src, NodeId dst, std::size_t maxRoutes) const;

private:
    explicit Torus(const ForwardingGraph &graph)
        : mGraph(&graph)
    {
    }
    std::size_t cellOf(const Coord &c) const;

    const ForwardingGraph *mGraph;
    Coord mDims { 1, 1, 1 };
    std::size_t mChipCount = 0;
    std::vector<NodeId> mCells; ///< Index = x + X * (y + Y * z).
};

} // namespace fabric::route
