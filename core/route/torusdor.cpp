// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Dimension-order routing on a torus, plain or twisted: plan how far and which way to walk
// each dimension on coordinates, keep the shortest plans, then walk them arc by arc.
#include "torus.h"

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace fabric::route {
namespace {

int wrapped(int v, int size)
{
    return (v % size + size) % size;
}

/// One way of walking the dimensions done so far: where it lands and the signed hops taken.
struct Plan
{
    Coord at;
    std::vector<int> hops;
    int length = 0;
};

} // namespace

std::vector<std::vector<const ForwardingArc *>> Torus::dorRoutes(
    NodeId src, NodeId dst, std::size_t maxRoutes) const
{
    const std::vector<int> order = routingOrder();
    const Coord target = coordinates(dst);
    std::vector<Plan> plans { { coordinates(src), {}, 0 } };
    for (int dim : order) {
        const auto d = static_cast<std::size_t>(dim);
        const int size = mDims[d];
        const bool twist = mShift[d] != Coord {};
        std::vector<Plan> next;
        for (const Plan &p : plans) {
            const int delta = wrapped(target[d] - p.at[d], size);
            // A plain dimension goes the shorter way (both ways on a tie). Over a twisted
            // wrap-around the walk also moves the dimensions still to come, so either way, and
            // once more round, may shorten the whole route: try them all, judge at the end.
            std::vector<int> options;
            if (twist) {
                for (int h = delta - 2 * size; h < 2 * size; h += size)
                    if (std::abs(h) < 2 * size)
                        options.push_back(h);
            } else if (delta == 0) {
                options.push_back(0);
            } else {
                if (2 * delta <= size)
                    options.push_back(delta);
                if (2 * delta >= size)
                    options.push_back(delta - size);
            }
            for (int h : options) {
                Plan q = p;
                for (int i = 0; i < std::abs(h); ++i)
                    q.at = neighbour(q.at, dim, h > 0 ? +1 : -1);
                q.hops.push_back(h);
                q.length += std::abs(h);
                next.push_back(std::move(q));
            }
        }
        plans = std::move(next);
    }

    int best = std::numeric_limits<int>::max();
    for (const Plan &p : plans)
        if (p.at == target)
            best = std::min(best, p.length);
    std::vector<std::vector<const ForwardingArc *>> out;
    for (const Plan &p : plans) {
        if (p.at != target || p.length != best || out.size() >= maxRoutes)
            continue;
        std::vector<const ForwardingArc *> arcs;
        NodeId at = src;
        bool broken = false;
        for (std::size_t i = 0; i < order.size() && !broken; ++i)
            for (int h = 0; h < std::abs(p.hops[i]) && !broken; ++h) {
                const ForwardingArc *arc = step(at, order[i], p.hops[i] > 0 ? +1 : -1);
                // A step missing (a failed link or circuit) loses this route; an equally short
                // one in the other direction may still stand.
                if (!arc) {
                    broken = true;
                    break;
                }
                arcs.push_back(arc);
                at = arc->to;
            }
        if (broken)
            continue;
        // Wiring that does not follow one regular twist walks somewhere else: no DOR route.
        if (at != dst)
            return {};
        out.push_back(std::move(arcs));
    }
    return out;
}

} // namespace fabric::route
