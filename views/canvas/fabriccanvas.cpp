// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Placeholder implementation: the canvas issue replaces this file.
#include "fabriccanvas.h"

namespace fabric::views {

struct FabricCanvas::Private
{
    const Fabric *fabric = nullptr;
    Tool tool = Tool::Select;
};

FabricCanvas::FabricCanvas(QWidget *parent)
    : QGraphicsView(parent)
    , d(new Private)
{
    setScene(new QGraphicsScene(this));
}

FabricCanvas::~FabricCanvas() { delete d; }

void FabricCanvas::setFabric(const Fabric *fabric) { d->fabric = fabric; }
const Fabric *FabricCanvas::fabric() const { return d->fabric; }
void FabricCanvas::applyChange(const ChangeEvent &) {}
void FabricCanvas::zoomToFit() {}
void FabricCanvas::zoomToSelection() {}
void FabricCanvas::zoomBy(double factor) { scale(factor, factor); }
QList<NodeId> FabricCanvas::selectedNodes() const { return {}; }
QList<LinkId> FabricCanvas::selectedLinks() const { return {}; }
void FabricCanvas::setSelection(const QList<NodeId> &, const QList<LinkId> &) {}
bool FabricCanvas::findAndFocus(const QString &) { return false; }
void FabricCanvas::setTool(Tool tool) { d->tool = tool; }
FabricCanvas::Tool FabricCanvas::tool() const { return d->tool; }
void FabricCanvas::setAntialiasing(bool on) { setRenderHint(QPainter::Antialiasing, on); }
void FabricCanvas::setPresentationMode(bool) {}
QPointF FabricCanvas::nodePosition(NodeId) const { return {}; }

} // namespace fabric::views
