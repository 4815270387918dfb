// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Broadcast from rank 0: a pipelined chain (ring order, data in chunks, each hop forwarding a
// chunk as soon as it has it) or a binomial tree (round j: ranks below 2^j send everything to
// rank + 2^j).
#include "algorithms.h"
#include "ideal.h"
#include "ringphase.h"

#include <cmath>
#include <limits>

namespace fabric::collective::detail {

void expandBroadcastRing(Context &c)
{
    const std::size_t n = c.ranks.size();
    const int chunks = c.chunksFor(c.scenario.bytes, n - 1, 1048576.0, 64);
    const double chunkBytes = c.scenario.bytes / chunks;
    c.out.stepFlows = (n - 1) * std::size_t(chunks);
    std::vector<sim::FlowId> prev(n, -1), cur(n, -1);
    HopBound hop;
    for (std::size_t i = 0; i + 1 < n; ++i)
        boundHop(c.sink, c.ranks[i], c.ranks[i + 1], hop);
    for (int k = 0; k < chunks; ++k) {
        for (std::size_t i = 0; i + 1 < n; ++i)
            cur[i] = c.sink.add(c.ranks[i], c.ranks[i + 1], chunkBytes,
                { i > 0 ? cur[i - 1] : -1, prev[i] }, { k, int(i), 0 });
        std::swap(prev, cur);
    }
    Ideal &ideal = c.out.ideal;
    ideal.bandwidthBytesPerS = hop.bytesPerS;
    ideal.messageLatencyS = c.scenario.alphaS + hop.latencyS;
    ideal.timeS = ideal::chainBroadcastS(n, c.scenario.bytes, ideal.messageLatencyS, hop.bytesPerS);
    ideal.formula = "(p-1) a + S/B";
    capAtCriticalPath(
        ideal, c.sink, ideal::chainBroadcastS(n, c.scenario.bytes, 0.0, hop.bytesPerS), int(n) - 1);
}

void expandBroadcastTree(Context &c)
{
    const std::size_t n = c.ranks.size();
    std::vector<sim::FlowId> received(n, -1), sent(n, -1);
    // Rounds are sequential, so the bound sums each round's own slowest hop (NVLink rounds
    // inside a host are faster than fabric rounds).
    double idealS = 0, transferS = 0, slowest = std::numeric_limits<double>::infinity();
    double latency = 0;
    int round = 0;
    for (std::size_t span = 1; span < n; span *= 2, ++round) {
        HopBound hop;
        for (std::size_t r = 0; r < span && r + span < n; ++r) {
            boundHop(c.sink, c.ranks[r], c.ranks[r + span], hop);
            const sim::FlowId f = c.sink.add(c.ranks[r], c.ranks[r + span], c.scenario.bytes,
                { received[r], sent[r] }, { round, int(r), 0 });
            sent[r] = f;
            received[r + span] = f;
        }
        idealS += ideal::binomialBroadcastS(
            2, c.scenario.bytes, c.scenario.alphaS + hop.latencyS, hop.bytesPerS);
        transferS += c.scenario.bytes / hop.bytesPerS;
        slowest = std::min(slowest, hop.bytesPerS);
        latency = std::max(latency, hop.latencyS);
    }
    c.out.stepFlows = n - 1;
    Ideal &ideal = c.out.ideal;
    ideal.bandwidthBytesPerS = slowest;
    ideal.messageLatencyS = c.scenario.alphaS + latency;
    ideal.timeS = idealS;
    ideal.formula = "sum over the ceil(lg p) rounds of (a + S/B)";
    // No barrier parts the rounds: a rank that got the message over NVLink passes it on while
    // a fabric hop of the same round still runs, so the slowest chain can beat the sum.
    capAtCriticalPath(ideal, c.sink, transferS, round);
}

} // namespace fabric::collective::detail
