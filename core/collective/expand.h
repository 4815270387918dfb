// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "expansion.h"
#include "scenario.h"

#include "route/router.h"

namespace fabric::collective {

/// Router options of @p s (policy, seed, QPs).
route::RouterOptions routerOptions(const Scenario &s);

/**
 * Expands @p scenario into flows on @p router's fabric, routed by @p router (made with
 * routerOptions(scenario)). Ranks come from Scenario::ranks and placement; custom traffic from
 * Scenario::trafficFile. Throws UserError with one line naming the option for a combination
 * that makes no sense: zero bytes, an algorithm the collective does not have, SHARP without
 * SHARP switches (or on a torus), torus without a torus, hierarchical without hosts, fewer
 * than 2 ranks, ranks that are not endpoints.
 */
Expansion expand(const route::Router &router, const Scenario &scenario);

} // namespace fabric::collective
