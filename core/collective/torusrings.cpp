// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "torusrings.h"

#include "model/error.h"

#include <deque>
#include <string>
#include <unordered_set>

namespace fabric::collective::detail {
namespace {

/// The chip one step from @p chip along @p dim, over the wiring, or (@p throughFaults) by
/// coordinates when that step's link has failed; kNoNode when there is none.
NodeId next(const route::Torus &torus, NodeId chip, int dim, int dir, bool throughFaults)
{
    if (const ForwardingArc *arc = torus.step(chip, dim, dir))
        return arc->to;
    return throughFaults ? torus.chipAt(torus.neighbour(torus.coordinates(chip), dim, dir))
                         : kNoNode;
}

/// How many chips a walk along @p dims (both ways, any number of steps) reaches from @p start.
std::size_t reached(
    const route::Torus &torus, NodeId start, const std::vector<int> &dims, bool throughFaults)
{
    std::unordered_set<NodeId> seen { start };
    std::deque<NodeId> queue { start };
    while (!queue.empty()) {
        const NodeId at = queue.front();
        queue.pop_front();
        for (int dim : dims)
            for (int dir : { +1, -1 })
                if (const NodeId to = next(torus, at, dim, dir, throughFaults); to != kNoNode)
                    if (seen.insert(to).second)
                        queue.push_back(to);
    }
    return seen.size();
}

/// Every chip, x slowest and z fastest, so a line is first met at its 0 coordinate.
std::vector<NodeId> scanOrder(const route::Torus &torus)
{
    std::vector<NodeId> out;
    route::Coord c {};
    const route::Coord &dims = torus.dims();
    for (c[0] = 0; c[0] < dims[0]; ++c[0])
        for (c[1] = 0; c[1] < dims[1]; ++c[1])
            for (c[2] = 0; c[2] < dims[2]; ++c[2])
                if (const NodeId chip = torus.chipAt(c); chip != kNoNode)
                    out.push_back(chip);
    return out;
}

[[noreturn]] void notRings(int dim, std::size_t size)
{
    static constexpr const char *kNames[] = { "x", "y", "z" };
    throw UserError("--algorithm torus: the torus's lines along " + std::string(kNames[dim])
        + " do not split into rings of " + std::to_string(size)
        + " chips (are chips or links missing?)");
}

} // namespace

std::vector<BucketPhase> bucketPhases(
    const route::Torus &torus, const std::vector<int> &order, bool throughFaults)
{
    const std::vector<NodeId> chips = scanOrder(torus);
    std::vector<BucketPhase> phases;
    std::vector<int> done;
    std::size_t before = 1;
    for (int dim : order) {
        done.push_back(dim);
        const std::size_t now = reached(torus, chips.front(), done, throughFaults);
        const std::size_t size = now / before;
        if (size < 2 || now % before != 0)
            notRings(dim, size);
        before = now;
        BucketPhase phase { dim, int(size), {} };
        std::unordered_set<NodeId> taken;
        for (NodeId chip : chips) {
            if (taken.count(chip))
                continue;
            std::vector<NodeId> ring { chip };
            for (NodeId at = chip; ring.size() < size;) {
                const NodeId to = next(torus, at, dim, +1, throughFaults);
                if (to == kNoNode || taken.count(to))
                    notRings(dim, size);
                at = to;
                ring.push_back(at);
            }
            for (NodeId member : ring)
                if (!taken.insert(member).second)
                    notRings(dim, size);
            phase.rings.push_back(std::move(ring));
        }
        phases.push_back(std::move(phase));
    }
    return phases;
}

} // namespace fabric::collective::detail
