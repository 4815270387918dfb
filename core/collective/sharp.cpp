// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// SHARP in-network all-reduce. One aggregation tree per NIC plane (HPN: two, each carrying half
// the data): every rank streams S/T to its leaf, each tree switch reduces its children's
// streams at line rate and streams one up, the root turns the result round and it streams back
// down. Streaming is modelled as one flow per tree edge and direction that starts when the
// stream's head arrives (docs/simulation.md).
#include "algorithms.h"
#include "ideal.h"

#include "model/error.h"
#include "model/units.h"

#include <algorithm>
#include <limits>

namespace fabric::collective::detail {
namespace {

std::string quoted(const Fabric &f, NodeId n)
{
    return "'" + f.node(n).name + "'";
}

/// The arc from @p from to @p to usable in @p plane.
const ForwardingArc *arcTo(const route::Router &router, NodeId from, NodeId to, int plane)
{
    for (const ForwardingArc &arc : router.graph().arcsOf(from))
        if (arc.to == to && router.arcInPlane(arc, plane))
            return &arc;
    return nullptr;
}

bool aggregates(const Fabric &f, NodeId n)
{
    return f.node(n).kind == NodeKind::Switch && f.node(n).sharpCapable;
}

} // namespace

void expandSharp(Context &c)
{
    const Fabric &f = c.fabric();
    const route::Router &router = c.router;
    if (router.torus())
        throw UserError("--algorithm sharp needs SHARP switches; a torus has none to reduce in "
                        "(use torus or ring)");
    bool any = false;
    f.forEachNode([&](const Node &n) { any = any || aggregates(f, n.id); });
    if (!any)
        throw UserError("--algorithm sharp needs SHARP-capable switches; this fabric has none "
                        "(use ring, tree or hierarchical)");

    std::vector<int> planes = router.planesOf(c.ranks.front());
    if (planes.empty())
        planes.push_back(-1);
    const double part = c.scenario.bytes / double(planes.size());
    const int limit = std::max(1, c.scenario.sharpTreesPerSwitch);
    std::vector<int> usage(f.nodeIdBound(), 0);
    const auto &transit = router.transitNodes();
    double treeLatencyS = 0;

    for (std::size_t t = 0; t < planes.size(); ++t) {
        const int plane = planes[t];
        std::vector<NodeId> leafOf(c.ranks.size());
        std::vector<NodeId> leaves;
        for (std::size_t r = 0; r < c.ranks.size(); ++r) {
            const auto att = router.attachments(c.ranks[r], plane);
            if (att.empty())
                throw UserError("--algorithm sharp: " + quoted(f, c.ranks[r]) + " reaches no switch"
                    + (plane >= 0 ? " in plane " + std::to_string(plane) : ""));
            leafOf[r] = att.front();
            leaves.push_back(att.front());
        }
        std::sort(leaves.begin(), leaves.end());
        leaves.erase(std::unique(leaves.begin(), leaves.end()), leaves.end());
        for (NodeId leaf : leaves) {
            if (!aggregates(f, leaf))
                throw UserError(
                    "--algorithm sharp: leaf switch " + quoted(f, leaf) + " is not SHARP-capable");
            if (usage[std::size_t(leaf)] >= limit)
                throw UserError("--algorithm sharp: switch " + quoted(f, leaf)
                    + " would join more than " + std::to_string(limit)
                    + " concurrent aggregation trees");
        }

        // Root: the SHARP switch nearest to the farthest leaf (lowest id on ties).
        std::vector<int> eccentricity(transit.size(), 0);
        for (NodeId leaf : leaves) {
            const auto &dist = router.distanceField({ leaf }, plane);
            for (std::size_t i = 0; i < transit.size(); ++i)
                eccentricity[i] = dist[i] < 0 || eccentricity[i] < 0
                    ? -1
                    : std::max<int>(eccentricity[i], dist[i]);
        }
        NodeId root = kNoNode;
        int best = std::numeric_limits<int>::max();
        for (std::size_t i = 0; i < transit.size(); ++i)
            if (eccentricity[i] >= 0 && eccentricity[i] < best && aggregates(f, transit[i])
                && usage[std::size_t(transit[i])] < limit) {
                best = eccentricity[i];
                root = transit[i];
            }
        if (root == kNoNode)
            throw UserError("--algorithm sharp: no SHARP-capable switch reaches every rank's leaf "
                            "within the limit of concurrent trees");

        // Grow the tree from each leaf towards the root, joining it as early as possible.
        const auto &toRoot = router.distanceField({ root }, plane);
        auto distToRoot = [&](NodeId n) {
            const int i
                = int(std::lower_bound(transit.begin(), transit.end(), n) - transit.begin());
            return i < int(transit.size()) && transit[std::size_t(i)] == n
                ? int(toRoot[std::size_t(i)])
                : -1;
        };
        std::vector<NodeId> parent(f.nodeIdBound(), kNoNode);
        std::vector<const ForwardingArc *> upArc(f.nodeIdBound(), nullptr);
        std::vector<char> inTree(f.nodeIdBound(), 0);
        std::vector<NodeId> switches { root };
        inTree[std::size_t(root)] = 1;
        for (NodeId leaf : leaves) {
            for (NodeId v = leaf; !inTree[std::size_t(v)];) {
                inTree[std::size_t(v)] = 1;
                switches.push_back(v);
                const int d = distToRoot(v);
                const ForwardingArc *pick = nullptr;
                for (const ForwardingArc &arc : router.graph().arcsOf(v)) {
                    if (distToRoot(arc.to) != d - 1 || !aggregates(f, arc.to)
                        || !router.arcInPlane(arc, plane))
                        continue;
                    const bool joined = inTree[std::size_t(arc.to)];
                    if (!joined && usage[std::size_t(arc.to)] >= limit)
                        continue;
                    if (!pick || (joined && !inTree[std::size_t(pick->to)]))
                        pick = &arc;
                }
                if (!pick)
                    throw UserError("--algorithm sharp: no SHARP-capable path from leaf "
                        + quoted(f, leaf) + " to the tree root " + quoted(f, root));
                parent[std::size_t(v)] = pick->to;
                upArc[std::size_t(v)] = pick;
                v = pick->to;
            }
        }
        for (NodeId s : switches)
            ++usage[std::size_t(s)];

        // Stream heads: a switch forwards once its last child's head has arrived.
        std::sort(switches.begin(), switches.end(),
            [&](NodeId a, NodeId b) { return distToRoot(a) > distToRoot(b); });
        std::vector<double> headIn(f.nodeIdBound(), 0.0);
        auto edgePath = [&](NodeId from, const ForwardingArc &arc) {
            sim::Path p;
            router.appendArc(from, arc, p.links);
            return p;
        };
        auto switchS = [&](NodeId n) { return units::nsToSeconds(f.node(n).switchLatencyNs); };
        const double alpha = c.sink.alphaS();
        std::vector<std::pair<NodeId, const ForwardingArc *>> rankArcs;
        for (std::size_t r = 0; r < c.ranks.size(); ++r) {
            const ForwardingArc *arc = arcTo(router, c.ranks[r], leafOf[r], plane);
            sim::Path p = edgePath(c.ranks[r], *arc);
            const double lat = router.pathLatencyS(c.ranks[r], p);
            c.sink.addOnPath(c.ranks[r], leafOf[r], part, std::move(p), lat, 0.0, alpha,
                { 0, int(r), int(2 * t) });
            headIn[std::size_t(leafOf[r])] = std::max(headIn[std::size_t(leafOf[r])], alpha + lat);
            c.out.sharpTree.emplace_back(c.ranks[r], leafOf[r]);
        }
        for (NodeId s : switches) {
            if (s == root)
                continue;
            const NodeId up = parent[std::size_t(s)];
            sim::Path p = edgePath(s, *upArc[std::size_t(s)]);
            const double lat = router.pathLatencyS(s, p);
            const double start = headIn[std::size_t(s)] + switchS(s);
            c.sink.addOnPath(s, up, part, std::move(p), lat, start, 0.0, { 1, -1, int(2 * t) });
            headIn[std::size_t(up)] = std::max(headIn[std::size_t(up)], start + lat);
            c.out.sharpTree.emplace_back(s, up);
        }
        // Down: the root's result retraces the tree.
        std::vector<double> headOut(f.nodeIdBound(), 0.0);
        headOut[std::size_t(root)] = headIn[std::size_t(root)] + switchS(root);
        for (auto it = switches.rbegin(); it != switches.rend(); ++it) {
            const NodeId s = *it;
            if (s == root)
                continue;
            const NodeId up = parent[std::size_t(s)];
            const ForwardingArc *down = arcTo(router, up, s, plane);
            sim::Path p = edgePath(up, *down);
            const double lat = router.pathLatencyS(up, p);
            c.sink.addOnPath(up, s, part, std::move(p), lat, headOut[std::size_t(up)], 0.0,
                { 2, -1, int(2 * t + 1) });
            headOut[std::size_t(s)] = headOut[std::size_t(up)] + lat + switchS(s);
        }
        for (std::size_t r = 0; r < c.ranks.size(); ++r) {
            const ForwardingArc *arc = arcTo(router, leafOf[r], c.ranks[r], plane);
            sim::Path p = edgePath(leafOf[r], *arc);
            const double lat = router.pathLatencyS(leafOf[r], p);
            c.sink.addOnPath(leafOf[r], c.ranks[r], part, std::move(p), lat,
                headOut[std::size_t(leafOf[r])], 0.0, { 3, int(r), int(2 * t + 1) });
            treeLatencyS = std::max(treeLatencyS, headOut[std::size_t(leafOf[r])] + lat);
        }
    }

    double inject = std::numeric_limits<double>::infinity();
    for (NodeId r : c.ranks)
        inject = std::min(inject, ideal::injectionBytesPerS(f, r));
    c.out.stepFlows = c.sink.flows().size();
    Ideal &ideal = c.out.ideal;
    ideal.bandwidthBytesPerS = inject;
    ideal.messageLatencyS = treeLatencyS;
    ideal.timeS = ideal::sharpAllReduceS(c.scenario.bytes, treeLatencyS, inject);
    ideal.formula = "a_tree + S/B";
    c.out.note = "SHARP streams: one flow per tree edge and direction, started when the stream "
                 "head arrives";
}

} // namespace fabric::collective::detail
