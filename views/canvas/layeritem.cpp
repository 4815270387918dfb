// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "layeritem.h"

#include "common/qtstrings.h"
#include "style/palette.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>

namespace fabric::views {

namespace {

/// Draws @p text at a constant device size (@p px pixels) whatever the zoom.
void drawScreenText(QPainter *painter, const QPointF &at, const QString &text, double px,
                    double lod, Qt::Alignment align, bool bold = false)
{
    QFont font = painter->font();
    font.setPixelSize(std::max(1, static_cast<int>(std::lround(px))));
    font.setBold(bold);
    const QTransform saved = painter->worldTransform();
    painter->translate(at);
    painter->scale(1 / lod, 1 / lod);
    painter->setFont(font);
    const QRectF box(align & Qt::AlignRight ? -600 : (align & Qt::AlignHCenter ? -300 : 0),
                     -px, 600, 2 * px);
    painter->drawText(box, static_cast<int>(align | Qt::AlignVCenter), text);
    painter->setWorldTransform(saved);
}

} // namespace

LayerItem::LayerItem(const SceneData &data)
    : mData(data)
{
    setFlag(ItemUsesExtendedStyleOption);
    syncBounds();
}

void LayerItem::syncBounds()
{
    prepareGeometryChange();
    mBounds = mData.bounds;
}

double LinkLayerItem::bundleWidth(double gbps)
{
    return std::clamp(1.0 + 1.5 * std::log2(1.0 + gbps / 3200.0), 1.0, 14.0);
}

void LinkLayerItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    if (!mData.fabric)
        return;
    const DrawPlan &plan = mData.plan;
    const QRectF exposed = option->exposedRect;
    mBuckets.resize(static_cast<std::size_t>(SceneData::kColourCount));
    for (auto &b : mBuckets)
        b.clear();
    auto add = [&](int id) {
        mBuckets[mData.linkColour[static_cast<std::size_t>(id)]].append(mData.segment[static_cast<std::size_t>(id)]);
    };
    if (plan.detailLocal)
        mData.localGrid.query(exposed, add);
    if (plan.detailGlobal)
        mData.globalGrid.query(exposed, add);
    QPen pen;
    pen.setCosmetic(true);
    pen.setCapStyle(Qt::FlatCap);
    for (std::size_t c = 0; c < mBuckets.size(); ++c) {
        if (mBuckets[c].isEmpty())
            continue;
        pen.setColor(mData.linkColours[c]);
        pen.setWidthF((c >= SceneData::kLoadColours ? 1.6 : 1.0) * plan.scale);
        painter->setPen(pen);
        painter->drawLines(mBuckets[c]);
    }
    if (!plan.detailGlobal) {
        pen.setCapStyle(Qt::RoundCap);
        for (const Bundle &b : mData.bundles) {
            if (!QRectF(b.line.p1(), b.line.p2()).normalized().adjusted(-2, -2, 2, 2).intersects(exposed))
                continue;
            const int colour = b.load >= 0 ? SceneData::loadColour(b.load) : b.colour;
            QColor c = mData.linkColours[static_cast<std::size_t>(colour)];
            c.setAlpha(200);
            pen.setColor(c);
            pen.setWidthF(bundleWidth(b.gbps) * plan.scale);
            painter->setPen(pen);
            painter->drawLine(b.line);
        }
    }
    // Per-link badges (flow counts) where they can be read.
    if (!mData.badges.empty() && plan.detailNodes && plan.lod >= 0.5) {
        QFont font = painter->font();
        font.setPixelSize(std::max(1, static_cast<int>(9 / plan.lod + 0.5)));
        painter->setFont(font);
        int drawn = 0;
        auto badge = [&](int id) {
            const int value = mData.badges[static_cast<std::size_t>(id)];
            if (value <= 0 || drawn > 3000)
                return;
            ++drawn;
            const QPointF m = mData.segment[static_cast<std::size_t>(id)].center();
            const double r = 7 / plan.lod;
            painter->setPen(Qt::NoPen);
            painter->setBrush(value > 1 ? QColor(0xd5, 0x5e, 0x00) : QColor(0x44, 0x44, 0x44));
            painter->drawEllipse(m, r, r);
            painter->setPen(Qt::white);
            painter->drawText(QRectF(m.x() - r, m.y() - r, 2 * r, 2 * r), Qt::AlignCenter,
                              QString::number(value));
        };
        mData.localGrid.query(exposed, badge);
        mData.globalGrid.query(exposed, badge);
        painter->setBrush(Qt::NoBrush);
    }
}

void NodeLayerItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    if (!mData.fabric)
        return;
    const DrawPlan &plan = mData.plan;
    const int outlines = static_cast<int>(mData.outlineColours.size()) + 1;
    mBuckets.resize(mData.fillColours.size() * static_cast<std::size_t>(outlines));
    for (auto &b : mBuckets)
        b.clear();
    mVisible.clear();
    const bool tiny = plan.lod * 8 < 4;
    mData.nodeGrid.query(option->exposedRect, [&](int id) {
        const auto i = static_cast<std::size_t>(id);
        if (!plan.detailNodes && mData.layout->hasNode(id) && mData.layout->blockOf[i] >= 0
            && !mData.fabric->node(id).hints.position)
            return;
        const int outline = tiny && mData.nodeOutline[i] == 0 ? outlines - 1 : mData.nodeOutline[i];
        mBuckets[static_cast<std::size_t>(mData.nodeFill[i] * outlines + outline)].append(mData.rect[i]);
        mVisible.push_back(id);
    });
    QPen pen;
    pen.setCosmetic(true);
    pen.setWidthF(plan.scale);
    pen.setJoinStyle(Qt::MiterJoin);
    for (std::size_t k = 0; k < mBuckets.size(); ++k) {
        if (mBuckets[k].isEmpty())
            continue;
        const auto fill = k / static_cast<std::size_t>(outlines);
        const auto outline = k % static_cast<std::size_t>(outlines);
        painter->setBrush(mData.fillColours[fill]);
        if (outline + 1 == static_cast<std::size_t>(outlines)) {
            painter->setPen(Qt::NoPen);
        } else {
            pen.setColor(mData.outlineColours[outline]);
            pen.setWidthF((outline > 0 ? 2.0 : 1.0) * plan.scale);
            painter->setPen(pen);
        }
        painter->drawRects(mBuckets[k]);
    }
    painter->setBrush(Qt::NoBrush);
    if (!plan.nodeLabels)
        return;
    QFont font = painter->font();
    font.setPointSizeF(5.5 * plan.scale);
    painter->setFont(font);
    painter->setPen(palette::ink());
    for (int id : mVisible) {
        const Node &n = mData.fabric->node(id);
        if (n.kind == NodeKind::Gpu && !plan.gpuLabels)
            continue;
        const QRectF &r = mData.rect[static_cast<std::size_t>(id)];
        painter->drawText(QRectF(r.center().x() - 60, r.bottom() + 0.5, 120, 9 * plan.scale),
                          Qt::AlignHCenter | Qt::AlignTop, toQString(n.name));
    }
}

void BlockLayerItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    if (!mData.layout)
        return;
    const DrawPlan &plan = mData.plan;
    const FabricLayout &layout = *mData.layout;
    const QRectF exposed = option->exposedRect;
    QPen pen;
    pen.setCosmetic(true);
    if (!layout.decorations.empty()) {
        pen.setColor(QColor(0xb0, 0xb0, 0xb8));
        pen.setStyle(Qt::DashLine);
        painter->setPen(pen);
        painter->drawLines(layout.decorations.data(), static_cast<int>(layout.decorations.size()));
        pen.setStyle(Qt::SolidLine);
    }
    for (const LayoutBlock &b : layout.blocks) {
        if (!b.rect.adjusted(0, -30 / plan.lod, 0, 0).intersects(exposed))
            continue;
        const QColor tint = b.plane >= 0 ? palette::plane(b.plane)
            : b.kind == LayoutBlock::Kind::Cube || b.kind == LayoutBlock::Kind::Plane ? palette::chip()
                                                                                     : QColor(0x60, 0x70, 0x80);
        const double px = b.rect.width() * plan.lod; // device width of the block
        if (plan.detailNodes) {
            if (b.kind == LayoutBlock::Kind::Row || b.kind == LayoutBlock::Kind::Cube)
                continue; // their members speak for themselves when zoomed in
            QColor frame = tint;
            frame.setAlpha(90);
            pen.setColor(frame);
            painter->setPen(pen);
            QColor fill = tint;
            fill.setAlpha(14);
            painter->setBrush(fill);
            painter->drawRect(b.rect);
            painter->setPen(palette::ink());
            drawScreenText(painter, b.rect.topLeft() + QPointF(0, -9 / plan.lod),
                           b.title + QStringLiteral("  ") + b.detail, 12 * plan.scale, plan.lod,
                           Qt::AlignLeft, true);
            continue;
        }
        QColor fill = tint.lighter(b.kind == LayoutBlock::Kind::Row ? 150 : 175);
        fill.setAlpha(b.kind == LayoutBlock::Kind::Cube ? 150 : 235);
        pen.setColor(tint);
        pen.setWidthF(1.5 * plan.scale);
        painter->setPen(pen);
        painter->setBrush(fill);
        painter->drawRect(b.rect);
        pen.setWidthF(1);
        if (px < 30 || b.kind == LayoutBlock::Kind::Cube)
            continue;
        const double size = std::clamp(px / 12, 8.0, 15.0) * plan.scale;
        painter->setPen(palette::ink());
        if (b.kind == LayoutBlock::Kind::Row) {
            drawScreenText(painter, b.rect.center(), b.title + QStringLiteral(" · ") + b.detail,
                           size, plan.lod, Qt::AlignHCenter, true);
        } else {
            drawScreenText(painter, b.rect.center() - QPointF(0, size * 0.7 / plan.lod), b.title,
                           size, plan.lod, Qt::AlignHCenter, true);
            drawScreenText(painter, b.rect.center() + QPointF(0, size * 0.7 / plan.lod), b.detail,
                           size * 0.85, plan.lod, Qt::AlignHCenter);
        }
    }
    painter->setBrush(Qt::NoBrush);
    painter->setPen(palette::ink());
    for (const LayoutLabel &l : layout.labels)
        drawScreenText(painter, l.pos, l.text, 12 * plan.scale, plan.lod,
                       l.rightAligned ? Qt::AlignRight : Qt::AlignLeft, true);
}

} // namespace fabric::views
