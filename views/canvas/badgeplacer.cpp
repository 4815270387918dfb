// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "badgeplacer.h"

#include "labelplacer.h"
#include "scenedata.h"

#include <QFontMetricsF>
#include <QString>

#include <algorithm>

namespace fabric::views {

QRectF badgeBox(const QFont &font, double radius, int value)
{
    const double text = QFontMetricsF(font).horizontalAdvance(QString::number(value));
    const double width = std::max(2 * radius, text + radius);
    return QRectF(-width / 2, -radius, width, 2 * radius);
}

std::vector<LinkId> placeBadges(const SceneData &data, const DrawPlan &plan, const QFont &font,
    double radius, std::size_t limit)
{
    const QRectF &visible = plan.visible;
    const double lod = plan.lod;
    std::vector<LinkId> candidates;
    const auto offer = [&](int id) {
        if (data.badges[std::size_t(id)] > 0)
            candidates.push_back(LinkId(id));
    };
    data.localGrid.query(visible, offer);
    data.globalGrid.query(visible, offer);
    std::sort(candidates.begin(), candidates.end(), [&](LinkId a, LinkId b) {
        const int fa = data.badges[std::size_t(a)], fb = data.badges[std::size_t(b)];
        return fa != fb ? fa > fb : a < b;
    });
    LabelPlacer placer(lod, visible);
    if (!plan.covered.isEmpty())
        placer.reserve(plan.covered);
    std::vector<LinkId> kept;
    for (const LinkId id : candidates) {
        if (kept.size() >= limit)
            break;
        // A pixel of air around each, so two neighbours read as two.
        const QRectF box
            = badgeBox(font, radius, data.badges[std::size_t(id)]).adjusted(-0.5, -0.5, 0.5, 0.5);
        const QPointF centre = data.linkMidpoint(id);
        if (placer.claim(QRectF(centre + box.topLeft() / lod, box.size() / lod)))
            kept.push_back(id);
    }
    return kept;
}

} // namespace fabric::views
