// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The algorithm expansions behind expand(); one file each. Internal to core/collective.

#include "expansion.h"
#include "flowsink.h"
#include "scenario.h"

#include <vector>

namespace fabric::collective::detail {

/// What every expansion works on; it fills `out` (flows come from `sink`).
struct Context
{
    const route::Router &router;
    const Scenario &scenario;
    std::vector<NodeId> ranks;
    FlowSink &sink;
    Expansion &out;
    const ExpandOptions &options;

    const Fabric &fabric() const { return router.fabric(); }
    /// Decides step aggregation for an expansion of @p stepFlows step flows and records it.
    bool aggregateFor(std::size_t stepFlows);
    /// Pipelining chunks: Scenario::chunks, or automatic (about @p chunkBytes each, at most
    /// @p maxChunks), kept within the flow budget at @p flowsPerChunk flows per chunk.
    int chunksFor(double bytes, std::size_t flowsPerChunk, double chunkBytes, int maxChunks);
};

void expandRing(Context &c); // all-reduce, all-gather, reduce-scatter
void expandTree(Context &c);
void expandHierarchical(Context &c);
void expandSharp(Context &c);
void expandTorus(Context &c);
void expandBroadcastRing(Context &c);
void expandBroadcastTree(Context &c);
void expandAllToAll(Context &c);
void expandSendRecv(Context &c);
void expandTraffic(Context &c); // custom CSV; sets c.ranks

} // namespace fabric::collective::detail
