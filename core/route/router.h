// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "policy.h"
#include "torus.h"

#include "model/faults.h"
#include "model/forwardinggraph.h"
#include "sim/flow.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace fabric::route {

struct RouterOptions
{
    Policy policy = Policy::Ecmp;
    std::uint64_t seed = 1; ///< Run seed: per-switch ECMP seeds derive from it.
    int qps = 1; ///< QPs (subflows with their own source port) per connection.
    /// At most this many paths per flow for adaptive, spray and dor. Fat-tree pairs can have
    /// thousands of equal-cost paths; past the cap an evenly spread subset is used.
    int maxPaths = 64;
    /// Elements out of service (faults.h): routes avoid every direction they fail, on the
    /// shortest paths that survive. Degraded links stay routable (the engine slows them).
    std::vector<Fault> faults;
    /// A pair with no surviving path gets a Route without paths (its flow carries nothing)
    /// instead of a UserError, so a faulted run can name every such pair afterwards.
    bool allowUnreachable = false;

    bool operator==(const RouterOptions &) const = default;
};

/// The route of one connection: the path(s) it uses and how it splits over them.
struct Route
{
    std::vector<sim::Path> paths;
    std::vector<double> weights; ///< Empty for Split::Single; else one per path, summing to 1.
    sim::Split split = sim::Split::Single;
    /// Sum of link latencies plus the switchLatencyNs of every node crossed, in seconds; the
    /// largest over the paths.
    double latencyS = 0.0;
};

/**
 * Routes connections over the equal-cost shortest paths of a fabric under one policy (see
 * Policy and docs/simulation.md). Paths obey the forwarding rule of transit.h.
 *
 *  - Traffic between two GPUs of one host takes the host's NVLink (GPU -> host -> GPU), as NCCL
 *    does; every other path avoids hosts.
 *  - HPN-style planes: a GPU whose fabric links carry planes picks one plane per QP (from its
 *    source port, so q >= 2 QPs spread over both ports) and the flow stays on links of that
 *    plane or of plane -1.
 *  - A connection with q QPs becomes q subflows, each routed on its own and given 1/q of the
 *    connection's rate (Split::Weighted, identical paths merged).
 *
 * Scale: distances are one BFS per destination attachment set (the leaf or ToR switches a
 * destination hangs off) and plane over the transit nodes only, cached; a path is then walked
 * hop by hop from the source. Not thread-safe (the cache is mutable).
 */
class Router
{
public:
    /// Throws UserError when the policy does not fit the fabric (dor without torus
    /// coordinates) or the options are out of range.
    Router(const Fabric &fabric, const RouterOptions &options);
    ~Router();
    Router(const Router &) = delete;
    Router &operator=(const Router &) = delete;

    const Fabric &fabric() const { return mGraph.fabric(); }
    const ForwardingGraph &graph() const { return mGraph; }
    const RouterOptions &options() const { return mOptions; }
    /// The torus, when the fabric has one.
    const std::optional<Torus> &torus() const { return mTorus; }

    /**
     * Computes the distance fields routing to @p destinations will need (their attachment sets
     * in each of their planes), 64 at a time with a bit-parallel BFS. Optional: route() fills
     * the cache one BFS at a time otherwise; call this first when routing thousands of flows.
     */
    void prepare(const std::vector<NodeId> &destinations) const;
    /// Frees the cached distance fields (they refill on demand), so that a router kept for a
    /// later lookup does not hold them through the engine's peak memory. References from
    /// distanceField() are invalid afterwards.
    void releaseDistances() const;

    /// The route of the connection @p src -> @p dst. Throws UserError when there is no path
    /// (or, with RouterOptions::allowUnreachable, returns a Route without paths).
    Route route(NodeId src, NodeId dst) const;
    /// Whether @p src -> @p dst has two or more equal-cost shortest paths (in the plane of its
    /// first QP), whichever of them the policy takes: a collision on a pair without one is the
    /// fabric's doing, not the hash's. False when there is no path.
    bool hasPathChoice(NodeId src, NodeId dst) const;
    /// Routes @p flow (its src and dst) and fills its paths, weights, split and latencyS.
    void routeInto(sim::FlowSpec &flow) const;

    /// Latency in seconds of @p path walked from @p src (links plus nodes crossed).
    double pathLatencyS(NodeId src, const sim::Path &path) const;
    /// The planes of @p node's fabric links it can send on (empty: not plane-bound).
    std::vector<int> planesOf(NodeId node) const;
    /// Transit neighbours (switches, forwarding chips) @p endpoint attaches to in @p plane
    /// (-1 = any plane) and can be reached from, sorted; {endpoint} when it forwards itself.
    /// A failed direction out of @p endpoint leaves these as they are (faults.h, `A->B`).
    std::vector<NodeId> attachments(NodeId endpoint, int plane) const;
    /// Distances to the nearest of @p targets for every transit node at once (-1 unreachable),
    /// indexed like transitNodes(). Cached; the reference stays valid while the router lives.
    const std::vector<std::int16_t> &distanceField(
        const std::vector<NodeId> &targets, int plane) const
    {
        return distances(targets, plane);
    }
    /// The transit nodes (switches, forwarding chips) in the order of distanceField().
    const std::vector<NodeId> &transitNodes() const { return mTransit; }
    /// Whether a path may use @p arc in @p plane (-1 = any).
    bool arcInPlane(const ForwardingArc &arc, int plane) const;
    /// Directed links walked over @p arc from @p from.
    void appendArc(NodeId from, const ForwardingArc &arc, std::vector<DirLinkId> &out) const;
    /**
     * Directed links (index DirLinkId, 1 = on one) of every equal-cost shortest path of the
     * connections a hashing policy (ecmp, ecmp-polarized: hashes()) routed, in the plane of each
     * QP, whichever path its hash took. An idle link among them is one the hash passed over; an
     * idle link outside them is one no connection of the run could have used (a dragonfly's
     * global link between two groups no flow joins). Empty until a first such connection.
     */
    const std::vector<std::uint8_t> &equalCostLinks() const { return mEqualCostLinks; }

private:
    class Walk;
    using Distances = std::vector<std::int16_t>; // index = compact transit index
    const Distances &distances(const std::vector<NodeId> &targets, int plane) const;
    /// One multi-source BFS per key, up to 64 keys of one plane at once (bit-parallel).
    void fillDistances(int plane, const std::vector<std::vector<NodeId>> &keys) const;
    /// The plane the QP with source port @p port takes: one both ends have (-1: not plane-bound).
    int planeOf(NodeId src, NodeId dst, std::uint32_t port) const;
    /// The shortest-path walk of the QP with source port @p port; Walk::reachable() is false
    /// when @p dst attaches to no transit node in the QP's plane (Walk::noPath() says so).
    Walk walkFor(NodeId src, NodeId dst, std::uint32_t port) const;
    /// Paths of one QP (source port) for the policy; equal shares among them.
    std::vector<sim::Path> routeQp(NodeId src, NodeId dst, int qp) const;
    std::vector<sim::Path> routeDor(NodeId src, NodeId dst) const;
    /// Marks the links of @p walk's equal-cost paths in equalCostLinks().
    void noteEqualCostLinks(const Walk &walk) const;
    /// The planes @p endpoint can receive on: of the arcs arriving at it.
    std::vector<int> arrivalPlanesOf(NodeId endpoint) const;
    /// Indexes the arcs from transit nodes to endpoints by endpoint (mArrival*).
    void indexArrivals();

    std::vector<std::uint8_t> mDeadDirections; // index = directed link id; empty = no faults
    ForwardingGraph mGraph;
    RouterOptions mOptions;
    std::optional<Torus> mTorus;
    std::vector<std::int32_t> mCompact; // node id -> transit index, -1 = not transit
    std::vector<NodeId> mTransit; // transit index -> node id
    std::vector<std::uint32_t> mTOffsets; // CSR over transit index
    std::vector<std::int32_t> mTTo; // neighbour transit index
    std::vector<const ForwardingArc *> mTArc; // the arc, for its planes
    // The arcs arriving at each endpoint from a transit node, CSR by node id (mArrivalFrom:
    // the transit node). Found from the transit side: the endpoint's own arcs leave out a
    // direction out of it that failed, which must not cut the way in.
    std::vector<std::uint32_t> mArrivalOffsets;
    std::vector<NodeId> mArrivalFrom;
    std::vector<const ForwardingArc *> mArrivalArc;
    std::vector<std::int64_t> mStaticKey; // node id -> d-mod-k destination key
    mutable std::vector<std::uint8_t> mEqualCostLinks; // see equalCostLinks()
    // Per distance field, the transit nodes whose equal-cost arcs are already marked.
    mutable std::map<const Distances *, std::vector<std::uint8_t>> mEqualCostDone;
    mutable std::vector<DirLinkId> mArcLinks; // noteEqualCostLinks()'s scratch
    mutable std::map<std::pair<int, std::vector<NodeId>>, Distances> mDistanceCache;
};

} // namespace fabric::route
