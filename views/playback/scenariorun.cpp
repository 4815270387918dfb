// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenariorun.h"

#include "collective/expand.h"
#include "common/qtstrings.h"
#include "route/router.h"

namespace fabric::views {

QString scenarioLabel(const collective::Scenario &s)
{
    return QStringLiteral("%1 %2 \u00b7 %3")
        .arg(toQString(collective::toString(s.collective)),
             toQString(collective::toString(s.algorithm)), toQString(route::toString(s.routing)));
}

std::shared_ptr<SimRun> runScenario(const Fabric &fabric, const collective::Scenario &scenario,
                                    const sim::SimCallbacks &callbacks,
                                    const sim::SimOptions &options)
{
    const route::Router router(fabric, collective::routerOptions(scenario));
    collective::Expansion e = collective::expand(router, scenario);
    auto run = std::make_shared<SimRun>();
    run->label = scenarioLabel(scenario);
    run->collective = toQString(collective::toString(scenario.collective));
    run->algorithm = toQString(collective::toString(scenario.algorithm));
    run->routing = toQString(route::toString(scenario.routing));
    run->ranks = static_cast<int>(e.ranks.size());
    run->messageBytes = e.bytes;
    run->fabric = &fabric;
    run->flows = e.flows;
    run->result = sim::simulate(fabric, std::move(e.flows), options, callbacks);
    const double t = run->result.completionS;
    if (t > 0 && !run->result.cancelled) {
        run->algbwGBps = e.bytes / t / 1e9;
        run->busbwGBps = run->algbwGBps * e.busbwFactor;
    }
    if (e.ideal.timeS > 0)
        run->idealS = e.ideal.timeS;
    run->idealBound = toQString(e.ideal.boundDetail);
    // Only a ring on a torus has an order worth telling: its steps are one hop or several.
    if (router.torus() && scenario.algorithm == collective::Algorithm::Ring)
        run->rankOrder = toQString(e.rankOrder);
    if (scenario.algorithm == collective::Algorithm::Sharp && run->ranks > 1) {
        // What the ranks put on the wire against a ring's 2(n-1)/n x S per rank.
        double injected = 0;
        for (const sim::FlowSpec &f : run->flows)
            if (fabric.hasNode(f.src) && fabric.node(f.src).isEndpoint())
                injected += f.bytes;
        const double n = run->ranks;
        run->sharpSavedBytes = std::max(0.0, 2.0 * (n - 1) * e.bytes - injected);
    }
    for (const auto &[child, parent] : e.sharpTree) {
        if (!fabric.hasNode(child))
            continue;
        for (const LinkId l : fabric.linksOf(child))
            if (fabric.link(l).other(child) == parent) {
                run->sharpTreeLinks.push_back(l);
                break;
            }
    }
    return run;
}

} // namespace fabric::views
