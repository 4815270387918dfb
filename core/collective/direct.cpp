// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Collectives that put every flow on the wire at once: all-to-all (each rank sends S/p to each
// other rank) and send/recv between pipeline stages (rank i sends S to rank i+1).
#include "algorithms.h"
#include "cutbound.h"
#include "ideal.h"
#include "ringphase.h"

#include "model/units.h"
#include "route/torussymmetry.h"
#include "sim/footprint.h"

#include <algorithm>
#include <limits>
#include <string>
#include <unordered_map>

namespace fabric::collective::detail {

namespace {
/// The peak memory an all-to-all of @p senders ranks sending to all @p ranks would take,
/// estimated from the paths of rank 0 (routed now, before any flow exists).
double allToAllFootprint(
    const route::Router &router, const std::vector<NodeId> &ranks, std::size_t senders)
{
    const std::size_t n = ranks.size();
    std::size_t uses = 0;
    for (std::size_t j = 1; j < n; ++j)
        for (const sim::Path &p : router.route(ranks[0], ranks[j]).paths)
            uses += p.links.size();
    return sim::estimatedRunBytes(senders * (n - 1), uses * senders);
}

/**
 * The translations an all-to-all may be reduced by (docs/simulation.md, "Symmetry
 * reduction"): every chip of a torus takes part under `dor`, which routes by coordinate
 * differences alone, so a translation that maps the fabric onto itself maps every flow, its
 * routes and its latency onto another flow's. Not under a hash (`ecmp`), whose choices depend
 * on node ids, nor with faults, which break the symmetry.
 */
std::optional<route::TorusSymmetry> allToAllSymmetry(const Context &c, route::Policy routing)
{
    const auto &torus = c.router.torus();
    if (!c.options.symmetry || routing != route::Policy::Dor || !torus
        || !c.scenario.faults.empty())
        return std::nullopt;
    const Fabric &f = c.fabric();
    if (c.ranks.size() != torus->chipCount()
        || c.ranks.size() != c.router.graph().endpoints().size())
        return std::nullopt;
    for (NodeId r : c.ranks)
        if (!torus->hasCoordinates(r) || f.node(r).host != kNoNode)
            return std::nullopt;
    return route::TorusSymmetry::find(f, *torus);
}

std::string describe(const route::TorusSymmetry &symmetry)
{
    const route::Coord &step = symmetry.step();
    return std::to_string(symmetry.order()) + " translations by multiples of "
        + std::to_string(step[0]) + " x " + std::to_string(step[1]) + " x "
        + std::to_string(step[2]) + " chips";
}

} // namespace

void expandAllToAll(Context &c)
{
    const std::size_t n = c.ranks.size();
    const std::optional<route::TorusSymmetry> symmetry = allToAllSymmetry(c, c.scenario.routing);
    const auto sends
        = [&](std::size_t i) { return !symmetry || symmetry->representative(c.ranks[i]); };
    std::size_t senders = 0;
    for (std::size_t i = 0; i < n; ++i)
        senders += sends(i) ? 1 : 0;
    const std::size_t flows = senders * (n - 1);
    std::string what = "alltoall over " + units::formatCount(n)
        + " ranks: " + units::formatCount(flows) + " flows";
    if (symmetry)
        what += " (one per orbit of " + std::to_string(symmetry->order()) + ")";
    // Memory is the one limit: time is the progress bar's and Cancel's (the GUI) or Ctrl+C's.
    const double footprint = allToAllFootprint(c.sink.router(), c.ranks, senders);
    std::string remedy; // when dimension-order routing would make the run small
    if (footprint > c.scenario.maxMemoryBytes && !symmetry)
        if (const auto dor = allToAllSymmetry(c, route::Policy::Dor))
            remedy = "Use dor for --routing (1 flow in " + std::to_string(dor->order()) + " runs)";
    checkMemoryLimit(c.scenario, what, footprint, remedy);
    c.out.stepFlows = n * (n - 1);
    c.sink.reserve(flows);
    const Fabric &f = c.fabric();
    const double each = c.scenario.bytes / double(n);
    std::unordered_map<NodeId, std::size_t> perHost;
    for (NodeId r : c.ranks)
        if (f.node(r).host != kNoNode)
            ++perHost[f.node(r).host];
    // Per rank, its fabric share and its NVLink share move at once, each at its own rate,
    // from when the nearest peer's first byte can arrive.
    double slowestS = 0, firstByteS = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < n; ++i) {
        const NodeId host = f.node(c.ranks[i]).host;
        const double local = host == kNoNode ? 0.0 : double(perHost[host] - 1);
        const double remote = double(n - 1) - local;
        const double nvlink = ideal::nvlinkBytesPerS(f, c.ranks[i]);
        slowestS = std::max({ slowestS, remote * each / ideal::injectionBytesPerS(f, c.ranks[i]),
            local > 0 ? local * each / nvlink : 0.0 });
        for (std::size_t j = 0; j < n; ++j)
            if (i != j && sends(i)) {
                const sim::FlowId id = c.sink.addOnce(
                    c.ranks[i], c.ranks[j], each, { int((j + n - i) % n), int(i), 0 });
                firstByteS = std::min(firstByteS, c.sink.flows()[std::size_t(id)].latencyS);
            }
    }
    Ideal &ideal = c.out.ideal;
    ideal.bandwidthBytesPerS = (double(n - 1) * each) / slowestS;
    ideal.messageLatencyS = c.scenario.alphaS + firstByteS;
    ideal.timeS = ideal.messageLatencyS + slowestS;
    ideal.formula = "a + max over ranks of (fabric bytes / B_nic, NVLink bytes / B_nvlink)";
    applyCutBound(ideal, c.router, c.ranks, c.sink.flows(), ideal.messageLatencyS,
        symmetry ? &*symmetry : nullptr);
    if (symmetry)
        c.out.symmetry = SymmetryReduction { { symmetry->linkOrbit(), symmetry->order() },
            describe(*symmetry) };
}

void expandSendRecv(Context &c)
{
    const std::size_t n = c.ranks.size();
    HopBound hop;
    for (std::size_t i = 0; i + 1 < n; ++i) {
        c.sink.add(c.ranks[i], c.ranks[i + 1], c.scenario.bytes, {}, { 0, int(i), 0 });
        boundHop(c.sink, c.ranks[i], c.ranks[i + 1], hop);
    }
    c.out.stepFlows = n - 1;
    Ideal &ideal = c.out.ideal;
    ideal.bandwidthBytesPerS = hop.bytesPerS;
    ideal.messageLatencyS = c.scenario.alphaS + hop.latencyS;
    ideal.timeS = ideal.messageLatencyS + c.scenario.bytes / hop.bytesPerS;
    ideal.formula = "a + S/B";
    // The pairs run at once: the bound is the slowest pair's own a + S/B, not one pair's
    // latency with another's bandwidth.
    capAtCriticalPath(ideal, c.sink, c.scenario.bytes / hop.bytesPerS, 1);
}

} // namespace fabric::collective::detail
