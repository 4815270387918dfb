// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "rowlinks.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace fabric::views {

namespace {

/// Ends closer than this in height are in one row (scene units; rows are tens apart).
constexpr double kSameRow = 0.5;
/// The control point's distance from the row, as a share of the link's length and within
/// bounds: the curve's middle clears the row by half of it, above the nodes it passes (12
/// units high) and below the next row up (70 units).
constexpr double kBowShare = 0.3, kMinBow = 30, kMaxBow = 70;

} // namespace

void bowLinksAlongRows(const Fabric &f, FabricLayout &layout)
{
    layout.linkBow.clear(); // links come and go between calls (the canvas's edits)
    // Each row's node centres, by height, sorted left to right.
    std::map<long long, std::vector<double>> rows;
    f.forEachNode([&](const Node &n) {
        if (!layout.hasNode(n.id) || layout.isHidden(n.id))
            return;
        const QPointF p = layout.positions[static_cast<std::size_t>(n.id)];
        rows[std::llround(p.y() / kSameRow)].push_back(p.x());
    });
    for (auto &[y, xs] : rows)
        std::sort(xs.begin(), xs.end());
    f.forEachLink([&](const Link &l) {
        if (!layout.hasNode(l.a) || !layout.hasNode(l.b) || layout.isHidden(l.a)
            || layout.isHidden(l.b))
            return;
        const QPointF a = layout.positions[static_cast<std::size_t>(l.a)];
        const QPointF b = layout.positions[static_cast<std::size_t>(l.b)];
        if (std::abs(a.y() - b.y()) >= kSameRow)
            return;
        const auto row = rows.find(std::llround(a.y() / kSameRow));
        if (row == rows.end())
            return;
        const double left = std::min(a.x(), b.x()), right = std::max(a.x(), b.x());
        const std::vector<double> &xs = row->second;
        // A node strictly between the ends: the straight line would cross it.
        const auto next = std::upper_bound(xs.begin(), xs.end(), left + kSameRow);
        if (next == xs.end() || *next >= right - kSameRow)
            return;
        const auto id = static_cast<std::size_t>(l.id);
        if (layout.linkBow.size() < f.linkIdBound())
            layout.linkBow.resize(f.linkIdBound(), 0.0);
        layout.linkBow[id] = std::clamp(kBowShare * (right - left), kMinBow, kMaxBow);
    });
}

} // namespace fabric::views
