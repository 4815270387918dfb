// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "run.h"

#include "expand.h"

namespace fabric::collective {

ScenarioRun runScenario(const Fabric &fabric, const Scenario &scenario,
    const sim::SimOptions &options, const sim::SimCallbacks &callbacks)
{
    ScenarioRun run;
    {
        const route::Router router(fabric, routerOptions(scenario));
        run.expansion = expand(router, scenario);
    }
    run.result = sim::simulate(fabric, run.expansion.flows, options, callbacks);
    run.summary = summarize(fabric, run.expansion, run.result);
    return run;
}

} // namespace fabric::collective
