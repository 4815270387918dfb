// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>

namespace fabric::sim {

/**
 * About how many bytes a run of @p flows flows holds at its peak, counting the flow list the
 * collective layer builds (FlowSpec, its paths, the route cache) and the engine's state (flow
 * and variable records, max-min memberships, heaps, results), timeline off. @p linkUses is the
 * sum over flows of the directed links on their paths (a flow on several paths counts each).
 *
 * The two constants are fitted to the peak RSS of all-to-alls on the shipped fabrics
 * (bench_alltoall, docs/performance.md): about 550 bytes a flow plus 44 per link it uses, within
 * about 25%. It is meant for a refusal message before anything is allocated, not for accounting.
 */
constexpr double estimatedRunBytes(std::size_t flows, std::size_t linkUses)
{
    return 550.0 * double(flows) + 44.0 * double(linkUses);
}

} // namespace fabric::sim
