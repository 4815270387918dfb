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

/// Torus::detect() stores the grid densely: a grid of more cells than this many per chip (plus
/// kTorusSpareCells) is no torus. The native reader refuses such files with the same bound.
inline constexpr std::size_t kTorusCellsPerChip = 8;
inline constexpr std::size_t kTorusSpareCells = 4096;

/**
 * The torus structure of a fabric whose chips carry LayoutHints x, y, z (TPU cubes joined by
 * OCS circuits): dimension sizes, chip lookup by coordinate and the neighbour one step along a
 * dimension (over ICI or through an OCS circuit, whichever the fabric wires). Works on twisted
 * tori too: crossing the wrap-around of a dimension may shift the other coordinates (TPU v4:
 * the wrap of a short side lands half the long side further on); wrapShift() reads that shift
 * off the wiring, and routes and cycles follow it.
 */
class Torus
{
public:
    /// The torus of @p graph's fabric, or nullopt when its endpoints carry no coordinates (or
    /// coordinates far sparser than the chips, see kTorusCellsPerChip).
    static std::optional<Torus> detect(const ForwardingGraph &graph);

    /// Size of each dimension (1 for an unused one).
    const Coord &dims() const { return mDims; }
    /// Number of chips with coordinates.
    std::size_t chipCount() const { return mChipCount; }
    bool hasCoordinates(NodeId chip) const;
    Coord coordinates(NodeId chip) const;
    /// The chip at @p c, or kNoNode.
    NodeId chipAt(const Coord &c) const;

    /// How crossing the wrap-around of @p dim forwards (from coordinate size-1 to 0) shifts
    /// the other coordinates: all zero on a plain torus. Read off the wiring when every chip
    /// on that face agrees; zero (and twistIsRegular() false) when they do not.
    const Coord &wrapShift(int dim) const { return mShift[static_cast<std::size_t>(dim)]; }
    bool twisted() const;
    bool twistIsRegular() const { return mRegular; }
    /// The coordinate one step from @p c along @p dim in direction @p dir, with the twist.
    Coord neighbour(const Coord &c, int dim, int dir) const;

    /// The arc one step from @p chip along dimension @p dim in direction @p dir (+1 or -1): to
    /// neighbour() when wired, else to any chip whose coordinate in @p dim moves by one
    /// (preferring one whose other coordinates are unchanged); nullptr when none.
    const ForwardingArc *step(NodeId chip, int dim, int dir) const;

    /// The chips met walking from @p chip along @p dim (+1) until back at @p chip: a line of
    /// the torus, twice as long on a twisted dimension whose wrap shifts the others by half.
    /// Empty when a step is missing.
    std::vector<NodeId> cycle(NodeId chip, int dim) const;

    /// Dimensions in the order dorRoutes() walks them: those whose wrap twists first (their
    /// shift moves the others, which are then still to be walked), then the plain ones, each
    /// group in x, y, z order.
    std::vector<int> routingOrder() const;

    /**
     * Dimension-order routes from @p src to @p dst (torusdor.cpp; docs/simulation.md,
     * "Dimension-order routing on a twisted torus"): dimensions in routingOrder(), each walked
     * in one direction. A plain dimension goes the shorter way round. A twisted dimension may
     * go either way and once more round, each choice landing the later dimensions elsewhere;
     * the routes kept are those of fewest hops in all. Equally short choices split the flow
     * (one route each). At most @p maxRoutes routes. A route with a step missing (a failed
     * link or circuit) is left out; empty when none is left.
     */
    std::vector<std::vector<const ForwardingArc *>> dorRoutes(
        NodeId src, NodeId dst, std::size_t maxRoutes) const;

private:
    explicit Torus(const ForwardingGraph &graph)
        : mGraph(&graph)
    {
    }
    std::size_t cellOf(const Coord &c) const;
    void detectTwist();

    const ForwardingGraph *mGraph;
    Coord mDims { 1, 1, 1 };
    std::size_t mChipCount = 0;
    std::vector<NodeId> mCells; ///< Index = x + X * (y + Y * z).
    std::array<Coord, 3> mShift {}; ///< wrapShift() per dimension.
    bool mRegular = true;
};

} // namespace fabric::route
