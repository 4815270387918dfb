// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "run.h"
#include "scenario.h"

#include "model/fabric.h"
#include "sim/engine.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

/// Lessons: a fabric, a few scenarios on it (or on variants of it) and a narrative whose numbers
/// come from the runs. The file format is documented in docs/lessons.md.
namespace fabric::collective {

/// Where a fabric comes from: a generator family with parameters, or a file.
struct LessonFabric
{
    std::string family;     ///< A generator family (gen::families()); empty with a file.
    nlohmann::json params = nlohmann::json::object(); ///< Partial parameters; defaults fill the rest.
    std::filesystem::path file; ///< A fabric file, resolved against the lesson's folder.

    /// A text that two specs of the same fabric share (to build each fabric once).
    std::string key() const;
};

struct LessonScenario
{
    std::string id;    ///< Short name the figures and the narrative use: "polarized".
    std::string label; ///< What the run is called on screen: "Polarised hashing".
    Scenario scenario;
    LessonFabric fabric; ///< The lesson's fabric, or the variant this scenario runs on.
    bool ownFabric = false; ///< True when the scenario names a fabric of its own.
};

/// One step of the narrative: a slide, a page of the explain panel.
struct LessonStep
{
    std::string title;
    std::string text; ///< A template: {ID.KEY} and {ID1/ID2} placeholders (docs/lessons.md).
    std::string show; ///< The id of the run drawn on this step (empty: the first).
    /// What the step's slide draws of that run: "fabric" (its links coloured by their mean
    /// load) or "heatmap" (every link against time).
    std::string picture = "fabric";
};

/// A hint of what to point at: nodes to select, with a note for the audience.
struct LessonAnnotation
{
    std::vector<std::string> nodes;
    std::string note;
    /// Links selected with the nodes (the key "links"): none; "between": those joining two of
    /// the nodes, directly or through one OCS circuit (a twisted wrap-around); "of": every link
    /// of the nodes (a leaf's fan to GPU i of every host).
    enum class Links { None, Between, Of } links = Links::None;
};

/// The links @p annotation selects on @p fabric (LessonAnnotation::links), each once, in the
/// order of the nodes' links. Names the fabric lacks select nothing.
std::vector<LinkId> annotatedLinks(const Fabric &fabric, const LessonAnnotation &annotation);

struct Lesson
{
    std::string name;    ///< "ecmp-polarization": the file is NAME.lesson.json.
    std::string title;   ///< "ECMP polarisation".
    std::string summary; ///< One line for the gallery and `lesson list`.
    /// Where the gallery and `lesson list` put it: by order, then by name.
    int order = 1000;
    LessonFabric fabric;
    std::vector<LessonScenario> scenarios;
    /// Figure name -> "ID.KEY": a key of run ID's entry in lessonJson()'s `runs`.
    std::vector<std::pair<std::string, std::string>> figures;
    std::vector<LessonStep> steps;
    /// Camera hints: "fit" (whole fabric) or "selection" (zoom onto the annotated nodes).
    std::string camera = "fit";
    /// The analysis tab the GUI opens on: "explain" (the narrative), "heatmap", "charts" or
    /// "compare".
    std::string panel = "explain";
    /// The id of the run the GUI draws when the lesson opens; empty: the first step's.
    std::string openOn;
    std::vector<LessonAnnotation> annotations;
};

/**
 * Reads a lesson. @p name is the file's NAME (its `lesson` key must agree when present);
 * @p folder resolves a relative fabric `file`. Throws UserError naming the lesson and the key
 * for anything that does not fit: unknown scenario keys, a run id that does not exist, a figure
 * or a placeholder naming an unknown run.
 */
Lesson lessonFromJson(const nlohmann::json &j, std::string_view name,
                      const std::filesystem::path &folder = {});
/// lessonFromJson() of a text (bounded JSON, as every reader parses).
Lesson parseLesson(std::string_view text, std::string_view name,
                   const std::filesystem::path &folder = {});
/// Reads NAME.lesson.json (NAME = the file name without `.lesson.json`).
Lesson loadLesson(const std::filesystem::path &file);

struct LessonRun
{
    std::string id;
    std::string label;
    std::shared_ptr<const Fabric> fabric; ///< The fabric it ran on.
    bool onLessonFabric = true; ///< False for a scenario with a fabric of its own.
    ScenarioRun run;
    nlohmann::json entry; ///< Its object in lessonJson()'s `runs`.
};

struct LessonResult
{
    std::string lesson;
    std::shared_ptr<const Fabric> fabric; ///< The lesson's own fabric.
    std::vector<LessonRun> runs;          ///< In the lesson's order.
    nlohmann::json figures = nlohmann::json::object();
    std::vector<std::string> stepTexts; ///< Each step's text with its numbers filled in.

    const LessonRun *run(std::string_view id) const;
};

/// Builds the fabrics (each distinct one once) and runs every scenario, in order.
LessonResult runLesson(const Lesson &lesson, const sim::SimOptions &options = {});

/// `{"lesson", "title", "runs": [...], "figures": {...}, "steps": [{"title", "text"}]}`.
nlohmann::json lessonJson(const Lesson &lesson, const LessonResult &result);

/// Fills the placeholders of @p text from @p result (docs/lessons.md); UserError for one that
/// names an unknown run or key.
std::string fillNarrative(std::string_view text, const LessonResult &result);

} // namespace fabric::collective
