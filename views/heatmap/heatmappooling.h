// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "heatmapdata.h"

#include <QImage>
#include <QList>
#include <QRgb>

#include <cstdint>
#include <utility>

namespace fabric::views {

/**
 * How many cells (a group's rows, or the bins) share one device pixel when there are more cells
 * than pixels: pixel k shows cells [first(k), first(k + 1)). Scaling the heatmap's image down
 * instead picks one cell per pixel and drops the rest, and at 1280x720 a group of 1,024 links
 * gets a few pixels: the one saturated link that sets a collective's pace vanished from the
 * picture for the second half of the run (HPN ring all-reduce under ECMP).
 */
struct PixelBlocks
{
    int cells = 1;
    int pixels = 1; ///< min(cells, device pixels of the extent), at least 1.
    int offset = 0; ///< The extent's first device pixel.
    double scale = 1.0; ///< Device pixels per unit of the coordinates.
    double from = 0.0, to = 1.0; ///< The extent, in coordinates.

    /// @p cells cells over [@p from, @p to) at @p scale device pixels per unit: when pooled,
    /// the device pixels whose centres fall in it, as the painter fills them.
    static PixelBlocks fit(int cells, double from, double to, double scale);
    bool pooled() const { return pixels < cells; }
    /// The first cell pixel @p pixel shows (one cell per pixel when not pooled).
    int first(int pixel) const { return int(std::int64_t(pixel) * cells / pixels); }
    /// The pixel at coordinate @p at, clamped to the extent.
    int pixelAt(double at) const;
    /// The pixel that shows cell @p cell.
    int pixelOf(int cell) const;
    /// Where the pixels start and end, and where @p pixel starts and ends, in coordinates.
    double start() const { return pooled() ? offset / scale : from; }
    double end() const { return pooled() ? (offset + pixels) / scale : to; }
    std::pair<double, double> span(int pixel) const;
};

/**
 * Rows [@p firstRow, + rows.cells) of @p data drawn @p rows.pixels high and @p bins.pixels wide,
 * each pixel the busiest cell of its block, coloured through @p lut (256 levels of 0..1).
 */
QImage pooledImage(const HeatmapData &data, int firstRow, PixelBlocks rows, PixelBlocks bins,
    const QList<QRgb> &lut);

/// The busiest cell (row, bin) of the block at pixel (@p rowPixel, @p binPixel); the first on a
/// tie. What hovering and clicking a pooled pixel refer to.
std::pair<int, int> busiestCellOf(const HeatmapData &data, int firstRow, PixelBlocks rows,
    int rowPixel, PixelBlocks bins, int binPixel);

} // namespace fabric::views
