// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "resultexport.h"

#include <cmath>

namespace fabric::views {

namespace {

nlohmann::json numberOrNull(double v)
{
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}

const std::string &nodeName(const Fabric *f, NodeId id)
{
    static const std::string none;
    return f && f->hasNode(id) ? f->node(id).name : none;
}

/// Ends of directed link @p d (from, to).
std::pair<NodeId, NodeId> ends(const Fabric &f, DirLinkId d)
{
    const Link &l = f.link(linkOf(d));
    return isForward(d) ? std::pair(l.a, l.b) : std::pair(l.b, l.a);
}

QByteArray csvField(const std::string &s)
{
    QByteArray b = QByteArray::fromStdString(s);
    if (b.contains(',') || b.contains('"') || b.contains('\n'))
        b = '"' + b.replace("\"", "\"\"") + '"';
    return b;
}

QByteArray num(double v)
{
    return QByteArray::number(v, 'g', 12);
}

} // namespace

nlohmann::json resultJson(const SimRun &run, bool withFlows)
{
    const sim::SimResult &r = run.result;
    nlohmann::json j;
    j["label"] = run.label.toStdString();
    if (!run.collective.isEmpty())
        j["collective"] = run.collective.toStdString();
    if (!run.algorithm.isEmpty())
        j["algorithm"] = run.algorithm.toStdString();
    if (!run.routing.isEmpty())
        j["routing"] = run.routing.toStdString();
    j["completion_s"] = r.completionS;
    j["cancelled"] = r.cancelled;
    j["bytes"] = numberOrNull(run.messageBytes);
    j["algbw_GBps"] = numberOrNull(run.algbwGBps);
    j["busbw_GBps"] = numberOrNull(run.busbwGBps);
    j["ideal_s"] = numberOrNull(run.idealS);
    j["bottlenecks"] = r.bottlenecks;
    nlohmann::json links = nlohmann::json::array();
    for (std::size_t d = 0; d < r.links.size(); ++d) {
        const sim::LinkStats &s = r.links[d];
        if (s.bytes <= 0 || !run.fabric || !run.fabric->hasLink(linkOf(DirLinkId(d))))
            continue;
        const auto [from, to] = ends(*run.fabric, DirLinkId(d));
        links.push_back({{"id", d},
                         {"link", linkOf(DirLinkId(d))},
                         {"from", nodeName(run.fabric, from)},
                         {"to", nodeName(run.fabric, to)},
                         {"capacity_gbps", run.fabric->link(linkOf(DirLinkId(d))).capacityGbps},
                         {"bytes", s.bytes},
                         {"busy_s", s.busyS},
                         {"peak_util", s.peakUtil},
                         {"mean_util", s.meanUtil},
                         {"peak_flows", s.peakFlows}});
    }
    j["links"] = std::move(links);
    if (withFlows) {
        nlohmann::json flows = nlohmann::json::array();
        for (std::size_t i = 0; i < run.flows.size() && i < r.flows.size(); ++i) {
            const sim::FlowSpec &f = run.flows[i];
            const sim::FlowResult &fr = r.flows[i];
            nlohmann::json path = nlohmann::json::array();
            if (!f.paths.empty())
                path = f.paths.front().links;
            flows.push_back({{"src", nodeName(run.fabric, f.src)},
                             {"dst", nodeName(run.fabric, f.dst)},
                             {"bytes", f.bytes},
                             {"release_s", fr.releaseS},
                             {"start_s", fr.startS},
                             {"finish_s", fr.finishS},
                             {"paths", f.paths.size()},
                             {"path", std::move(path)}});
        }
        j["flows"] = std::move(flows);
    }
    return j;
}

QByteArray linksCsv(const SimRun &run)
{
    QByteArray out = "dir_link,link,from,to,capacity_gbps,bytes,busy_s,saturated_s,peak_util,"
                     "mean_util,peak_flows\n";
    const sim::SimResult &r = run.result;
    for (std::size_t d = 0; d < r.links.size(); ++d) {
        const sim::LinkStats &s = r.links[d];
        if (s.bytes <= 0 || !run.fabric || !run.fabric->hasLink(linkOf(DirLinkId(d))))
            continue;
        const auto [from, to] = ends(*run.fabric, DirLinkId(d));
        out += QByteArray::number(qulonglong(d)) + ',' + QByteArray::number(linkOf(DirLinkId(d)))
            + ',' + csvField(nodeName(run.fabric, from)) + ','
            + csvField(nodeName(run.fabric, to)) + ','
            + num(run.fabric->link(linkOf(DirLinkId(d))).capacityGbps) + ',' + num(s.bytes) + ','
            + num(s.busyS) + ',' + num(s.saturatedS) + ',' + num(s.peakUtil) + ','
            + num(s.meanUtil) + ',' + QByteArray::number(s.peakFlows) + '\n';
    }
    return out;
}

QByteArray flowsCsv(const SimRun &run)
{
    QByteArray out = "flow,src,dst,bytes,step,rank,release_s,start_s,finish_s,paths\n";
    const sim::SimResult &r = run.result;
    for (std::size_t i = 0; i < run.flows.size() && i < r.flows.size(); ++i) {
        const sim::FlowSpec &f = run.flows[i];
        const sim::FlowResult &fr = r.flows[i];
        out += QByteArray::number(qulonglong(i)) + ',' + csvField(nodeName(run.fabric, f.src))
            + ',' + csvField(nodeName(run.fabric, f.dst)) + ',' + num(f.bytes) + ','
            + QByteArray::number(f.step) + ',' + QByteArray::number(f.rank) + ','
            + num(fr.releaseS) + ',' + num(fr.startS) + ',' + num(fr.finishS) + ','
            + QByteArray::number(qulonglong(f.paths.size())) + '\n';
    }
    return out;
}

} // namespace fabric::views
