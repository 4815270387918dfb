// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabriccanvas.h"

#include "badgeplacer.h"
#include "canvaslabels.h"
#include "common/keyboardfocus.h"
#include "common/percent.h"
#include "common/qtstrings.h"
#include "faultmarks.h"
#include "layeritem.h"
#include "layout/layoutengine.h"
#include "layout/rowlinks.h"
#include "layout/toruscircuits.h"
#include "model/units.h"
#include "scenedata.h"
#include "style/palette.h"
#include "style/picturescale.h"

#include <QContextMenuEvent>
#include <QCursor>
#include <QDragEnterEvent>
#include <QFocusEvent>
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMimeData>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QStyleOptionGraphicsItem>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <optional>
#include <utility>

namespace fabric::views {

namespace {
constexpr double kMinLod = 0.0005, kMaxLod = 40;
/// A fit never zooms in further: a handful of nodes stays node-sized rather than filling the view.
constexpr double kMaxFitLod = 2.5;
/// An empty fabric's zoom: what the user drops on it is drawn at a size where its name reads.
constexpr double kDrawingLod = 1.6;
constexpr int kDragThreshold = 4;

enum class Drag { None, Pending, Pan, Rubber, MoveNodes, AddLink, Orbit };

/// Lines an overlay of moveTo/lineTo pairs draws (an X counts as two).
int linesIn(const QGraphicsPathItem *item)
{
    return item->path().elementCount() / 2;
}

QGraphicsPathItem *overlay(QGraphicsScene *scene, const QColor &color, double width, double z)
{
    auto *item = new QGraphicsPathItem;
    QPen pen(color, width);
    pen.setCosmetic(true);
    pen.setCapStyle(Qt::RoundCap);
    pen.setJoinStyle(Qt::RoundJoin);
    item->setPen(pen);
    item->setZValue(z);
    scene->addItem(item);
    return item;
}
} // namespace

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
        for (LayerItem *item : std::initializer_list<LayerItem *> { blocks, links, nodes, particles, badges })
            item->syncBounds();
    }
    std::function<QString(LinkId)> linkInfo;
    qreal gridSnap = 0;
    QGraphicsPathItem *hoverItem = nullptr, *selectionItem = nullptr, *pathItem = nullptr,
                      *dragItem = nullptr, *rubberItem = nullptr,
                      *linkLineItem = nullptr, *dropItem = nullptr;
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
                      *failedNodesItem = nullptr;

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
    Drag drag = Drag::None;
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
                kMinLod, kMaxFitLod);
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

QPainterPath FabricCanvas::Private::linksPath(const QList<LinkId> &ids, bool wholeBundles,
                                             double lanePx) const
{
    const DrawPlan &plan = data.plan;
    // A little beyond the view, so a line ending just outside still reaches the edge.
    const QRectF near = plan.visible.adjusted(-50, -50, 50, 50);
    QPainterPath path;
    const double lane = lanePx / std::max(plan.lod, 1e-6);
    // One side of a line, whichever way it was drawn: the normal is taken from the end that
    // sorts first, so both lanes of a link keep their sides.
    auto addLine = [&](const QLineF &line) {
        QLineF s = line;
        if (lane != 0 && std::make_pair(s.p2().x(), s.p2().y()) < std::make_pair(s.p1().x(), s.p1().y()))
            s = QLineF(s.p2(), s.p1());
        const double len = s.length();
        const QPointF shift = len > 0 ? QPointF(-s.dy(), s.dx()) * (lane / len) : QPointF();
        path.moveTo(s.p1() + shift);
        path.lineTo(s.p2() + shift);
    };
    std::map<int, int> perBundle; // bundle -> marked links in it
    // With wholeBundles, parallel links (one drawn line) are marked only when all of them are:
    // "left idle" over a pair whose other link was busy would hide that link's colour.
    std::map<std::pair<NodeId, NodeId>, int> perPair;
    auto add = [&](LinkId l) {
        if (!data.linkRect(l).intersects(near))
            return;
        if (lane == 0 || data.isCurved(l))
            data.addLinkPath(path, l);
        else
            addLine(data.segment[static_cast<std::size_t>(l)]);
    };
    for (LinkId l : ids) {
        if (!fabric || !fabric->hasLink(l))
            continue;
        const auto i = static_cast<std::size_t>(l);
        if (data.drawsLink(l)) {
            const Link &link = fabric->link(l);
            if (wholeBundles)
                ++perPair[std::minmax(link.a, link.b)];
            else
                add(l);
        } else if (!plan.detailGlobal && i < data.linkBundle.size() && data.linkBundle[i] >= 0) {
            ++perBundle[data.linkBundle[i]];
        }
    }
    for (const auto &[ends, count] : perPair) {
        int parallel = 0;
        LinkId one = kNoLink;
        for (LinkId l : fabric->linksOf(ends.first))
            if (fabric->link(l).other(ends.first) == ends.second) {
                ++parallel;
                one = l;
            }
        if (count == parallel)
            add(one);
    }
    for (const auto &[index, count] : perBundle) {
        const Bundle &b = data.bundles[static_cast<std::size_t>(index)];
        if (wholeBundles && count < b.links)
            continue;
        addLine(b.line);
    }
    return path;
}

QPainterPath FabricCanvas::Private::crossesPath(const QList<NodeId> &ids) const
{
    const DrawPlan &plan = data.plan;
    const QRectF near = plan.visible.adjusted(-50, -50, 50, 50);
    // At least 7 px from the centre to each tip, so a failed GPU a few pixels wide still shows.
    const double minHalf = 7 / std::max(plan.lod, 1e-6);
    QPainterPath path;
    for (NodeId n : ids) {
        if (!alive(n) || !drawsNode(n))
            continue;
        const QRectF r = nodeRect(n);
        if (!r.intersects(near))
            continue;
        const double h = std::max(std::max(r.width(), r.height()) / 2 + 2 / std::max(plan.lod, 1e-6), minHalf);
        const QPointF c = r.center();
        path.moveTo(c + QPointF(-h, -h));
        path.lineTo(c + QPointF(h, h));
        path.moveTo(c + QPointF(-h, h));
        path.lineTo(c + QPointF(h, -h));
    }
    return path;
}

FabricCanvas::FabricCanvas(QWidget *parent)
    : QGraphicsView(parent)
    , d(new Private)
{
    setAccessibleName(tr("Fabric diagram")); // what a screen reader says of the view
    d->scene = new QGraphicsScene(this);
    d->scene->setItemIndexMethod(QGraphicsScene::NoIndex); // a handful of large items
    setScene(d->scene);
    d->blocks = new BlockLayerItem(d->data);
    d->links = new LinkLayerItem(d->data);
    d->nodes = new NodeLayerItem(d->data);
    d->blocks->setZValue(0);
    d->links->setZValue(1);
    d->nodes->setZValue(2);
    d->scene->addItem(d->blocks);
    d->scene->addItem(d->links);
    d->scene->addItem(d->nodes);
    d->particles = new ParticleLayerItem(d->data);
    d->particles->setZValue(1.5); // over links, under nodes
    d->scene->addItem(d->particles);
    d->labels = new LabelLayerItem(d->data);
    // Texts over nodes and every highlight (a caption crossed by a run's highlighted links
    // could not be read), under selection and hover.
    d->labels->setZValue(3);
    d->scene->addItem(d->labels);
    d->badges = new BadgeLayerItem(d->data);
    d->badges->setZValue(2.95); // over the highlights below, under the texts
    d->scene->addItem(d->badges);
    // A run's highlights (idle links' dashes, SHARP's lanes) over the links and their dots,
    // under the nodes: drawn over them, they buried a ToR row in grey dashes and marked V's
    // inside the leaves where lanes met. A path the user asked for goes over the nodes, under
    // the texts (3). A policy's route (the Paths dock) lies inside the equal-cost set: over it,
    // or it never shows.
    d->highlight(HighlightChannel::Simulation).item = overlay(d->scene, palette::path(), 3, 1.8);
    d->highlight(HighlightChannel::Path).item = overlay(d->scene, palette::path(), 3, 2.92);
    for (Private::Highlight &h : d->highlights)
        h.secondItem = overlay(d->scene, palette::path(), 3, h.item->zValue());
    d->pathItem = overlay(d->scene, palette::path(), 3.5, 2.9);
    // Faults over the run's highlights (a failed link is also an idle one: the fault is the
    // reason), under the user's path view, selection and hover.
    auto dashed = [](QGraphicsPathItem *item, Qt::PenStyle style) {
        QPen pen = item->pen();
        pen.setStyle(style);
        pen.setCapStyle(Qt::FlatCap);
        item->setPen(pen);
        return item;
    };
    d->degradedLinksItem = dashed(overlay(d->scene, degradedColour(), 3, 2.75), Qt::DashDotLine);
    d->failedLinksItem = dashed(overlay(d->scene, failedColour(), 3, 2.8), Qt::DashLine);
    d->failedNodesItem = overlay(d->scene, failedColour(), 3, 2.85);
    d->selectionItem = overlay(d->scene, palette::selection(), 2.5, 10);
    d->hoverItem = overlay(d->scene, palette::hover(), 2.5, 11);
    d->dragItem = overlay(d->scene, QColor(0x33, 0x33, 0x33), 1.5, 12);
    d->dragItem->setPen([] {
        QPen p(QColor(0x33, 0x33, 0x33), 1.5, Qt::DashLine);
        p.setCosmetic(true);
        return p;
    }());
    d->rubberItem = overlay(d->scene, palette::selection(), 1, 13);
    d->rubberItem->setBrush(QColor(0, 158, 115, 40));
    d->linkLineItem = overlay(d->scene, palette::selection(), 2, 13);
    d->dropItem = overlay(d->scene, palette::selection(), 2, 14);
    d->dropItem->setBrush(QColor(0, 158, 115, 60));
    setAcceptDrops(true);

    setOptimizationFlags(QGraphicsView::DontSavePainterState
                         | QGraphicsView::DontAdjustForAntialiasing);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setDragMode(QGraphicsView::NoDrag);
    setMouseTracking(true);
    viewport()->setMouseTracking(true);
    setBackgroundBrush(palette::background());
    setRenderHint(QPainter::Antialiasing, false);
    setRenderHint(QPainter::TextAntialiasing, true);
    setFocusPolicy(Qt::StrongFocus);

    d->legend = new LegendWidget(this);
    d->legend->hide();
    d->focusFrame = new FocusFrameOverlay(this, 3);
    connect(d->legend, &LegendWidget::collapseToggled, this, [this](bool collapsed) {
        d->legendUserCollapsed = collapsed;
        updateLegend(); // a fitted view fits again: the legend's column comes or goes
    });
}

FabricCanvas::~FabricCanvas()
{
    delete d;
}

void FabricCanvas::setFabric(const Fabric *fabric)
{
    d->fabric = fabric;
    d->selectedNodes.clear();
    d->selectedLinks.clear();
    d->paths.clear();
    for (auto &h : d->highlights)
        h.set.links.clear();
    d->faults = {}; // ids of another fabric; the app marks this one's faults again
    forgetHover();
    d->hoveredLink = kNoLink;
    d->data.loads.clear();
    d->data.badges.clear();
    relayout(false);
    Q_EMIT selectionChanged();
}

const Fabric *FabricCanvas::fabric() const { return d->fabric; }

void FabricCanvas::relayout(bool keepView)
{
    if (d->fabric)
        d->computedLayout = computeLayout(*d->fabric, d->options);
    else
        d->computedLayout = FabricLayout();
    d->layout = d->computedLayout;
    rebuildScene(keepView);
    d->legendRefitBlocked = true; // the fit below comes next, or the view stays
    updateLegend(); // first: the fit leaves room for the legend
    d->legendRefitBlocked = false;
    if (!keepView)
        zoomToFit();
}

void FabricCanvas::rebuildScene(bool keepView)
{
    if (d->fabric) {
        d->data.build(*d->fabric, d->layout);
    } else {
        d->data.clear();
    }
    d->syncLayerBounds();
    const QRectF room = d->data.bounds.isValid() ? d->data.bounds.adjusted(-400, -400, 400, 400)
                                                 : QRectF(0, 0, 1, 1);
    // While the user edits, the scene only grows: a smaller one would re-centre the view, and
    // the node just dropped would jump away from the pointer.
    d->scene->setSceneRect(keepView ? d->scene->sceneRect() | room : room);
    d->planDirty = true;
    refreshOverlays();
    updatePlan();
    viewport()->update();
}

void FabricCanvas::applyChange(const ChangeEvent &event)
{
    if (!d->fabric)
        return;
    using T = ChangeEvent::Type;
    auto forget = [&] {
        d->selectedNodes.removeIf([&](NodeId n) { return !d->alive(n); });
        d->selectedLinks.removeIf([&](LinkId l) { return !d->fabric->hasLink(l); });
        for (auto &h : d->highlights)
            h.set.links.removeIf([&](LinkId l) { return !d->fabric->hasLink(l); });
        d->faults.failedNodes.removeIf([&](NodeId n) { return !d->alive(n); });
        for (QList<LinkId> *marked : {&d->faults.failedLinks, &d->faults.degradedLinks})
            marked->removeIf([&](LinkId l) { return !d->fabric->hasLink(l); });
        d->paths.removeIf([&](const QList<LinkId> &p) {
            return std::any_of(p.begin(), p.end(), [&](LinkId l) { return !d->fabric->hasLink(l); });
        });
        if (!d->alive(d->hovered))
            forgetHover();
    };
    switch (event.type) {
    case T::Reset:
        setFabric(d->fabric);
        return;
    case T::NodesAboutToBeRemoved:
    case T::LinksAboutToBeRemoved:
        return; // the ids are still valid; act on the Removed event
    case T::NodesChanged:
    case T::NodesMoved:
        // Positions (user moves) and styles: patch those nodes and their links in place.
        d->data.updateNodes(*d->fabric, event.nodes);
        d->planDirty = true;
        // A node moved far out grows the scene; the layers follow its bounds.
        d->syncLayerBounds();
        d->scene->setSceneRect(d->scene->sceneRect() | d->data.bounds.adjusted(-400, -400, 400, 400));
        refreshOverlays();
        viewport()->update();
        return;
    case T::CircuitsChanged:
        if (d->layout.name.startsWith(QLatin1String("torus-"))) {
            // A torus is drawn from its chips' coordinates and circuits (the lattice's arcs), and
            // a rewire changes them: lay it out again.
            // A new shape (or its undo) changes the lattice's extent: the old view showed half
            // of it off-screen. A twist alone keeps the extent and the user's zoom.
            const QSizeF extent = d->data.bounds.size();
            forget();
            d->data.loads.clear();
            d->data.badges.clear();
            relayout(true);
            if (d->data.bounds.size() != extent)
                zoomToFit();
            Q_EMIT selectionChanged();
            return;
        }
        [[fallthrough]];
    case T::NodesAdded:
    case T::NodesRemoved:
    case T::LinksAdded:
    case T::LinksRemoved:
    case T::LinksChanged:
        // Structure changed: keep the layout (nodes stay where the user sees them), place new
        // nodes next to their neighbours and rebuild the derived geometry, O(nodes + links).
        // The view is the user's from now on, as after a zoom: a resize that follows (a dock
        // showing the selection) must not refit it, nor turn a fabric emptied by a delete into
        // a blank drawing sheet that Undo then brings the fabric back to.
        d->fitPending = false;
        forget();
        // Undoing a delete brings its nodes' blocks back: start again from the computed layout.
        d->layout = d->computedLayout;
        dropEmptyBlocks(d->layout, *d->fabric);
        // A link drawn between two switches of one row bows over those between, as laid out.
        if (d->layout.name == QLatin1String("tiered"))
            bowLinksAlongRows(*d->fabric, d->layout);
        d->data.loads.clear();
        d->data.badges.clear();
        rebuildScene(true);
        updateLegend(); // no refit: the edit ended the pending fit above
        Q_EMIT selectionChanged();
        return;
    }
}

void FabricCanvas::zoomToFit()
{
    const QRectF bounds = d->wholeFabric();
    if (bounds.isNull()) {
        // A blank sheet at a drawing zoom, not the last fabric's (a whole pod's, at which a
        // dropped GPU was a speck), centred on the origin with room to draw all round.
        const QSizeF shown = QSizeF(viewport()->size()) / kDrawingLod;
        const QRectF sheet(QPointF(-shown.width(), -shown.height()), shown * 2);
        d->scene->setSceneRect(sheet);
        setTransform(QTransform::fromScale(kDrawingLod, kDrawingLod));
        centerOn(0, 0);
        d->fitPending = true;
        updatePlan();
        return;
    }
    const QRect vp = viewport()->rect();
    d->fittedLegend = d->shownLegend();
    const Private::ViewFit fitted = d->viewFit(bounds, vp, d->legendToFit(bounds, vp));
    if (!fitted.room.isValid()) {
        fitInView(bounds, Qt::KeepAspectRatio);
    } else {
        const QRectF &room = fitted.room;
        const double s = fitted.scale;
        // The scene rectangle the whole viewport shows with the fabric centred in the room (or
        // at its top).
        QPointF centre = bounds.center() - (room.center() - QRectF(vp).center()) / s;
        if (d->fitsToTop) {
            // A little way down, where there is room: badges sit over the top row's nodes.
            const double down = std::clamp(room.height() - bounds.height() * s, 0.0, 16.0);
            centre.setY(bounds.top() - (room.top() + down - QRectF(vp).center().y()) / s);
        }
        const QRectF shown(centre - QPointF(vp.width(), vp.height()) / (2 * s),
                           QSizeF(vp.width(), vp.height()) / s);
        // Room to pan past every edge of the view: both scroll bars stay on whatever the fit,
        // so the viewport's size (and with it the legend and the fit) cannot oscillate.
        const double pan = 100 / s;
        d->scene->setSceneRect(d->scene->sceneRect() | shown.adjusted(-pan, -pan, pan, pan));
        setTransform(QTransform::fromScale(s, s));
        centerOn(centre);
    }
    d->fitPending = true;
    updatePlan();
}

void FabricCanvas::zoomToSelection()
{
    QRectF r;
    for (NodeId n : d->selectedNodes)
        if (d->alive(n))
            r |= d->nodeRect(n);
    for (LinkId l : d->selectedLinks)
        if (d->fabric && d->fabric->hasLink(l))
            r |= d->data.linkRect(l);
    if (r.isNull())
        return;
    const double pad = std::max({r.width(), r.height(), 200.0}) * 0.25;
    fitInView(r.adjusted(-pad, -pad, pad, pad), Qt::KeepAspectRatio);
    const double lod = QStyleOptionGraphicsItem::levelOfDetailFromTransform(transform());
    if (lod > 4)
        zoomBy(4 / lod);
    d->fitPending = false;
    updatePlan();
}

void FabricCanvas::zoomBy(double factor)
{
    const double lod = QStyleOptionGraphicsItem::levelOfDetailFromTransform(transform());
    factor = std::clamp(lod * factor, kMinLod, kMaxLod) / lod;
    scale(factor, factor);
    d->fitPending = false;
    updatePlan();
}

QList<NodeId> FabricCanvas::selectedNodes() const { return d->selectedNodes; }
QList<LinkId> FabricCanvas::selectedLinks() const { return d->selectedLinks; }

void FabricCanvas::setSelection(const QList<NodeId> &nodes, const QList<LinkId> &links)
{
    QList<NodeId> n;
    for (NodeId id : nodes)
        if (d->alive(id) && !n.contains(id))
            n.append(id);
    QList<LinkId> l;
    for (LinkId id : links)
        if (d->fabric && d->fabric->hasLink(id) && !l.contains(id))
            l.append(id);
    if (n == d->selectedNodes && l == d->selectedLinks)
        return;
    d->selectedNodes = n;
    d->selectedLinks = l;
    refreshOverlays();
    Q_EMIT selectionChanged();
}

bool FabricCanvas::findAndFocus(const QString &text, bool addToSelection)
{
    if (!d->fabric || text.isEmpty())
        return false;
    NodeId found = kNoNode;
    // Exact name first, then the first name containing the text.
    const std::string exact = toStdString(text);
    found = d->fabric->findNode(exact);
    if (found == kNoNode) {
        d->fabric->forEachNode([&](const Node &n) {
            if (found == kNoNode && toQString(n.name).contains(text, Qt::CaseInsensitive))
                found = n.id;
        });
    }
    if (found == kNoNode)
        return false;
    if (addToSelection) {
        QList<NodeId> nodes = selectedNodes();
        if (!nodes.contains(found))
            nodes << found;
        setSelection(nodes, selectedLinks());
    } else {
        setSelection({ found });
    }
    const double lod = QStyleOptionGraphicsItem::levelOfDetailFromTransform(transform());
    const double want = std::max(1.5, 12 / d->layout.nodePitch);
    if (lod < want)
        zoomBy(want / lod);
    centerOn(d->data.pos[static_cast<std::size_t>(found)]);
    d->fitPending = false;
    updatePlan();
    return true;
}

void FabricCanvas::setTool(Tool tool)
{
    d->tool = tool;
    viewport()->setCursor(tool == Tool::AddLink ? Qt::CrossCursor : Qt::ArrowCursor);
}

FabricCanvas::Tool FabricCanvas::tool() const { return d->tool; }

void FabricCanvas::setAntialiasing(bool on)
{
    setRenderHint(QPainter::Antialiasing, on);
    viewport()->update();
}

void FabricCanvas::setPresentationMode(bool on)
{
    d->presentation = on ? kPresentationScale : 1.0;
    for (QGraphicsPathItem *item : {d->hoverItem, d->selectionItem, d->pathItem}) {
        QPen pen = item->pen();
        pen.setWidthF((item == d->pathItem ? 3.5 : 2.5) * d->presentation);
        item->setPen(pen);
    }
    refreshHighlights(); // pens and the lanes of a two-lane highlight grow with the text
    d->legend->setScale(on ? kPresentationScale : 1.0);
    updateLegend();
    if (d->fitPending)
        zoomToFit(); // the margins for the larger texts change
    d->planDirty = true;
    updatePlan();
    viewport()->update();
}

QRectF FabricCanvas::fabricBounds() const { return d->data.contentBounds(); }

const LegendWidget *FabricCanvas::legend() const { return d->legend; }

QPointF FabricCanvas::nodePosition(NodeId node) const
{
    if (!d->alive(node) || static_cast<std::size_t>(node) >= d->data.pos.size())
        return {};
    return d->data.pos[static_cast<std::size_t>(node)];
}

NodeId FabricCanvas::hoveredNode() const { return d->hovered; }

bool FabricCanvas::showsDetail() const { return d->data.plan.detailNodes; }

QString FabricCanvas::layoutName() const { return d->layout.name; }

QString FabricCanvas::describeNode(NodeId id) const
{
    if (!d->alive(id))
        return {};
    const Fabric &f = *d->fabric;
    const Node &n = f.node(id);
    QString kind = toQString(toString(n.kind));
    if (n.kind == NodeKind::Switch)
        kind = palette::roleName(n.role, f.generator().family) + QStringLiteral(" switch");
    QStringList lines;
    lines << QStringLiteral("<b>%1</b> — %2").arg(toQString(n.name).toHtmlEscaped(), kind);
    QStringList where;
    if (n.hints.tier >= 0)
        where << QStringLiteral("tier %1").arg(n.hints.tier);
    if (n.hints.pod >= 0)
        where << QStringLiteral("pod %1").arg(n.hints.pod);
    if (n.hints.plane >= 0)
        where << QStringLiteral("plane %1").arg(n.hints.plane);
    if (n.hints.rail >= 0)
        where << QStringLiteral("rail %1").arg(n.hints.rail);
    if (n.hints.x >= 0)
        where << QStringLiteral("chip (%1, %2, %3)").arg(n.hints.x).arg(n.hints.y).arg(n.hints.z);
    if (!where.isEmpty())
        lines << where.join(QStringLiteral(" · "));
    const auto attached = f.linksOf(id);
    double total = 0;
    for (LinkId l : attached)
        total += f.link(l).capacityGbps;
    lines << QStringLiteral("Ports: %1 used%2 · %3 links, %4 in total")
                 .arg(attached.size())
                 .arg(n.ports > 0 ? QStringLiteral(" of %1").arg(n.ports) : QString())
                 .arg(attached.size())
                 .arg(toQString(units::formatGbps(total)));
    if (n.kind == NodeKind::Ocs)
        lines << QStringLiteral("Circuits: %1").arg(n.circuits.size());
    // Neighbours grouped by name, so 64 parallel uplinks read as one line.
    std::map<std::pair<NodeId, Medium>, std::pair<int, double>> byPeer;
    for (LinkId l : attached) {
        const Link &link = f.link(l);
        auto &e = byPeer[{link.other(id), link.medium}];
        ++e.first;
        e.second = link.capacityGbps;
    }
    int shown = 0;
    for (const auto &[key, value] : byPeer) {
        if (++shown > 10) {
            lines << QStringLiteral("… and %1 more neighbours").arg(byPeer.size() - 10);
            break;
        }
        lines << QStringLiteral("→ %1: %2%3 %4")
                     .arg(toQString(f.node(key.first).name).toHtmlEscaped())
                     .arg(value.first > 1 ? QStringLiteral("%1 × ").arg(value.first) : QString())
                     .arg(toQString(units::formatGbps(value.second)), palette::mediumName(key.second));
    }
    return lines.join(QStringLiteral("<br>"));
}

NodeId FabricCanvas::nodeAt(const QPointF &p) const
{
    if (!d->fabric)
        return kNoNode;
    const double lod = d->data.plan.lod > 0 ? d->data.plan.lod : 1;
    const double tol = 3 / lod;
    NodeId best = kNoNode;
    double bestDist = 1e300;
    d->data.nodeGrid.query(QRectF(p.x() - tol, p.y() - tol, 2 * tol, 2 * tol), [&](int id) {
        const auto i = static_cast<std::size_t>(id);
        if (!d->drawsNode(id))
            return;
        const QRectF r = d->data.rect[i].adjusted(-tol, -tol, tol, tol);
        if (!r.contains(p))
            return;
        const QPointF c = d->data.rect[i].center() - p;
        const double dist = QPointF::dotProduct(c, c);
        if (dist < bestDist) {
            bestDist = dist;
            best = id;
        }
    });
    return best;
}

LinkId FabricCanvas::linkAt(const QPointF &p) const
{
    if (!d->fabric)
        return kNoLink;
    const DrawPlan &plan = d->data.plan;
    const double tol = 4 / std::max(plan.lod, 1e-6);
    LinkId hit = kNoLink;
    double best = tol;
    auto test = [&](int id, bool endsOnly, int sample) {
        const QLineF &s = d->data.segment[static_cast<std::size_t>(id)];
        if ((endsOnly && !plan.visible.contains(s.p1()) && !plan.visible.contains(s.p2()))
            || !SceneData::sampled(id, sample))
            return; // not drawn, so not under the pointer
        const double dist = d->data.distanceToLink(p, id);
        if (dist <= best) {
            best = dist;
            hit = id;
        }
    };
    const QRectF around(p.x() - tol, p.y() - tol, 2 * tol, 2 * tol);
    if (plan.detailLocal)
        d->data.localGrid.query(around, [&](int id) { test(id, plan.localEndsOnly, plan.localSample); });
    if (plan.detailGlobal)
        d->data.globalGrid.query(around, [&](int id) { test(id, plan.globalEndsOnly, plan.globalSample); });
    return hit;
}

std::vector<std::pair<QString, QRectF>> FabricCanvas::shownLabels() const
{
    std::vector<std::pair<QString, QRectF>> shown;
    for (const CanvasLabel &label : d->data.labels)
        shown.emplace_back(label.text,
            label.box.translated(QPointF(mapFromScene(label.anchor) + viewport()->pos())));
    return shown;
}

std::vector<std::pair<int, QRectF>> FabricCanvas::shownBadges() const
{
    std::vector<std::pair<int, QRectF>> shown;
    const DrawPlan &plan = d->data.plan;
    const QFont font = BadgeLayerItem::badgeFont(plan, 1);
    for (const LinkId id : d->badges->shownBadges()) {
        const int value = d->data.badges[std::size_t(id)];
        const QPointF centre = mapFromScene(d->data.linkMidpoint(id)) + viewport()->pos();
        shown.emplace_back(
            value, badgeBox(font, BadgeLayerItem::badgeRadius(plan), value).translated(centre));
    }
    return shown;
}

QString FabricCanvas::describeBlockAt(const QPointF &scenePos) const
{
    if (!d->fabric || d->data.plan.detailNodes)
        return {};
    for (std::size_t i = 0; i < d->layout.blocks.size(); ++i) {
        const LayoutBlock &b = d->layout.blocks[i];
        if (!BlockLayerItem::hasLoadBar(b) || !b.rect.contains(scenePos))
            continue;
        QStringList lines { QStringLiteral("<b>%1</b>").arg(b.title.toHtmlEscaped()) };
        for (const QString &line : b.detail.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            lines << line.toHtmlEscaped();
        const LinkId busiest
            = i < d->data.blockBusiestLink.size() ? d->data.blockBusiestLink[i] : kNoLink;
        if (busiest != kNoLink && d->fabric->hasLink(busiest)) {
            const Link &l = d->fabric->link(busiest);
            // The busier direction, as the bar's colour is.
            const auto at = static_cast<std::size_t>(busiest);
            const bool ab = d->data.loads[2 * at] >= d->data.loads[2 * at + 1];
            lines << QStringLiteral("Busiest link inside now: %1 → %2, %3")
                         .arg(toQString(d->fabric->node(ab ? l.a : l.b).name).toHtmlEscaped(),
                             toQString(d->fabric->node(ab ? l.b : l.a).name).toHtmlEscaped(),
                             percentText(d->data.blockLoad[i]));
        }
        lines << QStringLiteral("<i>Double-click to open it up.</i>");
        return lines.join(QStringLiteral("<br>"));
    }
    return {};
}

QString FabricCanvas::describeLink(LinkId id) const
{
    if (!d->fabric || !d->fabric->hasLink(id))
        return {};
    const Fabric &f = *d->fabric;
    const Link &l = f.link(id);
    QStringList lines;
    lines << QStringLiteral("<b>%1 ↔ %2</b>")
                 .arg(toQString(f.node(l.a).name).toHtmlEscaped(), toQString(f.node(l.b).name).toHtmlEscaped());
    lines << QStringLiteral("%1 per direction · %2%3")
                 .arg(toQString(units::formatGbps(l.capacityGbps)), palette::mediumName(l.medium),
                      l.plane >= 0 ? QStringLiteral(" · plane %1").arg(l.plane) : QString());
    if (l.latencyNs > 0)
        lines << QStringLiteral("Latency %1").arg(toQString(units::formatSeconds(units::nsToSeconds(l.latencyNs))));
    // A fibre is half of a circuit: name the OCS and the chips the circuit joins.
    for (NodeId end : {l.a, l.b}) {
        if (f.node(end).kind != NodeKind::Ocs)
            continue;
        const LinkId peer = f.ocsPeer(end, id);
        if (peer == kNoLink)
            continue;
        const Link &p = f.link(peer);
        lines << QStringLiteral("Circuit on %1, ports %2 ↔ %3: %4 ↔ %5")
                     .arg(toQString(f.node(end).name).toHtmlEscaped())
                     .arg(l.a == end ? l.portA : l.portB)
                     .arg(p.a == end ? p.portA : p.portB)
                     .arg(toQString(f.node(l.other(end)).name).toHtmlEscaped(),
                          toQString(f.node(p.other(end)).name).toHtmlEscaped());
    }
    const QString extra = d->linkInfo ? d->linkInfo(id) : QString();
    const auto &loads = d->data.loads;
    if (!extra.isEmpty()) {
        lines << extra;
    } else if (!loads.empty()) {
        const auto i = static_cast<std::size_t>(id);
        lines << QStringLiteral("Load %1 → %2: %3 · back: %4")
                     .arg(toQString(f.node(l.a).name).toHtmlEscaped(),
                         toQString(f.node(l.b).name).toHtmlEscaped(),
                         percentText(std::max(0.f, loads[2 * i])),
                         percentText(std::max(0.f, loads[2 * i + 1])));
    }
    if (!d->data.badges.empty() && d->data.badges[static_cast<std::size_t>(id)] > 0)
        lines << QStringLiteral("Badge: %1").arg(d->data.badges[static_cast<std::size_t>(id)]);
    return lines.join(QStringLiteral("<br>"));
}

void FabricCanvas::setTorusView(TorusView view)
{
    if (d->options.torusView == view)
        return;
    d->options.torusView = view;
    if (d->fabric && layoutKind(*d->fabric) == QLatin1String("torus"))
        relayout(false);
}

TorusView FabricCanvas::torusView() const { return d->options.torusView; }

void FabricCanvas::orbit(double yawDeg, double pitchDeg)
{
    TorusCamera &c = d->options.camera;
    c.yawDeg = std::fmod(c.yawDeg + yawDeg, 360.0);
    c.pitchDeg = std::clamp(c.pitchDeg + pitchDeg, -89.0, 89.0);
    if (d->fabric && d->layout.name == QLatin1String("torus-3d"))
        relayout(true);
}

TorusCamera FabricCanvas::torusCamera() const { return d->options.camera; }

void FabricCanvas::showPaths(const QList<QList<LinkId>> &paths)
{
    d->paths = paths;
    refreshOverlays();
}

PathSet FabricCanvas::showPathsBetween(NodeId from, NodeId to)
{
    if (!d->fabric)
        return {};
    PathSet set = equalCostPaths(*d->fabric, from, to);
    showPaths(set.paths);
    return set;
}

void FabricCanvas::clearPaths() { showPaths({}); }

QList<QList<LinkId>> FabricCanvas::shownPaths() const { return d->paths; }

std::span<const float> FabricCanvas::linkLoads() const { return d->data.loads; }

void FabricCanvas::setLinkLoads(std::span<const float> perDirectedLink)
{
    if (!d->fabric)
        return;
    const bool had = !d->data.loads.empty();
    if (perDirectedLink.size() == 2 * d->fabric->linkIdBound())
        d->data.loads.assign(perDirectedLink.begin(), perDirectedLink.end());
    else
        d->data.loads.clear();
    long before[3];
    for (int k = 0; k < 3; ++k)
        before[k] = std::lround(100 * d->data.dimensionLoad[k]);
    const std::vector<LinkId> changed = d->data.applyLoads();
    // Collapsed blocks show their busiest link inside as a bar: repaint them when one changes.
    if (d->data.blockBarsChanged && !d->data.plan.detailNodes)
        d->blocks->update();
    // The legend gives each dimension's load while they are coloured: refresh it when a
    // rounded figure moves.
    bool dimsMoved = false;
    for (int k = 0; k < 3; ++k)
        dimsMoved = dimsMoved || before[k] != std::lround(100 * d->data.dimensionLoad[k]);
    if (had != !d->data.loads.empty() || (dimsMoved && d->data.overlay.dimensionColours))
        updateLegend();
    // A link tooltip open during playback follows the time (bytes so far, flows now).
    if (d->hoveredLink != kNoLink && QToolTip::isVisible() && d->fabric->hasLink(d->hoveredLink))
        QToolTip::showText(QCursor::pos(), describeLink(d->hoveredLink), viewport());
    // Repaint only what changed: a few link rectangles, or everything when bundles show.
    if (!d->data.plan.detailGlobal || changed.size() > 400) {
        d->links->update();
        return;
    }
    for (LinkId l : changed)
        d->links->update(d->data.linkRect(l));
}

void FabricCanvas::setLinkBadges(std::span<const int> perLink)
{
    if (!d->fabric)
        return;
    const bool had = !d->data.badges.empty();
    ++d->data.badgeRevision;
    if (perLink.size() == d->fabric->linkIdBound())
        d->data.badges.assign(perLink.begin(), perLink.end());
    else
        d->data.badges.clear();
    d->badges->update();
    if (had != !d->data.badges.empty()) // only on and off change the legend, not every frame
        updateLegend();
}

void FabricCanvas::setHighlight(HighlightChannel channel, const LinkHighlight &highlight)
{
    Private::Highlight &h = d->highlight(channel);
    h.set = highlight;
    if (!h.set.color.isValid())
        h.set.color = palette::path();
    refreshHighlights();
    updateLegend();
}

void FabricCanvas::setHighlightedLinks(const QList<LinkId> &links, const QColor &color,
                                       HighlightChannel channel)
{
    LinkHighlight h;
    h.links = links;
    h.color = color;
    setHighlight(channel, h);
}

QList<LinkId> FabricCanvas::highlightedLinks(HighlightChannel channel) const
{
    return d->highlight(channel).set.links;
}

QColor FabricCanvas::highlightColor(HighlightChannel channel) const
{
    const Private::Highlight &h = d->highlight(channel);
    return h.set.links.isEmpty() ? QColor() : h.set.color;
}

int FabricCanvas::highlightLinesDrawn(HighlightChannel channel) const
{
    return linesIn(d->highlight(channel).item);
}

void FabricCanvas::refreshHighlights()
{
    for (Private::Highlight &h : d->highlights) {
        d->styleHighlight(h);
        const bool whole = h.set.bundles == LinkHighlight::Bundles::AllLinks;
        // Two lanes: each 3 px pen 2 px off the line, so they touch without overlapping.
        const double lane
            = h.set.secondColor.isValid() ? 2.0 * d->presentation * d->pictureSize : 0.0;
        h.item->setPath(d->linksPath(h.set.links, whole, lane));
        h.secondItem->setPath(lane > 0 ? d->linksPath(h.set.links, whole, -lane) : QPainterPath());
    }
    d->failedLinksItem->setPath(d->linksPath(d->faults.failedLinks, false));
    d->degradedLinksItem->setPath(d->linksPath(d->faults.degradedLinks, false));
    d->failedNodesItem->setPath(d->crossesPath(d->faults.failedNodes));
}

void FabricCanvas::setFaultMarks(const FaultMarks &marks)
{
    if (marks == d->faults)
        return;
    d->faults = marks;
    refreshHighlights();
    updateLegend();
}

FabricCanvas::FaultMarks FabricCanvas::faultMarks() const { return d->faults; }

int FabricCanvas::failedLinkLinesDrawn() const
{
    return linesIn(d->failedLinksItem);
}

int FabricCanvas::failedNodeLinesDrawn() const
{
    return linesIn(d->failedNodesItem);
}

ColorMap FabricCanvas::colorMap() const { return d->data.colorMap; }

void FabricCanvas::setParticlesEnabled(bool on)
{
    if (d->data.overlay.particles == on)
        return;
    d->data.overlay.particles = on;
    updateLegend();
    d->particles->update();
}

bool FabricCanvas::particlesEnabled() const { return d->data.overlay.particles; }

void FabricCanvas::setParticlePhase(double seconds)
{
    if (!std::isfinite(seconds) || seconds == d->data.overlay.particlePhase)
        return;
    d->data.overlay.particlePhase = seconds;
    if (d->data.overlay.particles && !d->data.loads.empty())
        d->particles->update();
}

double FabricCanvas::particlePhase() const { return d->data.overlay.particlePhase; }

int FabricCanvas::lastParticleCount() const { return d->particles->lastCount(); }

void FabricCanvas::setLinkInfoProvider(std::function<QString(LinkId)> provider)
{
    d->linkInfo = std::move(provider);
}

void FabricCanvas::setDimensionColouring(bool on)
{
    if (d->data.overlay.dimensionColours == on)
        return;
    d->data.overlay.dimensionColours = on;
    recolour();
}

void FabricCanvas::recolour()
{
    d->data.applyLoads();
    updateLegend();
    d->links->update();
    d->particles->update();
}

bool FabricCanvas::dimensionColouring() const { return d->data.overlay.dimensionColours; }

void FabricCanvas::setDimensionFilter(int dim)
{
    dim = dim >= 0 && dim <= 2 ? dim : -1;
    if (d->data.overlay.dimensionFilter == dim)
        return;
    d->data.overlay.dimensionFilter = dim;
    recolour();
}

int FabricCanvas::dimensionFilter() const { return d->data.overlay.dimensionFilter; }

bool FabricCanvas::hasTorusDimensions() const { return d->fabric && d->data.hasDimensions; }

int FabricCanvas::twistedWrapLinks() const
{
    return d->fabric ? static_cast<int>(d->data.twistedLinks) : 0;
}

void FabricCanvas::setGridSnap(qreal step)
{
    step = std::isfinite(step) && step > 0 ? step : 0;
    if (step == d->gridSnap)
        return;
    d->gridSnap = step;
    d->scene->update(); // the dot grid
    viewport()->update();
}

qreal FabricCanvas::gridSnap() const { return d->gridSnap; }

QPointF FabricCanvas::snapped(const QPointF &p) const
{
    const qreal s = d->gridSnap;
    if (s <= 0)
        return p;
    return QPointF(std::round(p.x() / s) * s, std::round(p.y() / s) * s);
}

void FabricCanvas::showDropIndicator(const QPointF &scenePos)
{
    QPainterPath path;
    if (!std::isnan(scenePos.x())) {
        const double lod = std::max(d->data.plan.lod, 1e-6);
        const double r = std::max(8.0, 12 / lod);
        path.addRect(QRectF(scenePos.x() - r, scenePos.y() - r, 2 * r, 2 * r));
        path.moveTo(scenePos.x() - 2 * r, scenePos.y());
        path.lineTo(scenePos.x() + 2 * r, scenePos.y());
        path.moveTo(scenePos.x(), scenePos.y() - 2 * r);
        path.lineTo(scenePos.x(), scenePos.y() + 2 * r);
    }
    d->dropItem->setPath(path);
}

bool FabricCanvas::acceptPaletteDrag(QDropEvent *event)
{
    if (!event->mimeData()->hasFormat(QLatin1String(kPaletteItemMimeType)))
        return false;
    event->setDropAction(Qt::CopyAction);
    event->accept();
    showDropIndicator(snapped(mapToScene(event->position().toPoint())));
    return true;
}

void FabricCanvas::dragEnterEvent(QDragEnterEvent *event)
{
    if (!acceptPaletteDrag(event))
        QGraphicsView::dragEnterEvent(event);
}

void FabricCanvas::dragMoveEvent(QDragMoveEvent *event)
{
    if (!acceptPaletteDrag(event))
        QGraphicsView::dragMoveEvent(event);
}

void FabricCanvas::dragLeaveEvent(QDragLeaveEvent *event)
{
    showDropIndicator(QPointF(std::nan(""), 0));
    QGraphicsView::dragLeaveEvent(event);
}

void FabricCanvas::dropEvent(QDropEvent *event)
{
    const QMimeData *mime = event->mimeData();
    if (!mime->hasFormat(QLatin1String(kPaletteItemMimeType))) {
        QGraphicsView::dropEvent(event);
        return;
    }
    showDropIndicator(QPointF(std::nan(""), 0));
    const QString key = QString::fromUtf8(mime->data(QLatin1String(kPaletteItemMimeType))).trimmed();
    if (key.isEmpty()) {
        event->ignore();
        return;
    }
    event->setDropAction(Qt::CopyAction);
    event->accept();
    Q_EMIT nodeDropRequested(key, snapped(mapToScene(event->position().toPoint())));
}

void FabricCanvas::drawBackground(QPainter *painter, const QRectF &rect)
{
    QGraphicsView::drawBackground(painter, rect);
    const qreal step = d->gridSnap;
    const DrawPlan &plan = d->data.plan;
    if (step <= 0 || !d->fabric || !plan.detailNodes || plan.lod <= 0)
        return;
    // Faint dots at the grid, thinned to every k-th line so they stay at least 8 px apart.
    const double k = std::max(1.0, std::ceil(8 / (step * plan.lod)));
    const double s = step * k;
    const double x0 = std::floor(rect.left() / s) * s, y0 = std::floor(rect.top() / s) * s;
    QList<QPointF> dots;
    for (double y = y0; y <= rect.bottom(); y += s)
        for (double x = x0; x <= rect.right(); x += s)
            dots.append(QPointF(x, y));
    if (dots.size() > 200000)
        return;
    QPen pen(QColor(0xb0, 0xb4, 0xbc));
    pen.setCosmetic(true);
    pen.setWidth(1);
    painter->setPen(pen);
    painter->drawPoints(dots.constData(), static_cast<int>(dots.size()));
}

QList<LegendEntry> FabricCanvas::legendEntries() const
{
    // On screen the bundles are explained whenever zooming out can show them, which takes
    // blocks to fold (the entry says "zoomed out"); a picture's legend, below, only when it
    // draws them.
    return legendEntriesWith(
        !d->data.plan.detailNodes, d->bundlesPossible(), BadgeLayerItem::legibleAt(d->data.plan));
}

QList<LegendEntry> FabricCanvas::legendRoomEntries() const
{
    return legendEntriesWith(false, d->bundlesPossible(), true);
}

QList<LegendEntry> FabricCanvas::pictureLegendEntries(const QSizeF &pictureSize) const
{
    // The zoom renderTo() gives the whole fabric (less the room for the title and legend: the
    // fold is decided well away from that margin).
    const Private::PictureFit fit = d->fitPicture(pictureSize);
    return fit.source.isNull() ? legendEntries() : legendEntriesWith(fit.plan);
}

double FabricCanvas::wholeFabricScale(const QSizeF &area) const
{
    return d->fitPicture(area).scale;
}

QSizeF FabricCanvas::wholeFabricSize(const QSizeF &area) const
{
    if (area.isEmpty())
        return {};
    const Private::PictureFit fit = d->fitPicture(area);
    return (fit.source.size() * fit.scale).boundedTo(area);
}

QList<LegendEntry> FabricCanvas::legendEntriesWith(const DrawPlan &picturePlan) const
{
    // A picture draws what its plan draws; its badges are those the placer keeps under it (a
    // SHARP run's k=16 fat-tree drawn whole keeps none, where its legend listed the badge).
    return legendEntriesWith(!picturePlan.detailNodes, d->drawsBundles(picturePlan),
        !BadgeLayerItem::badgesUnder(d->data, picturePlan).empty());
}

QList<LegendEntry> FabricCanvas::legendEntriesWith(
    bool blocksFolded, bool bundlesDrawn, bool badgesDrawn) const
{
    if (!d->fabric)
        return {};
    // Rows and torus planes are not what the legend's block stands for: their members and
    // captions say what they are.
    const bool blocks
        = std::any_of(d->layout.blocks.begin(), d->layout.blocks.end(), [](const LayoutBlock &b) {
              return b.kind != LayoutBlock::Kind::Row && b.kind != LayoutBlock::Kind::Plane;
          });
    LegendContent content { bundlesDrawn, blocks, {}, {} };
    if (blocksFolded) {
        // Folded, a block hides its nodes and the links inside it.
        content.nodeShown = [this](const Node &n) { return d->data.drawnWhenFolded(int(n.id)); };
        content.linkShown = [this](const Link &l) {
            return d->blockOf(l.a) < 0 || d->blockOf(l.a) != d->blockOf(l.b);
        };
    }
    QList<LegendEntry> out
        = views::legendEntries(*d->fabric, !d->data.loads.empty(), d->data.colorMap, content);
    // Canvas-specific link entries go at the end of the Links group.
    QList<LegendEntry> extra;
    const bool dims = d->data.overlay.dimensionColours && d->data.hasDimensions;
    // The dimension hues replace the ICI and optical colours, and during a run the load ramp:
    // a link is its dimension's hue, paler the idler (the legend listed viridis and a grey
    // "Idle" that no line was drawn in).
    if (dims)
        out.removeIf([](const LegendEntry &e) {
            return e.label == palette::mediumName(Medium::Ici)
                || e.label == palette::mediumName(Medium::Optical)
                || e.symbol == LegendEntry::Symbol::Ramp || e.label == QLatin1String("Idle");
        });
    bool loadBars = false;
    for (std::size_t i = 0;
         blocksFolded && i < d->data.blockLoad.size() && i < d->layout.blocks.size(); ++i)
        loadBars = loadBars
            || (d->data.blockLoad[i] >= 0 && BlockLayerItem::hasLoadBar(d->layout.blocks[i]));
    // Shorter than the bundle's entry, which a drawing with blocks folded always has: adding it
    // never widens the legend, so a picture's legend column fitted without it still holds it.
    if (loadBars)
        extra.append({ LegendEntry::Symbol::Box,
            d->data.linkColours[SceneData::kLoadColours + SceneData::kLoadLevels - 1], 0,
            QStringLiteral("Bar in a block: its busiest link inside") });
    // Only where they are drawn: an overview of a SHARP run listed badges it did not show.
    if (badgesDrawn && !d->data.badges.empty())
        extra.append({LegendEntry::Symbol::Box, palette::collisionBadge(), 1,
                      QStringLiteral("Orange badge: flows sharing one link now (a collision)")});
    for (const Private::Highlight &h : d->highlights)
        if (!h.set.links.isEmpty() && !h.set.legend.isEmpty()) {
            // Dashed where the canvas dashes them (links ECMP left idle): a solid sample
            // explained dashes it did not show.
            extra.append({ LegendEntry::Symbol::Line, h.set.color, 3, h.set.legend, h.set.style });
            if (h.set.secondColor.isValid() && !h.set.secondLegend.isEmpty())
                extra.append({LegendEntry::Symbol::Line, h.set.secondColor, 3, h.set.secondLegend});
        }
    if (!d->faults.failedNodes.isEmpty() || !d->faults.failedLinks.isEmpty())
        extra.append({LegendEntry::Symbol::Line, failedColour(), 3,
                      d->faults.failedNodes.isEmpty()
                          ? QStringLiteral("Failed (fault): dashed")
                          : QStringLiteral("Failed (fault): dashed links, nodes crossed out")});
    if (!d->faults.degradedLinks.isEmpty())
        extra.append({ LegendEntry::Symbol::Line, degradedColour(), 3,
            d->faults.degradedKept > 0
                ? QStringLiteral("Degraded to %1% of capacity (fault)")
                      .arg(100 * d->faults.degradedKept, 0, 'g', 3)
                : QStringLiteral("Degraded (fault): part of capacity kept") });
    const bool lattice = d->layout.name == QLatin1String("torus-lattice");
    if (lattice) {
        // The OCS are not drawn: their circuits are the arcs (and the OCS panel's table).
        out.removeIf([dims](const LegendEntry &e) {
            return e.label == QLatin1String("Optical circuit switch")
                || (!dims && e.label == palette::mediumName(Medium::Optical));
        });
        // During a run the arcs take their load's colour: the optical amber would read as a
        // level of the ramp (viridis ends in yellow), so the entry then names no colour.
        if (!dims && d->data.loads.empty())
            extra.append({LegendEntry::Symbol::Line, palette::medium(Medium::Optical), 1,
                          QStringLiteral("OCS circuit, chip to chip (wrap-arounds as arcs)")});
        else if (!dims)
            extra.append({ LegendEntry::Symbol::Line, QColor(0x80, 0x80, 0x80), 1,
                QStringLiteral("Arc: OCS circuit, chip to chip, coloured by load") });
    }
    if (d->data.twistedLinks > 0) {
        const QColor twist = d->data.linkColours[SceneData::kTwistColour];
        // During a run the load colours the line, with the dimensions their hue, and the twist
        // is its magenta edge.
        const QString edge
            = d->data.loads.empty() && !dims ? QString() : QStringLiteral(" (magenta edge)");
        if (!lattice) {
            extra.append({LegendEntry::Symbol::Line, twist, 2.2,
                          QStringLiteral("Twisted wrap-around (through the OCS)") + edge});
        } else {
            // One entry per twisted dimension with all its shifts: an X wrap-around of a 4x8x8
            // lands 4 further in Y and 4 further in Z at once, which two entries made read as
            // two kinds of arcs.
            std::vector<std::pair<int, QStringList>> shifts;
            for (const TwistShift &t : torusCircuits(*d->fabric).twists()) {
                auto it = std::find_if(
                    shifts.begin(), shifts.end(), [&](const auto &s) { return s.first == t.dim; });
                if (it == shifts.end())
                    it = shifts.insert(shifts.end(), { t.dim, QStringList() });
                it->second << QStringLiteral("%1 in %2").arg(t.by).arg(dimensionName(t.along));
            }
            for (const auto &[dim, by] : shifts)
                extra.append({ LegendEntry::Symbol::Line, twist, 2.2,
                    QStringLiteral("Twisted %1 wrap-around: lands shifted by %2")
                            .arg(dimensionName(dim), by.join(QStringLiteral(" and by ")))
                        + edge });
        }
    }
    if (dims) {
        static const char *names[3] = {"X", "Y", "Z"};
        const bool loads = !d->data.loads.empty();
        for (int dim = 0; dim < 3; ++dim)
            if (d->data.overlay.dimensionFilter < 0 || d->data.overlay.dimensionFilter == dim)
                extra.append({ LegendEntry::Symbol::Line,
                    SceneData::dimensionColour(dim, SceneData::kFullDimLevel), 2,
                    QStringLiteral("Torus dimension %1%2")
                        .arg(QLatin1String(names[dim]),
                            loads && d->data.dimensionLoad[dim] >= 0
                                ? QStringLiteral(": %1 busy now%2")
                                      .arg(percentText(d->data.dimensionLoad[dim]),
                                          dim == std::max(0, d->data.overlay.dimensionFilter)
                                              ? QStringLiteral(" (paler = idler)")
                                              : QString())
                                : QString()) });
    }
    if (d->data.overlay.particles && !d->data.loads.empty())
        extra.append({LegendEntry::Symbol::Box, QColor(0x1a, 0x1a, 0x1a), 0,
                      QStringLiteral("Moving dots: traffic direction, denser = higher rate")});
    int at = 1;
    while (at < out.size() && out[at].symbol != LegendEntry::Symbol::Heading)
        ++at;
    for (int i = 0; i < extra.size(); ++i)
        out.insert(at + i, extra[i]);
    // A heading with nothing under it (no link drawn outside a folded zone) is left out.
    for (qsizetype i = out.size() - 1; i >= 0; --i)
        if (out[i].symbol == LegendEntry::Symbol::Heading
            && (i + 1 == out.size() || out[i + 1].symbol == LegendEntry::Symbol::Heading))
            out.removeAt(i);
    return out;
}

void FabricCanvas::setLegendVisible(bool visible)
{
    d->legendVisible = visible;
    updateLegend();
}

bool FabricCanvas::isLegendVisible() const { return d->legendVisible; }

void FabricCanvas::updateLegend()
{
    d->legend->setEntries(legendEntries(), d->data.colorMap);
    // Nothing drawn, nothing to explain: an empty legend would be a blank box in the corner.
    d->legend->setVisible(d->legendVisible && d->fabric && !d->legend->entries().isEmpty());
    const QRect vp = viewport()->geometry();
    const QSize full = d->legend->fullSize();
    // Folded unless asked for when it would cover too much of a narrow canvas, or on a shared
    // screen, where the fabric gets the room and a click shows the legend at the larger size.
    bool fold = d->presentation > 1 || full.width() > vp.width() * 0.4
        || full.height() > vp.height() * 0.6;
    // Folded too when a fitted fabric would lose more than a quarter of its size to it (the
    // default fabric at 1920x1080 shrank to two thirds under a band of 13 lines).
    const QRectF bounds = d->wholeFabric();
    if (!fold && d->fitPending && !bounds.isNull()) {
        const QRect area(QPoint(0, 0), viewport()->size());
        const double open = d->viewFit(bounds, area, full).scale;
        const double folded = d->viewFit(bounds, area, d->legend->foldedSize()).scale;
        fold = open < 0.75 * folded;
    }
    d->legend->setCollapsed(d->legendUserCollapsed.value_or(fold));
    d->legend->move(vp.right() - d->legend->width() - 8, vp.top() + 8);
    // A run's loads, badges and highlights add lines: a fitted view fits again, or the larger
    // legend covers the fabric's top-right corner (the default fabric's spine3 at 1920x1080).
    // Once per change: the refit's own legend update (a zoom that folds blocks) does not refit.
    if (d->shownLegend() != d->fittedLegend && d->fitPending && !d->legendRefitBlocked) {
        d->legendRefitBlocked = true;
        zoomToFit();
        d->legendRefitBlocked = false;
    }
}

void FabricCanvas::renderTo(QPainter *painter, const QRectF &target, const QRectF &source,
                            const QString &title, bool withLegend)
{
    // A picture does not depend on the window's mode: exported in presentation mode, slides and
    // the report drew 1.5 times larger text over each other and the twisted torus's short
    // caption. Its own size sets its text (pictureScale()).
    const double windowPresentation = std::exchange(d->presentation, 1.0);
    const double titleH = title.isEmpty() ? 0 : pictureTitleHeight(target.height());
    const QRectF belowTitle(
        target.left(), target.top() + titleH, target.width(), target.height() - titleH);
    // Room for the longest legend the fabric can have: what the picture folds depends on its
    // scale, which depends on the room left (a larger picture can fold where a smaller one
    // does not, its links' ink over budget), so the room is not measured on the result.
    const bool legendShown = withLegend && d->fabric;
    const auto entries = legendShown ? legendRoomEntries() : QList<LegendEntry>();
    const double legendScale = views::legendScale(target.width());
    QSizeF legend = entries.isEmpty() ? QSizeF(0, 0) : legendSize(entries, legendScale);
    // Fit with the aspect kept, as on screen.
    const double sizeScale = pictureScale(target.width());
    const double inkScale = SceneData::pictureInkScale(target.size());
    auto fitIn = [&](const QRectF &area) {
        if (area.width() <= 0 || area.height() <= 0)
            return Private::PictureFit { source.isValid() ? source : d->wholeFabric(), 0, {} };
        return source.isValid() ? Private::PictureFit { source,
            std::min(area.width() / source.width(), area.height() / source.height()), {} }
                                : d->fitWhole(area.size(), sizeScale, inkScale);
    };
    // The legend gets a column on the right or a band along the top, whichever draws the
    // fabric larger, as zoomToFit() places it on screen: it never hides the fabric, and a
    // wide fabric (an HPN segment, a torus's planes in a row) is not narrowed by a column.
    QRectF area = belowTitle;
    Private::PictureFit whole;
    auto place = [&] {
        if (legend.isEmpty()) {
            area = belowTitle;
            whole = fitIn(area);
            return;
        }
        const QRectF column = belowTitle.adjusted(0, 0, -(legend.width() + 20), 0);
        const QRectF band = belowTitle.adjusted(0, legend.height() + 20, 0, 0);
        const Private::PictureFit inColumn = fitIn(column), inBand = fitIn(band);
        area = inBand.scale > inColumn.scale ? band : column;
        whole = inBand.scale > inColumn.scale ? inBand : inColumn;
    };
    place();
    if (whole.source.isNull()) {
        d->presentation = windowPresentation;
        return; // nothing drawn
    }
    // A picture wider than a 1920-pixel screen is for a slide or a print seen whole: its text
    // and lines grow with it, as the title and legend do, instead of shrinking to specks.
    auto planOf = [&] {
        DrawPlan plan = d->data.planFor(whole.scale, whole.source, sizeScale, inkScale);
        plan.visible = whole.source;
        return plan;
    };
    // The legend explains what this picture draws. The room kept holds it, but for the line
    // on load bars a folded picture adds during a run: then the room is made for it.
    auto entriesFor
        = [&](const DrawPlan &plan) { return legendShown ? legendEntriesWith(plan) : entries; };
    DrawPlan plan = planOf();
    auto pictureEntries = entriesFor(plan);
    const QSizeF needed
        = pictureEntries.isEmpty() ? QSizeF(0, 0) : legendSize(pictureEntries, legendScale);
    if (needed.width() > legend.width() || needed.height() > legend.height()) {
        legend = legend.expandedTo(needed);
        place();
        plan = planOf();
        pictureEntries = entriesFor(plan);
    }
    const QRectF src = whole.source;
    const double s = whole.scale;
    const QRectF fitted(area.center().x() - src.width() * s / 2, area.center().y() - src.height() * s / 2,
                        src.width() * s, src.height() * s);
    const DrawPlan saved = d->data.plan;
    std::vector<CanvasLabel> savedLabels = std::move(d->data.labels);
    d->data.plan = plan;
    d->data.labels = canvasLabels(d->data, src);
    d->labels->labelsChanged();
    d->pictureSize = sizeScale;
    refreshHighlights();
    // What the pointer and the selection mark is for the window, not the picture (the
    // selection's halo covered GPU names in exports).
    const bool hoverVisible = d->hoverItem->isVisible();
    const bool selectionVisible = d->selectionItem->isVisible();
    d->hoverItem->setVisible(false);
    d->selectionItem->setVisible(false);
    painter->save();
    painter->fillRect(target, Qt::white);
    // A picture is for a slide or a report: smooth lines whatever View > Antialiasing says, a
    // choice of speed for the window (the CLI's canvas has it off, so its PNGs were jagged).
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setRenderHint(QPainter::TextAntialiasing, true);
    d->scene->render(painter, fitted, src, Qt::KeepAspectRatio);
    painter->restore();
    d->data.plan = saved;
    d->data.labels = std::move(savedLabels);
    d->labels->labelsChanged();
    d->pictureSize = 1;
    d->presentation = windowPresentation;
    refreshHighlights();
    d->hoverItem->setVisible(hoverVisible);
    d->selectionItem->setVisible(selectionVisible);
    if (!title.isEmpty()) {
        painter->save();
        QFont font = painter->font();
        font.setPixelSize(static_cast<int>(titleH * 0.6));
        font.setBold(true);
        painter->setFont(font);
        painter->setPen(palette::ink());
        painter->drawText(QRectF(target.left() + 12, target.top(), target.width() - 24, titleH),
                          Qt::AlignLeft | Qt::AlignVCenter, title);
        painter->restore();
    }
    if (!pictureEntries.isEmpty())
        paintLegend(painter,
            QPointF(target.right() - legendSize(pictureEntries, legendScale).width() - 10,
                target.top() + titleH + 10),
            pictureEntries, d->data.colorMap, legendScale);
}

QImage FabricCanvas::renderImage(const QSize &size, const QString &title, bool withLegend)
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    renderTo(&painter, QRectF(QPointF(0, 0), QSizeF(size)), QRectF(), title, withLegend);
    return image;
}

void FabricCanvas::refreshOverlays()
{
    const Fabric *f = d->fabric;
    auto linkPath = [&](const QList<LinkId> &links, QPainterPath &path) {
        for (LinkId l : links) {
            if (!f || !f->hasLink(l))
                continue;
            d->data.addLinkPath(path, l);
        }
    };
    // The rings keep a few device pixels off a node at any zoom: in scene units they grew with
    // it and crossed the name under the node, which sits a fixed few pixels below.
    const double px = 1.0 / std::max(1e-9, d->data.plan.lod);
    QPainterPath sel;
    for (NodeId n : d->selectedNodes)
        if (d->alive(n))
            sel.addRect(d->nodeRect(n).adjusted(-2 * px, -2 * px, 2 * px, 2 * px));
    linkPath(d->selectedLinks, sel);
    d->selectionItem->setPath(sel);

    QPainterPath paths;
    for (const auto &p : d->paths)
        linkPath(p, paths);
    d->pathItem->setPath(paths);

    refreshHighlights();

    QPainterPath hover;
    if (d->alive(d->hovered)) {
        hover.addRect(d->nodeRect(d->hovered).adjusted(-1.5 * px, -1.5 * px, 1.5 * px, 1.5 * px));
        QList<LinkId> links;
        for (LinkId l : f->linksOf(d->hovered)) {
            links.append(l);
            // Follow a circuit through its OCS, so a chip's wrap-around (and a twist) shows.
            const NodeId o = f->link(l).other(d->hovered);
            if (f->node(o).kind == NodeKind::Ocs) {
                const LinkId peer = f->ocsPeer(o, l);
                if (peer != kNoLink)
                    links.append(peer);
            }
        }
        linkPath(links, hover);
    }
    d->hoverItem->setPath(hover);
}

void FabricCanvas::forgetHover()
{
    // The node's tooltip and the status bar's name outlived it: after New Empty Fabric a host
    // of the old fabric was still named over the blank canvas.
    if (d->hovered == kNoNode)
        return;
    d->hovered = kNoNode;
    QToolTip::hideText();
    Q_EMIT nodeHovered(kNoNode);
}

void FabricCanvas::setHovered(NodeId node, const QPoint &globalPos)
{
    if (node == d->hovered)
        return;
    d->hovered = node;
    refreshOverlays();
    if (node != kNoNode)
        QToolTip::showText(globalPos, describeNode(node), viewport());
    else
        QToolTip::hideText();
    Q_EMIT nodeHovered(node);
}

void FabricCanvas::updatePlan()
{
    const double lod = QStyleOptionGraphicsItem::levelOfDetailFromTransform(transform());
    const QRectF visible = mapToScene(viewport()->rect()).boundingRect();
    // The legend floats over the viewport's top-right corner: texts there would run under it.
    const QRectF legend = d->legend->isVisible()
        ? mapToScene(d->legend->geometry().translated(-viewport()->pos())).boundingRect()
        : QRectF();
    // Measuring ink walks the grids: do it only when the view or the geometry changed, so
    // animation frames at a fixed view pay nothing.
    if (!d->planDirty && lod == d->planLod && visible == d->planVisible && legend == d->planLegend
        && d->presentation == d->data.plan.scale)
        return;
    d->planDirty = false;
    d->planLod = lod;
    d->planVisible = visible;
    d->planLegend = legend;
    DrawPlan plan = d->data.planFor(lod, visible, d->presentation);
    plan.covered = legend;
    const bool wasFolded = !d->data.plan.detailNodes;
    const bool badgesWereLegible = BadgeLayerItem::legibleAt(d->data.plan);
    d->data.plan = plan;
    d->data.labels = canvasLabels(d->data, visible, legend);
    d->labels->labelsChanged();
    refreshOverlays(); // the rings around nodes follow the zoom, and so do highlights
    // Folded blocks hide their nodes and show load bars, and badges come and go with the zoom:
    // the legend explains what is drawn.
    if (wasFolded != !plan.detailNodes
        || (!d->data.badges.empty() && badgesWereLegible != BadgeLayerItem::legibleAt(plan)))
        updateLegend();
    viewport()->update();
}

bool FabricCanvas::showsKeyboardFocus() const
{
    return d->focusFrame->shown();
}

void FabricCanvas::paintEvent(QPaintEvent *event)
{
    updatePlan(); // every layer and every exposed tile of this frame draws the same plan
    QGraphicsView::paintEvent(event);
    if (!isEmptyHintShown())
        return;
    // A blank canvas says how to begin, in the middle of the view rather than the scene, so it
    // stays put while the user pans; it goes with the first node.
    QPainter painter(viewport());
    QFont font = painter.font();
    const double larger = 1.2 * d->presentation;
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * larger);
    else
        font.setPixelSize(int(std::lround(font.pixelSize() * larger)));
    painter.setFont(font);
    QColor ink = palette::ink();
    ink.setAlphaF(0.6);
    painter.setPen(ink);
    const QRect room = viewport()->rect().adjusted(24, 24, -24, -24);
    const int width = std::min(room.width(), int(QFontMetrics(font).averageCharWidth() * 48));
    painter.drawText(QRect(room.center().x() - width / 2, room.top(), width, room.height()),
        Qt::AlignCenter | Qt::TextWordWrap, d->emptyHint);
}

void FabricCanvas::setEmptyHint(const QString &text)
{
    d->emptyHint = text;
    viewport()->update();
}

bool FabricCanvas::isEmptyHintShown() const
{
    return !d->emptyHint.isEmpty() && d->fabric && d->fabric->nodeCount() == 0;
}

bool FabricCanvas::viewportEvent(QEvent *event)
{
    // A pointer at rest asks for a tooltip. QGraphicsView would ask the scene's items, which
    // have none, and hide the node's, link's or block's tooltip the pointer's move had shown:
    // it vanished a moment after appearing, before it could be read.
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const QString text = d->drag == Drag::None ? tooltipAt(mapToScene(help->pos())) : QString();
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QGraphicsView::viewportEvent(event);
}

QString FabricCanvas::tooltipAt(const QPointF &scenePos) const
{
    if (const NodeId node = nodeAt(scenePos); node != kNoNode)
        return describeNode(node);
    if (const LinkId link = linkAt(scenePos); link != kNoLink)
        return describeLink(link);
    return describeBlockAt(scenePos);
}

void FabricCanvas::setFitsToTop(bool top)
{
    d->fitsToTop = top;
    if (d->fitPending)
        zoomToFit();
}

void FabricCanvas::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    if (d->fitPending)
        zoomToFit();
    updateLegend();
}

void FabricCanvas::wheelEvent(QWheelEvent *event)
{
    if (event->modifiers() & Qt::ShiftModifier) { // scroll sideways
        QGraphicsView::wheelEvent(event);
        return;
    }
    const double delta = event->angleDelta().y();
    if (delta == 0) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    zoomBy(std::pow(1.0015, delta));
    event->accept();
}

void FabricCanvas::contextMenuEvent(QContextMenuEvent *event)
{
    if (!d->fabric || d->drag != Drag::None) {
        QGraphicsView::contextMenuEvent(event);
        return;
    }
    // From the keyboard (the Menu key, Shift+F10) the menu is the selection's, opened over it:
    // what lies under a pointer left anywhere is not what the user chose (faults could not be
    // set without a mouse).
    if (event->reason() == QContextMenuEvent::Keyboard) {
        NodeId node = kNoNode;
        LinkId link = kNoLink;
        QRectF over;
        for (NodeId n : std::as_const(d->selectedNodes))
            if (d->alive(n)) {
                node = n;
                over = d->nodeRect(n);
                break;
            }
        if (node == kNoNode)
            for (LinkId l : std::as_const(d->selectedLinks))
                if (d->fabric->hasLink(l)) {
                    link = l;
                    over = d->data.linkRect(l);
                    break;
                }
        if (node == kNoNode && link == kNoLink) {
            event->accept();
            return;
        }
        QPoint pos = mapFromScene(over.center());
        if (!viewport()->rect().contains(pos))
            pos = viewport()->rect().center();
        Q_EMIT contextMenuRequested(node, link, viewport()->mapToGlobal(pos));
        event->accept();
        return;
    }
    const QPointF at = mapToScene(event->pos());
    const NodeId node = nodeAt(at);
    const LinkId link = node == kNoNode ? linkAt(at) : kNoLink;
    Q_EMIT contextMenuRequested(node, link, event->globalPos());
    event->accept();
}

void FabricCanvas::mousePressEvent(QMouseEvent *event)
{
    d->pressPos = d->lastPos = event->position().toPoint();
    d->pressScene = mapToScene(d->pressPos);
    d->dragButton = event->button();
    if (event->button() == Qt::MiddleButton
        || (event->button() == Qt::LeftButton && d->spaceDown)) {
        d->drag = Drag::Pan;
        viewport()->setCursor(Qt::ClosedHandCursor);
        return;
    }
    if (event->button() != Qt::LeftButton || !d->fabric) {
        QGraphicsView::mousePressEvent(event);
        return;
    }
    const NodeId n = nodeAt(d->pressScene);
    d->pressNode = n;
    if (d->tool == Tool::AddLink) {
        d->drag = n != kNoNode ? Drag::AddLink : Drag::None;
        return;
    }
    const bool ctrl = event->modifiers() & Qt::ControlModifier;
    if (n != kNoNode) {
        if (ctrl) {
            QList<NodeId> nodes = d->selectedNodes;
            if (nodes.contains(n))
                nodes.removeAll(n);
            else
                nodes.append(n);
            setSelection(nodes, d->selectedLinks);
            d->drag = Drag::None;
            return;
        }
        if (!d->selectedNodes.contains(n))
            setSelection({n});
        d->drag = Drag::Pending; // becomes MoveNodes once the pointer travels
        return;
    }
    const LinkId hit = linkAt(d->pressScene);
    if (hit != kNoLink) {
        QList<LinkId> links = ctrl ? d->selectedLinks : QList<LinkId>();
        if (links.contains(hit))
            links.removeAll(hit);
        else
            links.append(hit);
        setSelection(ctrl ? d->selectedNodes : QList<NodeId>(), links);
        d->drag = Drag::None;
        return;
    }
    const bool orbitable = d->layout.name == QLatin1String("torus-3d");
    if (orbitable && !(event->modifiers() & Qt::ShiftModifier)) {
        d->drag = Drag::Orbit;
        return;
    }
    if (!ctrl)
        setSelection({}, {});
    d->drag = Drag::Rubber;
}

void FabricCanvas::mouseMoveEvent(QMouseEvent *event)
{
    const QPoint p = event->position().toPoint();
    const QPointF scenePos = mapToScene(p);
    const QPoint delta = p - d->lastPos;
    d->lastPos = p;
    const bool travelled = (p - d->pressPos).manhattanLength() >= kDragThreshold;
    switch (d->drag) {
    case Drag::Pan:
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
        d->fitPending = false;
        return;
    case Drag::Orbit:
        orbit(delta.x() * 0.4, delta.y() * 0.4);
        return;
    case Drag::Rubber: {
        QPainterPath path;
        path.addRect(QRectF(d->pressScene, scenePos).normalized());
        d->rubberItem->setPath(path);
        return;
    }
    case Drag::Pending:
        if (!travelled)
            return;
        d->drag = Drag::MoveNodes;
        [[fallthrough]];
    case Drag::MoveNodes: {
        d->dragOffset = scenePos - d->pressScene;
        // Where node @p n lands: moved by the drag, then snapped to the grid when on.
        auto landing = [&](NodeId n) { return snapped(d->data.pos[static_cast<std::size_t>(n)] + d->dragOffset); };
        QPainterPath ghost;
        for (NodeId n : d->selectedNodes) {
            if (!d->alive(n))
                continue;
            const QRectF box = d->nodeRect(n);
            const QRectF r = box.translated(landing(n) - box.center());
            ghost.addRect(r);
            for (LinkId l : d->fabric->linksOf(n)) {
                const NodeId o = d->fabric->link(l).other(n);
                QPointF to = d->data.pos[static_cast<std::size_t>(o)];
                if (d->selectedNodes.contains(o))
                    to = landing(o);
                ghost.moveTo(r.center());
                ghost.lineTo(to);
            }
        }
        d->dragItem->setPath(ghost);
        return;
    }
    case Drag::AddLink: {
        QPainterPath line;
        line.moveTo(d->data.pos[static_cast<std::size_t>(d->pressNode)]);
        const NodeId target = nodeAt(scenePos);
        line.lineTo(target != kNoNode ? d->data.pos[static_cast<std::size_t>(target)] : scenePos);
        if (target != kNoNode && target != d->pressNode)
            line.addRect(d->nodeRect(target).adjusted(-3, -3, 3, 3));
        d->linkLineItem->setPath(line);
        return;
    }
    case Drag::None:
        break;
    }
    const NodeId node = nodeAt(scenePos);
    setHovered(node, event->globalPosition().toPoint());
    // Off nodes, a link under the pointer gets its own tooltip (capacity, loads).
    const LinkId link = node == kNoNode ? linkAt(scenePos) : kNoLink;
    if (link != d->hoveredLink) {
        d->hoveredLink = link;
        if (link != kNoLink)
            QToolTip::showText(event->globalPosition().toPoint(), describeLink(link), viewport());
        else if (node == kNoNode)
            QToolTip::hideText();
    }
    // Off nodes and links, a folded block says what it holds and its busiest link inside.
    if (node == kNoNode && link == kNoLink) {
        const QString block = describeBlockAt(scenePos);
        if (!block.isEmpty())
            QToolTip::showText(event->globalPosition().toPoint(), block, viewport());
    }
    QGraphicsView::mouseMoveEvent(event);
}

void FabricCanvas::mouseReleaseEvent(QMouseEvent *event)
{
    const QPointF scenePos = mapToScene(event->position().toPoint());
    const Drag drag = d->drag;
    d->drag = Drag::None;
    switch (drag) {
    case Drag::Pan:
        viewport()->setCursor(d->tool == Tool::AddLink ? Qt::CrossCursor : Qt::ArrowCursor);
        return;
    case Drag::Rubber: {
        d->rubberItem->setPath({});
        const QRectF band = QRectF(d->pressScene, scenePos).normalized();
        QList<NodeId> nodes = (event->modifiers() & Qt::ControlModifier) ? d->selectedNodes : QList<NodeId>();
        if (band.width() > 0 && band.height() > 0) {
            d->data.nodeGrid.query(band, [&](int id) {
                if (band.contains(d->data.pos[static_cast<std::size_t>(id)]) && !nodes.contains(id))
                    nodes.append(id);
            });
            std::sort(nodes.begin(), nodes.end());
        }
        setSelection(nodes, {});
        return;
    }
    case Drag::MoveNodes: {
        d->dragItem->setPath({});
        QList<NodeId> ids;
        QList<QPointF> from, to;
        for (NodeId n : d->selectedNodes) {
            if (!d->alive(n))
                continue;
            ids.append(n);
            from.append(d->data.pos[static_cast<std::size_t>(n)]);
            to.append(snapped(d->data.pos[static_cast<std::size_t>(n)] + d->dragOffset));
        }
        if (!ids.isEmpty() && from != to)
            Q_EMIT nodesMoved(ids, from, to);
        return;
    }
    case Drag::AddLink: {
        d->linkLineItem->setPath({});
        const NodeId target = nodeAt(scenePos);
        if (target != kNoNode && target != d->pressNode)
            Q_EMIT linkRequested(d->pressNode, target);
        return;
    }
    case Drag::Pending:
    case Drag::Orbit:
    case Drag::None:
        break;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void FabricCanvas::mouseDoubleClickEvent(QMouseEvent *event)
{
    // Double-click a collapsed block to open it up.
    const QPointF p = mapToScene(event->position().toPoint());
    if (!d->data.plan.detailNodes) {
        for (const LayoutBlock &b : d->layout.blocks) {
            if (b.rect.contains(p)) {
                fitInView(b.rect.adjusted(-40, -40, 40, 40), Qt::KeepAspectRatio);
                d->fitPending = false;
                updatePlan();
                return;
            }
        }
    }
    QGraphicsView::mouseDoubleClickEvent(event);
}

void FabricCanvas::keyPressEvent(QKeyEvent *event)
{
    // Windows' and KDE's key for the context menu; Qt on Linux sends no context-menu event for
    // it, so the fault menu needed the Menu key, which many laptops lack.
    if (event->key() == Qt::Key_F10 && event->modifiers() == Qt::ShiftModifier) {
        QContextMenuEvent menu(QContextMenuEvent::Keyboard, viewport()->rect().center(),
            viewport()->mapToGlobal(viewport()->rect().center()));
        contextMenuEvent(&menu);
        return;
    }
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        d->spaceDown = true;
        viewport()->setCursor(Qt::OpenHandCursor);
        return;
    }
    if (event->key() == Qt::Key_Escape) {
        // Nothing to cancel: the window's (Escape leaves presentation mode).
        if (d->drag == Drag::None && d->paths.isEmpty()) {
            event->ignore();
            return;
        }
        d->drag = Drag::None;
        d->rubberItem->setPath({});
        d->dragItem->setPath({});
        d->linkLineItem->setPath({});
        if (!d->paths.isEmpty()) {
            clearPaths();
            Q_EMIT pathsDismissed();
        }
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void FabricCanvas::keyReleaseEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        d->spaceDown = false;
        viewport()->setCursor(d->tool == Tool::AddLink ? Qt::CrossCursor : Qt::ArrowCursor);
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

void FabricCanvas::leaveEvent(QEvent *event)
{
    setHovered(kNoNode, {});
    d->hoveredLink = kNoLink;
    QGraphicsView::leaveEvent(event);
}

} // namespace fabric::views
