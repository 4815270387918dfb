// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "flow.h"
#include "timeline.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace fabric::sim {

/// What happened to one flow. Times in seconds from the start of the run; -1 = never reached
/// (only in a cancelled run, or for a flow whose dependencies never finished).
struct FlowResult
{
    /// When the flow entered the network: max(last `after` finish, notBeforeS) + releaseDelayS.
    double releaseS = -1.0;
    /// releaseS + latencyS: when it started to move bytes (and to take a share of bandwidth).
    double startS = -1.0;
    /// When its last byte arrived.
    double finishS = -1.0;
};

/// Statistics of one DIRECTED link (index = DirLinkId) over the whole run.
struct LinkStats
{
    double capacityBytesPerS = 0.0; ///< capacityGbps * 1e9 / 8 of its link.
    double bytes = 0.0;             ///< Bytes carried in this direction.
    double busyS = 0.0;             ///< Time with load > 0.
    double saturatedS = 0.0;        ///< Time with load >= capacity (1 - 1e-9).
    double peakUtil = 0.0;          ///< Max of load / capacity (0..1).
    double meanUtil = 0.0;          ///< bytes / (capacity * completionS).
    std::int32_t peakFlows = 0;     ///< Max number of flows transferring at once.
};

/// Everything simulate() returns.
struct SimResult
{
    /// True when SimCallbacks::cancelled() stopped the run: then only the flows, link
    /// statistics and timeline up to cancelledAtS are meaningful.
    bool cancelled = false;
    double cancelledAtS = 0.0;
    /// Time the last flow finished (0 with no flows).
    double completionS = 0.0;
    std::vector<FlowResult> flows; ///< Index = FlowId, as the input list.
    std::vector<LinkStats> links;  ///< Index = DirLinkId (size 2 * fabric.linkIdBound()).
    /**
     * The bottleneck links: directed links that spent the longest time saturated. Those whose
     * saturatedS is at least 99% of the largest saturatedS, most saturated first (ties by id),
     * at most SimOptions::maxBottlenecks. Empty when no link ever saturated (a latency-bound
     * run). Saturated time is what slows flows down under max-min sharing: a flow's rate is
     * set by a saturated link on its path.
     */
    std::vector<DirLinkId> bottlenecks;
    /// How many directed links were saturated that long, of which bottlenecks lists the first
    /// few: "32 links" on a torus where 65 were.
    std::size_t bottleneckCount = 0;
    /// The recorded timeline the GUI animates.
    Timeline timeline;

    /// A coarse run (SimOptions::coarseFinishWindow): the longest time any flow was ended
    /// before its last byte was due; 0 in an exact run.
    double largestEarlyFinishS = 0.0;
    /// Counters for benchmarks and the curious.
    std::size_t events = 0;        ///< Distinct event times processed.
    std::size_t solves = 0;        ///< Max-min solves (one per event time with a change).
    std::size_t fullSolves = 0;    ///< Solves that re-solved the whole system.
    std::size_t rateChanges = 0;   ///< Flow rate changes applied (each moves a finish time).
};

} // namespace fabric::sim
