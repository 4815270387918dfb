// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPointF>
#include <QRectF>

#include <cstdint>
#include <vector>

namespace fabric::views {

/**
 * Where many lines meet (a fan of links into one switch, seen whole), particles spaced for the
 * view as a whole still pile up into one dark mass that hides the lines and their utilisation
 * colours. This grid of coarse cells, in device pixels over the painted area, adds up the share
 * of each cell that the particles of every line would cover. Where that is more than kMaxCover,
 * only that share of the particles there is drawn: every particle draws a fixed lot (from its
 * line and its place in the line's procession), so one that moves on keeps showing until it
 * enters a crowd thicker than its lot. Every line through a crowd thins alike, so there denser
 * still means faster, and a line keeps all its particles where it runs alone.
 */
class ParticleCrowding
{
public:
    /// Cell side, device pixels: a few particle gaps, so a cell sees a line's density.
    static constexpr double kCell = 24;
    /// Share of the picture that particles may cover before they thin out.
    static constexpr double kMaxCover = 0.15;

    /// A line's particles: from @p from (scene), @p step the scene vector of one device pixel,
    /// over device pixels [begin, end], one particle every @p gap pixels.
    struct Line
    {
        QPointF from, step;
        double begin, end, gap;
    };

    /// Starts over on the painted area @p sceneArea, drawn at @p lod device pixels per unit,
    /// with particles that cover @p particlePixels device pixels each.
    void reset(const QRectF &sceneArea, double lod, double particlePixels);
    /// Adds a line's particles, their gaps widened by @p widen.
    void add(const Line &line, double widen);
    /// Whether the particle number @p index of line @p key, now at scene point @p at, is drawn.
    bool draws(QPointF at, std::uint64_t key, std::int64_t index) const;

private:
    QPointF mOrigin; ///< Scene point of the grid's top-left corner.
    double mToCells = 1.0 / kCell; ///< Cells per scene unit.
    double mParticlePixels = 9;
    int mColumns = 0, mRows = 0;
    std::vector<double> mCover; ///< Per cell: covered pixels / cell pixels.
    bool mCrowded = false; ///< Whether any cell is over kMaxCover.
};

} // namespace fabric::views
