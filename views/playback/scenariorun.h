// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "collective/scenario.h"
#include "sim/engine.h"
#include "simrun.h"

#include <memory>

namespace fabric::views {

/**
 * Expands @p scenario on @p fabric (routing, collective), runs the engine and returns the run
 * with the collective's figures: algbw = S / t and busbw = algbw x the nccl-tests factor (GB/s),
 * the ideal time from the collective layer's closed form and, for SHARP, the bytes kept off the
 * wire against a ring on the same ranks. Throws fabric::UserError (one line) for a combination
 * that makes no sense. Plain C++ and Qt Core only: safe to call from a worker thread.
 */
std::shared_ptr<SimRun> runScenario(const Fabric &fabric, const collective::Scenario &scenario,
                                    const sim::SimCallbacks &callbacks = {},
                                    const sim::SimOptions &options = {});

/// Label for a scenario, e.g. "allreduce ring · ecmp".
QString scenarioLabel(const collective::Scenario &scenario);

} // namespace fabric::views
