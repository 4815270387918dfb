// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "torus.h"

#include <algorithm>

namespace fabric::route {

std::optional<Torus> Torus::detect(const ForwardingGraph &graph)
{
    Torus t(graph);
    const Fabric &f = graph.fabric();
    for (NodeId n : graph.endpoints()) {
        const LayoutHints &h = f.node(n).hints;
        if (h.x < 0 || h.y < 0 || h.z < 0)
            continue;
        ++t.mChipCount;
        t.mDims = { std::max(t.mDims[0], h.x + 1), std::max(t.mDims[1], h.y + 1),
            std::max(t.mDims[2], h.z + 1) };
    }
    if (t.mChipCount < 2)
        return std::nullopt;
    t.mCells.assign(static_cast<std::size_t>(t.mDims[0]) * t.mDims[1] * t.mDims[2], kNoNode);
    for (NodeId n : graph.endpoints())
        if (t.hasCoordinates(n))
            t.mCells[t.cellOf(t.coordinates(n))] = n;
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

const ForwardingArc *Torus::step(NodeId chip, int dim, int dir) const
{
    const auto d = static_cast<std::size_t>(dim);
    const Coord from = coordinates(chip);
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

std::vector<std::vector<const ForwardingArc *>> Torus::dorRoutes(
    NodeId src, NodeId dst, std::size_t maxRoutes) const
{
    struct Partial
    {
        NodeId at;
        std::vector<const ForwardingArc *> arcs;
    };
    std::vector<Partial> routes { { src, {} } };
    const Coord target = coordinates(dst);
    // A twist may shift a finished dimension at a wrap: a second pass puts it right.
    for (int pass = 0; pass < 2; ++pass) {
        for (int dim = 0; dim < 3; ++dim) {
            const auto d = static_cast<std::size_t>(dim);
            const int size = mDims[d];
            std::vector<Partial> next;
            for (Partial &r : routes) {
                const int delta = ((target[d] - coordinates(r.at)[d]) % size + size) % size;
                if (delta == 0) {
                    next.push_back(std::move(r));
                    continue;
                }
                std::vector<int> dirs;
                if (2 * delta <= size)
                    dirs.push_back(+1);
                if (2 * delta >= size)
                    dirs.push_back(-1);
                if (dirs.size() == 2 && routes.size() + next.size() >= maxRoutes)
                    dirs.pop_back();
                for (int dir : dirs) {
                    Partial p = r;
                    const int hops = dir > 0 ? delta : size - delta;
                    for (int h = 0; h < hops; ++h) {
                        const ForwardingArc *arc = step(p.at, dim, dir);
                        if (!arc)
                            return {};
                        p.arcs.push_back(arc);
                        p.at = arc->to;
                    }
                    next.push_back(std::move(p));
                }
            }
            routes = std::move(next);
        }
    }
    std::vector<std::vector<const ForwardingArc *>> out;
    for (Partial &r : routes) {
        if (r.at != dst)
            return {};
        out.push_back(std::move(r.arcs));
    }
    return out;
}

} // namespace fabric::route
