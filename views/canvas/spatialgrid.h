// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLineF>
#include <QRectF>

#include <cstdint>
#include <vector>

namespace fabric::views {

/**
 * A uniform grid of buckets over the scene, so a layer paints only what lies in the exposed
 * rectangle (Tiled's tile layer does the same with its tiles). Rectangles go into every cell
 * they touch, segments into every cell they cross (a DDA walk), so a long link is found from
 * anywhere along it. Queries report each id once.
 */
class SpatialGrid
{
public:
    /// Empties the grid and sizes its cells for @p bounds: about @p cellsPerAxis cells on the
    /// longer axis, never smaller than @p minCell scene units.
    void reset(const QRectF &bounds, int cellsPerAxis = 128, double minCell = 20);
    void insert(int id, const QRectF &rect);
    void insert(int id, const QLineF &segment);
    /// Removes every occurrence of @p id from the cells @p rect (or @p segment) touches.
    void remove(int id, const QRectF &rect);
    void remove(int id, const QLineF &segment);

    /// Calls @p f(id) once for each id stored in a cell that @p rect touches.
    template<typename F> void query(const QRectF &rect, F &&f) const
    {
        if (mCells.empty())
            return;
        if (++mEpoch == 0) { // wrapped: forget old stamps
            std::fill(mStamp.begin(), mStamp.end(), 0);
            mEpoch = 1;
        }
        const int x0 = col(rect.left()), x1 = col(rect.right());
        const int y0 = row(rect.top()), y1 = row(rect.bottom());
        for (int y = y0; y <= y1; ++y)
            for (int x = x0; x <= x1; ++x)
                for (int id : mCells[static_cast<std::size_t>(y * mCols + x)]) {
                    auto &stamp = mStamp[static_cast<std::size_t>(id)];
                    if (stamp != mEpoch) {
                        stamp = mEpoch;
                        f(id);
                    }
                }
    }
    /// As query(), but stops as soon as @p f returns false.
    template<typename F> void queryWhile(const QRectF &rect, F &&f) const
    {
        bool go = true;
        if (mCells.empty())
            return;
        if (++mEpoch == 0) {
            std::fill(mStamp.begin(), mStamp.end(), 0);
            mEpoch = 1;
        }
        const int x0 = col(rect.left()), x1 = col(rect.right());
        const int y0 = row(rect.top()), y1 = row(rect.bottom());
        for (int y = y0; y <= y1 && go; ++y)
            for (int x = x0; x <= x1 && go; ++x)
                for (int id : mCells[static_cast<std::size_t>(y * mCols + x)]) {
                    auto &stamp = mStamp[static_cast<std::size_t>(id)];
                    if (stamp != mEpoch) {
                        stamp = mEpoch;
                        if (!(go = f(id)))
                            break;
                    }
                }
    }
    /// Sizes the per-id stamp array; call after inserting ids up to @p idBound - 1.
    void setIdBound(std::size_t idBound) { mStamp.assign(idBound, 0); }

private:
    int col(double x) const;
    int row(double y) const;
    template<typename F> void walk(const QLineF &segment, F &&f) const;

    QRectF mBounds;
    double mCell = 1;
    int mCols = 0, mRows = 0;
    std::vector<std::vector<int>> mCells;
    mutable std::vector<std::uint32_t> mStamp;
    mutable std::uint32_t mEpoch = 0;
};

} // namespace fabric::views
