// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "scenedata.h"

#include <QGraphicsItem>

namespace fabric::views {

/// Base of the few items that paint the bulk of the fabric from SceneData: they cover the whole
/// scene, paint only option->exposedRect and follow the canvas's DrawPlan.
class LayerItem : public QGraphicsItem
{
public:
    explicit LayerItem(const SceneData &data);
    QRectF boundingRect() const override { return mBounds; }
    /// Call when SceneData::bounds changed (never from paint()).
    void syncBounds();

protected:
    const SceneData &mData;

private:
    QRectF mBounds;
};

/// Links: individual segments batched by colour with drawLines, or bundles between blocks.
class LinkLayerItem : public LayerItem
{
public:
    using LayerItem::LayerItem;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;
    /// Device width of a bundle carrying @p gbps (one direction).
    static double bundleWidth(double gbps);

private:
    std::vector<QList<QLineF>> mBuckets;
};

/// Nodes batched by fill and outline with drawRects, and their names when readable.
class NodeLayerItem : public LayerItem
{
public:
    using LayerItem::LayerItem;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    std::vector<QList<QRectF>> mBuckets;
    QList<QRectF> mOutlined;
    std::vector<int> mVisible;
};

/// Pod, row, cube and group blocks (frames when zoomed in, labelled blocks when zoomed out),
/// tier labels and guide lines such as cube edges.
class BlockLayerItem : public LayerItem
{
public:
    using LayerItem::LayerItem;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;
};

} // namespace fabric::views
