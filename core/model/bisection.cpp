// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Bisection bandwidth as a max flow between the two halves of the endpoints.
//
// The flow network holds the transit nodes only (switches, hosts, chips that forward), plus a
// source and a sink. An endpoint that does not forward can only send (first half) or receive
// (second half), so its links become arcs from the source or to the sink and it needs no vertex:
// flow can never pass through it. A forwarding chip is a vertex joined to the source or sink by
// an unbounded arc. Hosts keep only their links to their own GPUs (ForwardingGraph), so they
// relay at most between their own GPUs. OCS circuits are single arcs (ForwardingGraph).
#include "forwardinggraph.h"
#include "metrics.h"
#include "metricsdetail.h"

#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/push_relabel_max_flow.hpp>
#include <boost/property_map/property_map.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace fabric::metrics {
namespace {

using Capacity = long long; // kb/s: integral, so push-relabel is exact
constexpr double kKbpsPerGbps = 1e6;
// 1 Pb/s per link: far above any real link, low enough that sums over a million links fit.
constexpr double kMaxLinkGbps = 1e6;

Capacity toKbps(double gbps)
{
    if (!(gbps > 0)) // zero, negative or NaN: carries nothing
        return 0;
    return std::llround(std::min(gbps, kMaxLinkGbps) * kKbpsPerGbps);
}

bool isTorus(const Fabric &fabric, const std::vector<NodeId> &endpoints)
{
    return !endpoints.empty() && std::all_of(endpoints.begin(), endpoints.end(), [&](NodeId e) {
        const LayoutHints &h = fabric.node(e).hints;
        return h.x >= 0 && h.y >= 0 && h.z >= 0;
    });
}

int coordinate(const LayoutHints &h, int dim)
{
    return dim == 0 ? h.x : dim == 1 ? h.y : h.z;
}

/// Arcs of the flow network, each followed by its reverse (capacity 0), numbered in pairs.
class FlowNetwork
{
public:
    using Graph = boost::compressed_sparse_row_graph<boost::directedS, boost::no_property,
        boost::no_property, boost::no_property, std::uint32_t, std::uint32_t>;
    static constexpr std::uint32_t kSource = 0;
    static constexpr std::uint32_t kSink = 1;

    std::uint32_t addVertex() { return mVertices++; }

    void addArc(std::uint32_t from, std::uint32_t to, Capacity capacity)
    {
        if (capacity <= 0)
            return;
        mArcs.push_back({ from, to, capacity });
        mArcs.push_back({ to, from, 0 });
    }

    Capacity maxFlow() const
    {
        // The graph wants arcs sorted by source; keep where each arc went to pair reverses.
        std::vector<std::uint32_t> start(mVertices + 1, 0);
        for (const Arc &a : mArcs)
            ++start[a.from + 1];
        for (std::uint32_t v = 0; v < mVertices; ++v)
            start[v + 1] += start[v];
        std::vector<std::uint32_t> position(mArcs.size());
        std::vector<std::pair<std::uint32_t, std::uint32_t>> edges(mArcs.size());
        std::vector<Capacity> capacity(mArcs.size()), residual(mArcs.size());
        for (std::size_t i = 0; i < mArcs.size(); ++i) {
            const std::uint32_t p = start[mArcs[i].from]++;
            position[i] = p;
            edges[p] = { mArcs[i].from, mArcs[i].to };
            capacity[p] = mArcs[i].capacity;
        }
        const Graph g(boost::edges_are_sorted, edges.begin(), edges.end(), mVertices);
        std::vector<Graph::edge_descriptor> reverse(mArcs.size());
        for (std::size_t i = 0; i < mArcs.size(); ++i)
            reverse[position[i]] = Graph::edge_descriptor(mArcs[i ^ 1].from, position[i ^ 1]);
        const auto edgeIndex = get(boost::edge_index, g);
        return boost::push_relabel_max_flow(g, kSource, kSink,
            boost::make_iterator_property_map(capacity.begin(), edgeIndex),
            boost::make_iterator_property_map(residual.begin(), edgeIndex),
            boost::make_iterator_property_map(reverse.begin(), edgeIndex),
            get(boost::vertex_index, g));
    }

private:
    struct Arc
    {
        std::uint32_t from, to;
        Capacity capacity;
    };
    std::uint32_t mVertices = 2;
    std::vector<Arc> mArcs;
};

} // namespace

NodeId firstSwitchOf(const Fabric &fabric, NodeId node)
{
    NodeId first = kNoNode;
    for (LinkId l : fabric.linksOf(node)) {
        const NodeId o = fabric.link(l).other(node);
        if (fabric.node(o).kind == NodeKind::Switch && (first == kNoNode || o < first))
            first = o;
    }
    return first;
}

std::vector<NodeId> inLocalOrder(const Fabric &fabric, std::vector<NodeId> endpoints)
{
    // Generators and importers number endpoints pod by pod and leaf by leaf. A fabric drawn by
    // hand (no pod or index on any endpoint) numbers them in the order they were added, which
    // can alternate between leaves: they go leaf by leaf (by the first switch each links to).
    const bool numbered = std::any_of(endpoints.begin(), endpoints.end(),
        [&](NodeId e) { return fabric.node(e).hints.pod >= 0 || fabric.node(e).hints.index >= 0; });
    if (numbered)
        return endpoints;
    std::vector<std::pair<NodeId, NodeId>> keyed;
    for (NodeId e : endpoints)
        keyed.emplace_back(firstSwitchOf(fabric, e), e);
    std::sort(keyed.begin(), keyed.end());
    for (std::size_t i = 0; i < keyed.size(); ++i)
        endpoints[i] = keyed[i].second;
    return endpoints;
}

namespace {

using Halves = std::pair<std::vector<NodeId>, std::vector<NodeId>>;

/// The lowest and highest coordinate of torus chips @p endpoints along each dimension.
struct Extent
{
    std::array<int, 3> lo, hi;
    /// Chips along @p d, in 64 bits: hi may be INT_MAX in a fabric not read from a file.
    long long size(int d) const
    {
        return static_cast<long long>(hi[std::size_t(d)]) - lo[std::size_t(d)] + 1;
    }
};

Extent extentOf(const Fabric &fabric, const std::vector<NodeId> &endpoints)
{
    Extent e;
    e.lo.fill(std::numeric_limits<int>::max());
    e.hi.fill(std::numeric_limits<int>::min());
    for (NodeId n : endpoints)
        for (int d = 0; d < 3; ++d) {
            const int c = coordinate(fabric.node(n).hints, d);
            e.lo[std::size_t(d)] = std::min(e.lo[std::size_t(d)], c);
            e.hi[std::size_t(d)] = std::max(e.hi[std::size_t(d)], c);
        }
    return e;
}

/// The chips below the middle of dimension @p d, and the others.
Halves halvesAcross(
    const Fabric &fabric, const std::vector<NodeId> &endpoints, const Extent &extent, int d)
{
    const auto middle = static_cast<int>(extent.lo[std::size_t(d)] + extent.size(d) / 2);
    Halves halves;
    for (NodeId e : endpoints)
        (coordinate(fabric.node(e).hints, d) < middle ? halves.first : halves.second).push_back(e);
    return halves;
}

} // namespace

std::pair<std::vector<NodeId>, std::vector<NodeId>> bisectionHalves(const Fabric &fabric)
{
    const std::vector<NodeId> endpoints = fabric.endpoints();
    if (isTorus(fabric, endpoints)) {
        const Extent extent = extentOf(fabric, endpoints);
        // Ties go to z, then y: the generators number chips with that dimension slowest, so
        // the cut matches the first and second half of the chips in id order.
        int longest = 2;
        for (int d = 1; d >= 0; --d)
            if (extent.size(d) > extent.size(longest))
                longest = d;
        if (extent.size(longest) > 1)
            return halvesAcross(fabric, endpoints, extent, longest);
    }
    Halves halves;
    const std::vector<NodeId> ordered = inLocalOrder(fabric, endpoints);
    const auto middle = ordered.begin() + static_cast<std::ptrdiff_t>(ordered.size() / 2);
    halves.first.assign(ordered.begin(), middle);
    halves.second.assign(middle, ordered.end());
    return halves;
}

double bisectionGbps(const Fabric &fabric, const Progress &progress)
{
    return detail::bisectionGbps(ForwardingGraph(fabric), progress);
}

double detail::bisectionGbps(const ForwardingGraph &graph, const Progress &progress)
{
    detail::checkCancelled(progress);
    const Fabric &fabric = graph.fabric();
    const std::vector<NodeId> endpoints = fabric.endpoints();
    if (!isTorus(fabric, endpoints))
        return maxFlowBetween(graph, bisectionHalves(fabric), progress);
    // A torus's bisection is its narrowest middle: a twisted slice's wrap-arounds cross the
    // middle of z too, so its longest dimension is no longer its narrowest (38.4 Tb/s across
    // z where x and y give 25.6 on a twisted 4x4x8).
    const Extent extent = extentOf(fabric, endpoints);
    double narrowest = std::numeric_limits<double>::infinity();
    for (int d = 0; d < 3; ++d)
        // Only an even dimension cuts the chips into equal halves.
        if (extent.size(d) > 1 && extent.size(d) % 2 == 0)
            narrowest = std::min(narrowest,
                maxFlowBetween(graph, halvesAcross(fabric, endpoints, extent, d), progress));
    return std::isfinite(narrowest) ? narrowest
                                    : maxFlowBetween(graph, bisectionHalves(fabric), progress);
}

double detail::maxFlowBetween(const ForwardingGraph &graph,
    const std::pair<std::vector<NodeId>, std::vector<NodeId>> &halves, const Progress &progress)
{
    const auto &[first, second] = halves;
    if (first.empty() || second.empty())
        return 0.0;
    enum Side : std::uint8_t { None, First, Second };
    std::vector<Side> side(graph.nodeIdBound(), None);
    for (NodeId e : first)
        side[static_cast<std::size_t>(e)] = First;
    for (NodeId e : second)
        side[static_cast<std::size_t>(e)] = Second;

    FlowNetwork network;
    std::vector<std::uint32_t> vertexOf(graph.nodeIdBound(), 0);
    for (std::size_t v = 0; v < graph.nodeIdBound(); ++v)
        if (graph.isTransit(static_cast<NodeId>(v)))
            vertexOf[v] = network.addVertex();
    // A forwarding chip joins the source with all it can send, and the sink with all it can
    // receive: as good as unbounded, since no cut gains by cutting that arc instead of the
    // links, and it keeps the source's total far from overflowing. The two differ after a
    // one-way fault.
    auto allLinks = [&](std::size_t v) {
        Capacity sum = 0;
        for (const ForwardingArc &a : graph.arcsOf(static_cast<NodeId>(v)))
            sum += toKbps(a.capacityGbps);
        return sum;
    };
    std::vector<Capacity> arriving(graph.nodeIdBound(), 0);
    for (std::size_t v = 0; v < graph.nodeIdBound(); ++v)
        for (const ForwardingArc &a : graph.arcsOf(static_cast<NodeId>(v)))
            arriving[static_cast<std::size_t>(a.to)] += toKbps(a.capacityGbps);
    // Capacity from the source into / from each transit node to the sink, summed over the
    // endpoints that feed it, so each is one arc.
    std::vector<Capacity> fromSource(graph.nodeIdBound(), 0), toSink(graph.nodeIdBound(), 0);
    Capacity directAcross = 0; // links joining a first-half endpoint to a second-half one
    for (std::size_t v = 0; v < graph.nodeIdBound(); ++v) {
        const auto id = static_cast<NodeId>(v);
        const bool transit = graph.isTransit(id);
        if (transit && side[v] == First)
            network.addArc(FlowNetwork::kSource, vertexOf[v], allLinks(v));
        if (transit && side[v] == Second)
            network.addArc(vertexOf[v], FlowNetwork::kSink, arriving[v]);
        // Each arc in its own direction: a one-way fault leaves the other (ForwardingGraph).
        for (const ForwardingArc &a : graph.arcsOf(id)) {
            const auto w = static_cast<std::size_t>(a.to);
            const Capacity c = toKbps(a.capacityGbps);
            const bool transitTo = graph.isTransit(a.to);
            if (transit && transitTo)
                network.addArc(vertexOf[v], vertexOf[w], c);
            else if (transit && side[w] == Second)
                toSink[v] += c;
            else if (!transit && side[v] == First && transitTo)
                fromSource[w] += c;
            else if (!transit && side[v] == First && side[w] == Second)
                directAcross += c;
        }
    }
    for (std::size_t v = 0; v < graph.nodeIdBound(); ++v) {
        network.addArc(FlowNetwork::kSource, vertexOf[v], fromSource[v]);
        network.addArc(vertexOf[v], FlowNetwork::kSink, toSink[v]);
    }
    detail::checkCancelled(progress);
    detail::reportProgress(progress, 0, 1, 0.3);
    const Capacity flow = network.maxFlow() + directAcross;
    detail::reportProgress(progress, 0, 1, 1.0);
    return double(flow) / kKbpsPerGbps;
}

} // namespace fabric::metrics
