// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "expansion.h"

#include "model/fabric.h"
#include "sim/flow.h"

#include <optional>
#include <string>
#include <vector>

namespace fabric::route {
class Router;
class TorusSymmetry;
}

namespace fabric::collective {

/// A lower bound on a collective's time from one cut of the fabric: the bytes that must cross
/// it one way over the capacity that crosses it that way.
struct CutBound
{
    double timeS = 0.0;
    double bytes = 0.0; ///< Bytes crossing the cut one way.
    double bytesPerS = 0.0; ///< Capacity across the cut that way.
    std::string cut; ///< e.g. "x < 2 | x >= 2" or "bisection (max flow)".
    /// "bisection" for a cut across the middle (of a torus, or the max flow between halves);
    /// "cut" for the links around a switch and its GPUs, or around a pod.
    std::string bound = "bisection";
};

/**
 * The tightest cut bound of @p flows, each of which may start at its notBeforeS: the bytes of
 * the flows from one side to the other, from the earliest start among them, over the capacity
 * across. On a torus (every chip's links lead to chips): each dimension cut across its middle,
 * counting the links (wrap-arounds, twisted ones included) from one half to the other. Else,
 * the links around each switch that GPUs hang off (with those GPUs, and hosts all of whose
 * GPUs are among them) and around each pod when there are several; and, when @p ranks are all
 * the fabric's endpoints, the bisection (metrics::bisectionGbps, max flow between the two
 * halves). The largest bound wins; nullopt when none applies. Latency is not
 * included. With @p symmetry, each flow stands for its images under every translation.
 */
std::optional<CutBound> cutBound(const route::Router &router, const std::vector<NodeId> &ranks,
    const std::vector<sim::FlowSpec> &flows, const route::TorusSymmetry *symmetry = nullptr);

/**
 * Takes @p ideal as the injection bound and makes it the tighter of that and cutBound() plus
 * @p latencyS: what crosses a narrow cut (a torus's middle, an oversubscribed core) can take
 * longer than any node takes to inject its share. Names the winner in Ideal::bound and both
 * figures in Ideal::boundDetail.
 */
void applyCutBound(Ideal &ideal, const route::Router &router, const std::vector<NodeId> &ranks,
    const std::vector<sim::FlowSpec> &flows, double latencyS,
    const route::TorusSymmetry *symmetry = nullptr);

} // namespace fabric::collective
