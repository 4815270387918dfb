// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "route/router.h"
#include "sim/flow.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace fabric::collective {

/// The tags a collective puts on its flows (sim::FlowSpec::step, rank, phase).
struct FlowTags
{
    std::int32_t step = 0;
    std::int32_t rank = -1;
    std::int32_t phase = 0;
};

/**
 * Collects the flows of an expansion, routing each connection once: NCCL keeps a connection
 * (and its QPs) for the whole collective, so every step between the same two ranks takes the
 * same route.
 */
class FlowSink
{
public:
    FlowSink(const route::Router &router, double alphaS)
        : mRouter(router)
        , mAlphaS(alphaS)
    {
    }

    /// The route of @p src -> @p dst, computed on first use.
    const route::Route &route(NodeId src, NodeId dst);

    /**
     * Adds a routed flow and returns its id. @p messages > 1 stands for that many merged
     * messages (an aggregated ring): latency and alpha are paid once per message.
     */
    sim::FlowId add(NodeId src, NodeId dst, double bytes, std::vector<sim::FlowId> after,
        FlowTags tags, double messages = 1.0);
    /**
     * add() for a connection used once (each pair of an all-to-all sends once): routed without
     * keeping the route, whose paths move into the flow. Keeping them took a second copy of
     * every path, about 200 bytes a flow.
     */
    sim::FlowId addOnce(NodeId src, NodeId dst, double bytes, FlowTags tags);
    /// Room for @p count flows, so a large expansion does not copy its flows as it grows.
    void reserve(std::size_t count) { mFlows.reserve(count); }
    /// Adds a flow on a given one-hop path (SHARP tree edges), with its start time.
    sim::FlowId addOnPath(NodeId src, NodeId dst, double bytes, sim::Path path, double latencyS,
        double notBeforeS, double alphaS, FlowTags tags);

    std::vector<sim::FlowSpec> &flows() { return mFlows; }
    const std::vector<sim::FlowSpec> &flows() const { return mFlows; }
    const route::Router &router() const { return mRouter; }
    double alphaS() const { return mAlphaS; }

private:
    const route::Router &mRouter;
    double mAlphaS;
    std::vector<sim::FlowSpec> mFlows;
    std::unordered_map<std::uint64_t, route::Route> mRoutes;
};

} // namespace fabric::collective
