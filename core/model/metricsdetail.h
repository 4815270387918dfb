// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "forwardinggraph.h"
#include "metrics.h"

namespace fabric::metrics::detail {

/// Throws Cancelled when the caller asked to stop.
inline void checkCancelled(const Progress &progress)
{
    if (progress.cancelled && progress.cancelled())
        throw Cancelled();
}

/// Reports @p fraction of a step that spans [begin, end] of the whole computation.
inline void reportProgress(const Progress &progress, double begin, double end, double fraction)
{
    if (progress.report)
        progress.report(begin + (end - begin) * fraction);
}

/// A Progress for one step of a longer computation: maps the step's 0..1 onto [begin, end].
inline Progress subProgress(const Progress &progress, double begin, double end)
{
    Progress sub;
    sub.cancelled = progress.cancelled;
    if (progress.report)
        sub.report = [report = progress.report, begin, end](
                         double f) { report(begin + (end - begin) * f); };
    return sub;
}

/// diameterHops() and bisectionGbps() on a ForwardingGraph already built, so computeMetrics()
/// builds it once.
int diameterHops(const ForwardingGraph &graph, const Progress &progress);
double bisectionGbps(const ForwardingGraph &graph, const Progress &progress);
/// Max flow in Gb/s, one direction, from the first of @p halves of the endpoints to the second.
double maxFlowBetween(const ForwardingGraph &graph,
    const std::pair<std::vector<NodeId>, std::vector<NodeId>> &halves, const Progress &progress);

} // namespace fabric::metrics::detail
