// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "torusorder.h"

#include "ranks.h"

#include "route/router.h"

#include <algorithm>

namespace fabric::collective {
namespace {

bool adjacent(const route::Torus &torus, NodeId a, NodeId b, bool throughFaults)
{
    for (int dim = 0; dim < 3; ++dim)
        for (int dir : { +1, -1 }) {
            if (const ForwardingArc *arc = torus.step(a, dim, dir); arc && arc->to == b)
                return true;
            if (throughFaults && torus.neighbour(torus.coordinates(a), dim, dir)
                    == torus.coordinates(b))
                return true;
        }
    return false;
}

/// (fast, middle, slow): the slowest is the last dimension longer than 1 whose wrap is plain.
std::optional<std::array<int, 3>> sweepOrder(const route::Torus &torus)
{
    for (int slow = 2; slow >= 0; --slow) {
        const auto s = static_cast<std::size_t>(slow);
        if (torus.dims()[s] < 2 || torus.wrapShift(slow) != route::Coord {})
            continue;
        std::array<int, 3> order {};
        int i = 0;
        for (int d = 0; d < 3; ++d)
            if (d != slow)
                order[static_cast<std::size_t>(i++)] = d;
        order[2] = slow;
        return order;
    }
    return std::nullopt;
}

} // namespace

std::vector<NodeId> snakeCycle(const route::Torus &torus, bool throughFaults)
{
    const auto order = sweepOrder(torus);
    if (!order)
        return {};
    const auto [fast, middle, slow] = *order;
    const route::Coord &dims = torus.dims();
    // One plane's snake: rows along the middle dimension, each sweeping the fast one.
    std::vector<std::pair<int, int>> plane;
    for (int m = 0; m < dims[std::size_t(middle)]; ++m)
        for (int i = 0; i < dims[std::size_t(fast)]; ++i)
            plane.emplace_back(m % 2 == 0 ? i : dims[std::size_t(fast)] - 1 - i, m);
    std::vector<NodeId> out;
    for (int s = 0; s < dims[std::size_t(slow)]; ++s) {
        for (std::size_t k = 0; k < plane.size(); ++k) {
            const auto &[f, m] = s % 2 == 0 ? plane[k] : plane[plane.size() - 1 - k];
            route::Coord c {};
            c[std::size_t(fast)] = f;
            c[std::size_t(middle)] = m;
            c[std::size_t(slow)] = s;
            out.push_back(torus.chipAt(c));
        }
    }
    if (out.size() != torus.chipCount() || std::count(out.begin(), out.end(), kNoNode) > 0)
        return {};
    for (std::size_t i = 0; i < out.size(); ++i)
        if (!adjacent(torus, out[i], out[(i + 1) % out.size()], throughFaults))
            return {};
    return out;
}

std::optional<std::vector<NodeId>> torusRingRanks(
    const route::Router &router, std::string_view spec, Placement placement)
{
    if (!router.torus() || placement != Placement::Packed || ranksAreListed(spec))
        return std::nullopt;
    std::vector<NodeId> snake = snakeCycle(*router.torus(), !router.options().faults.empty());
    if (snake.size() != router.graph().endpoints().size())
        return std::nullopt;
    snake.resize(selectRanks(router, spec, placement, 0).size());
    return snake;
}

} // namespace fabric::collective
