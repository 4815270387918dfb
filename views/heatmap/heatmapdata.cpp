// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmapdata.h"

#include "common/plural.h"
#include "common/qtstrings.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace fabric::views {

namespace {

/// Rank of a tier for ordering rows bottom-up: GPUs first, core last.
int tierRank(const Node &n)
{
    switch (n.kind) {
    case NodeKind::Gpu: return 0;
    case NodeKind::Host: return 1;
    case NodeKind::Ocs: return 6;
    case NodeKind::Switch: break;
    }
    switch (n.role) {
    case SwitchRole::Leaf: return 2;
    case SwitchRole::Spine: return 3;
    case SwitchRole::Core: return 4;
    case SwitchRole::Router: return 5;
    case SwitchRole::None: break;
    }
    return 2 + std::max(0, n.hints.tier - 2);
}

} // namespace

QString tierName(const Node &node)
{
    switch (node.kind) {
    case NodeKind::Gpu: return node.forwards ? QStringLiteral("chip") : QStringLiteral("GPU");
    case NodeKind::Host: return QStringLiteral("host");
    case NodeKind::Ocs: return QStringLiteral("OCS");
    case NodeKind::Switch: break;
    }
    switch (node.role) {
    case SwitchRole::Leaf: return QStringLiteral("leaf");
    case SwitchRole::Spine: return QStringLiteral("spine");
    case SwitchRole::Core: return QStringLiteral("core");
    case SwitchRole::Router: return QStringLiteral("router");
    case SwitchRole::None: break;
    }
    return QStringLiteral("switch");
}

HeatmapData HeatmapData::build(const Fabric &fabric, const sim::SimResult &result, int bins,
                               int maxRows)
{
    HeatmapData h;
    h.mFabric = &fabric;
    h.mBins = std::max(1, bins);
    h.mEndS = result.cancelled ? result.cancelledAtS : result.completionS;

    // Group directed links by (lower tier, upper tier, direction, plane).
    using Key = std::tuple<int, int, int, int>; // min rank, max rank, down?, plane
    std::map<Key, std::vector<DirLinkId>> groups;
    std::map<Key, bool> used;
    fabric.forEachLink([&](const Link &l) {
        for (const bool fromA : {true, false}) {
            const DirLinkId d = dirLink(l.id, fromA);
            if (std::size_t(d) >= result.links.size())
                continue;
            const Node &u = fabric.node(fabric.from(d));
            const Node &v = fabric.node(fabric.to(d));
            const int ru = tierRank(u), rv = tierRank(v);
            const Key key{std::min(ru, rv), std::max(ru, rv), ru > rv ? 1 : 0, l.plane};
            groups[key].push_back(d);
            if (result.links[std::size_t(d)].bytes > 0)
                used[key] = true;
        }
    });
    std::size_t total = 0;
    for (auto it = groups.begin(); it != groups.end();)
        if (!used.count(it->first))
            it = groups.erase(it);
        else
            total += (it++)->second.size();
    if (total == 0)
        return h;

    const std::size_t band = std::max<std::size_t>(
        1, (total + std::size_t(std::max(1, maxRows)) - 1) / std::size_t(std::max(1, maxRows)));
    h.mBanded = band > 1;
    for (auto &[key, links] : groups) {
        // Busiest first (bytes over the run): a pixel that pools several rows, and a band
        // that merges several links, then holds links of like load, so a group half of whose
        // links are idle reads half dark. In link order a torus ring's 256 busy directions
        // among its 576 drew the whole chip -> chip band saturated, each pixel's busiest.
        std::stable_sort(links.begin(), links.end(), [&](DirLinkId a, DirLinkId b) {
            return result.links[std::size_t(a)].bytes > result.links[std::size_t(b)].bytes;
        });
        const Node &u = fabric.node(fabric.from(links.front()));
        const Node &v = fabric.node(fabric.to(links.front()));
        Group g;
        const QString from = tierName(u), to = tierName(v);
        g.label = from + QStringLiteral(" \u2192 ") + to;
        g.shortLabel = from + QStringLiteral("\u2192") + to;
        if (std::get<3>(key) >= 0) {
            g.label += QStringLiteral(" \u00b7 plane %1").arg(std::get<3>(key));
            g.shortLabel += QStringLiteral(" p%1").arg(std::get<3>(key));
        }
        g.firstRow = h.rowCount();
        g.linkCount = static_cast<int>(links.size());
        for (std::size_t i = 0; i < links.size(); i += band)
            h.mRows.emplace_back(links.begin() + std::ptrdiff_t(i),
                                 links.begin() + std::ptrdiff_t(std::min(links.size(), i + band)));
        g.rowCount = h.rowCount() - g.firstRow;
        h.mGroups.push_back(g);
    }

    // Sample bytes at every bin edge with one forward sweep of a cursor.
    const std::size_t rows = h.mRows.size();
    const std::size_t nb = std::size_t(h.mBins);
    h.mValues.assign(rows * nb, 0.0f);
    if (h.mBanded)
        h.mBusiest.assign(rows * nb, 0);
    if (h.mEndS <= 0 || result.timeline.intervalCount() == 0)
        return h;
    sim::TimelineCursor cursor(result.timeline);
    std::vector<double> before(result.links.size(), 0.0);
    const double binS = h.binS();
    for (std::size_t b = 0; b < nb; ++b) {
        const double t1 = b + 1 == nb ? h.mEndS : double(b + 1) * binS;
        const sim::TimelineState &s = cursor.seek(t1);
        for (std::size_t r = 0; r < rows; ++r) {
            float best = 0.0f;
            std::int32_t busiest = 0;
            const auto &members = h.mRows[r];
            for (std::size_t m = 0; m < members.size(); ++m) {
                const std::size_t d = std::size_t(members[m]);
                const double cap = result.links[d].capacityBytesPerS;
                const double bytes = s.linkBytes[d] - before[d];
                const float u = cap > 0 ? float(std::clamp(bytes / (cap * binS), 0.0, 1.0)) : 0.f;
                if (u > best) {
                    best = u;
                    busiest = std::int32_t(m);
                }
            }
            h.mValues[r * nb + b] = best;
            if (h.mBanded)
                h.mBusiest[r * nb + b] = busiest;
        }
        for (const auto &members : h.mRows)
            for (const DirLinkId d : members)
                before[std::size_t(d)] = s.linkBytes[std::size_t(d)];
    }
    return h;
}

int HeatmapData::groupOf(int row) const
{
    for (std::size_t g = 0; g < mGroups.size(); ++g)
        if (row >= mGroups[g].firstRow && row < mGroups[g].firstRow + mGroups[g].rowCount)
            return static_cast<int>(g);
    return -1;
}

DirLinkId HeatmapData::busiestLinkAt(int row, int bin) const
{
    const auto &members = mRows[std::size_t(row)];
    if (!mBanded)
        return members.front();
    return members[std::size_t(mBusiest[std::size_t(row) * std::size_t(mBins) + std::size_t(bin)])];
}

QString HeatmapData::rowLabel(int row) const
{
    const auto &members = mRows[std::size_t(row)];
    auto name = [this](DirLinkId d) { return toQString(mFabric->name(d)); };
    if (members.size() == 1)
        return name(members.front());
    return QStringLiteral("%1 \u2026 (%2)")
        .arg(name(members.front()),
            counted(qint64(members.size()), QStringLiteral("1 link"), QStringLiteral("%1 links")));
}

} // namespace fabric::views
