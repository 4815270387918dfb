// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "spatialgrid.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace fabric::views {

void SpatialGrid::reset(const QRectF &bounds, int cellsPerAxis, double minCell)
{
    mBounds = bounds.isValid() ? bounds : QRectF(0, 0, 1, 1);
    mCell = std::max(minCell, std::max(mBounds.width(), mBounds.height()) / cellsPerAxis);
    mCols = std::max(1, static_cast<int>(std::ceil(mBounds.width() / mCell)));
    mRows = std::max(1, static_cast<int>(std::ceil(mBounds.height() / mCell)));
    mCells.assign(static_cast<std::size_t>(mCols * mRows), {});
    mStamp.clear();
    mEpoch = 0;
}

int SpatialGrid::col(double x) const
{
    return std::clamp(static_cast<int>(std::floor((x - mBounds.left()) / mCell)), 0, mCols - 1);
}

int SpatialGrid::row(double y) const
{
    return std::clamp(static_cast<int>(std::floor((y - mBounds.top()) / mCell)), 0, mRows - 1);
}

void SpatialGrid::insert(int id, const QRectF &rect)
{
    for (int y = row(rect.top()); y <= row(rect.bottom()); ++y)
        for (int x = col(rect.left()); x <= col(rect.right()); ++x)
            mCells[static_cast<std::size_t>(y * mCols + x)].push_back(id);
}

void SpatialGrid::remove(int id, const QRectF &rect)
{
    for (int y = row(rect.top()); y <= row(rect.bottom()); ++y)
        for (int x = col(rect.left()); x <= col(rect.right()); ++x) {
            auto &c = mCells[static_cast<std::size_t>(y * mCols + x)];
            c.erase(std::remove(c.begin(), c.end(), id), c.end());
        }
}

template<typename F> void SpatialGrid::walk(const QLineF &s, F &&f) const
{
    // Amanatides-Woo traversal in cell units.
    const double x0 = (s.x1() - mBounds.left()) / mCell, y0 = (s.y1() - mBounds.top()) / mCell;
    const double x1 = (s.x2() - mBounds.left()) / mCell, y1 = (s.y2() - mBounds.top()) / mCell;
    int ix = col(s.x1()), iy = row(s.y1());
    const int ex = col(s.x2()), ey = row(s.y2());
    const double dx = x1 - x0, dy = y1 - y0;
    const int sx = dx > 0 ? 1 : -1, sy = dy > 0 ? 1 : -1;
    const double inf = std::numeric_limits<double>::infinity();
    double tMaxX = dx != 0 ? ((ix + (sx > 0 ? 1 : 0)) - x0) / dx : inf;
    double tMaxY = dy != 0 ? ((iy + (sy > 0 ? 1 : 0)) - y0) / dy : inf;
    const double tdx = dx != 0 ? std::abs(1 / dx) : inf, tdy = dy != 0 ? std::abs(1 / dy) : inf;
    for (int guard = mCols + mRows + 2; guard > 0; --guard) {
        f(iy * mCols + ix);
        if (ix == ex && iy == ey)
            break;
        if (tMaxX < tMaxY) {
            tMaxX += tdx;
            ix = std::clamp(ix + sx, 0, mCols - 1);
        } else {
            tMaxY += tdy;
            iy = std::clamp(iy + sy, 0, mRows - 1);
        }
    }
}

void SpatialGrid::insert(int id, const QLineF &segment)
{
    walk(segment, [&](int cell) { mCells[static_cast<std::size_t>(cell)].push_back(id); });
}

void SpatialGrid::remove(int id, const QLineF &segment)
{
    walk(segment, [&](int cell) {
        auto &c = mCells[static_cast<std::size_t>(cell)];
        c.erase(std::remove(c.begin(), c.end(), id), c.end());
    });
}

} // namespace fabric::views
