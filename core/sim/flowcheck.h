// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "flow.h"

#include <span>
#include <vector>

namespace fabric {
class Fabric;
}

namespace fabric::sim {

/**
 * Checks @p flows against @p fabric before a run and throws fabric::UserError naming the first
 * flow at fault: negative or non-finite bytes or times; a path that is not a chain of live
 * directed links from src to dst (ends unchecked when src or dst is kNoNode); a link of zero
 * capacity on a path; weights that do not match the paths; `after` out of range or in a cycle.
 */
void checkFlows(const Fabric &fabric, std::span<const FlowSpec> flows);

} // namespace fabric::sim
