// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "labelplacer.h"

#include <QMarginsF>

#include <vector>

namespace fabric::views {

class SceneData;
struct FabricLayout;

/// Text sizes of the canvas in device pixels at presentation scale 1.
namespace labelpx {
inline constexpr double kTier = 14;    ///< "Leaf switches", "GPUs" beside the rows.
inline constexpr double kCaption = 12; ///< A pod's frame title when zoomed in.
inline constexpr double kBundle = 10;  ///< Capacity of a bundle.
} // namespace labelpx

/**
 * Every text the canvas shows for the current plan of @p data in the scene rectangle @p view,
 * most important first (tier names, block titles, bundle capacities, node names), placed so
 * none overprints another, is cut by the view or runs under @p keepClear (a scene rectangle a
 * widget floats over, the legend). Sizes follow the plan's presentation scale.
 */
std::vector<CanvasLabel> canvasLabels(
    const SceneData &data, const QRectF &view, const QRectF &keepClear = QRectF());

/// Device pixels a fabric fitted at zoom @p lod should leave around @p bounds (the scene data's
/// bounds) so @p layout's tier names and captions at presentation @p scale are not cut by the
/// view. The margins shrink as the zoom grows and the room the bounds keep for them widens.
QMarginsF labelMargins(const FabricLayout &layout, const QRectF &bounds, double scale, double lod);

} // namespace fabric::views
