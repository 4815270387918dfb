// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The canvas's state, shared by the files that implement FabricCanvas: fabriccanvas.cpp (the
// scene, zoom and overlays), canvaslegend.cpp (what the legend lists) and canvasinput.cpp (the
// mouse, the keys and drops). Not part of the views library's interface.

#include "canvaslabels.h"
#include "common/keyboardfocus.h"
#include "fabriccanvas.h"
#include "faultmarks.h"
#include "layeritem.h"
#include "layout/layoutengine.h"
#include "scenedata.h"
#include "style/picturescale.h"

#include <QGraphicsPathItem>
#include <QGraphicsScene>

#include <array>
#include <functional>
#include <optional>

namespace fabric::views {

namespace canvasimpl {
inline constexpr double kMinLod = 0.0005;
/// A fit never zooms in further: a handful of nodes stays node-sized rather than filling the view.
inline constexpr double kMaxFitLod = 2.5;

/// What a press of the mouse turned into, once it moved far enough to tell.
enum class Drag { None, Pending, Pan, Rubber, MoveNodes, AddLink, Orbit };
} // namespace canvasimpl

struct FabricCanvas::Private
{
    const Fabric *fabric = nullptr;
    Tool tool = Tool::Select;
    LayoutOptions options;
    /// As the layout engine made it at the last relayout; edits keep it (nodes stay where the
    /// user sees them) and `layout` is this without the blocks of deleted nodes.
    FabricLayout computedLayout;
    FabricLayout layout;
    SceneData data;
    QGraphicsScene *scene = nullptr;
    LinkLayerItem *links = nullptr;
    NodeLayerItem *nodes = nullptr;
    BlockLayerItem *blocks = nullptr;
    ParticleLayerItem *particles = nullptr;
    BadgeLayerItem *badges = nullptr;
    LabelLayerItem *labels = nullptr;
    /// The layers follow SceneData::bounds (after a rebuild, or a node moved far out).
    void syncLayerBounds()
    {
        for (LayerItem *item :
            std::initializer_list<LayerItem *> { blocks, links, nodes, particles, badges })
            item->syncBounds();
    }
    std::function<QString(LinkId)> linkInfo;
    qreal gridSnap = 0;
    QGraphicsPathItem *hoverItem = nullptr, *selectionItem = nullptr, *pathItem = nullptr,
                      *dragItem = nullptr, *rubberItem = nullptr, *linkLineItem = nullptr,
                      *dropItem = nullptr;
    /// A white band under the selection's lines: selected links in the selection's green read
    /// as one more loaded link among viridis greens (a lesson's selected GPU links on HPN).
    QGraphicsPathItem *selectionHaloItem = nullptr;
    LegendWidget *legend = nullptr;
    bool legendVisible = true;
    /// A legend of another size does not refit the view: a fit is running or follows.
    bool legendRefitBlocked = false;
    QSize fittedLegend; ///< The legend's size the last zoomToFit() left room for.
    /// The room the legend takes in the corner now (empty when hidden).
    QSize shownLegend() const { return legend->isHidden() ? QSize() : legend->size(); }
    QString emptyHint;
    FocusFrameOverlay *focusFrame = nullptr; ///< Shows the focus came from the keyboard.
    /// Folded or unfolded by a click on the legend; unset = folded only when it would cover
    /// too much of a narrow canvas.
    std::optional<bool> legendUserCollapsed;

    QList<NodeId> selectedNodes;
    QList<LinkId> selectedLinks;
    NodeId hovered = kNoNode;
    LinkId hoveredLink = kNoLink;
    QList<QList<LinkId>> paths;
    /// One per HighlightChannel, each its own path item (Path drawn over Simulation).
    struct Highlight
    {
        LinkHighlight set;
        QGraphicsPathItem *item = nullptr;
        QGraphicsPathItem *secondItem = nullptr; ///< The second lane (LinkHighlight::secondColor).
    };
    std::array<Highlight, 2> highlights;
    Highlight &highlight(HighlightChannel c) { return highlights[static_cast<std::size_t>(c)]; }
    FaultMarks faults;
    QGraphicsPathItem *failedLinksItem = nullptr, *degradedLinksItem = nullptr,
                      *failedCrossesItem = nullptr;

    double presentation = 1;
    /// While a picture renders, the scale its size gives its text and lines (pictureScale():
    /// above 1 wider than a screen); 1 on screen. The run's highlights follow it, as links do, or
    /// at 3840x2160 they would be half as heavy as the picture's other lines.
    double pictureSize = 1;
    bool planDirty = true;
    double planLod = 0;
    QRectF planVisible;
    QRectF planLegend; ///< Scene rectangle under the legend when the plan was made.
    bool fitPending = true;
    bool fitsToTop = false; ///< See setFitsToTop().
    bool spaceDown = false;
    canvasimpl::Drag drag = canvasimpl::Drag::None;
    Qt::MouseButton dragButton = Qt::NoButton;
    QPoint pressPos, lastPos;
    QPointF pressScene;
    NodeId pressNode = kNoNode;
    QPointF dragOffset;

    bool alive(NodeId n) const { return fabric && fabric->hasNode(n); }
    /// What "the whole fabric" is, on screen (zoomToFit) and in pictures: what is drawn, with
    /// a little room in scene units too, as between neighbouring nodes. Not SceneData::bounds,
    /// which also holds nodes the layout places but does not draw (a lattice's OCS).
    /// Null when nothing is drawn.
    QRectF wholeFabric() const
    {
        const QRectF content = data.contentBounds();
        return content.isValid() && !content.isEmpty() ? content.adjusted(-20, -20, 20, 20)
                                                       : QRectF();
    }
    /// Where zoomToFit() puts the whole fabric, @p bounds, in a viewport @p vp with a legend
    /// of @p legendSize in its top-right corner (empty: none): the room it gets (invalid in a
    /// viewport too small to hold any) and its scale.
    struct ViewFit
    {
        QRectF room;
        double scale = 0;
    };
    /**
     * The legend's size a fit of @p bounds in @p vp leaves room for: the shown legend, but its
     * folded tab when the user unfolded it on a canvas where its column or band would leave
     * the fabric less than half its size. At 1280x720 an HPN pod shrank to a 115 px thumbnail
     * beside it, its badges and titles gone: the legend explained a picture no longer there.
     * It then lies over the fabric's corner until folded again.
     */
    QSize legendToFit(const QRectF &bounds, const QRect &vp) const
    {
        const QSize shown = shownLegend();
        if (shown.isEmpty() || legendUserCollapsed != std::optional<bool>(false))
            return shown;
        const QSize folded = legend->foldedSize();
        return viewFit(bounds, vp, shown).scale < 0.5 * viewFit(bounds, vp, folded).scale ? folded
                                                                                          : shown;
    }

    ViewFit viewFit(const QRectF &bounds, const QRect &vp, QSize legendSize) const
    {
        // Margins in device pixels, so tier names and captions fit at any zoom and text size.
        // The legend gets a column on the right or a band along the top, whichever leaves the
        // fabric larger, so a fitted fabric is never hidden under it.
        if (!legendSize.isEmpty())
            legendSize += QSize(16, 16);
        auto fit = [&](const QRectF &a) {
            return std::clamp(std::min(a.width() / bounds.width(), a.height() / bounds.height()),
                canvasimpl::kMinLod, canvasimpl::kMaxFitLod);
        };
        auto roomWithin = [&](const QMarginsF &m) {
            if (legendSize.isEmpty())
                return QRectF(vp).marginsRemoved(m);
            const QRectF column = QRectF(vp).marginsRemoved(QMarginsF(
                m.left(), m.top(), std::max(m.right(), double(legendSize.width())), m.bottom()));
            const QRectF band = QRectF(vp).marginsRemoved(QMarginsF(
                m.left(), std::max(m.top(), double(legendSize.height())), m.right(), m.bottom()));
            return fit(band) > fit(column) ? band : column;
        };
        auto area = [&](double lod) {
            // Tier names get at most a fifth of the width; those that then do not fit are left
            // out.
            QMarginsF m = labelMargins(layout, bounds, presentation, lod);
            m.setLeft(std::min(m.left(), vp.width() * 0.2));
            return roomWithin(m);
        };
        // Margins for the widest labels first, then for what the labels need at that zoom
        // (less, as the bounds keep room for them): the zoom only grows, so the labels still fit.
        const QRectF first = area(0);
        if (first.width() < 10 || first.height() < 10)
            return {};
        const QRectF room = area(fit(first));
        const ViewFit named { room, fit(room) };
        // Folded at that zoom, the view draws no tier names, as fitWhole() finds for pictures:
        // the room kept for them only pushed the fabric aside (an HPN pod's fifteen segments,
        // right by a fifth of the view at 1280x720). Unless the larger zoom without it unfolds
        // the blocks, which brings the names back.
        const auto unfolded = [&](const ViewFit &f) {
            return data.planFor(f.scale, bounds, presentation).detailNodes;
        };
        if (unfolded(named))
            return named;
        const QRectF bare = roomWithin(QMarginsF(8, 8, 8, 8));
        const ViewFit folded { bare, fit(bare) };
        return unfolded(folded) ? named : folded;
    }

    /// The whole fabric fitted into @p area of a picture whose text is @p textScale times the
    /// screen's, with room for the tier names and block captions as zoomToFit() keeps it.
    struct PictureFit
    {
        QRectF source; ///< Scene rectangle shown; null when nothing is drawn.
        double scale = 0; ///< Picture pixels per scene unit.
        DrawPlan plan; ///< What the picture draws.
    };
    /// Whether zooming out can draw bundles: blocks to fold into, and links between them.
    bool bundlesPossible() const { return !layout.blocks.empty() && !data.bundles.empty(); }
    /// Whether @p plan draws the links between blocks as bundles.
    bool drawsBundles(const DrawPlan &plan) const
    {
        return !plan.detailGlobal && !data.bundles.empty();
    }
    /// The fit of a picture at @p scale showing @p source, with what its plan draws.
    PictureFit pictureFit(
        const QRectF &source, double scale, double textScale, double inkScale) const
    {
        DrawPlan plan = data.planFor(scale, source, textScale, inkScale);
        plan.visible = source;
        return { source, scale, plan };
    }
    /// The fit of the whole fabric in @p area; @p inkScale as SceneData::planFor() takes it.
    PictureFit fitWhole(const QSizeF &area, double textScale, double inkScale) const
    {
        const QRectF whole = wholeFabric();
        if (whole.isNull())
            return {};
        // The margins are picture pixels taken from the area, as zoomToFit() takes them from
        // the viewport: those the labels need at the zoom of the widest margins, which is the
        // least zoom, so the labels still fit at the zoom that results.
        auto fit = [&](const QMarginsF &m) {
            return std::min((area.width() - m.left() - m.right()) / whole.width(),
                (area.height() - m.top() - m.bottom()) / whole.height());
        };
        auto fitWith = [&](const QMarginsF &m) {
            const double scale = fit(m);
            const QRectF source = whole.adjusted(
                -m.left() / scale, -m.top() / scale, m.right() / scale, m.bottom() / scale);
            return pictureFit(source, scale, textScale, inkScale);
        };
        const QMarginsF m = labelMargins(
            layout, whole, textScale, fit(labelMargins(layout, whole, textScale, 0)));
        // Too small a picture for names: the fabric gets it all.
        if (fit(m) * std::min(whole.width(), whole.height()) < 10) {
            const double scale = std::max(0.0, fit(QMarginsF()));
            return pictureFit(whole, scale, textScale, inkScale);
        }
        const PictureFit named = fitWith(m);
        // Folded at that zoom (pods and zones as blocks), the picture draws no tier names: the
        // room kept for them only narrowed the fabric (Meta's two zones, by a ninth). Unless
        // the larger zoom without it unfolds the blocks, which brings the names back.
        if (named.plan.detailNodes)
            return named;
        const PictureFit folded = fitWith(QMarginsF(8, 8, 8, 8));
        return folded.plan.detailNodes ? named : folded;
    }
    /// fitWhole() for a picture @p area large: its text and ink budgets those of a picture of
    /// that size. An empty area fits nothing.
    PictureFit fitPicture(const QSizeF &area) const
    {
        if (area.isEmpty())
            return {};
        return fitWhole(area, pictureScale(area.width()), SceneData::pictureInkScale(area));
    }
    QRectF nodeRect(NodeId n) const { return data.rect[static_cast<std::size_t>(n)]; }
    /// The block @p n is laid out in, or -1.
    int blockOf(NodeId n) const
    {
        return layout.hasNode(n) ? layout.blockOf[static_cast<std::size_t>(n)] : -1;
    }
    bool drawsNode(NodeId n) const { return data.drawsNode(int(n)); }
    /// The lines that mark @p links at the current plan: one by one where links are drawn so
    /// (those near the view), else their bundles: any bundle holding one of them, or with
    /// @p wholeBundles only bundles all of whose links are among them.
    /// @p lanePx: drawn that many pixels to one side of each straight line (two lanes of one
    /// link: +x and -x); 0 on the line.
    QPainterPath linksPath(const QList<LinkId> &links, bool wholeBundles, double lanePx = 0) const;
    /// An X over each of @p nodes drawn on its own near the view.
    QPainterPath crossesPath(const QList<NodeId> &nodes) const;
    /// A small X on the middle of each of @p links drawn near the view (or of its bundle)
    /// whose ends are not among @p failedNodes (those are crossed out themselves).
    QPainterPath linkCrossesPath(
        const QList<LinkId> &links, const QList<NodeId> &failedNodes) const;
    /// Pens of @p h's lanes from its colours and style, at the presentation scale.
    void styleHighlight(Highlight &h) const
    {
        QPen pen = h.item->pen();
        pen.setColor(h.set.color);
        pen.setStyle(h.set.style);
        pen.setWidthF((h.set.style == Qt::SolidLine ? 3 : 2) * presentation * pictureSize);
        h.item->setPen(pen);
        if (h.set.secondColor.isValid())
            pen.setColor(h.set.secondColor);
        h.secondItem->setPen(pen);
    }
};

} // namespace fabric::views
