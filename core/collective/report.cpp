// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "report.h"

#include "model/units.h"

#include <ostream>
#include <unordered_set>

namespace fabric::collective {
namespace {

std::pair<NodeId, NodeId> ends(const Fabric &f, DirLinkId d)
{
    const Link &l = f.link(linkOf(d));
    return isForward(d) ? std::pair { l.a, l.b } : std::pair { l.b, l.a };
}

nlohmann::json linkJson(const Fabric &f, DirLinkId d, const sim::LinkStats &s)
{
    const auto [from, to] = ends(f, d);
    return { { "id", linkOf(d) }, { "from", f.node(from).name }, { "to", f.node(to).name },
        { "capacity_gbps", f.link(linkOf(d)).capacityGbps }, { "bytes", s.bytes },
        { "peak_util", s.peakUtil }, { "mean_util", s.meanUtil }, { "busy_s", s.busyS },
        { "peak_flows", s.peakFlows } };
}

nlohmann::json pathJson(const sim::Path &p)
{
    nlohmann::json ids = nlohmann::json::array();
    for (DirLinkId d : p.links)
        ids.push_back(linkOf(d));
    return ids;
}

} // namespace

std::string describeDirLink(const Fabric &f, DirLinkId d)
{
    const auto [from, to] = ends(f, d);
    return f.node(from).name + " -> " + f.node(to).name + " (link " + std::to_string(linkOf(d))
        + ")";
}

Summary summarize(const Fabric &fabric, const Expansion &e, const sim::SimResult &r)
{
    Summary s;
    s.completionS = r.completionS;
    s.idealS = e.ideal.timeS;
    if (r.completionS > 0) {
        s.algbwGBps = units::bytesPerSecondToGBps(e.bytes / r.completionS);
        s.busbwGBps = s.algbwGBps * e.busbwFactor;
        s.ofIdeal = e.ideal.timeS / r.completionS;
    }
    if (!r.bottlenecks.empty())
        s.bottleneck = r.bottlenecks.front();
    // Bytes the ranks put on fabric links (their first hop unless it is NVLink).
    std::unordered_set<NodeId> ranks(e.ranks.begin(), e.ranks.end());
    double fabricBytes = 0;
    for (std::size_t d = 0; d < r.links.size(); ++d) {
        const auto dl = static_cast<DirLinkId>(d);
        if (r.links[d].bytes <= 0 || !fabric.hasLink(linkOf(dl))
            || fabric.link(linkOf(dl)).medium == Medium::NvLink)
            continue;
        if (ranks.count(ends(fabric, dl).first))
            fabricBytes += r.links[d].bytes;
    }
    if (!e.ranks.empty())
        s.fabricBytesPerRank = fabricBytes / double(e.ranks.size());
    return s;
}

nlohmann::json reportJson(const Fabric &f, const Scenario &scenario, const Expansion &e,
    const sim::SimResult &r, bool withFlows)
{
    const Summary s = summarize(f, e, r);
    nlohmann::json j;
    j["scenario"] = toJson(scenario);
    j["ranks"] = e.ranks.size();
    j["bytes"] = e.bytes;
    j["completion_s"] = s.completionS;
    j["algbw_GBps"] = s.algbwGBps;
    j["busbw_GBps"] = s.busbwGBps;
    j["busbw_factor"] = e.busbwFactor;
    j["ideal_s"] = s.idealS;
    j["ideal_formula"] = e.ideal.formula;
    j["ideal_bound"] = e.ideal.bound;
    j["ideal_bound_detail"] = e.ideal.boundDetail;
    j["rank_order"] = e.rankOrder;
    j["ideal_bandwidth_GBps"] = units::bytesPerSecondToGBps(e.ideal.bandwidthBytesPerS);
    j["ideal_message_latency_s"] = e.ideal.messageLatencyS;
    j["of_ideal"] = s.ofIdeal;
    j["fabric_bytes_per_rank"] = s.fabricBytesPerRank;
    j["flow_count"] = e.flows.size();
    j["step_flows"] = e.stepFlows;
    j["aggregated"] = e.aggregated;
    j["chunks"] = e.chunks;
    j["note"] = e.note;
    j["cancelled"] = r.cancelled;

    nlohmann::json bottlenecks = nlohmann::json::array();
    for (DirLinkId d : r.bottlenecks)
        bottlenecks.push_back(linkJson(f, d, r.links[std::size_t(d)]));
    j["bottlenecks"] = std::move(bottlenecks);

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
            tree.push_back({ f.node(child).name, f.node(parent).name });
        j["sharp_tree"] = std::move(tree);
    }

    if (withFlows) {
        nlohmann::json flows = nlohmann::json::array();
        for (std::size_t i = 0; i < e.flows.size(); ++i) {
            const sim::FlowSpec &spec = e.flows[i];
            const sim::FlowResult &fr = r.flows[i];
            nlohmann::json fj = { { "src", f.node(spec.src).name },
                { "dst", f.node(spec.dst).name }, { "bytes", spec.bytes },
                { "release_s", fr.releaseS }, { "start_s", fr.startS }, { "finish_s", fr.finishS },
                { "step", spec.step }, { "phase", spec.phase },
                { "path",
                    spec.paths.empty() ? nlohmann::json::array() : pathJson(spec.paths.front()) } };
            if (spec.paths.size() > 1) {
                nlohmann::json paths = nlohmann::json::array();
                for (std::size_t p = 0; p < spec.paths.size(); ++p)
                    paths.push_back({ { "links", pathJson(spec.paths[p]) },
                        { "weight", p < spec.weights.size() ? spec.weights[p] : 0.0 } });
                fj["paths"] = std::move(paths);
                fj["split"] = spec.split == sim::Split::Adaptive ? "adaptive" : "weighted";
            }
            flows.push_back(std::move(fj));
        }
        j["flows"] = std::move(flows);
    }
    return j;
}

void writeLinksCsv(std::ostream &out, const Fabric &f, const sim::SimResult &r)
{
    out << "id,from,to,capacity_gbps,bytes,peak_util,mean_util,busy_s,peak_flows\n";
    for (std::size_t d = 0; d < r.links.size(); ++d) {
        const auto dl = static_cast<DirLinkId>(d);
        if (!f.hasLink(linkOf(dl)) || r.links[d].bytes <= 0)
            continue;
        const auto [from, to] = ends(f, dl);
        const sim::LinkStats &s = r.links[d];
        out << linkOf(dl) << ',' << f.node(from).name << ',' << f.node(to).name << ','
            << f.link(linkOf(dl)).capacityGbps << ',' << s.bytes << ',' << s.peakUtil << ','
            << s.meanUtil << ',' << s.busyS << ',' << s.peakFlows << '\n';
    }
}

} // namespace fabric::collective
