// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson.h"

#include "model/metrics.h"

#include "generators/registry.h"
#include "io/common/inputfile.h"
#include "io/fabricfile.h"
#include "io/native/boundedjson.h"
#include "model/error.h"
#include "model/units.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <map>
#include <set>

namespace fabric::collective {

namespace {

[[noreturn]] void fail(std::string_view lesson, const std::string &what)
{
    throw UserError("lesson " + std::string(lesson) + ": " + what);
}

std::string stringAt(const nlohmann::json &j, const char *key, std::string_view lesson,
                     const std::string &where, bool required = false)
{
    if (!j.contains(key)) {
        if (required)
            fail(lesson, where + "'" + key + "' is missing");
        return {};
    }
    if (!j.at(key).is_string())
        fail(lesson, where + "'" + key + "' must be a string");
    return j.at(key).get<std::string>();
}

/// A fabric object: {"family", "params"} or {"file"}; @p base fills a scenario's variant that
/// gives only "params" (merged over the lesson's).
LessonFabric fabricFrom(const nlohmann::json &j, std::string_view lesson, const std::string &where,
                        const std::filesystem::path &folder, const LessonFabric *base)
{
    if (!j.is_object())
        fail(lesson, where + "'fabric' must be an object");
    for (const auto &[key, value] : j.items())
        if (key != "family" && key != "params" && key != "file")
            fail(lesson, where + "'fabric' has an unknown key '" + key
                             + "' (family, params or file)");
    LessonFabric f;
    if (j.contains("file")) {
        if (j.contains("family") || j.contains("params"))
            fail(lesson, where + "'fabric' gives a file or a family with params, not both");
        const std::filesystem::path file = stringAt(j, "file", lesson, where + "fabric: ");
        f.file = file.is_absolute() ? file : folder / file;
        return f;
    }
    if (j.contains("params") && !j.at("params").is_object())
        fail(lesson, where + "'fabric.params' must be an object");
    if (j.contains("family")) {
        f.family = stringAt(j, "family", lesson, where + "fabric: ");
    } else if (base && base->file.empty()) {
        f.family = base->family;
        f.params = base->params;
    } else {
        fail(lesson, where + "'fabric' needs a family (or a file)");
    }
    if (!gen::findFamily(f.family))
        fail(lesson, where + "unknown generator family '" + f.family + "'");
    if (j.contains("params"))
        f.params.merge_patch(j.at("params"));
    try {
        gen::resolveParams(*gen::findFamily(f.family), f.params);
    } catch (const UserError &e) {
        fail(lesson, where + "fabric: " + e.what());
    }
    return f;
}

/// A run entry's value as the narrative prints it: times with units, ratios as percentages.
std::string formatValue(const std::string &key, const nlohmann::json &v)
{
    if (v.is_string())
        return v.get<std::string>();
    if (v.is_null())
        return "unknown";
    if (!v.is_number())
        return v.dump();
    const double x = v.get<double>();
    if (key.ends_with("_s"))
        return units::formatSeconds(x);
    if (key.ends_with("_GBps"))
        return units::formatGBps(x);
    if (key.ends_with("_gbps"))
        return units::formatGbps(x);
    if (key == "of_ideal")
        return units::formatFixed(100.0 * x, 0) + "%";
    if (key == "bytes")
        return units::formatBytes(x);
    // Counts print whole; an expectation to one decimal.
    return units::formatDecimal(x, std::floor(x) == x ? 0 : 1);
}

nlohmann::json finiteOrNull(double v)
{
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}

/// The directed link the run loaded most: the bottleneck, else the one with the highest mean
/// utilisation; nullopt when no link carried a byte.
std::optional<DirLinkId> hottestLink(const ScenarioRun &run)
{
    if (run.summary.bottleneck)
        return run.summary.bottleneck;
    std::optional<DirLinkId> best;
    for (std::size_t d = 0; d < run.result.links.size(); ++d)
        if (run.result.links[d].bytes > 0
            && (!best || run.result.links[d].meanUtil > run.result.links[std::size_t(*best)].meanUtil))
            best = DirLinkId(d);
    return best;
}

/**
 * Per switch tier, the directed uplinks (from a switch to a switch of a higher tier): how many,
 * how many carried nothing, how many carried two flows or more at once, the most flows one
 * carried, and the histogram of flows per link beside what hashing the same flows onto the
 * links at random would leave idle (balls into bins: L (1 - 1/L)^F for F flows on L links).
 * Keyed by the lower switch's role ("leaf", "spine"). What polarisation is about: idle links
 * beside collided ones, more than chance explains.
 */
nlohmann::json uplinksByTier(const Fabric &fabric, const ScenarioRun &run)
{
    struct Tier
    {
        int links = 0, idle = 0, collided = 0, maxFlows = 0;
        long long flows = 0;
        std::vector<int> histogram; ///< [k] = links that carried k flows at once at most.
    };
    std::map<std::string, Tier> tiers;
    fabric.forEachLink([&](const Link &l) {
        for (const bool fromA : { true, false }) {
            const Node &from = fabric.node(fromA ? l.a : l.b);
            const Node &to = fabric.node(fromA ? l.b : l.a);
            if (from.kind != NodeKind::Switch || to.kind != NodeKind::Switch
                || to.hints.tier <= from.hints.tier)
                continue;
            const std::size_t d = std::size_t(dirLink(l.id, fromA));
            if (d >= run.result.links.size())
                continue;
            const sim::LinkStats &stats = run.result.links[d];
            Tier &t = tiers[std::string(toString(from.role))];
            const int flows = stats.bytes > 0 ? std::max(1, int(stats.peakFlows)) : 0;
            ++t.links;
            t.idle += flows == 0;
            t.collided += flows >= 2;
            t.maxFlows = std::max(t.maxFlows, flows);
            t.flows += flows;
            if (int(t.histogram.size()) <= flows)
                t.histogram.resize(std::size_t(flows) + 1, 0);
            ++t.histogram[std::size_t(flows)];
        }
    });
    nlohmann::json out = nlohmann::json::object();
    for (const auto &[role, t] : tiers)
        out[role] = { { "links", t.links }, { "idle", t.idle }, { "collided", t.collided },
            { "max_flows", t.maxFlows }, { "flows", t.flows }, { "histogram", t.histogram },
            { "expected_idle",
                t.links * std::pow(1.0 - 1.0 / t.links, double(t.flows)) } };
    return out;
}

/// The value at a dotted @p key ("completion_s", "uplinks.spine.idle") of @p entry, or null.
const nlohmann::json *lookup(const nlohmann::json &entry, const std::string &key)
{
    const nlohmann::json *v = &entry;
    std::size_t start = 0;
    while (true) {
        const std::size_t dot = key.find('.', start);
        const std::string part = key.substr(start, dot == std::string::npos ? dot : dot - start);
        if (!v->is_object() || !v->contains(part))
            return nullptr;
        v = &v->at(part);
        if (dot == std::string::npos)
            return v;
        start = dot + 1;
    }
}

/// Each switch role's oversubscription as built, {"spine": {"oversubscription": 6.4}}: a
/// generator rounds up to whole links, so its parameter need not be the ratio a lesson shows.
nlohmann::json oversubscriptionByTier(const Fabric &fabric)
{
    nlohmann::json tiers = nlohmann::json::object();
    for (const metrics::TierSummary &t : metrics::tierSummaries(fabric))
        if (t.upGbps > 0 && !t.role.empty())
            tiers[t.role] = { { "oversubscription", t.oversubscription } };
    return tiers;
}

nlohmann::json runEntry(const Fabric &fabric, const LessonScenario &ls, const ScenarioRun &run)
{
    const Scenario &s = ls.scenario;
    const std::optional<DirLinkId> hottest = hottestLink(run);
    std::string fabricTitle;
    if (fabric.metadata().is_object() && fabric.metadata().contains("title")
        && fabric.metadata()["title"].is_string())
        fabricTitle = fabric.metadata()["title"].get<std::string>();
    return {
        { "id", ls.id },
        { "label", ls.label },
        { "collective", toString(s.collective) },
        { "algorithm", toString(s.algorithm) },
        { "routing", route::toString(s.routing) },
        { "placement", toString(s.placement) },
        { "ranks", run.expansion.ranks.size() },
        { "bytes", s.bytes },
        { "fabric", fabricTitle },
        { "gpus", fabric.endpoints().size() },
        { "params", fabric.generator().params },
        { "completion_s", run.summary.completionS },
        { "ideal_s", finiteOrNull(run.summary.idealS) },
        { "of_ideal", finiteOrNull(run.summary.ofIdeal) },
        { "algbw_GBps", finiteOrNull(run.summary.algbwGBps) },
        { "busbw_GBps", finiteOrNull(run.summary.busbwGBps) },
        { "hottest_link", hottest ? fabric.name(*hottest) : std::string() },
        { "hottest_link_flows", hottest ? run.result.links[std::size_t(*hottest)].peakFlows : 0 },
        { "hottest_link_gbps",
            hottest ? run.result.links[std::size_t(*hottest)].capacityBytesPerS * 8.0 / 1e9 : 0.0 },
        { "uplinks", uplinksByTier(fabric, run) },
        { "tiers", oversubscriptionByTier(fabric) },
    };
}

/// Calls @p f(placeholder) for every {...} of @p text and returns the text with each replaced.
template <typename F> std::string replacePlaceholders(std::string_view text, F &&f)
{
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t open = text.find('{', i);
        if (open == std::string_view::npos) {
            out += text.substr(i);
            break;
        }
        const std::size_t close = text.find('}', open);
        if (close == std::string_view::npos) {
            out += text.substr(i);
            break;
        }
        out += text.substr(i, open - i);
        out += f(std::string(text.substr(open + 1, close - open - 1)));
        i = close + 1;
    }
    return out;
}

/// Checks that @p placeholder names runs of @p ids (the keys are checked when filled).
void checkPlaceholder(const std::string &p, const std::set<std::string> &ids,
                      std::string_view lesson, const std::string &where)
{
    const auto slash = p.find('/');
    if (slash != std::string::npos) {
        for (const std::string &id : { p.substr(0, slash), p.substr(slash + 1) })
            if (!ids.contains(id))
                fail(lesson, where + "{" + p + "} names no run '" + id + "'");
        return;
    }
    const auto dot = p.find('.');
    if (dot == std::string::npos || !ids.contains(p.substr(0, dot)))
        fail(lesson, where + "{" + p + "} must be {RUN.KEY} or {RUN/RUN} with a run id of the "
                             "lesson");
}

} // namespace

std::string LessonFabric::key() const
{
    if (!file.empty())
        return "file:" + file.string();
    return family + ":" + params.dump();
}

Lesson lessonFromJson(const nlohmann::json &j, std::string_view name,
                      const std::filesystem::path &folder)
{
    if (!j.is_object())
        fail(name, "expected a JSON object");
    static const std::set<std::string> known = { "lesson", "title", "summary", "order", "fabric",
        "scenarios", "figures", "steps", "camera", "panel", "open_on", "annotations" };
    for (const auto &[key, value] : j.items())
        if (!known.contains(key))
            fail(name, "unknown key '" + key + "'");
    Lesson l;
    l.name = std::string(name);
    const std::string declared = stringAt(j, "lesson", name, "");
    if (!declared.empty() && declared != l.name)
        fail(name, "its 'lesson' key says '" + declared + "': a lesson is named by its file");
    l.title = stringAt(j, "title", name, "", true);
    l.summary = stringAt(j, "summary", name, "", true);
    if (j.contains("order")) {
        if (!j.at("order").is_number_integer())
            fail(name, "'order' must be a whole number");
        l.order = j.at("order").get<int>();
    }
    if (!j.contains("fabric"))
        fail(name, "'fabric' is missing");
    l.fabric = fabricFrom(j.at("fabric"), name, "", folder, nullptr);

    if (!j.contains("scenarios") || !j.at("scenarios").is_array() || j.at("scenarios").empty())
        fail(name, "'scenarios' must be a non-empty array");
    std::set<std::string> ids;
    for (std::size_t i = 0; i < j.at("scenarios").size(); ++i) {
        const nlohmann::json &sj = j.at("scenarios")[i];
        const std::string where = "scenarios[" + std::to_string(i) + "]: ";
        if (!sj.is_object())
            fail(name, where + "expected an object");
        LessonScenario ls;
        ls.id = stringAt(sj, "id", name, where, true);
        ls.label = stringAt(sj, "label", name, where, true);
        if (ls.id.empty() || ls.id.find_first_of("{}./ ") != std::string::npos)
            fail(name, where + "'id' must be a word without {}./ or spaces");
        if (!ids.insert(ls.id).second)
            fail(name, where + "id '" + ls.id + "' is used twice");
        nlohmann::json scenario = nlohmann::json::object();
        for (const auto &[key, value] : sj.items()) {
            if (key == "id" || key == "label" || key == "fabric")
                continue;
            if (!scenarioKeys().contains(key))
                fail(name, where + "unknown scenario key '" + key + "'");
            scenario[key] = value;
        }
        try {
            ls.scenario = scenarioFromJson(scenario);
        } catch (const UserError &e) {
            fail(name, where + e.what());
        }
        if (sj.contains("fabric")) {
            ls.fabric = fabricFrom(sj.at("fabric"), name, where, folder, &l.fabric);
            ls.ownFabric = ls.fabric.key() != l.fabric.key();
        } else {
            ls.fabric = l.fabric;
        }
        l.scenarios.push_back(std::move(ls));
    }

    if (j.contains("figures")) {
        if (!j.at("figures").is_object())
            fail(name, "'figures' must be an object of \"NAME\": \"RUN.KEY\"");
        for (const auto &[key, value] : j.at("figures").items()) {
            if (!value.is_string())
                fail(name, "figures." + key + " must be a string \"RUN.KEY\"");
            const std::string ref = value.get<std::string>();
            checkPlaceholder(ref, ids, name, "figures." + key + ": ");
            if (ref.find('/') != std::string::npos)
                fail(name, "figures." + key + " must be \"RUN.KEY\", not a ratio");
            l.figures.emplace_back(key, ref);
        }
    }
    if (!j.contains("steps") || !j.at("steps").is_array() || j.at("steps").empty())
        fail(name, "'steps' must be a non-empty array");
    for (std::size_t i = 0; i < j.at("steps").size(); ++i) {
        const nlohmann::json &st = j.at("steps")[i];
        const std::string where = "steps[" + std::to_string(i) + "]: ";
        if (!st.is_object())
            fail(name, where + "expected an object");
        LessonStep step;
        step.title = stringAt(st, "title", name, where, true);
        step.text = stringAt(st, "text", name, where, true);
        step.show = stringAt(st, "show", name, where);
        if (!step.show.empty() && !ids.contains(step.show))
            fail(name, where + "'show' names no run '" + step.show + "'");
        if (st.contains("picture")) {
            step.picture = stringAt(st, "picture", name, where);
            if (step.picture != "fabric" && step.picture != "heatmap")
                fail(name, where + "'picture' must be \"fabric\" or \"heatmap\"");
        }
        replacePlaceholders(step.text, [&](const std::string &p) {
            checkPlaceholder(p, ids, name, where);
            return std::string();
        });
        l.steps.push_back(std::move(step));
    }
    if (j.contains("camera")) {
        l.camera = stringAt(j, "camera", name, "");
        if (l.camera != "fit" && l.camera != "selection")
            fail(name, "'camera' must be \"fit\" or \"selection\"");
    }
    if (j.contains("panel")) {
        l.panel = stringAt(j, "panel", name, "");
        if (l.panel != "explain" && l.panel != "heatmap" && l.panel != "charts"
            && l.panel != "compare")
            fail(name, "'panel' must be \"explain\", \"heatmap\", \"charts\" or \"compare\"");
    }
    if (j.contains("open_on")) {
        l.openOn = stringAt(j, "open_on", name, "");
        if (!ids.contains(l.openOn))
            fail(name, "'open_on' names no run '" + l.openOn + "'");
    }
    if (j.contains("annotations")) {
        if (!j.at("annotations").is_array())
            fail(name, "'annotations' must be an array");
        for (const nlohmann::json &a : j.at("annotations")) {
            if (!a.is_object() || !a.contains("nodes") || !a.at("nodes").is_array())
                fail(name, "an annotation is {\"nodes\": [NAME, ...], \"note\": TEXT}");
            LessonAnnotation ann;
            for (const nlohmann::json &n : a.at("nodes")) {
                if (!n.is_string())
                    fail(name, "annotation nodes must be node names");
                ann.nodes.push_back(n.get<std::string>());
            }
            for (const auto &[key, value] : a.items())
                if (key != "nodes" && key != "note" && key != "links")
                    fail(name, "annotation: unknown key '" + key + "'");
            ann.note = stringAt(a, "note", name, "annotation: ");
            if (a.contains("links")) {
                const std::string links = stringAt(a, "links", name, "annotation: ");
                if (links == "between")
                    ann.links = LessonAnnotation::Links::Between;
                else if (links == "of")
                    ann.links = LessonAnnotation::Links::Of;
                else
                    fail(name, "annotation: 'links' must be \"between\" or \"of\"");
            }
            l.annotations.push_back(std::move(ann));
        }
    }
    return l;
}

Lesson parseLesson(std::string_view text, std::string_view name,
                   const std::filesystem::path &folder)
{
    return lessonFromJson(io::parseBoundedJson(text, "lesson " + std::string(name)), name,
                          folder);
}

Lesson loadLesson(const std::filesystem::path &file)
{
    std::string name = file.filename().string();
    const std::string suffix = ".lesson.json";
    if (!name.ends_with(suffix))
        throw UserError(file.string() + ": a lesson file is named NAME.lesson.json");
    name.resize(name.size() - suffix.size());
    // A lesson is a few kilobytes of JSON; its fabrics are files of their own.
    constexpr std::uintmax_t kMaxLessonBytes = 16ull * 1024 * 1024;
    const std::string text = io::readInputText(file, "", kMaxLessonBytes);
    // Errors name the file the user gave, not only the lesson's name.
    return lessonFromJson(io::parseBoundedJson(text, file.string()), name, file.parent_path());
}

const LessonRun *LessonResult::run(std::string_view id) const
{
    for (const LessonRun &r : runs)
        if (r.id == id)
            return &r;
    return nullptr;
}

LessonResult runLesson(const Lesson &lesson, const sim::SimOptions &options)
{
    std::map<std::string, std::shared_ptr<const Fabric>> fabrics;
    auto fabricFor = [&](const LessonFabric &spec) {
        auto &slot = fabrics[spec.key()];
        if (!slot)
            slot = std::make_shared<const Fabric>(
                spec.file.empty() ? gen::generate(spec.family, spec.params)
                                  : io::loadFabric(spec.file));
        return slot;
    };
    LessonResult result;
    result.lesson = lesson.name;
    result.fabric = fabricFor(lesson.fabric);
    for (const LessonAnnotation &a : lesson.annotations)
        for (const std::string &node : a.nodes)
            if (result.fabric->findNode(node) == kNoNode)
                fail(lesson.name, "an annotation names no node '" + node
                                      + "' of the lesson's fabric");
    for (const LessonScenario &ls : lesson.scenarios) {
        LessonRun r;
        r.id = ls.id;
        r.label = ls.label;
        r.fabric = fabricFor(ls.fabric);
        r.onLessonFabric = r.fabric == result.fabric;
        try {
            r.run = runScenario(*r.fabric, ls.scenario, options);
        } catch (const UserError &e) {
            fail(lesson.name, "run '" + ls.id + "': " + e.what());
        }
        r.entry = runEntry(*r.fabric, ls, r.run);
        result.runs.push_back(std::move(r));
    }
    for (const auto &[figure, ref] : lesson.figures) {
        const auto dot = ref.find('.');
        const LessonRun *r = result.run(ref.substr(0, dot));
        const std::string key = ref.substr(dot + 1);
        const nlohmann::json *v = r ? lookup(r->entry, key) : nullptr;
        if (!v)
            fail(lesson.name, "figures." + figure + ": a run has no key '" + key + "'");
        result.figures[figure] = *v;
    }
    for (const LessonStep &step : lesson.steps)
        result.stepTexts.push_back(fillNarrative(step.text, result));
    return result;
}

std::string fillNarrative(std::string_view text, const LessonResult &result)
{
    return replacePlaceholders(text, [&](const std::string &p) -> std::string {
        const auto slash = p.find('/');
        if (slash != std::string::npos) {
            const LessonRun *a = result.run(p.substr(0, slash));
            const LessonRun *b = result.run(p.substr(slash + 1));
            if (!a || !b)
                fail(result.lesson, "{" + p + "} names an unknown run");
            const double ratio = a->run.summary.completionS / b->run.summary.completionS;
            return std::isfinite(ratio) ? units::formatDecimal(ratio, 2) + "x" : "unknown";
        }
        const auto dot = p.find('.');
        const LessonRun *r = dot == std::string::npos ? nullptr : result.run(p.substr(0, dot));
        const std::string key = dot == std::string::npos ? std::string() : p.substr(dot + 1);
        const nlohmann::json *v = r ? lookup(r->entry, key) : nullptr;
        if (!v)
            fail(result.lesson, "{" + p + "} names no run and key of its runs");
        // Formatted by the last part of the key: "uplinks.spine.idle" is a count.
        return formatValue(key.substr(key.rfind('.') + 1), *v);
    });
}

nlohmann::json lessonJson(const Lesson &lesson, const LessonResult &result)
{
    nlohmann::json runs = nlohmann::json::array();
    for (const LessonRun &r : result.runs)
        runs.push_back(r.entry);
    nlohmann::json steps = nlohmann::json::array();
    for (std::size_t i = 0; i < lesson.steps.size(); ++i)
        steps.push_back({ { "title", lesson.steps[i].title },
            { "text", i < result.stepTexts.size() ? result.stepTexts[i] : std::string() } });
    return { { "lesson", lesson.name }, { "title", lesson.title }, { "runs", runs },
        { "figures", result.figures }, { "steps", steps } };
}

} // namespace fabric::collective
