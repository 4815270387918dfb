// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "report.h"

#include "faultrun.h"

#include "model/units.h"

#include <charconv>
#include <cmath>
#include <ostream>
#include <type_traits>

namespace fabric::collective {
namespace {

/// A figure, or null when the run cannot give it (NaN, see Summary).
nlohmann::json numberOrNull(double v)
{
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}

const std::string &nodeName(const Fabric &f, NodeId id)
{
    static const std::string none;
    return f.hasNode(id) ? f.node(id).name : none;
}

nlohmann::json linkJson(const Fabric &f, DirLinkId d, const sim::LinkStats &s)
{
    return { { "id", linkOf(d) }, { "dir_link", d }, { "from", nodeName(f, f.from(d)) },
        { "to", nodeName(f, f.to(d)) }, { "capacity_gbps", f.link(linkOf(d)).capacityGbps },
        { "bytes", s.bytes }, { "peak_util", s.peakUtil }, { "mean_util", s.meanUtil },
        { "busy_s", s.busyS }, { "saturated_s", s.saturatedS }, { "peak_flows", s.peakFlows } };
}

/// Link ids in the order the path walks them from its source.
nlohmann::json pathJson(const sim::Path &p)
{
    nlohmann::json ids = nlohmann::json::array();
    for (DirLinkId d : p.links)
        ids.push_back(linkOf(d));
    return ids;
}

nlohmann::json flowJson(const Fabric &f, const sim::FlowSpec &spec, const sim::FlowResult &fr)
{
    nlohmann::json j = { { "src", nodeName(f, spec.src) }, { "dst", nodeName(f, spec.dst) },
        { "bytes", spec.bytes }, { "release_s", fr.releaseS }, { "start_s", fr.startS },
        { "finish_s", fr.finishS }, { "step", spec.step }, { "phase", spec.phase },
        { "path", spec.paths.empty() ? nlohmann::json::array() : pathJson(spec.paths.front()) } };
    if (spec.paths.size() > 1) {
        nlohmann::json paths = nlohmann::json::array();
        for (std::size_t p = 0; p < spec.paths.size(); ++p)
            paths.push_back({ { "links", pathJson(spec.paths[p]) },
                { "weight",
                    spec.split == sim::Split::Weighted && p < spec.weights.size() ? spec.weights[p]
                                                                                  : 0.0 } });
        j["paths"] = std::move(paths);
        j["split"] = spec.split == sim::Split::Adaptive ? "adaptive" : "weighted";
    }
    return j;
}

/// The shortest text that reads back to the same double (as the JSON writer does).
void writeNumber(std::ostream &out, double v)
{
    char buf[32];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    out.write(buf, ec == std::errc() ? end - buf : 0);
}

template<typename... Columns> void writeRow(std::ostream &out, const Columns &...columns)
{
    bool first = true;
    auto one = [&](const auto &c) {
        if (!first)
            out << ',';
        first = false;
        using T = std::decay_t<decltype(c)>;
        if constexpr (std::is_same_v<T, double>)
            writeNumber(out, c);
        else if constexpr (std::is_arithmetic_v<T>)
            out << c;
        else
            out << csvField(c);
    };
    (one(columns), ...);
    out << '\n';
}

} // namespace

nlohmann::json reportJson(const Fabric &f, const ScenarioRun &run, bool withFlows)
{
    const Expansion &e = run.expansion;
    const sim::SimResult &r = run.result;
    const Summary &s = run.summary;
    nlohmann::json j;
    j["scenario"] = run.scenario ? toJson(*run.scenario) : nlohmann::json(nullptr);
    j["ranks"] = e.ranks.size();
    j["bytes"] = numberOrNull(e.bytes);
    j["completion_s"] = s.completionS;
    j["algbw_GBps"] = numberOrNull(s.algbwGBps);
    j["busbw_GBps"] = numberOrNull(s.busbwGBps);
    j["busbw_factor"] = e.busbwFactor;
    j["ideal_s"] = numberOrNull(s.idealS);
    j["ideal_formula"] = e.ideal.formula;
    j["ideal_bound"] = e.ideal.bound;
    j["ideal_bound_detail"] = e.ideal.boundDetail;
    j["rank_order"] = e.rankOrder;
    j["ideal_bandwidth_GBps"] = units::bytesPerSecondToGBps(e.ideal.bandwidthBytesPerS);
    j["ideal_message_latency_s"] = e.ideal.messageLatencyS;
    j["of_ideal"] = numberOrNull(s.ofIdeal);
    j["fabric_bytes_per_rank"] = s.fabricBytesPerRank;
    j["flow_count"] = e.flowCount();
    j["simulated_flows"] = e.flows.size();
    j["symmetry"] = e.symmetry ? nlohmann::json { { "order", e.symmetry->orbits.order },
        { "translations", e.symmetry->text } }
                               : nlohmann::json();
    j["step_flows"] = e.stepFlows;
    j["aggregated"] = e.aggregated;
    j["chunks"] = e.chunks;
    j["note"] = e.note;
    j["cancelled"] = r.cancelled;
    const bool coarse = ranCoarse(run);
    j["fidelity"] = { { "mode", coarse ? "coarse" : "exact" },
        { "finish_window", coarse ? kCoarseFinishWindow : 0.0 },
        { "largest_early_finish_s", r.largestEarlyFinishS },
        { "completion_bound", coarse ? nlohmann::json(kCoarseCompletionBound) : nlohmann::json() },
        { "note", fidelityNote(run) } };
    j.update(faultReportJson(f, run));

    nlohmann::json bottlenecks = nlohmann::json::array();
    for (DirLinkId d : r.bottlenecks)
        bottlenecks.push_back(linkJson(f, d, r.links[std::size_t(d)]));
    j["bottlenecks"] = std::move(bottlenecks);
    j["bottleneck_count"] = r.bottleneckCount;

    nlohmann::json links = nlohmann::json::array();
    std::size_t idle = 0;
    for (std::size_t d = 0; d < r.links.size(); ++d) {
        if (!f.hasLink(linkOf(static_cast<DirLinkId>(d))))
            continue;
        if (r.links[d].bytes > 0)
            links.push_back(linkJson(f, static_cast<DirLinkId>(d), r.links[d]));
        else
            ++idle;
    }
    j["links"] = std::move(links);
    j["idle_links"] = idle;

    if (!e.sharpTree.empty()) {
        nlohmann::json tree = nlohmann::json::array();
        for (const auto &[child, parent] : e.sharpTree)
            tree.push_back({ nodeName(f, child), nodeName(f, parent) });
        j["sharp_tree"] = std::move(tree);
    }

    if (withFlows) {
        nlohmann::json flows = nlohmann::json::array();
        for (std::size_t i = 0; i < e.flows.size() && i < r.flows.size(); ++i)
            flows.push_back(flowJson(f, e.flows[i], r.flows[i]));
        j["flows"] = std::move(flows);
    }
    return j;
}

std::string reportText(const Fabric &fabric, const ScenarioRun &run, bool withFlows)
{
    return reportJson(fabric, run, withFlows).dump(2) + "\n";
}

std::string csvField(std::string_view text)
{
    if (text.find_first_of(",\"\r\n") == std::string_view::npos)
        return std::string(text);
    std::string quoted = "\"";
    for (const char c : text) {
        if (c == '"')
            quoted += '"';
        quoted += c;
    }
    return quoted + '"';
}

std::optional<std::vector<std::string>> csvFields(std::string_view line)
{
    std::vector<std::string> fields(1);
    bool quoted = false, wasQuoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        std::string &field = fields.back();
        if (quoted) {
            if (c != '"')
                field += c;
            else if (i + 1 < line.size() && line[i + 1] == '"')
                field += line[i++];
            else
                quoted = false;
        } else if (c == '"' && !wasQuoted && field.find_first_not_of(" \t") == std::string::npos) {
            field.clear(); // blanks before the quote are not part of the field
            quoted = wasQuoted = true;
        } else if (c == ',') {
            fields.emplace_back();
            wasQuoted = false;
        } else if (!wasQuoted || (c != ' ' && c != '\t')) {
            field += c;
        }
    }
    if (quoted)
        return std::nullopt;
    return fields;
}

void writeLinksCsv(std::ostream &out, const Fabric &f, const sim::SimResult &r)
{
    out << "id,from,to,capacity_gbps,bytes,peak_util,mean_util,busy_s,peak_flows,dir_link,"
           "saturated_s\n";
    for (std::size_t d = 0; d < r.links.size(); ++d) {
        const auto dl = static_cast<DirLinkId>(d);
        const sim::LinkStats &s = r.links[d];
        if (!f.hasLink(linkOf(dl)) || s.bytes <= 0)
            continue;
        writeRow(out, linkOf(dl), nodeName(f, f.from(dl)), nodeName(f, f.to(dl)),
            f.link(linkOf(dl)).capacityGbps, s.bytes, s.peakUtil, s.meanUtil, s.busyS,
            s.peakFlows, dl, s.saturatedS);
    }
}

void writeFlowsCsv(std::ostream &out, const Fabric &f, const ScenarioRun &run)
{
    out << "flow,src,dst,bytes,step,rank,release_s,start_s,finish_s,path_count\n";
    const std::vector<sim::FlowSpec> &flows = run.expansion.flows;
    for (std::size_t i = 0; i < flows.size() && i < run.result.flows.size(); ++i) {
        const sim::FlowSpec &spec = flows[i];
        const sim::FlowResult &fr = run.result.flows[i];
        writeRow(out, i, nodeName(f, spec.src), nodeName(f, spec.dst), spec.bytes, spec.step,
            spec.rank, fr.releaseS, fr.startS, fr.finishS, spec.paths.size());
    }
}

} // namespace fabric::collective
