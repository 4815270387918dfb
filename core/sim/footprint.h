// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>

namespace fabric::sim {

/**
 * About how many bytes a run of @p flows flows holds at its peak, counting the flow list the
 * collective layer builds (FlowSpec and its path) and the engine's state (flow and variable
 * records, max-min uses and memberships, group clocks, results), timeline off. @p linkUses is
 * the sum over flows of the directed links on their paths (a flow on several paths counts
 * each).
 *
 * The two constants are fitted to the peak RSS of the all-to-alls of bench_alltoall
 * (docs/performance.md): 300 bytes a flow plus 50 per link it uses came out 7% to 14% above
 * the runs of a million flows and more (the Meta zone's 9.4 million: 4.7 GB estimated, 4.15 GB
 * measured), and up to a quarter below small runs, where the process's fixed memory counts.
 * It is meant for a refusal message before anything is allocated, not for accounting.
 */
constexpr double estimatedRunBytes(std::size_t flows, std::size_t linkUses)
{
    return 300.0 * double(flows) + 50.0 * double(linkUses);
}

} // namespace fabric::sim
