// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ideal.h"

#include "model/units.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace fabric::collective::ideal {

double ringAllReduceS(std::size_t p, double S, double a, double B)
{
    const double n = double(p);
    return p < 2 ? 0.0 : 2 * (n - 1) * a + 2 * (n - 1) / n * S / B;
}

double ringAllGatherS(std::size_t p, double S, double a, double B)
{
    const double n = double(p);
    return p < 2 ? 0.0 : (n - 1) * a + (n - 1) / n * S / B;
}

double binomialBroadcastS(std::size_t p, double S, double a, double B)
{
    return p < 2 ? 0.0 : std::ceil(std::log2(double(p))) * (a + S / B);
}

double chainBroadcastS(std::size_t p, double S, double a, double B)
{
    return p < 2 ? 0.0 : double(p - 1) * a + S / B;
}

double torusBucketAllReduceS(const std::vector<int> &dims, double S, double a, double B)
{
    double p = 1, steps = 0;
    for (int k : dims) {
        p *= k;
        steps += k - 1;
    }
    if (dims.empty() || p < 2)
        return 0.0;
    return 2 * steps * a + 2 * (p - 1) / p * S / (2.0 * double(dims.size()) * B);
}

double sharpAllReduceS(double S, double treeLatencyS, double B)
{
    return treeLatencyS + S / B;
}

double injectionBytesPerS(const Fabric &fabric, NodeId node)
{
    const Node &n = fabric.node(node);
    double gbps = 0;
    for (LinkId l : fabric.linksOf(node)) {
        const Link &link = fabric.link(l);
        if (n.host == kNoNode || link.other(node) != n.host)
            gbps += link.capacityGbps;
    }
    return units::gbpsToBytesPerSecond(gbps);
}

double nvlinkBytesPerS(const Fabric &fabric, NodeId gpu)
{
    const Node &n = fabric.node(gpu);
    for (LinkId l : fabric.linksOf(gpu))
        if (n.host != kNoNode && fabric.link(l).other(gpu) == n.host)
            return units::gbpsToBytesPerSecond(fabric.link(l).capacityGbps);
    return 0.0;
}

BusiestRank busiestRank(const Fabric &fabric, std::span<const sim::FlowSpec> flows)
{
    struct Bytes
    {
        double fabricOut = 0, fabricIn = 0, allOut = 0, allIn = 0;
        double firstOut = std::numeric_limits<double>::infinity(), firstIn = firstOut;
    };
    std::unordered_map<NodeId, Bytes> perRank;
    for (const sim::FlowSpec &flow : flows) {
        const bool local = fabric.sameHost(flow.src, flow.dst);
        Bytes &out = perRank[flow.src];
        Bytes &in = perRank[flow.dst];
        out.allOut += flow.bytes;
        in.allIn += flow.bytes;
        out.firstOut = std::min(out.firstOut, flow.notBeforeS);
        in.firstIn = std::min(in.firstIn, flow.notBeforeS);
        if (!local) {
            out.fabricOut += flow.bytes;
            in.fabricIn += flow.bytes;
        }
    }
    BusiestRank busiest;
    const auto consider = [&](double firstS, double bytes, double bytesPerS) {
        if (bytes > 0 && bytesPerS > 0 && firstS + bytes / bytesPerS > busiest.timeS)
            busiest = { firstS + bytes / bytesPerS, bytesPerS };
    };
    for (const auto &[rank, bytes] : perRank) {
        const double nic = injectionBytesPerS(fabric, rank);
        const double both = nic + nvlinkBytesPerS(fabric, rank);
        consider(bytes.firstOut, bytes.fabricOut, nic);
        consider(bytes.firstIn, bytes.fabricIn, nic);
        consider(bytes.firstOut, bytes.allOut, both);
        consider(bytes.firstIn, bytes.allIn, both);
    }
    return busiest;
}

namespace {

/// The most bytes per second @p flow can move: its path's narrowest link, or what its paths
/// together allow when it is split over several. Paths split by weight move their shares of
/// the flow over every link they cross, so a link several of them share (the sender's NIC link
/// under spraying or several QPs) carries the sum of their weights.
double fastestRate(const Fabric &fabric, const sim::FlowSpec &flow)
{
    const auto bytesPerS = [&](DirLinkId d) {
        return units::gbpsToBytesPerSecond(fabric.link(linkOf(d)).capacityGbps);
    };
    if (flow.paths.empty())
        return std::numeric_limits<double>::infinity();
    double rate = std::numeric_limits<double>::infinity();
    if (flow.split == sim::Split::Weighted) {
        std::unordered_map<DirLinkId, double> weightOn;
        for (std::size_t i = 0; i < flow.paths.size(); ++i)
            if (flow.weights[i] > 0)
                for (DirLinkId d : flow.paths[i].links)
                    weightOn[d] += flow.weights[i];
        for (const auto &[d, weight] : weightOn)
            rate = std::min(rate, bytesPerS(d) / weight);
        return rate;
    }
    const auto narrowest = [&](const sim::Path &path) {
        double r = std::numeric_limits<double>::infinity();
        for (DirLinkId d : path.links)
            r = std::min(r, bytesPerS(d));
        return r;
    };
    if (flow.split != sim::Split::Adaptive) {
        for (const sim::Path &path : flow.paths)
            rate = std::min(rate, narrowest(path));
        return rate;
    }
    // Adaptive: no more than its paths' narrowest links together, nor than the links its paths
    // leave the sender by, or reach the receiver by (each set a cut between the two: one NIC
    // link on a fat-tree, HPN's two ports, a torus chip's own links).
    std::unordered_set<DirLinkId> firstLinks, lastLinks;
    double paths = 0, leaving = 0, arriving = 0;
    for (const sim::Path &path : flow.paths) {
        paths += narrowest(path);
        if (path.links.empty())
            continue;
        if (firstLinks.insert(path.links.front()).second)
            leaving += bytesPerS(path.links.front());
        if (lastLinks.insert(path.links.back()).second)
            arriving += bytesPerS(path.links.back());
    }
    rate = std::min({ paths, leaving, arriving });
    // A link every path crosses is a cut too (a detour's one surviving link).
    for (DirLinkId d : flow.paths.front().links) {
        const bool shared = std::all_of(flow.paths.begin() + 1, flow.paths.end(),
            [d](const sim::Path &p) { return std::ranges::find(p.links, d) != p.links.end(); });
        if (shared)
            rate = std::min(rate, bytesPerS(d));
    }
    return rate;
}

} // namespace

double criticalPathS(const Fabric &fabric, std::span<const sim::FlowSpec> flows)
{
    // Kahn's order: a flow's dependencies are usually listed before it, but nothing says so.
    const std::size_t n = flows.size();
    std::vector<std::vector<std::size_t>> next(n);
    std::vector<std::size_t> waiting(n, 0), ready;
    for (std::size_t i = 0; i < n; ++i) {
        for (sim::FlowId a : flows[i].after)
            next[std::size_t(a)].push_back(i);
        waiting[i] = flows[i].after.size();
        if (waiting[i] == 0)
            ready.push_back(i);
    }
    std::vector<double> releasable(n, 0.0); // when its dependencies are done, at the earliest
    double longest = 0;
    while (!ready.empty()) {
        const std::size_t i = ready.back();
        ready.pop_back();
        const sim::FlowSpec &f = flows[i];
        const double finish = std::max(releasable[i], f.notBeforeS) + f.releaseDelayS + f.latencyS
            + (f.bytes > 0 ? f.bytes / fastestRate(fabric, f) : 0.0);
        longest = std::max(longest, finish);
        for (std::size_t j : next[i]) {
            releasable[j] = std::max(releasable[j], finish);
            if (--waiting[j] == 0)
                ready.push_back(j);
        }
    }
    return longest;
}

} // namespace fabric::collective::ideal
