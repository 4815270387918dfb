// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "collective/scenario.h"
#include "model/fabric.h"
#include "model/faults.h"

#include <nlohmann/json.hpp>

#include <QList>
#include <QString>

#include <vector>

namespace fabric::app {

/// A simulation scenario the user ran, kept with the document under a name.
struct SavedScenario
{
    QString name;
    collective::Scenario scenario;

    bool operator==(const SavedScenario &) const = default;
};

/**
 * The scenarios of a document, which one ran last and the faults in force. In a native file
 * they are the top-level `scenarios` array (kept verbatim by core/io in Fabric::scenarios()):
 * one object per scenario with `name` (string), the fields of collective::toJson() and
 * `last_run` (true on the one to re-run when the file is opened), and at most one object
 * `{"faults_in_force": [...]}` holding the faults' text forms. Results are not stored: they
 * are recomputed.
 */
struct ScenarioList
{
    QList<SavedScenario> items;
    int lastRun = -1; ///< Index into items; -1 = none.
    /// The faults the next run from the simulation dock applies (its Faults list): they belong
    /// to the scenario being prepared, not to the fabric, so they live with the scenarios.
    std::vector<Fault> faults;

    bool operator==(const ScenarioList &) const = default;

    /// Index of the scenario equal to @p s (its settings, not its name), or -1.
    int indexOf(const collective::Scenario &s) const;
    /// @p base, or "base (2)", "base (3)"... whichever no scenario has yet.
    QString uniqueName(const QString &base) const;
    /// Appends @p s (renamed "name (2)"... if its name is taken) as the scenario run last.
    void appendRun(SavedScenario s);
};

/// A short name for @p s: "all-reduce ring 64 MiB ecmp".
QString defaultScenarioName(const collective::Scenario &s);
/// The short name followed by what sets @p s apart from the @p saved scenarios of that short
/// name ("allreduce ring 1 GiB ecmp · 2 QPs"), so the saved list tells them apart.
QString defaultScenarioName(const collective::Scenario &s, const ScenarioList &saved);

nlohmann::json toJson(const ScenarioList &list);
/**
 * Reads the `scenarios` array. Throws UserError whose message starts with the JSON path of the
 * fault, e.g. "/scenarios/1/bytes: must be a number, got \"lots\"".
 */
ScenarioList scenarioListFromJson(const nlohmann::json &array);
/// The scenarios @p fabric carries (Fabric::scenarios()); empty when none.
ScenarioList scenariosOf(const Fabric &fabric);
/// Stores @p list as @p fabric's scenarios (none when it has neither scenarios nor faults).
void storeScenarios(Fabric &fabric, const ScenarioList &list);

/// Nodes renamed at once, old name to new: a rewired TPU slice renames its chips, some taking
/// names others had, so the names go over in one step, not one after another.
using NodeRenames = std::map<std::string, std::string>;

/// A ranks field ("all", a count or a comma-separated list of names) naming each node of
/// @p renames by its new name: the same text when it names none of them.
std::string ranksWithNodesRenamed(const std::string &ranks, const NodeRenames &renames);
/// @p list with the nodes of @p renames called by their new names in its faults in force and in
/// each saved scenario's faults and ranks: faults and ranks name nodes, and a rename left them
/// naming none.
ScenarioList withNodesRenamed(ScenarioList list, const NodeRenames &renames);

} // namespace fabric::app
