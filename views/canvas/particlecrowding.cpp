// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "particlecrowding.h"

#include <algorithm>
#include <cmath>

namespace fabric::views {

namespace {

/// A well-mixed number in [0, 1) from two integers (SplitMix64's finaliser).
double lot(std::uint64_t key, std::int64_t index)
{
    std::uint64_t z = key * 0x9e3779b97f4a7c15ull + static_cast<std::uint64_t>(index);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return static_cast<double>(z >> 11) * 0x1.0p-53;
}

} // namespace

void ParticleCrowding::reset(const QRectF &sceneArea, double lod, double particlePixels)
{
    mToCells = lod / kCell;
    // One more cell all round, for the margin past the painted area where particles straddling
    // its edge are still drawn: the painted area starts at cell 1.
    mOrigin = sceneArea.topLeft() - QPointF(1, 1) / mToCells;
    mParticlePixels = particlePixels;
    mColumns = static_cast<int>(std::ceil(sceneArea.width() * mToCells)) + 2;
    mRows = static_cast<int>(std::ceil(sceneArea.height() * mToCells)) + 2;
    mCover.assign(static_cast<std::size_t>(mColumns) * static_cast<std::size_t>(mRows), 0.0);
    mCrowded = false;
}

void ParticleCrowding::add(const Line &line, double widen)
{
    const double length = line.end - line.begin;
    if (!(length > 0))
        return;
    // In pieces about a cell long, each added to the cell its middle lies in. A frame of a
    // whole TPU pod adds tens of thousands of lines: the walk steps in cell units, no division.
    const int pieces = std::max(1, static_cast<int>(std::ceil(length / kCell)));
    const double piece = length / pieces;
    const double perPiece = piece / (line.gap * widen) * mParticlePixels / (kCell * kCell);
    const QPointF first = line.from + line.step * (line.begin + 0.5 * piece);
    double x = (first.x() - mOrigin.x()) * mToCells, y = (first.y() - mOrigin.y()) * mToCells;
    const double dx = line.step.x() * piece * mToCells, dy = line.step.y() * piece * mToCells;
    for (int k = 0; k < pieces; ++k, x += dx, y += dy) {
        const auto column = static_cast<std::size_t>(std::clamp(x, 0.0, mColumns - 1.0));
        const auto row = static_cast<std::size_t>(std::clamp(y, 0.0, mRows - 1.0));
        double &cover = mCover[row * static_cast<std::size_t>(mColumns) + column];
        cover += perPiece;
        mCrowded = mCrowded || cover > kMaxCover;
    }
}

bool ParticleCrowding::draws(QPointF at, std::uint64_t key, std::int64_t index) const
{
    if (!mCrowded)
        return true;
    // The cover between cell centres, blended, so a particle thins out gradually as it enters a
    // crowd instead of at a cell's edge. The clamp keeps all four corners on the grid, whose
    // border holds the margin past the painted area.
    const double x = std::clamp((at.x() - mOrigin.x()) * mToCells - 0.5, 0.0, mColumns - 2.0);
    const double y = std::clamp((at.y() - mOrigin.y()) * mToCells - 0.5, 0.0, mRows - 2.0);
    const auto c = static_cast<std::size_t>(x), r = static_cast<std::size_t>(y);
    const double fx = x - static_cast<double>(c), fy = y - static_cast<double>(r);
    const double *above = mCover.data() + r * static_cast<std::size_t>(mColumns) + c;
    const double *below = above + mColumns;
    const double cover = (1 - fy) * ((1 - fx) * above[0] + fx * above[1])
        + fy * ((1 - fx) * below[0] + fx * below[1]);
    return cover <= kMaxCover || lot(key, index) * cover < kMaxCover;
}

} // namespace fabric::views
