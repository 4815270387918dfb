// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "expansion.h"
#include "flowsink.h"

#include <limits>
#include <vector>

namespace fabric::collective {

/// Per node (index = node id): the last flow that delivered data to it and the last it sent,
/// so a rank's next phase waits for exactly what it depends on (no global barrier).
struct RankProgress
{
    explicit RankProgress(std::size_t nodeIdBound)
        : lastIn(nodeIdBound, -1)
        , lastOut(nodeIdBound, -1)
    {
    }
    std::vector<sim::FlowId> lastIn;
    std::vector<sim::FlowId> lastOut;
};

/// One ring phase: @p steps steps of @p chunkBytes along every ring of @p rings.
struct RingPhase
{
    int steps = 0;
    double chunkBytes = 0.0;
    /// Merge the steps into one persistent flow per member (docs/simulation.md).
    bool aggregate = false;
    int phase = 0; ///< FlowSpec::phase tag.
    int firstStep = 0; ///< FlowSpec::step of the first step.
};

/**
 * Adds a ring phase: member r sends to r+1 (wrapping). Step k of r waits for step k-1 to
 * arrive from its predecessor and for its own step k-1; the first step waits for what
 * @p progress says r last received and sent. Updates @p progress.
 */
void addRingPhase(FlowSink &sink, const std::vector<std::vector<NodeId>> &rings,
    const RingPhase &phase, RankProgress &progress);

/// The slowest hop of a set of connections: the worst latency and the narrowest bandwidth.
struct HopBound
{
    double latencyS = 0.0;
    double bytesPerS = std::numeric_limits<double>::infinity();
};

/// Widens @p bound by the hop @p src -> @p dst: its route latency and its injection bandwidth
/// (NVLink inside a host, else the smaller of the two ranks' fabric injection bandwidths).
void boundHop(FlowSink &sink, NodeId src, NodeId dst, HopBound &bound);
/// Same, with the narrowest link on the route instead of the injection bandwidth (torus).
void boundHopByLink(FlowSink &sink, NodeId src, NodeId dst, HopBound &bound);

/**
 * A closed form on a HopBound charges every step the slowest hop's latency, which is no bound
 * when the hops differ: a ring's one detour round a failed link is one hop of its chain of
 * steps, not all of them. Caps @p ideal at the longest chain of @p sink's flows
 * (ideal::criticalPathS(), which no run can beat); a is then the mean step of that chain,
 * @p steps steps that move their bytes in @p transferS.
 */
void capAtCriticalPath(Ideal &ideal, const FlowSink &sink, double transferS, int steps);

} // namespace fabric::collective
