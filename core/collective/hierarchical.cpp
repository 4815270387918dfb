// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Hierarchical all-reduce: reduce-scatter inside each host over NVLink, a ring all-reduce per
// rail (local index) across hosts on 1/g of the data, all-gather inside each host. Each GPU
// puts 2(H-1)/H x S/g on the fabric instead of 2(p-1)/p x S.
#include "algorithms.h"
#include "ideal.h"
#include "ringphase.h"

#include "model/error.h"

#include <unordered_map>

namespace fabric::collective::detail {

void expandHierarchical(Context &c)
{
    const Fabric &f = c.fabric();
    std::vector<std::vector<NodeId>> hosts; // ranks per host, in rank order
    std::unordered_map<NodeId, std::size_t> hostIndex;
    for (NodeId r : c.ranks) {
        const NodeId h = f.node(r).host;
        if (h == kNoNode)
            throw UserError("--algorithm hierarchical needs GPUs grouped in hosts; '"
                + f.node(r).name + "' has no host (use ring)");
        auto [it, fresh] = hostIndex.try_emplace(h, hosts.size());
        if (fresh)
            hosts.emplace_back();
        hosts[it->second].push_back(r);
    }
    const std::size_t g = hosts.front().size();
    for (const auto &members : hosts)
        if (members.size() != g)
            throw UserError("--algorithm hierarchical needs the same number of ranks on every "
                            "host (--ranks all, or whole hosts)");
    const std::size_t hostCount = hosts.size();

    std::vector<std::vector<NodeId>> rails(g);
    for (const auto &members : hosts)
        for (std::size_t i = 0; i < g; ++i)
            rails[i].push_back(members[i]);

    const double S = c.scenario.bytes;
    const int local = static_cast<int>(g) - 1;
    const int cross = 2 * (static_cast<int>(hostCount) - 1);
    const bool aggregate = c.aggregateFor(c.ranks.size() * std::size_t(2 * local + cross));

    RankProgress progress(f.nodeIdBound());
    addRingPhase(c.sink, hosts, { local, S / double(g), aggregate, 0, 0 }, progress);
    addRingPhase(
        c.sink, rails, { cross, S / double(g * hostCount), aggregate, 1, local }, progress);
    addRingPhase(c.sink, hosts, { local, S / double(g), aggregate, 2, local + cross }, progress);

    HopBound inHost, across;
    for (const auto &members : hosts)
        for (std::size_t i = 0; g > 1 && i < g; ++i)
            boundHop(c.sink, members[i], members[(i + 1) % g], inHost);
    for (const auto &rail : rails)
        for (std::size_t i = 0; hostCount > 1 && i < hostCount; ++i)
            boundHop(c.sink, rail[i], rail[(i + 1) % hostCount], across);

    Ideal &ideal = c.out.ideal;
    const double alpha = c.scenario.alphaS;
    const double intra
        = g > 1 ? ideal::ringAllGatherS(g, S, alpha + inHost.latencyS, inHost.bytesPerS) : 0.0;
    const double inter = hostCount > 1
        ? ideal::ringAllReduceS(hostCount, S / double(g), alpha + across.latencyS, across.bytesPerS)
        : 0.0;
    ideal.timeS = 2 * intra + inter;
    ideal.bandwidthBytesPerS = hostCount > 1 ? across.bytesPerS : inHost.bytesPerS;
    ideal.messageLatencyS = alpha + across.latencyS;
    ideal.formula = "2 [(g-1) a_nv + (g-1)/g S/B_nv] + 2(H-1) a + 2(H-1)/H (S/g)/B";
    const double transferS = (g > 1 ? 2 * ideal::ringAllGatherS(g, S, 0.0, inHost.bytesPerS) : 0.0)
        + (hostCount > 1 ? ideal::ringAllReduceS(hostCount, S / double(g), 0.0, across.bytesPerS)
                         : 0.0);
    capAtCriticalPath(ideal, c.sink, transferS, 2 * local + cross);
}

} // namespace fabric::collective::detail
