// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fabric.h"

#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

/// Topology metrics shown by `fabricscope-cli info` and the GUI's metrics dock.
namespace fabric::metrics {

/// Switches of one tier and the capacity they face down and up.
struct TierSummary
{
    int tier = -1; ///< LayoutHints::tier.
    std::string role; ///< toString(SwitchRole) of the tier's switches.
    std::size_t switches = 0;
    double downGbps = 0; ///< Sum of capacity of links to lower tiers (one direction).
    double upGbps = 0; ///< Sum of capacity of links to higher tiers.
    double oversubscription = 0; ///< downGbps / upGbps (0 when there is no uplink).
};

struct FabricMetrics
{
    std::size_t endpoints = 0; ///< GPU / TPU chips, those on standby left out.
    std::size_t standbyChips = 0; ///< Chips on standby (a TPU slice's spare cubes).
    std::size_t hosts = 0;
    std::size_t switches = 0;
    std::size_t ocs = 0;
    std::size_t links = 0;
    std::map<std::string, std::size_t> switchesByRole; ///< role name -> count
    std::map<std::string, std::size_t> linksByMedium; ///< medium name -> count
    double totalCapacityGbps = 0; ///< Sum over links of capacity in one direction.
    std::vector<TierSummary> tiers; ///< Switch tiers, lowest first.
    double bisectionGbps = 0; ///< See bisectionGbps().
    int diameterHops = 0; ///< See diameterHops(); -1 when some endpoints cannot reach others.
};

/// Progress (0..1) and cancellation for long computations; both optional.
struct Progress
{
    std::function<void(double)> report;
    std::function<bool()> cancelled;
};

/// Thrown by the computations below when Progress::cancelled() returns true.
class Cancelled : public std::runtime_error
{
public:
    Cancelled()
        : std::runtime_error("metrics computation cancelled")
    {
    }
};

/// All metrics at once. Throws Cancelled when @p progress asks to stop.
FabricMetrics computeMetrics(const Fabric &fabric, const Progress &progress = {});

/// Counts, capacity and tiers only (no path search): instant even at 270K links.
FabricMetrics computeCounts(const Fabric &fabric);

/// Per switch tier (LayoutHints::tier), lowest first: switches, capacity to lower tiers (down)
/// and to higher tiers (up), oversubscription = down / up. GPUs count as tier 0 and hosts as
/// tier 1 when their hints leave the tier unset. Switches without a tier form tier -1, whose
/// capacity cannot be split into down and up (computeCounts() infers their tiers first).
std::vector<TierSummary> tierSummaries(const Fabric &fabric);

/// The lowest-numbered switch @p node links to (kNoNode when none): the leaf a hand-drawn GPU
/// is told by.
NodeId firstSwitchOf(const Fabric &fabric, NodeId node);

/// @p endpoints in their id order, or, when none of them has a pod or index hint (a fabric drawn
/// by hand, whose ids follow the order of drawing), leaf by leaf: by the lowest-numbered switch
/// each links to. The bisection's halves and packed placement use it.
std::vector<NodeId> inLocalOrder(const Fabric &fabric, std::vector<NodeId> endpoints);

/// The two halves a bisection cuts the endpoints into. Torus chips (every endpoint has x, y, z
/// hints) are split across the middle of the longest dimension (z, then y, on a tie); otherwise
/// the first floor(N/2) endpoints in id order (generators number pods, zones and segments
/// first) form the first half. Endpoints without pod or index hints on any of them (a fabric
/// drawn by hand) are first put in order of the switch each links to, leaf by leaf.
std::pair<std::vector<NodeId>, std::vector<NodeId>> bisectionHalves(const Fabric &fabric);

/// Max flow in Gb/s, one direction, from the first half of the endpoints (bisectionHalves())
/// to the second half, computed with Boost.Graph max-flow under the forwarding rule of
/// transit.h: endpoints that do not forward only send (first half) or only receive (second
/// half), hosts relay only between their own GPUs, an OCS circuit is one link. Capacities are
/// rounded to 1 kb/s and capped at 1 Pb/s per link. On a torus: the smallest such flow across
/// the middle of each dimension of even size (a twisted slice's wrap-arounds cross the longest
/// one's middle too).
double bisectionGbps(const Fabric &fabric, const Progress &progress = {});

/// Largest shortest-path distance between two endpoints, in hops (an OCS circuit is one hop;
/// a GPU -> host -> GPU NVLink path is two hops). -1 when some pair of endpoints has no path;
/// 0 with fewer than two endpoints.
int diameterHops(const Fabric &fabric, const Progress &progress = {});

/// Number of distinct shortest paths (sequences of links; parallel links and OCS circuits count
/// separately) between two endpoints, saturating at 2^62; 0 when there is none, 1 when
/// @p from == @p to. Throws UserError when an id is not a live node.
std::uint64_t equalCostPathCount(const Fabric &fabric, NodeId from, NodeId to);

/// Length in hops of the shortest path from @p from to @p to (-1 when there is none).
int shortestPathHops(const Fabric &fabric, NodeId from, NodeId to);

} // namespace fabric::metrics
