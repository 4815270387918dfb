// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "layeritem.h"

#include "badgeplacer.h"
#include "style/palette.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>

namespace fabric::views {

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
    mCurves.assign(mBuckets.size(), QPainterPath());
    // Twisted wrap-arounds recoloured by a run keep a magenta casing, so the twist stays
    // visible while the run plays.
    QList<QLineF> twistLines;
    QPainterPath twistCurves;
    // SceneData::drawsLink is the one rule for which links get a line of their own; the
    // highlights and fault marks follow it too.
    auto collect = [&](const SpatialGrid &grid) {
        grid.query(exposed, [&](int id) {
            if (!mData.drawsLink(id))
                return;
            const auto colour = mData.linkColour[static_cast<std::size_t>(id)];
            if (colour != SceneData::kTwistColour
                && mData.baseColour[static_cast<std::size_t>(id)] == SceneData::kTwistColour) {
                if (mData.isCurved(id))
                    mData.addLinkPath(twistCurves, id);
                else
                    twistLines.append(mData.segment[static_cast<std::size_t>(id)]);
            }
            if (mData.isCurved(id))
                mData.addLinkPath(mCurves[colour], id);
            else
                mBuckets[colour].append(mData.segment[static_cast<std::size_t>(id)]);
        });
    };
    if (plan.detailLocal)
        collect(mData.localGrid);
    if (plan.detailGlobal)
        collect(mData.globalGrid);
    QPen pen;
    pen.setCosmetic(true);
    pen.setCapStyle(Qt::FlatCap);
    if (!twistLines.isEmpty() || !twistCurves.isEmpty()) {
        pen.setColor(mData.linkColours[SceneData::kTwistColour]);
        pen.setWidthF(4.2 * plan.scale);
        painter->setPen(pen);
        painter->setBrush(Qt::NoBrush);
        painter->drawLines(twistLines);
        painter->drawPath(twistCurves);
    }
    for (std::size_t c = 0; c < mBuckets.size(); ++c) {
        if (mBuckets[c].isEmpty() && mCurves[c].isEmpty())
            continue;
        pen.setColor(mData.linkColours[c]);
        pen.setWidthF((c == SceneData::kTwistColour ? 2.2 : c >= SceneData::kLoadColours ? 1.6 : 1.0)
                      * plan.scale);
        painter->setPen(pen);
        painter->drawLines(mBuckets[c]);
        if (!mCurves[c].isEmpty()) {
            painter->setBrush(Qt::NoBrush);
            painter->drawPath(mCurves[c]);
        }
    }
    if (!plan.detailGlobal) {
        pen.setCapStyle(Qt::RoundCap);
        for (const Bundle &b : mData.bundles) {
            if (b.line.p1() == b.line.p2())
                continue;
            if (!QRectF(b.line.p1(), b.line.p2()).normalized().adjusted(-2, -2, 2, 2).intersects(exposed))
                continue;
            const int colour = mData.bundleColour(b);
            // Opaque: blending wide bundles costs more than the rest of the frame.
            pen.setColor(mData.linkColours[static_cast<std::size_t>(colour)]);
            // Over individual nodes, bundles are thin guides; alone, their width is capacity.
            pen.setWidthF(drawnBundleWidth(b, plan));
            painter->setPen(pen);
            painter->drawLine(b.line);
        }
    }
}

const std::vector<LinkId> &BadgeLayerItem::shownBadges()
{
    const DrawPlan &plan = mData.plan;
    if (mShownRevision == mData.badgeRevision && mShownPlan == plan)
        return mShown;
    mShownRevision = mData.badgeRevision;
    mShownPlan = plan;
    mShown = badgesUnder(mData, plan);
    return mShown;
}

std::vector<LinkId> BadgeLayerItem::badgesUnder(const SceneData &data, const DrawPlan &plan)
{
    if (!data.fabric || data.badges.empty() || !legibleAt(plan))
        return {};
    return placeBadges(data, plan, badgeFont(plan, 1), badgeRadius(plan), kMaxBadges);
}

void BadgeLayerItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const std::vector<LinkId> &shown = shownBadges();
    if (shown.empty())
        return;
    const DrawPlan &plan = mData.plan;
    const QFont font = badgeFont(plan, plan.lod);
    painter->setFont(font);
    const double r = badgeRadius(plan) / plan.lod;
    const QRectF exposed = option->exposedRect.adjusted(-4 * r, -r, 4 * r, r);
    for (const LinkId id : shown) {
        const QPointF m = mData.linkMidpoint(id);
        if (!exposed.contains(m))
            continue;
        const int value = mData.badges[static_cast<std::size_t>(id)];
        const QRectF box = badgeBox(font, r, value).translated(m);
        painter->setPen(Qt::NoPen);
        painter->setBrush(value > 1 ? palette::collisionBadge() : QColor(0x44, 0x44, 0x44));
        painter->drawRoundedRect(box, r, r);
        painter->setPen(Qt::white);
        painter->drawText(box, Qt::AlignCenter, QString::number(value));
    }
}

QFont BadgeLayerItem::badgeFont(const DrawPlan &plan, double lod)
{
    QFont font;
    font.setPixelSize(std::max(1, static_cast<int>(9 * plan.scale / lod + 0.5)));
    return font;
}

void ParticleLayerItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    mLastCount = 0;
    if (!mData.fabric || !mData.overlay.particles || mData.loads.empty())
        return;
    const DrawPlan &plan = mData.plan;
    const double lod = plan.lod > 0 ? plan.lod : 1;
    const double size = 3 * plan.scale;
    // A little margin so squares straddling the edge of a tile are drawn whole.
    const QRectF exposed = option->exposedRect.adjusted(-size / lod, -size / lod, size / lod, size / lod);
    mRuns.clear();
    double count = 0;
    // One direction of a line: the visible part of it, in device pixels from its start.
    // @p key names the line and direction: the phase follows it from paint to paint and tile to
    // tile (golden-ratio steps spread neighbouring keys evenly).
    auto add = [&](const QLineF &line, bool reverse, double rel, int colour, std::size_t key) {
        if (!(rel > 0))
            return;
        double t0, t1;
        if (!SceneData::clipRange(line, exposed, t0, t1))
            return;
        const double len = line.length() * lod;
        if (len < 2)
            return;
        Run r;
        const QPointF a = reverse ? line.p2() : line.p1(), b = reverse ? line.p1() : line.p2();
        r.line.from = a;
        r.line.step = (b - a) / len;
        r.side = QPointF(-r.line.step.y(), r.line.step.x()) * 1.6 * plan.scale;
        r.line.begin = (reverse ? 1 - t1 : t0) * len;
        r.line.end = (reverse ? 1 - t0 : t1) * len;
        r.line.gap = std::clamp(SceneData::kMinParticleGap / rel, SceneData::kMinParticleGap,
            SceneData::kMaxParticleGap);
        // The fraction of key x golden ratio (x - floor(x) is exact, and far cheaper than fmod).
        const double turns = static_cast<double>(key) * 0.6180339887498949;
        r.phase = turns - std::floor(turns);
        r.key = key;
        r.light = mData.lightColour[static_cast<std::size_t>(colour)];
        count += (r.line.end - r.line.begin) / r.line.gap;
        mRuns.push_back(r);
    };
    const double ref = mData.maxLinkGbps > 0 ? mData.maxLinkGbps : 1;
    auto link = [&](int id) {
        const auto i = static_cast<std::size_t>(id);
        if (!mData.drawsLink(id))
            return;
        const int colour = mData.linkColour[i];
        if (colour == SceneData::kIdleColour && mData.overlay.dimensionColours)
            return; // filtered out
        const double cap = mData.fabric->link(id).capacityGbps;
        // A curved link (a circuit's half arc) carries its particles piece by piece.
        for (const QLineF &s : mData.linkPieces(id)) {
            add(s, false, mData.loads[2 * i] * cap / ref, colour, 2 * i);
            add(s, true, mData.loads[2 * i + 1] * cap / ref, colour, 2 * i + 1);
        }
    };
    if (plan.detailNodes && plan.detailLocal)
        mData.localGrid.query(exposed, link);
    if (plan.detailNodes && plan.detailGlobal)
        mData.globalGrid.query(exposed, link);
    if (!plan.detailGlobal) {
        const std::size_t firstBundleKey = mData.loads.size(); // after every link's keys
        for (std::size_t k = 0; k < mData.bundles.size(); ++k) {
            const Bundle &b = mData.bundles[k];
            if (b.gbps <= 0 || b.line.p1() == b.line.p2())
                continue;
            const int colour = mData.bundleColour(b);
            if (colour == SceneData::kIdleColour && mData.overlay.dimensionColours)
                continue;
            // Density by the bundle's share of its capacity, but a bundle carrying a whole link's
            // worth never looks sparser than a quarter-loaded link (still monotonic in rate).
            auto rel = [&](double gbps) { return std::max(gbps / b.gbps, std::min(1.0, gbps / ref) / 4); };
            add(b.line, false, rel(b.forwardGbps), colour, firstBundleKey + 2 * k);
            add(b.line, true, rel(b.backwardGbps), colour, firstBundleKey + 2 * k + 1);
        }
    }
    if (mRuns.empty())
        return;
    // Over the budget, every gap widens alike, so density still follows the rate.
    const QRectF &area = option->exposedRect;
    const double budget = std::min<double>(SceneData::kMaxParticles,
        area.width() * lod * area.height() * lod * SceneData::kMaxParticleCover / (size * size));
    const double widen = std::max(1.0, count / std::max(1.0, budget));
    mCrowding.reset(area, lod, size * size);
    for (const Run &r : mRuns)
        mCrowding.add(r.line, widen);
    const double travelled = mData.overlay.particlePhase * SceneData::kParticleSpeed;
    mDark.clear();
    mLight.clear();
    const double h = size / 2 / lod;
    for (const Run &r : mRuns) {
        const double gap = r.line.gap * widen;
        const double lead = travelled + r.phase * gap;
        // A particle at u is number (u - lead) / gap: the number stays with it as it moves (the
        // lead grows as fast as u), and with it its lot in a crowd.
        const double first = std::floor(lead / gap);
        const double offset = lead - first * gap;
        // In the dimension colours a busy link is a deep hue and an idle one a pale one: white
        // dots made the busiest links read as the palest, so there they are always dark.
        QList<QRectF> &out = r.light || mData.overlay.dimensionColours ? mDark : mLight;
        const double skipped = std::ceil((r.line.begin - offset) / gap);
        auto index = static_cast<std::int64_t>(skipped - first);
        for (double u = offset + skipped * gap; u <= r.line.end; u += gap, ++index) {
            const QPointF p = r.line.from + r.line.step * u + r.side;
            if (!mCrowding.draws(p, r.key, index))
                continue;
            out.append(QRectF(p.x() - h, p.y() - h, 2 * h, 2 * h));
        }
    }
    mLastCount = static_cast<int>(mDark.size() + mLight.size());
    painter->setPen(Qt::NoPen);
    if (!mDark.isEmpty()) {
        painter->setBrush(QColor(0x1a, 0x1a, 0x1a));
        painter->drawRects(mDark);
    }
    if (!mLight.isEmpty()) {
        painter->setBrush(Qt::white);
        painter->drawRects(mLight);
    }
    painter->setBrush(Qt::NoBrush);
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
        if (!mData.drawsNode(id))
            return;
        const int outline = tiny && mData.nodeOutline[i] == 0 ? outlines - 1 : mData.nodeOutline[i];
        mBuckets[static_cast<std::size_t>(mData.nodeFill[i] * outlines + outline)].append(mData.rect[i]);
        mVisible.push_back(id);
    });
    // Outlines are drawn as a slightly larger rectangle under the fill: two rectangle fills
    // take the raster engine's fast path, a stroked outline does not.
    painter->setPen(Qt::NoPen);
    for (std::size_t k = 0; k < mBuckets.size(); ++k) {
        if (mBuckets[k].isEmpty())
            continue;
        const auto fill = k / static_cast<std::size_t>(outlines);
        const auto outline = k % static_cast<std::size_t>(outlines);
        if (outline + 1 != static_cast<std::size_t>(outlines)) {
            const double m = (outline > 0 ? 2.0 : 1.0) * plan.scale / plan.lod;
            mOutlined.clear();
            for (const QRectF &r : mBuckets[k])
                mOutlined.append(r.adjusted(-m, -m, m, m));
            painter->setBrush(mData.outlineColours[outline]);
            painter->drawRects(mOutlined);
        }
        painter->setBrush(mData.fillColours[fill]);
        painter->drawRects(mBuckets[k]);
    }
    painter->setBrush(Qt::NoBrush);
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
        // Solid and opaque: dashed cosmetic pens cost the raster engine several times more.
        pen.setColor(QColor(0xc4, 0xc4, 0xcc));
        painter->setPen(pen);
        painter->drawLines(layout.decorations.data(), static_cast<int>(layout.decorations.size()));
    }
    for (std::size_t i = 0; i < layout.blocks.size(); ++i) {
        const LayoutBlock &b = layout.blocks[i];
        if (!b.rect.intersects(exposed))
            continue;
        const QColor tint = b.plane >= 0 ? palette::plane(b.plane)
            : b.kind == LayoutBlock::Kind::Cube || b.kind == LayoutBlock::Kind::Plane ? palette::chip()
                                                                                     : QColor(0x60, 0x70, 0x80);
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
        if (i < mData.blockLoad.size() && mData.blockLoad[i] >= 0)
            drawLoadBar(painter, b, mData.blockLoad[i]);
    }
    painter->setBrush(Qt::NoBrush);
}

bool BlockLayerItem::hasLoadBar(const LayoutBlock &block)
{
    // Pods, zones and segments; rows, cubes and planes show their links' loads themselves.
    return block.kind == LayoutBlock::Kind::Pod || block.kind == LayoutBlock::Kind::Group;
}

QRectF BlockLayerItem::loadBar(const LayoutBlock &block, const DrawPlan &plan)
{
    if (!hasLoadBar(block))
        return {};
    const double lod = plan.lod > 0 ? plan.lod : 1;
    // Device pixels: readable on a projector, never more than a sixth of the block.
    const double px = std::min(10.0 * plan.scale, block.rect.height() * lod / 6);
    if (px < 3)
        return {};
    const double inset = 1.5 * plan.scale / lod; // inside the block's frame
    const QRectF inner = block.rect.adjusted(inset, inset, -inset, -inset);
    return QRectF(inner.left(), inner.bottom() - px / lod, inner.width(), px / lod);
}

void BlockLayerItem::drawLoadBar(QPainter *painter, const LayoutBlock &block, float load) const
{
    const QRectF bar = loadBar(block, mData.plan);
    if (bar.isEmpty())
        return;
    painter->fillRect(
        bar, mData.linkColours[static_cast<std::size_t>(SceneData::loadColour(load))]);
}

void LabelLayerItem::labelsChanged()
{
    prepareGeometryChange();
    mBounds = QRectF();
    const double lod = mData.plan.lod > 0 ? mData.plan.lod : 1;
    for (const CanvasLabel &l : mData.labels)
        mBounds |= QRectF(l.anchor + l.box.topLeft() / lod, l.box.size() / lod);
}

void LabelLayerItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = mData.plan.lod > 0 ? mData.plan.lod : 1;
    const QRectF exposed = option->exposedRect;
    const QTransform saved = painter->worldTransform();
    painter->setPen(palette::ink());
    for (const CanvasLabel &l : mData.labels) {
        if (!QRectF(l.anchor + l.box.topLeft() / lod, l.box.size() / lod).intersects(exposed))
            continue;
        // Device-sized text: undo the zoom around the anchor.
        painter->setWorldTransform(saved);
        painter->translate(l.anchor);
        painter->scale(1 / lod, 1 / lod);
        if (l.halo)
            painter->fillRect(l.box, QColor(255, 255, 255, 200));
        painter->setFont(l.font);
        painter->drawText(l.box, Qt::AlignCenter, l.text);
    }
    painter->setWorldTransform(saved);
}

} // namespace fabric::views
