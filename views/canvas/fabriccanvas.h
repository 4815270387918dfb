// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/changeevent.h"
#include "model/fabric.h"

#include <QGraphicsView>
#include <QList>
#include <QPointF>

namespace fabric::views {

/**
 * The fabric canvas: lays out a Fabric by its family (tiers, planes, zones, torus, dragonfly,
 * force-directed for anything else) and draws it so it stays fluid at cluster scale.
 *
 * The canvas never owns or edits the fabric. The app's Document changes the model (through undo
 * commands) and calls applyChange(); user gestures that would edit the model come out as
 * signals (linkRequested, nodesMoved, nodeDropRequested) for the app to turn into commands.
 */
class FabricCanvas : public QGraphicsView
{
    Q_OBJECT
public:
    enum class Tool { Select, AddLink };

    explicit FabricCanvas(QWidget *parent = nullptr);
    ~FabricCanvas() override;

    /// Shows @p fabric (not owned; must outlive the canvas or be replaced first). nullptr clears.
    void setFabric(const Fabric *fabric);
    const Fabric *fabric() const;
    /// Patches the scene after the model changed.
    void applyChange(const ChangeEvent &event);

    void zoomToFit();
    void zoomToSelection();
    void zoomBy(double factor);

    QList<NodeId> selectedNodes() const;
    QList<LinkId> selectedLinks() const;
    void setSelection(const QList<NodeId> &nodes, const QList<LinkId> &links = {});
    /// Selects and centres the first node whose name contains @p text; false when none does.
    bool findAndFocus(const QString &text);

    void setTool(Tool tool);
    Tool tool() const;
    void setAntialiasing(bool on);
    /// Larger fonts and lines for a shared screen.
    void setPresentationMode(bool on);

    /// Where the layout put @p node, in scene coordinates.
    QPointF nodePosition(NodeId node) const;

Q_SIGNALS:
    void selectionChanged();
    void nodeHovered(fabric::NodeId node); ///< kNoNode when the pointer leaves nodes.
    /// The user dragged from @p a to @p b with the AddLink tool.
    void linkRequested(fabric::NodeId a, fabric::NodeId b);
    /// The user finished dragging nodes; positions are scene coordinates.
    void nodesMoved(const QList<fabric::NodeId> &nodes, const QList<QPointF> &from,
                    const QList<QPointF> &to);

private:
    struct Private;
    Private *d;
};

} // namespace fabric::views
