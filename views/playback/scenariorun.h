// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "collective/scenario.h"
#include "sim/engine.h"
#include "simrun.h"

#include <QList>
#include <QStringList>

#include <memory>

namespace fabric::views {

/**
 * Runs @p scenario on @p fabric (collective::runScenario: routing, expansion, engine, Summary;
 * with faults collective::runWithFaults, partial, so the run also holds the healthy completion
 * and the slowdown) and wraps the run with what the views draw it with: its label, the fabric, the SHARP tree's
 * links and, for a ring on a torus, the rank order. Throws fabric::UserError (one line) for a
 * combination that makes no sense. Plain C++ and Qt Core only: safe to call from a worker thread.
 */
std::shared_ptr<SimRun> makeRun(const Fabric &fabric, const collective::Scenario &scenario,
                                const sim::SimOptions &options = {},
                                const sim::SimCallbacks &callbacks = {});

/**
 * Wraps @p run, made on @p fabric (by collective::runScenario or a lesson), as makeRun() does.
 * The run keeps @p fabric alive.
 */
std::shared_ptr<SimRun> wrapRun(std::shared_ptr<const Fabric> fabric, collective::ScenarioRun run);

/// Label for a scenario, e.g. "allreduce ring · ecmp".
QString scenarioLabel(const collective::Scenario &scenario);

/**
 * What sets @p scenario apart from @p others, in words such as "4 GiB · 2 QPs": its value of
 * each setting in which it differs from one of them, in a fixed order. Only settings that
 * change a run's figures are named; empty when it differs in none of them.
 */
QString scenarioDifferences(
    const collective::Scenario &scenario, const QList<collective::Scenario> &others);

/**
 * The label of a run of @p scenario to be shown beside the @p earlier runs: scenarioLabel(),
 * followed by what sets it apart from the earlier runs of the same label ("allreduce ring ·
 * ecmp · 4 GiB" after a 1 GiB run), and numbered when still taken. Two runs in one legend,
 * table or sentence never share a name. A run with a @p name of its own (a saved scenario's) goes
 * by that name instead, numbered the same way when taken.
 */
QString distinctLabel(const collective::Scenario &scenario, const QList<SimRunPtr> &earlier,
    const QString &name = {});

/// @p name, or "name (2)", "name (3)", ..., the first not in @p taken.
QString numbered(const QString &name, const QStringList &taken);

} // namespace fabric::views
