// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ringphase.h"

#include "ideal.h"

#include "model/units.h"

#include <algorithm>

namespace fabric::collective {

void addRingPhase(FlowSink &sink, const std::vector<std::vector<NodeId>> &rings,
    const RingPhase &phase, RankProgress &progress)
{
    for (const std::vector<NodeId> &ring : rings) {
        const std::size_t n = ring.size();
        if (n < 2 || phase.steps < 1)
            continue;
        auto at = [&](std::size_t i) { return static_cast<std::size_t>(ring[i % n]); };
        if (phase.aggregate) {
            std::vector<sim::FlowId> sent(n);
            for (std::size_t r = 0; r < n; ++r)
                sent[r] = sink.add(ring[r], ring[(r + 1) % n], phase.steps * phase.chunkBytes,
                    { progress.lastIn[at(r)], progress.lastOut[at(r)] },
                    { phase.firstStep, int(r), phase.phase }, phase.steps);
            for (std::size_t r = 0; r < n; ++r) {
                progress.lastOut[at(r)] = sent[r];
                progress.lastIn[at(r + 1)] = sent[r];
            }
            continue;
        }
        std::vector<sim::FlowId> prev(n), cur(n);
        for (std::size_t r = 0; r < n; ++r)
            prev[r] = -1;
        for (int k = 0; k < phase.steps; ++k) {
            for (std::size_t r = 0; r < n; ++r) {
                const std::size_t pred = (r + n - 1) % n;
                std::vector<sim::FlowId> after = k == 0
                    ? std::vector<sim::FlowId> { progress.lastIn[at(r)], progress.lastOut[at(r)] }
                    : std::vector<sim::FlowId> { prev[pred], prev[r] };
                cur[r] = sink.add(ring[r], ring[(r + 1) % n], phase.chunkBytes, std::move(after),
                    { phase.firstStep + k, int(r), phase.phase });
            }
            std::swap(prev, cur);
        }
        for (std::size_t r = 0; r < n; ++r) {
            progress.lastOut[at(r)] = prev[r];
            progress.lastIn[at(r + 1)] = prev[r];
        }
    }
}

/// Upper bound on what @p r can carry: the sum over its paths of their narrowest link.
double routeCapacityBytesPerS(const Fabric &f, const route::Route &r)
{
    double sum = 0;
    for (const sim::Path &p : r.paths) {
        double narrowest = std::numeric_limits<double>::infinity();
        for (DirLinkId d : p.links)
            narrowest
                = std::min(narrowest, units::gbpsToBytesPerSecond(f.link(linkOf(d)).capacityGbps));
        sum += narrowest;
    }
    return sum;
}

void boundHop(FlowSink &sink, NodeId src, NodeId dst, HopBound &bound)
{
    const Fabric &f = sink.router().fabric();
    double bw = f.sameHost(src, dst)
        ? std::min(ideal::nvlinkBytesPerS(f, src), ideal::nvlinkBytesPerS(f, dst))
        : std::min(ideal::injectionBytesPerS(f, src), ideal::injectionBytesPerS(f, dst));
    const route::Route &r = sink.route(src, dst);
    // A hop cannot beat its shortest paths (one ICI link between torus neighbours), except
    // that a plane-bound NIC keeps its full injection: one QP on one of HPN's two ports is a
    // choice the ideal should show the cost of.
    if (sink.router().planesOf(src).empty())
        bw = std::min(bw, routeCapacityBytesPerS(f, r));
    bound.bytesPerS = std::min(bound.bytesPerS, bw);
    bound.latencyS = std::max(bound.latencyS, r.latencyS);
}

void boundHopByLink(FlowSink &sink, NodeId src, NodeId dst, HopBound &bound)
{
    const Fabric &f = sink.router().fabric();
    const route::Route &r = sink.route(src, dst);
    for (const sim::Path &p : r.paths)
        for (DirLinkId d : p.links)
            bound.bytesPerS = std::min(
                bound.bytesPerS, units::gbpsToBytesPerSecond(f.link(linkOf(d)).capacityGbps));
    bound.latencyS = std::max(bound.latencyS, r.latencyS);
}

void capAtCriticalPath(Ideal &ideal, const FlowSink &sink, double transferS, int steps)
{
    const double chain = ideal::criticalPathS(sink.router().fabric(), sink.flows());
    if (!(chain < ideal.timeS * (1 - 1e-9))) // the same within rounding: keep the closed form
        return;
    ideal.timeS = chain;
    ideal.messageLatencyS = std::max(0.0, (chain - transferS) / double(std::max(steps, 1)));
    ideal.formula += ", a: mean step of the slowest chain";
}

} // namespace fabric::collective
