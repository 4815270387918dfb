// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Torus all-reduce, bucket algorithm: reduce-scatter along one dimension after another (rings
// along every line of the dimension), then all-gather back in reverse order. The data is cut in
// 2D parts, one per (first dimension, direction), each visiting the dimensions in a rotated
// order, so at every phase the 2D parts use 2D different directed links of a chip at once.
// The rings run on the torus's own cycles (torusrings.h), twisted ones included.
#include "algorithms.h"
#include "ideal.h"
#include "ringphase.h"
#include "torusrings.h"

#include "model/error.h"

#include <algorithm>

namespace fabric::collective::detail {
void expandTorus(Context &c)
{
    const auto &torus = c.router.torus();
    if (!torus)
        throw UserError("--algorithm torus needs a torus (chips with x, y, z coordinates); use "
                        "ring, tree, hierarchical or sharp on this fabric");
    bool complete = c.ranks.size() == torus->chipCount();
    for (NodeId r : c.ranks)
        complete = complete && torus->hasCoordinates(r);
    if (!complete)
        throw UserError("--algorithm torus needs every chip of the torus as a rank (--ranks all)");

    std::vector<int> active;
    std::vector<int> sizes;
    for (int d = 0; d < 3; ++d)
        if (torus->dims()[std::size_t(d)] > 1) {
            active.push_back(d);
            sizes.push_back(torus->dims()[std::size_t(d)]);
        }
    const std::size_t D = active.size();
    const std::size_t p = c.ranks.size();
    std::size_t stepsPerPart = 0;
    for (int k : sizes)
        stepsPerPart += 2 * std::size_t(k - 1);
    const bool aggregate = c.aggregateFor(2 * D * stepsPerPart * p);
    const double partBytes = c.scenario.bytes / double(2 * D);

    HopBound hop;
    int part = 0;
    for (std::size_t first = 0; first < D; ++first) {
        std::vector<int> order;
        for (std::size_t i = 0; i < D; ++i)
            order.push_back(active[(first + i) % D]);
        std::vector<BucketPhase> phases
            = bucketPhases(*torus, order, !c.router.options().faults.empty());
        for (int dir : { +1, -1 }) {
            if (dir < 0)
                for (BucketPhase &phase : phases)
                    for (auto &ring : phase.rings)
                        std::reverse(ring.begin(), ring.end());
            RankProgress progress(c.fabric().nodeIdBound());
            std::vector<double> dataAt;
            double data = partBytes;
            int step = 0;
            for (const BucketPhase &phase : phases) {
                const int k = phase.ringSize;
                dataAt.push_back(data);
                // A ring's first hop and the wrap-around that closes it: the wrap is the slow
                // hop (through an optical circuit switch), and a step waits for it.
                if (part == 0 || dir < 0)
                    for (const auto &ring : phase.rings) {
                        boundHopByLink(c.sink, ring[0], ring[1], hop);
                        boundHopByLink(c.sink, ring.back(), ring.front(), hop);
                    }
                addRingPhase(
                    c.sink, phase.rings, { k - 1, data / k, aggregate, 2 * part, step }, progress);
                step += k - 1;
                data /= k;
            }
            for (std::size_t j = phases.size(); j-- > 0;) {
                const int k = phases[j].ringSize;
                addRingPhase(c.sink, phases[j].rings,
                    { k - 1, dataAt[j] / k, aggregate, 2 * part + 1, step }, progress);
                step += k - 1;
            }
            ++part;
        }
    }

    // Charging every step the slowest first or closing hop (the wrap through the OCS) keeps a
    // plain torus's small messages at 100% of ideal, but a twisted torus's rings close over
    // hops of several cables, and that ideal came out above the run (111% on a 4x4x8 with
    // 10 us cables). The chain of steps through the rings is the bound; a is its mean step.
    Ideal &ideal = c.out.ideal;
    ideal.bandwidthBytesPerS = hop.bytesPerS;
    const double transferS
        = ideal::torusBucketAllReduceS(sizes, c.scenario.bytes, 0.0, hop.bytesPerS);
    ideal.timeS = ideal::criticalPathS(c.fabric(), c.sink.flows());
    ideal.messageLatencyS = std::max(0.0, (ideal.timeS - transferS) / double(stepsPerPart));
    ideal.formula = "2 sum(ki-1) a + 2(p-1)/p S/(2 D B_link), a: mean step of the slowest chain";
}

} // namespace fabric::collective::detail
