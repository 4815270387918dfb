// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFont>
#include <QHash>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <limits>
#include <vector>

namespace fabric::views {

/// A text drawn at a constant device size whatever the zoom: anchored at a scene point, with
/// its box in device pixels relative to that point.
struct CanvasLabel
{
    QString text;
    QPointF anchor;
    QRectF box;
    QFont font;
    bool halo = false; ///< A white backing so it reads over links.
};

/**
 * Places labels in the order offered and drops any that would overprint one already placed or
 * be cut by the edge of the view, so the most important texts (offered first) always win and
 * what is drawn never overlaps, at any zoom and any text size.
 */
class LabelPlacer
{
public:
    /// @p lod is the scene-to-device scale, @p view the scene rectangle the view shows.
    LabelPlacer(double lod, const QRectF &view);

    /**
     * Offers @p text at @p anchor (scene), on the side of it that @p align names: AlignRight
     * ends the text at the anchor, AlignBottom puts it above, the centres centre it; then moved
     * by @p offset device pixels. False when it does not fit or is wider than @p maxWidth px.
     */
    bool add(const QString &text, const QPointF &anchor, Qt::Alignment align, const QFont &font,
             QPointF offset = {}, double maxWidth = std::numeric_limits<double>::infinity(),
             bool halo = false);

    /// The scene rectangle add() would give @p text (placed or not).
    QRectF sceneRect(const QString &text, const QPointF &anchor, Qt::Alignment align,
        const QFont &font, QPointF offset = {}) const;

    /// Device pixels kept clear around a reserved rectangle: a text touching a box reads as on it.
    static constexpr double kClearance = 4;
    /// Keeps labels off @p sceneRect and @p clearance device pixels around it (e.g. a switch a
    /// caption must not cover).
    void reserve(const QRectF &sceneRect, double clearance = kClearance);

    /// Takes @p sceneRect for a mark that is not a text (a badge) when the view holds it whole
    /// and nothing placed or reserved overlaps it; false otherwise.
    bool claim(const QRectF &sceneRect);

    std::vector<CanvasLabel> take() { return std::move(mLabels); }

    /// @p text's box in device pixels relative to its anchor (add() refuses it when wider than
    /// its maxWidth).
    static QRectF boxOf(
        const QString &text, Qt::Alignment align, const QFont &font, QPointF offset);

private:
    bool isFree(const QRectF &device) const;
    /// Occupies @p device when the view holds it whole and it is free; false otherwise.
    bool take(const QRectF &device);
    void occupy(const QRectF &device);

    double mLod;
    QRectF mView; ///< In device pixels (scene times lod).
    std::vector<CanvasLabel> mLabels;
    std::vector<QRectF> mTaken;
    /// Taken rectangles by grid cell, so each offer checks only its neighbours.
    QHash<quint64, std::vector<int>> mCells;
};

/// A font of @p px pixels, bold when asked (the application's family).
QFont labelFont(double px, bool bold = false);

} // namespace fabric::views
