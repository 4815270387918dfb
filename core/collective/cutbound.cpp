// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cutbound.h"

#include "model/metrics.h"
#include "model/metricsdetail.h"
#include "model/units.h"
#include "route/router.h"
#include "route/torussymmetry.h"

#include <algorithm>
#include <limits>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace fabric::collective {
namespace {

constexpr const char *kDimNames[] = { "x", "y", "z" };

/// Bytes crossing from the side where @p first is true to the other and back, and the
/// earliest start among the flows that cross.
struct Crossing
{
    double ab = 0, ba = 0;
    double startS = std::numeric_limits<double>::infinity();
};

template<typename Side>
Crossing crossing(
    const std::vector<sim::FlowSpec> &flows, const route::TorusSymmetry *symmetry, Side first)
{
    Crossing c;
    const auto add = [&](const sim::FlowSpec &f, NodeId src, NodeId dst) {
        if (first(src) != first(dst)) {
            (first(src) ? c.ab : c.ba) += f.bytes;
            c.startS = std::min(c.startS, f.notBeforeS);
        }
    };
    for (const sim::FlowSpec &f : flows) {
        if (!symmetry) {
            add(f, f.src, f.dst);
            continue;
        }
        for (std::size_t e = 0; e < symmetry->order(); ++e)
            add(f, symmetry->image(f.src, e), symmetry->image(f.dst, e));
    }
    return c;
}

/// Keeps the slower way across one cut in @p best when it is the largest bound yet.
void consider(std::optional<CutBound> &best, const Crossing &x, double capAB, double capBA,
    const std::string &cut, const char *bound = "bisection")
{
    if (capAB <= 0 || capBA <= 0 || x.ab + x.ba <= 0)
        return;
    const bool ab = x.ab / capAB >= x.ba / capBA;
    const CutBound b { x.startS + (ab ? x.ab / capAB : x.ba / capBA), ab ? x.ab : x.ba,
        ab ? capAB : capBA, cut, bound };
    if (!best || b.timeS > best->timeS)
        best = b;
}

std::optional<CutBound> torusCuts(const route::Router &router,
    const std::vector<sim::FlowSpec> &flows, const route::TorusSymmetry *symmetry)
{
    const route::Torus &torus = *router.torus();
    const ForwardingGraph &g = router.graph();
    for (NodeId chip : g.endpoints())
        for (const ForwardingArc &arc : g.arcsOf(chip))
            if (!torus.hasCoordinates(arc.to))
                return std::nullopt; // traffic could leave through a switch
    std::optional<CutBound> best;
    for (int dim = 0; dim < 3; ++dim) {
        const int size = torus.dims()[std::size_t(dim)];
        if (size < 2)
            continue;
        const int half = size / 2;
        auto first = [&](NodeId n) { return torus.coordinates(n)[std::size_t(dim)] < half; };
        double capAB = 0, capBA = 0;
        for (NodeId chip : g.endpoints())
            for (const ForwardingArc &arc : g.arcsOf(chip))
                if (first(chip) != first(arc.to))
                    (first(chip) ? capAB : capBA) += units::gbpsToBytesPerSecond(arc.capacityGbps);
        const std::string cut = std::string(kDimNames[dim]) + " < " + std::to_string(half) + " | "
            + kDimNames[dim] + " >= " + std::to_string(half);
        consider(best, crossing(flows, symmetry, first), capAB, capBA, cut);
    }
    return best;
}

/// A set of nodes whose links to the rest of the fabric are a cut: a switch with the GPUs it
/// serves, or a pod.
struct Group
{
    std::string name;
    std::vector<NodeId> members;
};

/// Each switch that GPUs hang off, with those GPUs and the hosts all of whose GPUs are among
/// them; and each pod (zone, segment, group) when the fabric has several.
std::vector<Group> groupsOf(const ForwardingGraph &g)
{
    const Fabric &fabric = g.fabric();
    std::vector<Group> groups;
    std::unordered_map<NodeId, std::size_t> bySwitch;
    for (NodeId gpu : g.endpoints())
        for (const ForwardingArc &arc : g.arcsOf(gpu)) {
            if (fabric.node(arc.to).kind != NodeKind::Switch)
                continue;
            auto [it, added] = bySwitch.try_emplace(arc.to, groups.size());
            if (added)
                groups.push_back(
                    { "the links of " + fabric.node(arc.to).name + " and its GPUs", { arc.to } });
            std::vector<NodeId> &members = groups[it->second].members;
            if (members.back() != gpu)
                members.push_back(gpu);
        }
    for (Group &group : groups) {
        std::unordered_set<NodeId> inside(group.members.begin(), group.members.end());
        std::unordered_set<NodeId> hosts;
        for (NodeId n : group.members)
            if (const NodeId host = fabric.node(n).host; host != kNoNode)
                hosts.insert(host);
        for (NodeId host : hosts)
            if (std::ranges::all_of(
                    g.arcsOf(host), [&](const ForwardingArc &a) { return inside.count(a.to) > 0; }))
                group.members.push_back(host);
    }
    std::map<int, Group> pods;
    fabric.forEachNode([&](const Node &n) {
        if (n.hints.pod >= 0 && n.id < NodeId(g.nodeIdBound()))
            pods[n.hints.pod].members.push_back(n.id);
    });
    if (pods.size() > 1)
        for (auto &[pod, group] : pods) {
            group.name = "the links leaving pod " + std::to_string(pod);
            groups.push_back(std::move(group));
        }
    return groups;
}

/// The bound of each group's cut: the bytes its GPUs send out (receive) over the capacity of
/// the links leaving (entering) it.
void groupCuts(std::optional<CutBound> &best, const ForwardingGraph &g,
    const std::vector<sim::FlowSpec> &flows)
{
    const std::vector<Group> groups = groupsOf(g);
    // Groups an endpoint belongs to: one leaf (two ToRs on HPN's dual planes) and one pod.
    std::vector<std::vector<std::uint32_t>> groupsOfNode(g.nodeIdBound());
    for (std::uint32_t i = 0; i < groups.size(); ++i)
        for (NodeId n : groups[i].members)
            groupsOfNode[std::size_t(n)].push_back(i);
    const auto in = [&](NodeId n, std::uint32_t group) {
        return std::ranges::find(groupsOfNode[std::size_t(n)], group)
            != groupsOfNode[std::size_t(n)].end();
    };
    std::vector<Crossing> crossings(groups.size());
    for (const sim::FlowSpec &f : flows) {
        for (std::uint32_t group : groupsOfNode[std::size_t(f.src)])
            if (!in(f.dst, group)) {
                crossings[group].ab += f.bytes;
                crossings[group].startS = std::min(crossings[group].startS, f.notBeforeS);
            }
        for (std::uint32_t group : groupsOfNode[std::size_t(f.dst)])
            if (!in(f.src, group)) {
                crossings[group].ba += f.bytes;
                crossings[group].startS = std::min(crossings[group].startS, f.notBeforeS);
            }
    }
    for (std::uint32_t i = 0; i < groups.size(); ++i) {
        if (crossings[i].ab + crossings[i].ba <= 0)
            continue;
        double out = 0, into = 0;
        std::unordered_set<NodeId> outside;
        for (NodeId n : groups[i].members)
            for (const ForwardingArc &arc : g.arcsOf(n))
                if (!in(arc.to, i)) {
                    out += units::gbpsToBytesPerSecond(arc.capacityGbps);
                    outside.insert(arc.to);
                }
        for (NodeId m : outside)
            for (const ForwardingArc &arc : g.arcsOf(m))
                if (in(arc.to, i))
                    into += units::gbpsToBytesPerSecond(arc.capacityGbps);
        consider(best, crossings[i], out, into, groups[i].name, "cut");
    }
}

} // namespace

std::optional<CutBound> cutBound(const route::Router &router, const std::vector<NodeId> &ranks,
    const std::vector<sim::FlowSpec> &flows, const route::TorusSymmetry *symmetry)
{
    if (router.torus())
        return torusCuts(router, flows, symmetry);
    const ForwardingGraph &g = router.graph();
    std::optional<CutBound> best;
    groupCuts(best, g, flows);
    // The max flow costs a search over the whole fabric: only when every endpoint takes part.
    if (ranks.size() != g.endpoints().size())
        return best;
    const auto halves = metrics::bisectionHalves(g.fabric());
    std::unordered_set<NodeId> firstHalf(halves.first.begin(), halves.first.end());
    const auto maxFlow = [&g](const auto &from, const auto &to) {
        return units::gbpsToBytesPerSecond(metrics::detail::maxFlowBetween(g, { from, to }, {}));
    };
    const double forth = maxFlow(halves.first, halves.second);
    // Links are full duplex with equal capacity each way, so the max flow is the same back,
    // unless a fault took one direction of a link.
    const double back = g.hasOneWayArcs() ? maxFlow(halves.second, halves.first) : forth;
    consider(best, crossing(flows, symmetry, [&](NodeId n) { return firstHalf.count(n) > 0; }),
        forth, back, "the bisection (max flow between the halves)");
    return best;
}

void applyCutBound(Ideal &ideal, const route::Router &router, const std::vector<NodeId> &ranks,
    const std::vector<sim::FlowSpec> &flows, double latencyS, const route::TorusSymmetry *symmetry)
{
    ideal.bound = "injection";
    std::string detail = "injection " + units::formatSeconds(ideal.timeS);
    if (const auto cut = cutBound(router, ranks, flows, symmetry)) {
        const double cutS = latencyS + cut->timeS;
        detail += ", " + cut->bound + " " + units::formatSeconds(cutS) + " ("
            + units::formatBytes(cut->bytes) + " across " + cut->cut + " at "
            + units::formatGBps(units::bytesPerSecondToGBps(cut->bytesPerS)) + ")";
        if (cutS > ideal.timeS) {
            ideal.timeS = cutS;
            ideal.bandwidthBytesPerS = cut->bytesPerS;
            ideal.bound = cut->bound;
            ideal.formula = "a + bytes across the tightest cut / its capacity";
        }
    }
    ideal.boundDetail = ideal.bound + " bound is the tighter: " + detail;
}

} // namespace fabric::collective
