// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Ring all-reduce (reduce-scatter then all-gather), ring all-gather and ring reduce-scatter.
#include "algorithms.h"
#include "ideal.h"
#include "ringphase.h"

namespace fabric::collective::detail {

void expandRing(Context &c)
{
    const std::size_t n = c.ranks.size();
    const bool allReduce = c.scenario.collective == Collective::AllReduce;
    const int half = static_cast<int>(n) - 1;
    const double chunk = c.scenario.bytes / double(n);
    const bool aggregate = c.aggregateFor(std::size_t(allReduce ? 2 : 1) * half * n);

    RankProgress progress(c.fabric().nodeIdBound());
    const std::vector<std::vector<NodeId>> rings { c.ranks };
    if (allReduce && !aggregate) {
        addRingPhase(c.sink, rings, { half, chunk, false, 0, 0 }, progress);
        addRingPhase(c.sink, rings, { half, chunk, false, 1, half }, progress);
    } else {
        const int phase = c.scenario.collective == Collective::AllGather ? 1 : 0;
        addRingPhase(
            c.sink, rings, { allReduce ? 2 * half : half, chunk, aggregate, phase, 0 }, progress);
    }

    HopBound hop;
    for (std::size_t r = 0; r < n; ++r)
        boundHop(c.sink, c.ranks[r], c.ranks[(r + 1) % n], hop);
    Ideal &ideal = c.out.ideal;
    ideal.bandwidthBytesPerS = hop.bytesPerS;
    ideal.messageLatencyS = c.scenario.alphaS + hop.latencyS;
    const auto formula = allReduce ? ideal::ringAllReduceS : ideal::ringAllGatherS;
    ideal.timeS = formula(n, c.scenario.bytes, ideal.messageLatencyS, hop.bytesPerS);
    ideal.formula = allReduce ? "2(p-1) a + 2(p-1)/p S/B" : "(p-1) a + (p-1)/p S/B";
    capAtCriticalPath(ideal, c.sink, formula(n, c.scenario.bytes, 0.0, hop.bytesPerS),
        (allReduce ? 2 : 1) * half);
}

} // namespace fabric::collective::detail
