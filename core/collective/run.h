// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "expansion.h"
#include "report.h"
#include "scenario.h"

#include "sim/engine.h"

namespace fabric::collective {

/// Everything one run of a scenario gives: the flows, the engine's result and the headline.
struct ScenarioRun
{
    Expansion expansion;
    sim::SimResult result;
    Summary summary;
};

/**
 * Routes, expands and simulates @p scenario on @p fabric in one call (what the CLI and the
 * GUI's worker thread do). Throws UserError for a scenario that makes no sense (see expand()).
 * @p callbacks report the engine's progress and may cancel it.
 */
ScenarioRun runScenario(const Fabric &fabric, const Scenario &scenario,
    const sim::SimOptions &options = {}, const sim::SimCallbacks &callbacks = {});

} // namespace fabric::collective
