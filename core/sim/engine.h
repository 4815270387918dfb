// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "flow.h"
#include "linkorbits.h"
#include "result.h"

#include <cstddef>
#include <functional>
#include <initializer_list>
#include <span>
#include <string>
#include <vector>

namespace fabric {
class Fabric;
}

/**
 * The flow-level engine. The simulation contract (docs/architecture.md), as implemented here:
 *
 *  - Capacities: directed link d of link l carries capacityGbps * 1e9 / 8 bytes/s, each
 *    direction on its own (full duplex).
 *  - Sharing: rates are max-min fair over the directed link capacities (progressive filling).
 *    A Split::Single flow is one participant on its path. A Split::Weighted flow is one
 *    participant whose rate r puts weights[i] * r on the links of path i (a link on several of
 *    its paths carries the sum). A Split::Adaptive flow is one participant PER PATH: every path
 *    gets its own max-min share, the flow's rate is the sum of its path rates, and all its paths
 *    end together when the sum of bytes reaches `bytes` (remaining bytes are drained at the
 *    summed rate). So an adaptive flow over P paths weighs like P flows on a link it shares
 *    with other flows on all its paths: it models per-packet adaptive routing that fills every
 *    equal-cost path as far as fairness allows (like uncoupled multipath TCP).
 *  - Timing (SimGrid CM02 with TCP-gamma, cross-traffic and weight-S off): a flow is released
 *    at max(finish of every flow in `after`, notBeforeS) + releaseDelayS; it then spends
 *    latencyS using no bandwidth; then it moves its bytes at its current fair rate. Rates change
 *    only at events: a flow starts transferring or ends. A zero-byte flow (or one with no link
 *    on its path) finishes when its latency has passed.
 *  - Events closer than 1e-12 relative are one event.
 *  - Deterministic: no randomness, no hash-order iteration; the same input gives bit-identical
 *    results.
 *
 * Speed (see docs/simulation.md, "The engine"): the max-min system is re-solved incrementally
 * (see maxmin.h): only links whose fair level can change are recomputed, so an event costs in
 * proportion to the flows near it; when a change spreads everywhere (a dense all-to-all of
 * unequal sizes), only the flows at or above the smallest rate that left are filled again.
 * Flows of one path ride one clock per bottleneck link, so a level change costs O(1) per
 * bottleneck, not a rate write and a finish-time move per flow.
 */
namespace fabric::sim {

/// Knobs of simulate().
struct SimOptions
{
    /// Max-min solver by name: "incremental" (default) or "full" (progressive filling of the
    /// whole system at every event; the reference the other is tested against).
    std::string solver = "incremental";
    /// Relative change of a link's fair level that the incremental solver passes on to its
    /// neighbours (System::setPrecision). The default is exact to rounding. Larger values (1e-5
    /// is SimGrid's default maxmin/precision) stop small ripples early, with rates off by about
    /// that much; on dense traffic the exact refill is used anyway, so it saves little there.
    double precision = 1e-12;
    /**
     * 0: exact. Above 0 (a coarse run, `--fidelity coarse`): at each event the engine also
     * ends every flow due to finish within this fraction of its own transfer time (1e-3:
     * within 0.1% of the time it has been moving bytes), in one step, and gives each its due
     * time as its finish (flows waiting on it are released from that time too). So a dense run
     * whose flows finish at nearly as many instants as there are flows (an all-to-all under
     * hashed ECMP) takes a few hundred events instead. The cost: bandwidth those flows still
     * held until their due time goes to the others that much early, so they finish a little
     * early too; SimResult::largestEarlyFinishS says by how much at most any flow was ended
     * before it was due (docs/simulation.md, "Coarse fidelity", has the measured error).
     */
    double coarseFinishWindow = 0.0;
    /// Record a timeline (views need it; benchmarks may skip it).
    bool recordTimeline = true;
    /// Shortest interval the timeline keeps. Events closer than this are merged, their rates
    /// averaged by time so bytes stay exact. 0 = every event. Use for huge runs.
    double timelineMinIntervalS = 0.0;
    /// Cap on stored timeline deltas (each 24 bytes; keyframes add at most as much again).
    /// Past it the timeline doubles its minimum interval and re-samples (see Timeline).
    std::size_t timelineMaxDeltas = std::size_t(1) << 23;
    /// At most this many bottleneck links in SimResult::bottlenecks.
    std::size_t maxBottlenecks = 32;
    /// Index = directed link id: the fraction of its capacity the link keeps under faults
    /// (FaultEffect::kept). Empty = every link whole. A path over a direction that keeps
    /// nothing is a UserError.
    std::vector<double> capacityKept;
    /// After every event, check the max-min system's and the engine's own bookkeeping (loads,
    /// bottleneck owner counts, the bottleneck groups' members and finish orders, the heaps)
    /// and throw std::logic_error naming the first fault. For tests: it costs a pass over every
    /// flow and link per event.
    bool checkInvariants = false;
    /// A run reduced by a symmetry of the fabric: each link shares its orbit representative's
    /// constraint. Empty = every link its own.
    LinkOrbits linkOrbits;
};

/// How the engine talks to whoever runs it (the GUI runs it in a worker thread). Both optional.
struct SimCallbacks
{
    /// Called now and then (every 256 events and at each 1% of flows finished) with the
    /// fraction done (0..1: of the bytes the flows put on links, or of the flows finished if
    /// that is more) and the simulated time reached.
    std::function<void(double fraction, double timeS)> progress;
    /// Polled every few hundred events; returning true stops the run, and simulate() returns
    /// the partial result with SimResult::cancelled set (no exception).
    std::function<bool()> cancelled;
};

/**
 * Runs @p flows on @p fabric and returns the result (see SimResult). The flows are read, not
 * copied (at cluster scale they are most of the memory of a run).
 *
 * Throws fabric::UserError when the input is inconsistent: a path that is not a chain of live
 * directed links, a link with capacity <= 0 on a path, negative bytes or times, weights that do
 * not match paths, `after` pointing outside the list or forming a cycle (a flow that can never
 * be released is reported instead of left hanging).
 */
SimResult simulate(const Fabric &fabric, std::span<const FlowSpec> flows,
                   const SimOptions &options = {}, const SimCallbacks &callbacks = {});

/// simulate() of a few flows written in place: `simulate(fabric, {a, b})`.
inline SimResult simulate(const Fabric &fabric, std::initializer_list<FlowSpec> flows,
                          const SimOptions &options = {}, const SimCallbacks &callbacks = {})
{
    return simulate(fabric, std::span<const FlowSpec>(flows.begin(), flows.size()), options,
                    callbacks);
}

} // namespace fabric::sim
