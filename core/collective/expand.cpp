// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "expansion.h"

#include "algorithms.h"
#include "ranks.h"
#include "torusorder.h"

#include "model/error.h"
#include "model/units.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace fabric::collective {

namespace detail {

bool Context::aggregateFor(std::size_t stepFlows)
{
    out.stepFlows = stepFlows;
    out.aggregated = scenario.aggregation == Aggregation::Always
        || (scenario.aggregation == Aggregation::Auto && stepFlows > scenario.stepFlowBudget);
    if (out.aggregated)
        out.note = "ring steps aggregated: one persistent flow per rank and phase carrying all "
                   "its steps' bytes, latency and alpha paid once per step ("
            + units::formatCount(stepFlows) + " step flows)";
    return out.aggregated;
}

int Context::chunksFor(double bytes, std::size_t flowsPerChunk, double chunkBytes, int maxChunks)
{
    int chunks = scenario.chunks > 0
        ? scenario.chunks
        : std::clamp(static_cast<int>(std::ceil(bytes / chunkBytes)), 1, maxChunks);
    const std::size_t budgetChunks = std::max<std::size_t>(
        1, scenario.stepFlowBudget / std::max<std::size_t>(1, flowsPerChunk));
    chunks = static_cast<int>(std::min<std::size_t>(std::size_t(chunks), budgetChunks));
    out.chunks = chunks;
    return chunks;
}

} // namespace detail

route::RouterOptions routerOptions(const Scenario &s)
{
    route::RouterOptions o;
    o.policy = s.routing;
    o.seed = s.seed;
    o.qps = s.qps;
    o.faults = s.faults;
    // A faulted run names every pair it cannot route (collective/faultrun.h) rather than
    // stopping at the first.
    o.allowUnreachable = !s.faults.empty();
    return o;
}

Expansion expand(const route::Router &router, const Scenario &s, const ExpandOptions &options)
{
    if (!(s.bytes > 0) || !std::isfinite(s.bytes))
        throw UserError("--bytes must be a size above 0, such as 1GiB or 64MB");
    if (!(s.alphaS >= 0))
        throw UserError("alpha (per-message overhead) must be >= 0 seconds");
    const auto allowed = algorithmsFor(s.collective);
    if (std::find(allowed.begin(), allowed.end(), s.algorithm) == allowed.end()) {
        std::string names;
        for (Algorithm a : allowed)
            names += (names.empty() ? "" : "|") + std::string(toString(a));
        throw UserError("--algorithm " + std::string(toString(s.algorithm))
            + " does not apply to --collective " + std::string(toString(s.collective)) + "; use "
            + names);
    }

    Expansion out;
    out.collective = s.collective;
    out.algorithm = s.algorithm;
    out.bytes = s.bytes;
    out.torus = router.torus().has_value();
    FlowSink sink(router, s.alphaS);
    detail::Context c { router, s, {}, sink, out, options };
    if (s.collective == Collective::Custom) {
        if (s.trafficFile.empty())
            throw UserError("--traffic FILE.csv is needed for custom traffic");
        detail::expandTraffic(c);
    } else {
        // A ring on a torus runs on neighbours: the chips in snake order (torusorder.h).
        if (auto snake = s.algorithm == Algorithm::Ring
                ? torusRingRanks(router, s.ranks, s.placement)
                : std::nullopt) {
            c.ranks = std::move(*snake);
            out.rankOrder = "snake";
        } else {
            c.ranks = selectRanks(router, s.ranks, s.placement, s.seed);
            out.rankOrder = ranksAreListed(s.ranks) ? "listed" : std::string(toString(s.placement));
        }
        if (c.ranks.size() < 2) {
            // With every GPU asked for (the default), the fabric is short, not the option.
            const std::size_t gpus = router.graph().endpoints().size();
            throw UserError(s.ranks.empty() || s.ranks == "all"
                    ? "a collective needs at least 2 GPUs, and the fabric has "
                        + units::formatCount(gpus, "GPU", "GPUs")
                    : "--ranks: a collective needs at least 2 ranks");
        }
        router.prepare(c.ranks);
        switch (s.algorithm) {
        case Algorithm::Ring:
            if (s.collective == Collective::Broadcast)
                detail::expandBroadcastRing(c);
            else
                detail::expandRing(c);
            break;
        case Algorithm::Tree:
            if (s.collective == Collective::Broadcast)
                detail::expandBroadcastTree(c);
            else
                detail::expandTree(c);
            break;
        case Algorithm::Hierarchical:
            detail::expandHierarchical(c);
            break;
        case Algorithm::Sharp:
            detail::expandSharp(c);
            break;
        case Algorithm::Torus:
            detail::expandTorus(c);
            break;
        case Algorithm::Direct:
            if (s.collective == Collective::AllToAll)
                detail::expandAllToAll(c);
            else
                detail::expandSendRecv(c);
            break;
        }
        out.busbwFactor = busBandwidthFactor(s.collective, c.ranks.size());
    }
    out.ranks = std::move(c.ranks);
    out.flows = std::move(sink.flows());
    return out;
}

} // namespace fabric::collective
