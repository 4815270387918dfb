// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fabric.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

/// Topology metrics shown by `fabricscope-cli info` and the GUI's metrics dock.
namespace fabric::metrics {

/// Switches of one tier and the capacity they face down and up.
struct TierSummary
{
    int tier = -1;              ///< LayoutHints::tier.
    std::string role;           ///< toString(SwitchRole) of the tier's switches.
    std::size_t switches = 0;
    double downGbps = 0;        ///< Sum of capacity of links to lower tiers (one direction).
    double upGbps = 0;          ///< Sum of capacity of links to higher tiers.
    double oversubscription = 0; ///< downGbps / upGbps (0 when there is no uplink).
};

struct FabricMetrics
{
    std::size_t endpoints = 0; ///< GPU / TPU chips.
    std::size_t hosts = 0;
    std::size_t switches = 0;
    std::size_t ocs = 0;
    std::size_t links = 0;
    std::map<std::string, std::size_t> switchesByRole;  ///< role name -> count
    std::map<std::string, std::size_t> linksByMedium;   ///< medium name -> count
    double totalCapacityGbps = 0; ///< Sum over links of capacity in one direction.
    std::vector<TierSummary> tiers; ///< Switch tiers, lowest first.
    double bisectionGbps = 0; ///< See bisectionGbps().
    int diameterHops = 0;     ///< See diameterHops().
};

/// Progress (0..1) and cancellation for long computations; both optional.
struct Progress
{
    std::function<void(double)> report;
    std::function<bool()> cancelled;
};

/// All metrics at once.
FabricMetrics computeMetrics(const Fabric &fabric, const Progress &progress = {});

/// Max flow in Gb/s, one direction, from the first half of the endpoints (in their natural
/// order: pods, segments, or the two halves of the longest torus dimension) to the second half,
/// computed with Boost.Graph max-flow under the forwarding rule of transit.h.
double bisectionGbps(const Fabric &fabric);

/// Largest shortest-path distance between two endpoints, in hops (an OCS circuit is one hop).
int diameterHops(const Fabric &fabric);

/// Number of distinct equal-cost shortest paths between two endpoints (saturates at 2^62).
std::uint64_t equalCostPathCount(const Fabric &fabric, NodeId from, NodeId to);

} // namespace fabric::metrics
