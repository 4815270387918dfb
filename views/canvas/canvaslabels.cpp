// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "canvaslabels.h"

#include "common/qtstrings.h"
#include "labelplacer.h"
#include "layeritem.h"
#include "model/units.h"
#include "scenedata.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <limits>

namespace fabric::views {

namespace {

Qt::Alignment sideOf(const LayoutLabel &l)
{
    return (l.rightAligned ? Qt::AlignRight : Qt::AlignLeft)
        | (l.hangs ? Qt::AlignTop : Qt::AlignBottom);
}

/// @p fabricWidth: device pixels the whole fabric is drawn across.
void addTierLabels(
    LabelPlacer &placer, const FabricLayout &layout, double scale, double fabricWidth)
{
    const QFont font = labelFont(labelpx::kTier * scale, true);
    // A halo: tier names sit beside their rows, clear of links, but a torus's "from z = 7" and
    // "to z = 4" sit where its wrap-arounds pass, which made them unreadable. No name wider
    // than a quarter of the fabric: in the compare view's small drawings, the torus's names
    // ran into each other over the planes they name. A caption (what the picture shows) stays.
    const double anyWidth = std::numeric_limits<double>::infinity();
    for (const LayoutLabel &l : layout.labels) {
        const double width = l.caption ? anyWidth : fabricWidth / 4;
        const QPointF offset(l.rightAligned ? -4 : 0, 2);
        if (placer.add(l.text, l.pos, sideOf(l), font, offset, width, true))
            continue;
        for (const QString &shorter : l.shorterTexts)
            if (placer.add(shorter, l.pos, sideOf(l), font, offset, width, true))
                break;
    }
}

/// Whether a link drawn as a line of its own, or a bundle drawn, passes through @p r (scene).
bool crossedByLinks(const SceneData &data, const QRectF &r)
{
    double t0 = 0, t1 = 0;
    bool crossed = false;
    const auto test = [&](int id) {
        if (data.drawsLink(LinkId(id)))
            for (const QLineF &piece : data.linkPieces(LinkId(id)))
                crossed = crossed || SceneData::clipRange(piece, r, t0, t1);
        return !crossed;
    };
    data.localGrid.queryWhile(r, test);
    if (!crossed)
        data.globalGrid.queryWhile(r, test);
    if (!data.plan.detailGlobal)
        for (const Bundle &b : data.bundles)
            crossed = crossed || SceneData::clipRange(b.line, r, t0, t1);
    return crossed;
}

/// A frame's title over its top-left corner (zoomed in), shortened to the frame's width.
void addCaption(LabelPlacer &placer, const SceneData &data, const LayoutBlock &b)
{
    const DrawPlan &plan = data.plan;
    const QFont font = labelFont(labelpx::kCaption * plan.scale, true);
    // A torus plane's title may reach into the gap on its right (over half the plane's width,
    // empty above): held to the plane's width, "z = 10" to "z = 15" of a pod presented at
    // 1280x720 would be left out while "z = 9" fits. So may a dragonfly group's, over the empty
    // corner of its disc's square: presented at 1920x1080, no group would be named.
    const bool roomBeside
        = b.kind == LayoutBlock::Kind::Plane || b.kind == LayoutBlock::Kind::Group;
    const double width = b.rect.width() * plan.lod * (roomBeside ? 1.5 : 1.0);
    const QPointF above(0, -2);
    const Qt::Alignment corner = Qt::AlignLeft | Qt::AlignBottom;
    // The detail's first line: the rest (a pod's capacities) is for the collapsed block, whose
    // links are hidden; here they are drawn.
    const QString detail = b.detail.section(QLatin1Char('\n'), 0, 0);
    const QString full = b.title + QStringLiteral("  ") + detail;
    // A torus plane's title has a halo: the plane's wrap-arounds leave through its corner, right
    // under "z = 4", and their badges sit at the far ends of the loops. No halo over a pod: the
    // badges of the links its caption would cross (the uplinks that fan into its top row) must
    // stay visible. So a pod's caption takes its longest form that no drawn link crosses
    // ("Pod 0  256 GPUs · 8 switches", "Pod 0  256 GPUs", "Pod 0"). When every form is crossed
    // (a lesson's dense ECMP picture, idle links' dashes through "Pod 1"), its name alone, with
    // a halo: struck through, it could not be read.
    bool halo = b.kind == LayoutBlock::Kind::Plane;
    if (!halo) {
        QStringList forms { full };
        for (QString shorter = detail; shorter.contains(QStringLiteral(" \u00b7 "));) {
            shorter = shorter.section(QStringLiteral(" \u00b7 "), 0, -2);
            forms << b.title + QStringLiteral("  ") + shorter;
        }
        forms << b.title;
        for (const QString &form : std::as_const(forms))
            if (!crossedByLinks(data, placer.sceneRect(form, b.rect.topLeft(), corner, font, above))
                && placer.add(form, b.rect.topLeft(), corner, font, above, width))
                return;
        halo = true;
        if (placer.add(b.title, b.rect.topLeft(), corner, font, above, width, halo))
            return;
    }
    if (placer.add(full, b.rect.topLeft(), corner, font, above, width, halo)
        || placer.add(b.title, b.rect.topLeft(), corner, font, above, width, halo))
        return;
    // Under a plane is the next row of planes, over their titles' place: "z = 2" there read as
    // the name of plane 10 below it.
    if (b.kind == LayoutBlock::Kind::Plane)
        return;
    // Under the legend's button (the top-right pod in a small window): the title goes inside
    // the frame's top-left corner, or else under its bottom-left corner, rather than the pod
    // going unnamed. Under it first, "Pod 7" of a pod above the core sat among the core's
    // links, and read as a core switch's name.
    if (placer.add(b.title, b.rect.topLeft(), Qt::AlignLeft | Qt::AlignTop, font, QPointF(2, 2),
            width, true))
        return;
    placer.add(b.title, b.rect.bottomLeft(), Qt::AlignLeft | Qt::AlignTop, font, QPointF(0, 2),
        width, halo);
}

/// Whether a row of another plane lies next to row @p b, with no other block between them (the
/// planes' rows of one tier stacked, not split around the pods): their titles then need to be
/// at different places along the rows.
bool besideOtherPlane(const FabricLayout &layout, const LayoutBlock &b)
{
    const auto &blocks = layout.blocks;
    return std::any_of(blocks.begin(), blocks.end(), [&](const LayoutBlock &o) {
        if (o.kind != LayoutBlock::Kind::Row || o.plane < 0 || o.plane == b.plane)
            return false;
        const double lo = std::min(o.rect.center().y(), b.rect.center().y());
        const double hi = std::max(o.rect.center().y(), b.rect.center().y());
        return std::none_of(blocks.begin(), blocks.end(), [&](const LayoutBlock &k) {
            return k.rect.center().y() > lo && k.rect.center().y() < hi;
        });
    });
}

/// A collapsed block's title and detail inside it (zoomed out).
void addBlockTitle(LabelPlacer &placer, const FabricLayout &layout, const LayoutBlock &b,
                   const DrawPlan &plan)
{
    const double px = b.rect.width() * plan.lod;
    // Names need 30 pixels; numbers alone (below) fit in 16.
    constexpr double kNamePx = 30, kNumberPx = 16;
    if (px < kNumberPx || b.kind == LayoutBlock::Kind::Cube)
        return;
    const double size = std::clamp(px / 12, 8.0, 15.0) * plan.scale;
    const Qt::Alignment centred = Qt::AlignHCenter | Qt::AlignVCenter;
    if (b.kind == LayoutBlock::Kind::Row) {
        if (px < kNamePx)
            return;
        // Rows of two planes close together: offset their titles along the row. A halo: the
        // bundles of every pod meet a row, so its title always crosses some.
        const double at = b.plane < 0 || !besideOtherPlane(layout, b) ? 0.5 : 0.25 + 0.5 * (b.plane % 2);
        // Where its place is taken (the core's switches sit all along an HPN aggregation row
        // at a projector's size), elsewhere along the row, then outside it, away from the pods:
        // a row with no title left the planes unnamed.
        const QFont font = labelFont(size, true);
        const QStringList texts { b.title + QStringLiteral(" \u00b7 ") + b.detail, b.title };
        for (const QString &text : texts)
            for (const double along : { at, 0.25, 0.75, 0.5 })
                if (placer.add(text,
                        QPointF(b.rect.left() + along * b.rect.width(), b.rect.center().y()),
                        centred, font, {}, px, true))
                    return;
        QRectF pods;
        for (const LayoutBlock &o : layout.blocks)
            if (o.kind != LayoutBlock::Kind::Row)
                pods |= o.rect;
        const bool up = pods.isEmpty() || b.rect.center().y() < pods.center().y();
        const double line = QFontMetricsF(font).height();
        const QPointF edge(
            b.rect.left() + at * b.rect.width(), up ? b.rect.top() : b.rect.bottom());
        const Qt::Alignment away = Qt::AlignHCenter | (up ? Qt::AlignBottom : Qt::AlignTop);
        for (int step = 1; step <= 3; ++step)
            for (const QString &text : texts)
                if (placer.add(text, edge, away, font, QPointF(0, (up ? -0.6 : 0.6) * step * line),
                        px, true))
                    return;
        return;
    }
    // Too narrow for "Segment 14" (an HPN pod's segments side by side): its number tells the
    // blocks apart, the tooltip says the rest. Its siblings (blocks of its kind and width) then
    // take numbers too, even those whose shorter name would fit: "Segment 9" beside "10" read
    // as two kinds of block.
    const QFont titleFont = labelFont(size, true);
    const QString number = b.title.section(QLatin1Char(' '), -1);
    bool isNumber = false;
    number.toInt(&isNumber);
    const auto titleFits = [&](const LayoutBlock &o) {
        return LabelPlacer::boxOf(o.title, centred, titleFont, {}).width() <= px;
    };
    const bool siblingsFit = px >= kNamePx
        && (!isNumber
            || std::all_of(layout.blocks.begin(), layout.blocks.end(), [&](const LayoutBlock &o) {
                   return o.kind != b.kind || std::abs(o.rect.width() - b.rect.width()) > 1e-6
                       || titleFits(o);
               }));
    if (siblingsFit
        && placer.add(b.title, b.rect.center(), centred, titleFont, QPointF(0, -size * 0.7), px)) {
        // Each line of the detail under the title, as many as fit.
        double below = size * 0.7;
        for (const QString &line : b.detail.split(QLatin1Char('\n'))) {
            if (!placer.add(line, b.rect.center(), centred, labelFont(size * 0.85),
                            QPointF(0, below), px))
                break;
            below += size * 1.15;
        }
        return;
    }
    if (isNumber)
        placer.add(number, b.rect.center(), centred, titleFont, {}, px);
}

void addBundleLabels(LabelPlacer &placer, const SceneData &data)
{
    const DrawPlan &plan = data.plan;
    if (plan.detailGlobal || data.bundles.size() > 80)
        return;
    const QFont font = labelFont(labelpx::kBundle * plan.scale);
    const double apart = QFontMetricsF(font).height() / plan.lod; // scene units
    // A capacity never prints over another bundle: the straight-up (or across) bundles keep
    // their own strip clear, as wide as they are drawn (slanted ones would block too much).
    for (const Bundle &b : data.bundles) {
        const QRectF box = QRectF(b.line.p1(), b.line.p2()).normalized();
        const double half = LinkLayerItem::drawnBundleWidth(b, plan) / 2 / plan.lod;
        if (std::min(box.width(), box.height()) * plan.lod < 4)
            placer.reserve(box.adjusted(-half, -half, half, half));
    }
    // Beside the middle, right then left; where neighbours crowd it, a little up or down.
    for (const Bundle &b : data.bundles) {
        if (b.line.length() * plan.lod < 40)
            continue;
        const QString text = toQString(units::formatGbps(b.gbps));
        const double off = LinkLayerItem::drawnBundleWidth(b, plan) / 2 + LabelPlacer::kClearance + 2;
        // Placed, a capacity keeps its neighbours a letter's height away on either side: a word
        // space apart, the capacities of an HPN segment's uplinks read "400 Gb/s 400 Gb/s".
        // A halo: beside a bundle, the capacity often sits on the fan of links next to it.
        const auto place = [&](const QPointF &at, Qt::Alignment side, QPointF offset) {
            if (!placer.add(text, at, side | Qt::AlignVCenter, font, offset,
                    std::numeric_limits<double>::infinity(), true))
                return false;
            placer.reserve(placer.sceneRect(text, at, side | Qt::AlignVCenter, font, offset)
                               .adjusted(-apart, 0, apart, 0));
            return true;
        };
        for (const double t : {0.5, 0.3, 0.7}) {
            const QPointF at = b.line.pointAt(t);
            if (place(at, Qt::AlignLeft, QPointF(off, 0))
                || place(at, Qt::AlignRight, QPointF(-off, 0)))
                break;
        }
    }
}

/// Names under switches and GPUs, inside hosts; they grow with the zoom up to a reading size.
void addNodeLabels(LabelPlacer &placer, const SceneData &data, const QRectF &view)
{
    const DrawPlan &plan = data.plan;
    if (!plan.nodeLabels)
        return;
    const double px = std::min(7.5 * plan.lod, 12.0) * plan.scale;
    const QFont font = labelFont(px);
    // True when the name was placed (or a host's bar is too thin to hold any).
    const auto offer = [&](LabelPlacer &to, int id) {
        const Node &n = data.fabric->node(id);
        const QRectF &r = data.rect[static_cast<std::size_t>(id)];
        if (n.kind == NodeKind::Host) {
            // Inside the host's bar, as large as the bar allows, or not at all.
            const double inside = std::min(px, r.height() * plan.lod * 0.8);
            return inside < 6
                || to.add(toQString(n.name), r.center(), Qt::AlignCenter, labelFont(inside), {},
                    r.width() * plan.lod);
        }
        // Just below the node, clear of the room kept around switches.
        return to.add(toQString(n.name), QPointF(r.center().x(), r.bottom()),
            Qt::AlignHCenter | Qt::AlignTop, font, QPointF(0, LabelPlacer::kClearance + 0.5),
            std::numeric_limits<double>::infinity(), true);
    };
    std::vector<int> gpusWithoutRoom;
    data.nodeGrid.query(view, [&](int id) {
        if (data.fabric->node(id).kind == NodeKind::Gpu && !plan.gpuLabels)
            gpusWithoutRoom.push_back(id);
        else
            offer(placer, id);
    });
    // Zoomed out, GPUs packed side by side have no room for names, and a few names among many
    // would read as if the others had none. GPUs spread out (a hand-drawn fabric) get theirs
    // when every one in view fits.
    constexpr std::size_t kMaxSpreadGpuNames = 64;
    if (gpusWithoutRoom.empty() || gpusWithoutRoom.size() > kMaxSpreadGpuNames)
        return;
    LabelPlacer trial = placer;
    if (std::all_of(gpusWithoutRoom.begin(), gpusWithoutRoom.end(),
            [&](int id) { return offer(trial, id); }))
        placer = std::move(trial);
}

} // namespace

std::vector<CanvasLabel> canvasLabels(
    const SceneData &data, const QRectF &view, const QRectF &keepClear)
{
    if (!data.layout || !data.fabric)
        return {};
    const DrawPlan &plan = data.plan;
    LabelPlacer placer(plan.lod, view);
    // The legend's button is framed: texts may come to a pixel of it (with the usual
    // clearance, the top-right pod's caption lost its place to it by two pixels).
    if (!keepClear.isEmpty())
        placer.reserve(keepClear, 1);
    // Texts never cover a switch drawn on its own, folded view or not: its links meet there
    // (zoomed out, the capacities of an HPN fabric's bundles covered its aggregation rows).
    data.nodeGrid.query(view, [&](int id) {
        const NodeKind kind = data.fabric->node(id).kind;
        if ((kind == NodeKind::Switch || kind == NodeKind::Ocs) && data.drawsNode(id))
            placer.reserve(data.rect[static_cast<std::size_t>(id)]);
    });
    if (plan.detailNodes)
        addTierLabels(placer, *data.layout, plan.scale, data.bounds.width() * plan.lod);
    for (const LayoutBlock &b : data.layout->blocks) {
        if (!plan.detailNodes)
            addBlockTitle(placer, *data.layout, b, plan);
        else if (b.kind != LayoutBlock::Kind::Row && b.kind != LayoutBlock::Kind::Cube)
            addCaption(placer, data, b);
    }
    addBundleLabels(placer, data);
    addNodeLabels(placer, data, view);
    return placer.take();
}

QMarginsF labelMargins(const FabricLayout &layout, const QRectF &bounds, double scale, double lod)
{
    constexpr double kGap = 8;
    const QFontMetricsF tier(labelFont(labelpx::kTier * scale, true));
    double left = kGap, top = kGap;
    for (const LayoutLabel &l : layout.labels) {
        if (l.rightAligned)
            left = std::max(left, tier.horizontalAdvance(l.text) + 8 - (l.pos.x() - bounds.left()) * lod);
        top = std::max(top, tier.height() - (l.pos.y() - bounds.top()) * lod);
    }
    if (!layout.blocks.empty()) {
        const double caption = QFontMetricsF(labelFont(labelpx::kCaption * scale, true)).height() + 4;
        double above = std::numeric_limits<double>::infinity();
        for (const LayoutBlock &b : layout.blocks)
            above = std::min(above, b.rect.top() - bounds.top());
        top = std::max(top, caption - above * lod);
    }
    return QMarginsF(left, top, kGap, kGap);
}

} // namespace fabric::views
