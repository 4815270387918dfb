// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmappooling.h"

#include <algorithm>
#include <cmath>

namespace fabric::views {

PixelBlocks PixelBlocks::fit(int cells, double from, double to, double scale)
{
    PixelBlocks b;
    b.cells = std::max(1, cells);
    b.scale = scale > 0 ? scale : 1.0;
    b.from = from;
    b.to = std::max(to, from + 1e-9);
    b.offset = int(std::ceil(from * b.scale - 0.5));
    const int end = int(std::ceil(to * b.scale - 0.5));
    b.pixels = std::clamp(end - b.offset, 1, b.cells);
    return b;
}

int PixelBlocks::pixelAt(double at) const
{
    const int pixel = pooled() ? int(std::floor(at * scale)) - offset
                               : int(std::floor((at - from) / (to - from) * cells));
    return std::clamp(pixel, 0, pixels - 1);
}

int PixelBlocks::pixelOf(int cell) const
{
    int pixel = std::clamp(int(std::int64_t(cell) * pixels / cells), 0, pixels - 1);
    while (pixel + 1 < pixels && first(pixel + 1) <= cell)
        ++pixel;
    while (pixel > 0 && first(pixel) > cell)
        --pixel;
    return pixel;
}

std::pair<double, double> PixelBlocks::span(int pixel) const
{
    if (pooled())
        return { (offset + pixel) / scale, (offset + pixel + 1) / scale };
    const double cell = (to - from) / cells;
    return { from + pixel * cell, from + (pixel + 1) * cell };
}

std::pair<int, int> busiestCellOf(const HeatmapData &data, int firstRow, PixelBlocks rows,
    int rowPixel, PixelBlocks bins, int binPixel)
{
    std::pair<int, int> best { firstRow + rows.first(rowPixel), bins.first(binPixel) };
    float bestValue = -1.0f;
    for (int r = rows.first(rowPixel); r < rows.first(rowPixel + 1); ++r)
        for (int b = bins.first(binPixel); b < bins.first(binPixel + 1); ++b)
            if (const float v = data.value(firstRow + r, b); v > bestValue) {
                bestValue = v;
                best = { firstRow + r, b };
            }
    return best;
}

QImage pooledImage(const HeatmapData &data, int firstRow, PixelBlocks rows, PixelBlocks bins,
    const QList<QRgb> &lut)
{
    QImage image(bins.pixels, rows.pixels, QImage::Format_RGB32);
    std::vector<float> busiest(std::size_t(data.binCount()));
    for (int py = 0; py < rows.pixels; ++py) {
        // The busiest row of the block per bin, then the busiest bin of each column block.
        std::fill(busiest.begin(), busiest.end(), 0.0f);
        for (int r = rows.first(py); r < rows.first(py + 1); ++r)
            for (int b = 0; b < data.binCount(); ++b)
                busiest[std::size_t(b)]
                    = std::max(busiest[std::size_t(b)], data.value(firstRow + r, b));
        auto *line = reinterpret_cast<QRgb *>(image.scanLine(py));
        for (int px = 0; px < bins.pixels; ++px) {
            float v = 0.0f;
            for (int b = bins.first(px); b < bins.first(px + 1); ++b)
                v = std::max(v, busiest[std::size_t(b)]);
            line[px] = lut[std::clamp(int(std::lround(v * 255)), 0, 255)];
        }
    }
    return image;
}

} // namespace fabric::views
