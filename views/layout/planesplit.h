// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"

namespace fabric::views {

/**
 * True when @p fabric is two planes kept apart from end to end, like dual-plane HPN: every
 * switch is in plane 0 or 1 (LayoutHints::plane), no link joins the planes, and every GPU or
 * host that reaches a switch reaches one of each plane. The tiered layout then draws plane 0
 * above the hosts and plane 1 mirrored below them. Fabrics that use the plane hint for
 * something else (a rail per "plane", or planes that merge at the aggregation tier, like
 * single-plane HPN) fail one of the tests and keep the usual upward tiers.
 */
bool hasTwoSeparatePlanes(const Fabric &fabric);

} // namespace fabric::views
