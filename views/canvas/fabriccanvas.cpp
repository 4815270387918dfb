// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabriccanvas_p.h"

#include "badgeplacer.h"
#include "common/percent.h"
#include "common/qtstrings.h"
#include "layout/rowlinks.h"
#include "layout/toruscircuits.h"
#include "model/units.h"
#include "style/palette.h"

#include <QCursor>
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <QToolTip>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>
#include <utility>

namespace fabric::views {

using namespace canvasimpl;

namespace {
constexpr double kMaxLod = 40;
/// An empty fabric's zoom: what the user drops on it is drawn at a size where its name reads.
constexpr double kDrawingLod = 1.6;

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

/// Device pixels of white on each side of the selection's lines (selectionHaloItem).
constexpr double kSelectionHalo = 1.5;

/// An X of half-width @p half centred on @p centre.
void addCross(QPainterPath &path, const QPointF &centre, double half)
{
    path.moveTo(centre + QPointF(-half, -half));
    path.lineTo(centre + QPointF(half, half));
    path.moveTo(centre + QPointF(-half, half));
    path.lineTo(centre + QPointF(half, -half));
}
} // namespace

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
        addCross(path, r.center(), h);
    }
    return path;
}

QPainterPath FabricCanvas::Private::linkCrossesPath(
    const QList<LinkId> &ids, const QList<NodeId> &failedNodes) const
{
    // Red and dashed alone told a failed link from a degraded one (orange-brown, dash-dotted)
    // only to a viewer who sees those two colours apart: the cross says "failed" in shape.
    const DrawPlan &plan = data.plan;
    const QRectF near = plan.visible.adjusted(-50, -50, 50, 50);
    const double h = 5 / std::max(plan.lod, 1e-6);
    QPainterPath path;
    std::set<int> bundles;
    for (LinkId l : ids) {
        if (!fabric || !fabric->hasLink(l))
            continue;
        const Link &link = fabric->link(l);
        if (failedNodes.contains(link.a) || failedNodes.contains(link.b))
            continue;
        const auto i = static_cast<std::size_t>(l);
        if (data.drawsLink(l)) {
            if (const QPointF c = data.linkMidpoint(l); near.contains(c))
                addCross(path, c, h);
        } else if (!plan.detailGlobal && i < data.linkBundle.size() && data.linkBundle[i] >= 0) {
            bundles.insert(data.linkBundle[i]);
        }
    }
    for (const int b : bundles)
        if (const QPointF c = data.bundles[static_cast<std::size_t>(b)].line.center();
            near.contains(c))
            addCross(path, c, h);
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
    d->failedCrossesItem = overlay(d->scene, failedColour(), 3, 2.85);
    d->selectionHaloItem = overlay(d->scene, Qt::white, 2.5 + 2 * kSelectionHalo, 9.9);
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
    QPen halo = d->selectionHaloItem->pen();
    halo.setWidthF((2.5 + 2 * kSelectionHalo) * d->presentation);
    d->selectionHaloItem->setPen(halo);
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
    if (perLink.size() == d->fabric->linkIdBound()) {
        d->data.badges.assign(perLink.begin(), perLink.end());
        for (std::size_t l = 0; l < d->data.badges.size(); ++l)
            if (l < d->data.soleWay.size() && d->data.soleWay[l])
                d->data.badges[l] = 0;
    } else
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
    QPainterPath crosses = d->crossesPath(d->faults.failedNodes);
    crosses.addPath(d->linkCrossesPath(d->faults.failedLinks, d->faults.failedNodes));
    d->failedCrossesItem->setPath(crosses);
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

int FabricCanvas::failedCrossLinesDrawn() const
{
    return linesIn(d->failedCrossesItem);
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
    d->selectionHaloItem->setVisible(false);
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
    d->selectionHaloItem->setVisible(selectionVisible);
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
    d->selectionHaloItem->setPath(sel);

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

} // namespace fabric::views
