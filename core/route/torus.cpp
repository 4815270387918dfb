// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "torus.h"

#include <algorithm>

namespace fabric::route {
namespace {

constexpr int kMaxExtent = 1 << 16;

} // namespace

std::optional<Torus> Torus::detect(const ForwardingGraph &graph)
{
    Torus t(graph);
    const Fabric &f = graph.fabric();
    for (NodeId n : graph.endpoints()) {
        const LayoutHints &h = f.node(n).hints;
        if (h.x < 0 || h.y < 0 || h.z < 0)
            continue;
        ++t.mChipCount;
        if (h.x >= kMaxExtent || h.y >= kMaxExtent || h.z >= kMaxExtent)
            return std::nullopt; // also keeps the cell arithmetic below within an int
        t.mDims = { std::max(t.mDims[0], h.x + 1), std::max(t.mDims[1], h.y + 1),
            std::max(t.mDims[2], h.z + 1) };
    }
    if (t.mChipCount < 2)
        return std::nullopt;
    // Coordinates far sparser than the chips are no torus, rather than gigabytes of empty cells.
    const std::size_t cells = static_cast<std::size_t>(t.mDims[0])
        * static_cast<std::size_t>(t.mDims[1]) * static_cast<std::size_t>(t.mDims[2]);
    if (cells > kTorusCellsPerChip * t.mChipCount + kTorusSpareCells)
        return std::nullopt;
    t.mCells.assign(cells, kNoNode);
    for (NodeId n : graph.endpoints())
        if (t.hasCoordinates(n))
            t.mCells[t.cellOf(t.coordinates(n))] = n;
    t.detectTwist();
    return t;
}

bool Torus::hasCoordinates(NodeId chip) const
{
    const LayoutHints &h = mGraph->fabric().node(chip).hints;
    return mGraph->fabric().node(chip).isEndpoint() && h.x >= 0 && h.y >= 0 && h.z >= 0;
}

Coord Torus::coordinates(NodeId chip) const
{
    const LayoutHints &h = mGraph->fabric().node(chip).hints;
    return { h.x, h.y, h.z };
}

std::size_t Torus::cellOf(const Coord &c) const
{
    return static_cast<std::size_t>(c[0] + mDims[0] * (c[1] + mDims[1] * c[2]));
}

NodeId Torus::chipAt(const Coord &c) const
{
    for (int d = 0; d < 3; ++d)
        if (c[static_cast<std::size_t>(d)] < 0
            || c[static_cast<std::size_t>(d)] >= mDims[static_cast<std::size_t>(d)])
            return kNoNode;
    return mCells[cellOf(c)];
}

void Torus::detectTwist()
{
    for (std::size_t d = 0; d < 3; ++d) {
        // With fewer than 3 chips along d, the wrap and the inner link join the same pair.
        if (mDims[d] < 3)
            continue;
        std::optional<Coord> shift;
        for (NodeId chip : mCells) {
            if (chip == kNoNode || coordinates(chip)[d] != mDims[d] - 1)
                continue;
            const Coord from = coordinates(chip);
            for (const ForwardingArc &arc : mGraph->arcsOf(chip)) {
                if (!hasCoordinates(arc.to) || coordinates(arc.to)[d] != 0)
                    continue;
                Coord s {};
                for (std::size_t o = 0; o < 3; ++o)
                    s[o] = o == d
                        ? 0
                        : ((coordinates(arc.to)[o] - from[o]) % mDims[o] + mDims[o]) % mDims[o];
                if (!shift)
                    shift = s;
                else if (*shift != s)
                    mRegular = false;
                break;
            }
        }
        if (shift && mRegular)
            mShift[d] = *shift;
    }
    if (!mRegular)
        mShift = {};
}

bool Torus::twisted() const
{
    return mShift != std::array<Coord, 3> {};
}

Coord Torus::neighbour(const Coord &c, int dim, int dir) const
{
    const auto d = static_cast<std::size_t>(dim);
    Coord n = c;
    n[d] += dir;
    int wraps = 0;
    if (n[d] >= mDims[d])
        wraps = 1;
    else if (n[d] < 0)
        wraps = -1;
    n[d] -= wraps * mDims[d];
    for (std::size_t o = 0; o < 3; ++o)
        if (o != d)
            n[o] = ((n[o] + wraps * mShift[d][o]) % mDims[o] + mDims[o]) % mDims[o];
    return n;
}

std::vector<NodeId> Torus::cycle(NodeId chip, int dim) const
{
    std::vector<NodeId> out { chip };
    for (NodeId at = chip;;) {
        const ForwardingArc *arc = step(at, dim, +1);
        if (!arc || out.size() > mChipCount)
            return {};
        at = arc->to;
        if (at == chip)
            return out;
        out.push_back(at);
    }
}

std::vector<int> Torus::routingOrder() const
{
    std::vector<int> order;
    for (bool twist : { true, false })
        for (std::size_t d = 0; d < 3; ++d)
            if ((mShift[d] != Coord {}) == twist)
                order.push_back(static_cast<int>(d));
    return order;
}

const ForwardingArc *Torus::step(NodeId chip, int dim, int dir) const
{
    const auto d = static_cast<std::size_t>(dim);
    const Coord from = coordinates(chip);
    const NodeId expected = chipAt(neighbour(from, dim, dir));
    for (const ForwardingArc &arc : mGraph->arcsOf(chip))
        if (arc.to == expected && expected != kNoNode)
            return &arc;
    const int size = mDims[d];
    const int want = ((from[d] + dir) % size + size) % size;
    const ForwardingArc *twisted = nullptr;
    for (const ForwardingArc &arc : mGraph->arcsOf(chip)) {
        if (!hasCoordinates(arc.to))
            continue;
        const Coord to = coordinates(arc.to);
        if (to[d] != want)
            continue;
        bool straight = true;
        for (std::size_t o = 0; o < 3; ++o)
            straight = straight && (o == d || to[o] == from[o]);
        if (straight)
            return &arc;
        if (!twisted)
            twisted = &arc;
    }
    return twisted;
}

} // namespace fabric::route
