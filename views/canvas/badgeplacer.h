// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <QFont>
#include <QRectF>

#include <vector>

namespace fabric::views {

struct DrawPlan;
struct SceneData;

/// A badge's box for @p value, in device pixels around its centre: @p radius tall on each side,
/// and wide enough for its digits in @p font (a disc up to two digits, a pill beyond).
QRectF badgeBox(const QFont &font, double radius, int value);

/**
 * The links whose flow-count badges (SceneData::badges) @p plan draws: those whose badge lies
 * whole within the plan's visible rectangle and off what the legend covers, most flows first
 * (ties by link id), each kept only where its badgeBox() clears every badge kept before it.
 * Where links meet, at a switch's fan of GPU links or under a spine's uplinks, their middles lie
 * a few pixels apart and their counts printed over one another as an orange smear; the worst
 * collisions now stay legible and a link's tooltip still gives any count left out. At most
 * @p limit.
 */
std::vector<LinkId> placeBadges(const SceneData &data, const DrawPlan &plan, const QFont &font,
    double radius, std::size_t limit);

} // namespace fabric::views
