// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cutbound.h"

#include "model/metrics.h"
#include "model/metricsdetail.h"
#include "model/units.h"
#include "route/router.h"
#include "route/torussymmetry.h"

#include <algorithm>
#include <limits>
#include <unordered_set>

namespace fabric::collective {
namespace {

constexpr const char *kDimNames[] = { "x", "y", "z" };

/// Bytes crossing from the side where @p first is true to the other and back, and the
/// earliest start among the flows that cross.
struct Crossing
{
    double ab = 0, ba = 0;
    double startS = std::numeric_limits<double>::infinity();
};

template<typename Side>
Crossing crossing(
    const std::vector<sim::FlowSpec> &flows, const route::TorusSymmetry *symmetry, Side first)
{
    Crossing c;
    const auto add = [&](const sim::FlowSpec &f, NodeId src, NodeId dst) {
        if (first(src) != first(dst)) {
            (first(src) ? c.ab : c.ba) += f.bytes;
            c.startS = std::min(c.startS, f.notBeforeS);
        }
    };
    for (const sim::FlowSpec &f : flows) {
        if (!symmetry) {
            add(f, f.src, f.dst);
            continue;
        }
        for (std::size_t e = 0; e < symmetry->order(); ++e)
            add(f, symmetry->image(f.src, e), symmetry->image(f.dst, e));
    }
    return c;
}

/// Keeps the slower way across one cut in @p best when it is the largest bound yet.
void consider(std::optional<CutBound> &best, const Crossing &x, double capAB, double capBA,
    const std::string &cut)
{
    if (capAB <= 0 || capBA <= 0 || x.ab + x.ba <= 0)
        return;
    const bool ab = x.ab / capAB >= x.ba / capBA;
    const CutBound b { x.startS + (ab ? x.ab / capAB : x.ba / capBA), ab ? x.ab : x.ba,
        ab ? capAB : capBA, cut };
    if (!best || b.timeS > best->timeS)
        best = b;
}

std::optional<CutBound> torusCuts(const route::Router &router,
    const std::vector<sim::FlowSpec> &flows, const route::TorusSymmetry *symmetry)
{
    const route::Torus &torus = *router.torus();
    const ForwardingGraph &g = router.graph();
    for (NodeId chip : g.endpoints())
        for (const ForwardingArc &arc : g.arcsOf(chip))
            if (!torus.hasCoordinates(arc.to))
                return std::nullopt; // traffic could leave through a switch
    std::optional<CutBound> best;
    for (int dim = 0; dim < 3; ++dim) {
        const int size = torus.dims()[std::size_t(dim)];
        if (size < 2)
            continue;
        const int half = size / 2;
        auto first = [&](NodeId n) { return torus.coordinates(n)[std::size_t(dim)] < half; };
        double capAB = 0, capBA = 0;
        for (NodeId chip : g.endpoints())
            for (const ForwardingArc &arc : g.arcsOf(chip))
                if (first(chip) != first(arc.to))
                    (first(chip) ? capAB : capBA) += units::gbpsToBytesPerSecond(arc.capacityGbps);
        const std::string cut = std::string(kDimNames[dim]) + " < " + std::to_string(half) + " | "
            + kDimNames[dim] + " >= " + std::to_string(half);
        consider(best, crossing(flows, symmetry, first), capAB, capBA, cut);
    }
    return best;
}

} // namespace

std::optional<CutBound> cutBound(const route::Router &router, const std::vector<NodeId> &ranks,
    const std::vector<sim::FlowSpec> &flows, const route::TorusSymmetry *symmetry)
{
    if (router.torus())
        return torusCuts(router, flows, symmetry);
    const ForwardingGraph &g = router.graph();
    // The max flow costs a search over the whole fabric: only when every endpoint takes part.
    if (ranks.size() != g.endpoints().size())
        return std::nullopt;
    const auto halves = metrics::bisectionHalves(g.fabric());
    std::unordered_set<NodeId> firstHalf(halves.first.begin(), halves.first.end());
    const double capacity = units::gbpsToBytesPerSecond(metrics::detail::bisectionGbps(g, {}));
    std::optional<CutBound> best;
    // Links are full duplex with equal capacity each way, so the max flow is the same back.
    consider(best, crossing(flows, symmetry, [&](NodeId n) { return firstHalf.count(n) > 0; }),
        capacity, capacity, "the bisection (max flow between the halves)");
    return best;
}

void applyCutBound(Ideal &ideal, const route::Router &router, const std::vector<NodeId> &ranks,
    const std::vector<sim::FlowSpec> &flows, double latencyS, const route::TorusSymmetry *symmetry)
{
    ideal.bound = "injection";
    std::string detail = "injection " + units::formatSeconds(ideal.timeS);
    if (const auto cut = cutBound(router, ranks, flows, symmetry)) {
        const double cutS = latencyS + cut->timeS;
        detail += ", bisection " + units::formatSeconds(cutS) + " ("
            + units::formatBytes(cut->bytes) + " across " + cut->cut + " at "
            + units::formatGBps(units::bytesPerSecondToGBps(cut->bytesPerS)) + ")";
        if (cutS > ideal.timeS) {
            ideal.timeS = cutS;
            ideal.bandwidthBytesPerS = cut->bytesPerS;
            ideal.bound = "bisection";
            ideal.formula = "a + bytes across the tightest cut / its capacity";
        }
    }
    ideal.boundDetail = ideal.bound + " bound is the tighter: " + detail;
}

} // namespace fabric::collective
