// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"
#include "sim/flow.h"

#include <cstddef>
#include <span>
#include <vector>

/**
 * Closed-form (alpha-beta) times of collectives (docs/simulation.md). p ranks, S bytes,
 * a = per-message latency (software alpha plus one step's path latency), B = bandwidth in
 * bytes/s (beta = 1/B).
 */
namespace fabric::collective::ideal {

/// 2(p-1) a + 2(p-1)/p S/B (Patarasuk & Yuan: bandwidth-optimal).
double ringAllReduceS(std::size_t p, double S, double a, double B);
/// (p-1) a + (p-1)/p S/B; reduce-scatter alike.
double ringAllGatherS(std::size_t p, double S, double a, double B);
/// ceil(lg p) (a + S/B).
double binomialBroadcastS(std::size_t p, double S, double a, double B);
/// Pipelined chain broadcast bound: (p-1) a + S/B.
double chainBroadcastS(std::size_t p, double S, double a, double B);
/// 2 sum(ki-1) a + 2(p-1)/p S/(2 D B): the bucket algorithm over dimensions @p dims (sizes
/// > 1) with both directions of all D dimensions carrying data at once; B = one link.
double torusBucketAllReduceS(const std::vector<int> &dims, double S, double a, double B);
/// In-network reduction: each rank sends S once and receives S once: S/B + tree latency.
double sharpAllReduceS(double S, double treeLatencyS, double B);

/// Bandwidth @p node can put into the fabric, in bytes/s: the sum of its links except the
/// NVLink to its own host (all links for a torus chip).
double injectionBytesPerS(const Fabric &fabric, NodeId node);
/// Bandwidth of @p gpu's NVLink to its host in bytes/s (0 when it has none).
double nvlinkBytesPerS(const Fabric &fabric, NodeId gpu);

/// The least time the busiest rank of @p flows needs to send or receive its bytes, from the
/// first start (notBeforeS) of its flows: those between hosts over its fabric links (B_nic),
/// all of them over B_nic and NVLink together (bytes inside a host may take either).
struct BusiestRank
{
    double timeS = 0.0;
    double bytesPerS = 0.0; ///< The bandwidth of the bound that won.
};
BusiestRank busiestRank(const Fabric &fabric, std::span<const sim::FlowSpec> flows);

/// The longest chain of @p flows through their dependencies, each flow taking at least its
/// software overhead, its path's latency and its bytes at the most its links allow (the
/// narrowest link of its path, per path when it is split): no run of them can end sooner,
/// whatever the hops' latencies. A closed form that charges every step the slowest hop's
/// latency can exceed it (a twisted torus's rings close over hops of several cables).
double criticalPathS(const Fabric &fabric, std::span<const sim::FlowSpec> flows);

} // namespace fabric::collective::ideal
