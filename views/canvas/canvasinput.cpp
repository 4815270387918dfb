// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// FabricCanvas: what the mouse, the keys and drops from the palette do on the canvas.
#include "fabriccanvas_p.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMimeData>
#include <QMouseEvent>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>

namespace fabric::views {

using namespace canvasimpl;

namespace {
constexpr int kDragThreshold = 4; ///< Pixels a press moves before it is a drag.
} // namespace

void FabricCanvas::setGridSnap(qreal step)
{
    step = std::isfinite(step) && step > 0 ? step : 0;
    if (step == d->gridSnap)
        return;
    d->gridSnap = step;
    d->scene->update(); // the dot grid
    viewport()->update();
}

qreal FabricCanvas::gridSnap() const
{
    return d->gridSnap;
}

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
    const QString key
        = QString::fromUtf8(mime->data(QLatin1String(kPaletteItemMimeType))).trimmed();
    if (key.isEmpty()) {
        event->ignore();
        return;
    }
    event->setDropAction(Qt::CopyAction);
    event->accept();
    Q_EMIT nodeDropRequested(key, snapped(mapToScene(event->position().toPoint())));
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
            setSelection({ n });
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
        auto landing = [&](NodeId n) {
            return snapped(d->data.pos[static_cast<std::size_t>(n)] + d->dragOffset);
        };
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
        QList<NodeId> nodes
            = (event->modifiers() & Qt::ControlModifier) ? d->selectedNodes : QList<NodeId>();
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
