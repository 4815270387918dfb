// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ideal.h"

#include "model/units.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

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

} // namespace fabric::collective::ideal
