// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenariorun.h"

#include "collective/faultrun.h"
#include "collective/run.h"
#include "common/qtstrings.h"
#include "model/units.h"
#include "route/router.h"

#include <QFileInfo>

#include <algorithm>

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

QString scenarioDifferences(
    const collective::Scenario &s, const QList<collective::Scenario> &others)
{
    using collective::Scenario;
    const auto differs = [&](auto member) {
        return std::any_of(others.begin(), others.end(),
            [&](const Scenario &o) { return o.*member != s.*member; });
    };
    const auto count = [](qint64 n, const QString &one, const QString &many) {
        return n == 1 ? one : many.arg(n);
    };
    QStringList words;
    if (differs(&Scenario::bytes))
        words << toQString(units::formatBytes(s.bytes));
    if (differs(&Scenario::ranks)) {
        const QString ranks = toQString(s.ranks);
        if (s.ranks == "all")
            words << QObject::tr("all ranks");
        else if (!ranks.contains(QLatin1Char(',')))
            words << QObject::tr("%1 ranks").arg(ranks);
        else
            words << QObject::tr("%1 listed ranks").arg(ranks.count(QLatin1Char(',')) + 1);
    }
    if (differs(&Scenario::placement))
        words << QObject::tr("%1 placement").arg(toQString(collective::toString(s.placement)));
    if (differs(&Scenario::qps))
        words << count(s.qps, QObject::tr("1 QP"), QObject::tr("%1 QPs"));
    if (differs(&Scenario::seed))
        words << QObject::tr("seed %1").arg(s.seed);
    if (differs(&Scenario::faults))
        words << (s.faults.empty()
                ? QObject::tr("healthy")
                : count(qint64(s.faults.size()), QObject::tr("1 fault"), QObject::tr("%1 faults")));
    if (differs(&Scenario::trafficFile))
        words << QFileInfo(toQString(s.trafficFile)).fileName();
    if (differs(&Scenario::alphaS))
        words << QObject::tr("\u03b1 %1").arg(toQString(units::formatSeconds(s.alphaS)));
    if (differs(&Scenario::aggregation))
        words << QObject::tr("aggregation %1").arg(toQString(collective::toString(s.aggregation)));
    if (differs(&Scenario::chunks))
        words << (s.chunks == 0
                ? QObject::tr("automatic chunks")
                : count(s.chunks, QObject::tr("1 chunk"), QObject::tr("%1 chunks")));
    if (differs(&Scenario::sharpTreesPerSwitch))
        words << count(s.sharpTreesPerSwitch, QObject::tr("1 SHARP tree per switch"),
            QObject::tr("%1 SHARP trees per switch"));
    return words.join(QStringLiteral(" \u00b7 "));
}

QString distinctLabel(
    const collective::Scenario &s, const QList<SimRunPtr> &earlier, const QString &name)
{
    const QString base = name.isEmpty() ? scenarioLabel(s) : name;
    QList<collective::Scenario> alike;
    QStringList taken;
    for (const SimRunPtr &run : earlier) {
        if (!run)
            continue;
        taken << run->label;
        if (name.isEmpty() && run->scenario && scenarioLabel(*run->scenario) == base)
            alike << *run->scenario;
    }
    QString label = base;
    if (const QString apart = scenarioDifferences(s, alike); !apart.isEmpty())
        label += QStringLiteral(" \u00b7 ") + apart;
    return numbered(label, taken);
}

QString numbered(const QString &name, const QStringList &taken)
{
    if (!taken.contains(name))
        return name;
    int n = 2;
    while (taken.contains(QStringLiteral("%1 (%2)").arg(name).arg(n)))
        ++n;
    return QStringLiteral("%1 (%2)").arg(name).arg(n);
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
