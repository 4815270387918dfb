// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "metrics.h"

#include "metricsdetail.h"
#include "tierinference.h"

#include <optional>
#include <set>

namespace fabric::metrics {
namespace {

int effectiveTier(const Node &n)
{
    if (n.hints.tier >= 0)
        return n.hints.tier;
    if (n.kind == NodeKind::Gpu)
        return 0;
    if (n.kind == NodeKind::Host)
        return 1;
    return -1;
}

} // namespace

std::vector<TierSummary> tierSummaries(const Fabric &fabric)
{
    std::map<int, TierSummary> byTier;
    std::map<int, std::set<std::string>> roles;
    fabric.forEachNode([&](const Node &n) {
        if (n.kind != NodeKind::Switch)
            return;
        const int tier = n.hints.tier >= 0 ? n.hints.tier : -1;
        TierSummary &t = byTier[tier];
        t.tier = tier;
        ++t.switches;
        roles[tier].insert(std::string(toString(n.role)));
        if (tier < 0)
            return;
        for (LinkId id : fabric.linksOf(n.id)) {
            const Link &l = fabric.link(id);
            const int other = effectiveTier(fabric.node(l.other(n.id)));
            if (other < 0 || other == tier)
                continue;
            (other < tier ? t.downGbps : t.upGbps) += l.capacityGbps;
        }
    });
    std::vector<TierSummary> out;
    for (auto &[tier, t] : byTier) {
        for (const std::string &role : roles[tier])
            t.role += (t.role.empty() ? "" : "/") + role;
        t.oversubscription = t.upGbps > 0 ? t.downGbps / t.upGbps : 0.0;
        out.push_back(t);
    }
    return out;
}

FabricMetrics computeCounts(const Fabric &given)
{
    // Switches without a tier (a NetworkX GraphML file, a hand-written one) are counted with the
    // tier and role their links imply, as Tools > Arrange draws them; otherwise they all read
    // "tier -1, none" with nothing below or above them.
    bool untiered = false;
    given.forEachNode([&](const Node &n) {
        untiered = untiered || (n.kind == NodeKind::Switch && n.hints.tier < 0);
    });
    std::optional<Fabric> inferred;
    if (untiered) {
        inferred.emplace(given);
        inferSwitchTiers(*inferred);
    }
    const Fabric &fabric = inferred ? *inferred : given;
    FabricMetrics m;
    fabric.forEachNode([&](const Node &n) {
        switch (n.kind) {
        case NodeKind::Gpu:
            ++(n.standby ? m.standbyChips : m.endpoints);
            break;
        case NodeKind::Host:
            ++m.hosts;
            break;
        case NodeKind::Switch:
            ++m.switches;
            ++m.switchesByRole[std::string(toString(n.role))];
            break;
        case NodeKind::Ocs:
            ++m.ocs;
            break;
        }
    });
    fabric.forEachLink([&](const Link &l) {
        ++m.links;
        ++m.linksByMedium[std::string(toString(l.medium))];
        m.totalCapacityGbps += l.capacityGbps;
    });
    m.tiers = tierSummaries(fabric);
    return m;
}

FabricMetrics computeMetrics(const Fabric &fabric, const Progress &progress)
{
    using detail::subProgress;
    FabricMetrics m = computeCounts(fabric);
    detail::checkCancelled(progress);
    detail::reportProgress(progress, 0, 1, 0.05);
    const ForwardingGraph graph(fabric);
    detail::reportProgress(progress, 0, 1, 0.1);
    // The diameter takes about twice as long as the bisection on the large fabrics.
    m.diameterHops = detail::diameterHops(graph, subProgress(progress, 0.1, 0.7));
    m.bisectionGbps = detail::bisectionGbps(graph, subProgress(progress, 0.7, 1.0));
    detail::reportProgress(progress, 0, 1, 1.0);
    return m;
}

} // namespace fabric::metrics
