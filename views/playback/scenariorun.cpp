// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenariorun.h"

#include "collective/faultrun.h"
#include "collective/run.h"
#include "common/qtstrings.h"
#include "route/router.h"

namespace fabric::views {

namespace {

/// What the views draw a run with, besides the core's figures.
void describe(SimRun &run, const Fabric &fabric, const collective::Scenario &scenario)
{
    run.label = scenarioLabel(scenario);
    run.collective = toQString(collective::toString(scenario.collective));
    run.algorithm = toQString(collective::toString(scenario.algorithm));
    run.routing = toQString(route::toString(scenario.routing));
    run.fabric = &fabric;
    // Only a ring on a torus has an order worth telling: its steps are one hop or several.
    if (run.expansion.torus && scenario.algorithm == collective::Algorithm::Ring)
        run.rankOrder = toQString(run.expansion.rankOrder);
    for (const auto &[child, parent] : run.expansion.sharpTree) {
        if (!fabric.hasNode(child))
            continue;
        for (const LinkId l : fabric.linksOf(child))
            if (fabric.link(l).other(child) == parent) {
                run.sharpTreeLinks.push_back(l);
                break;
            }
    }
}

} // namespace

QString scenarioLabel(const collective::Scenario &s)
{
    QString label = QStringLiteral("%1 %2 \u00b7 %3")
        .arg(toQString(collective::toString(s.collective)),
             toQString(collective::toString(s.algorithm)), toQString(route::toString(s.routing)));
    if (s.fidelity == collective::Fidelity::Coarse)
        label += QStringLiteral(" \u00b7 coarse"); // its figures are within 1%, not exact
    return label;
}

std::shared_ptr<SimRun> makeRun(const Fabric &fabric, const collective::Scenario &scenario,
                                const sim::SimOptions &options,
                                const sim::SimCallbacks &callbacks)
{
    auto run = std::make_shared<SimRun>();
    // With faults, also the healthy run, so the views can say how much slower the faults made
    // it; rank pairs the faults cut off are left out of the run and listed, not refused.
    collective::FaultRunOptions partial;
    partial.allowPartial = true;
    static_cast<collective::ScenarioRun &>(*run) = scenario.faults.empty()
        ? collective::runScenario(fabric, scenario, options, callbacks)
        : collective::runWithFaults(fabric, scenario, options, partial, callbacks);
    describe(*run, fabric, scenario);
    return run;
}

std::shared_ptr<SimRun> wrapRun(std::shared_ptr<const Fabric> fabric, collective::ScenarioRun made)
{
    auto run = std::make_shared<SimRun>();
    static_cast<collective::ScenarioRun &>(*run) = std::move(made);
    run->ownedFabric = std::move(fabric);
    if (run->scenario)
        describe(*run, *run->ownedFabric, *run->scenario);
    run->fabric = run->ownedFabric.get();
    return run;
}

} // namespace fabric::views
