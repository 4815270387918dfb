// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <QLineF>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QString>
#include <QStringList>

#include <vector>

namespace fabric::views {

/// A group of nodes the canvas collapses into one labelled block when zoomed out: a pod,
/// segment or AI zone, a row of shared switches, a TPU cube, a dragonfly group.
struct LayoutBlock
{
    enum class Kind { Pod, Row, Cube, Group, Plane };
    Kind kind = Kind::Pod;
    QRectF rect;   ///< Scene rectangle the block's nodes lie in.
    QString title; ///< "Segment 3", "Aggregation, plane 0", "Cube (1,0,2)".
    QString detail; ///< "1,024 GPUs · 16 ToRs"; more lines after '\n'.
    int plane = -1; ///< For rows of one plane: drawn in the plane colour.
};

/// A text the layout places in the scene (tier names beside the rows, axis names).
struct LayoutLabel
{
    QPointF pos; ///< Right end of the text's baseline when rightAligned, else its left end.
    QString text;
    bool rightAligned = true;
    /// Says what the picture shows (a torus's shape and twist): a fit keeps it in view.
    bool caption = false;
    /// Shown instead when text does not fit, the first that fits ("Agg. (plane 0)", then
    /// "Agg. p0"); none fitting, nothing is shown.
    QStringList shorterTexts = QStringList();
    /// The text hangs from pos (its top there) instead of standing on it: the text keeps its
    /// size at any zoom, so only a text hanging below a drawing stays off it when zoomed out.
    bool hangs = false;
};

/// The cubic Bezier curve from @p p0 to @p p3 with controls @p c1 and @p c2, at @p t in [0, 1].
inline QPointF cubicAt(
    const QPointF &p0, const QPointF &c1, const QPointF &c2, const QPointF &p3, double t)
{
    const double u = 1 - t;
    return u * u * u * p0 + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * p3;
}

/**
 * Where every node of a fabric goes, in scene units (a GPU square is 8 units), and the groups
 * that collapse when zoomed out. Vectors are indexed by node id; dead ids have NaN positions.
 * Layouts are pure functions of the fabric (and, for the torus, of the camera), so the canvas
 * can cache them and recompute only on structural changes.
 */
struct FabricLayout
{
    std::vector<QPointF> positions; ///< Node centre by id (before user positions are applied).
    std::vector<QSizeF> sizes;      ///< Node box size by id.
    std::vector<int> blockOf;       ///< Node id -> index in blocks, or -1 (drawn individually).
    /// 3D layouts: node id -> depth 0 (nearest) .. 1 (farthest), for a depth cue; else empty.
    std::vector<float> depth;
    std::vector<LayoutBlock> blocks;
    std::vector<LayoutLabel> labels;
    std::vector<QLineF> decorations; ///< Cube edges and other guide lines, drawn faintly.
    /// Node id -> true when the node is not drawn (it keeps its place so its links have ends,
    /// but it takes no room and cannot be picked); empty when every node is drawn.
    std::vector<bool> hidden;
    /// Link id -> where the link's segment ends instead of at a hidden node (a circuit through
    /// a hidden OCS is drawn chip to chip, each fibre being one half); NaN or empty: the node.
    std::vector<QPointF> linkVia;
    /// Link id -> control point of a quadratic curve from its first to its second end; NaN or
    /// empty: a straight line. With linkBend2 it is the first of a cubic's two.
    std::vector<QPointF> linkBend;
    /// Link id -> second control point (nearer the second end) of a cubic curve, for a curve
    /// that must leave and reach its ends at set angles; NaN or empty: linkBend alone. The
    /// layout that sets it adds the curve's extent to bounds (updateBounds() cannot).
    std::vector<QPointF> linkBend2;
    /// Link id -> how far the link bows up out of a row, in scene units from the middle of its
    /// ends to its control point (so its middle clears the row by half that): taken relative
    /// to the ends wherever they are drawn, it follows a node the user moves. 0 or empty:
    /// straight, unless linkBend says otherwise. See bowLinksAlongRows().
    std::vector<double> linkBow;
    QRectF bounds;                   ///< Everything above, without user-moved nodes.
    double nodePitch = 10;           ///< Typical distance between neighbouring small nodes.
    QString name;                    ///< Which layout made this ("tiered", "torus-3d", ...).

    bool isHidden(NodeId id) const
    {
        return id >= 0 && static_cast<std::size_t>(id) < hidden.size() && hidden[static_cast<std::size_t>(id)];
    }
    bool hasNode(NodeId id) const
    {
        return id >= 0 && static_cast<std::size_t>(id) < positions.size()
            && positions[static_cast<std::size_t>(id)] == positions[static_cast<std::size_t>(id)];
    }
    /// Sizes every per-node vector for @p idBound ids (positions NaN, sizes 0, no block).
    void resize(std::size_t idBound);
    /// Recomputes bounds from positions, sizes, blocks, labels and decorations.
    void updateBounds();
};

} // namespace fabric::views
