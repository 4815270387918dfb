// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenedata.h"

#include "layout/forcelayout.h"
#include "model/transit.h"
#include "style/palette.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace fabric::views {

namespace {

int fillClass(const Node &n)
{
    switch (n.kind) {
    case NodeKind::Gpu: return n.hints.rail >= 0 ? n.hints.rail % 8 : 8;
    case NodeKind::Host: return 9;
    case NodeKind::Ocs: return 15;
    case NodeKind::Switch:
        switch (n.role) {
        case SwitchRole::Leaf: return 10;
        case SwitchRole::Spine: return 11;
        case SwitchRole::Core: return 12;
        case SwitchRole::Router: return 13;
        case SwitchRole::None: return 14;
        }
    }
    return 14;
}

int baseLinkColour(const Link &l)
{
    if (l.plane >= 0)
        return SceneData::kPlaneColours + l.plane % 4;
    return static_cast<int>(l.medium);
}

/// Length of @p s inside @p r.
double clippedLength(const QLineF &s, const QRectF &r)
{
    double t0, t1;
    return SceneData::clipRange(s, r, t0, t1) ? (t1 - t0) * s.length() : 0;
}

} // namespace

bool SceneData::clipRange(const QLineF &s, const QRectF &r, double &t0, double &t1)
{
    // Liang-Barsky.
    t0 = 0;
    t1 = 1;
    const double dx = s.dx(), dy = s.dy();
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {s.x1() - r.left(), r.right() - s.x1(), s.y1() - r.top(), r.bottom() - s.y1()};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
    }
    return t1 > t0;
}

double SceneData::distanceToSegment(const QPointF &p, const QLineF &s)
{
    const QPointF v = s.p2() - s.p1();
    const double len2 = QPointF::dotProduct(v, v);
    const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(p - s.p1(), v) / len2, 0.0, 1.0) : 0;
    const QPointF q = s.p1() + t * v - p;
    return std::sqrt(QPointF::dotProduct(q, q));
}

void SceneData::clear()
{
    // Display settings outlive the fabric.
    const ColorMap map = colorMap;
    const Overlay keep = overlay;
    const std::uint64_t revision = badgeRevision;
    *this = SceneData();
    colorMap = map;
    overlay = keep;
    badgeRevision = revision + 1;
}

int SceneData::loadColour(float load)
{
    if (!(load > 0))
        return kIdleColour;
    return kLoadColours + ColorMap::level(load, kLoadLevels);
}

int SceneData::dimColour(int dim, float load)
{
    // Without loads the full hue; with loads, idle links are the palest level.
    const int level = std::isnan(load) ? kFullDimLevel
        : load > 0                     ? std::max(1, ColorMap::level(load, kDimLevels))
                                       : 0;
    return kDimColours + dim * kDimLevels + level;
}

QColor SceneData::dimensionColour(int dim, int level)
{
    // X blue, Y vermillion, Z bluish green (Okabe-Ito): pale when idle, deep when busy.
    static const QColor hues[3] = {QColor(0x00, 0x72, 0xb2), QColor(0xd5, 0x5e, 0x00),
                                   QColor(0x00, 0x9e, 0x73)};
    const QColor full = hues[std::clamp(dim, 0, 2)];
    const QColor deep = full.darker(125);
    const QColor pale(235, 235, 235);
    const double t = static_cast<double>(level) / (kDimLevels - 1);
    // Pale -> full over the first two thirds, full -> deep after.
    auto mix = [](const QColor &a, const QColor &b, double u) {
        return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * u),
                                static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * u),
                                static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * u));
    };
    const double knee = static_cast<double>(kFullDimLevel) / (kDimLevels - 1); // the full hue
    return t < knee ? mix(pale, full, 0.25 + 0.75 * t / knee) : mix(full, deep, (t - knee) / (1 - knee));
}

int SceneData::bundleColour(const Bundle &b) const
{
    if (overlay.dimensionColours && b.dim >= 0) {
        if (overlay.dimensionFilter >= 0 && b.dim != overlay.dimensionFilter)
            return kIdleColour;
        return dimColour(b.dim, b.load >= 0 ? b.load : std::numeric_limits<float>::quiet_NaN());
    }
    return b.load >= 0 ? loadColour(b.load) : b.colour;
}

void SceneData::classifyTorusLinks(const Fabric &f)
{
    linkDim.assign(f.linkIdBound(), -1);
    twistedLinks = 0;
    hasDimensions = false;
    int extent[3] = {0, 0, 0};
    f.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Gpu && n.hints.x >= 0 && n.hints.y >= 0 && n.hints.z >= 0) {
            extent[0] = std::max(extent[0], n.hints.x + 1);
            extent[1] = std::max(extent[1], n.hints.y + 1);
            extent[2] = std::max(extent[2], n.hints.z + 1);
        }
    });
    if (extent[0] == 0)
        return;
    auto chip = [&](NodeId id) {
        const Node &n = f.node(id);
        return n.kind == NodeKind::Gpu && n.hints.x >= 0 && n.hints.y >= 0 && n.hints.z >= 0;
    };
    auto coord = [&](NodeId id, int d) {
        const LayoutHints &h = f.node(id).hints;
        return d == 0 ? h.x : d == 1 ? h.y : h.z;
    };
    // The one dimension along which @p a and @p b are neighbours (a step or a wrap), -1 none.
    auto stepDim = [&](NodeId a, NodeId b) {
        int found = -1, differ = 0;
        for (int d = 0; d < 3; ++d) {
            const int ca = coord(a, d), cb = coord(b, d);
            if (ca == cb)
                continue;
            ++differ;
            if ((ca + 1) % extent[d] == cb || (cb + 1) % extent[d] == ca)
                found = found < 0 ? d : found;
        }
        return differ == 1 ? found : (found >= 0 && differ > 1 ? -2 - found : -1);
    };
    f.forEachLink([&](const Link &link) {
        const auto id = static_cast<std::size_t>(link.id);
        if (chip(link.a) && chip(link.b)) {
            const int d = stepDim(link.a, link.b);
            linkDim[id] = static_cast<std::int8_t>(d >= 0 ? d : -1);
            return;
        }
        // A fibre from a chip to an OCS: its circuit's far chip tells the dimension and whether
        // it wraps around the torus with a twist (other coordinates shifted).
        const bool aChip = chip(link.a);
        const NodeId c = aChip ? link.a : link.b, o = aChip ? link.b : link.a;
        if (!chip(c) || f.node(o).kind != NodeKind::Ocs)
            return;
        const int port = aChip ? link.portA : link.portB;
        int d = port >= 0 && port < 6 ? port / 2 : -1;
        const LinkId peer = f.ocsPeer(o, link.id);
        const NodeId far = peer != kNoLink ? f.link(peer).other(o) : kNoNode;
        if (far != kNoNode && chip(far)) {
            const int s = stepDim(c, far);
            if (d < 0)
                d = s >= 0 ? s : (s <= -2 ? -2 - s : -1);
            // A wrap-around joins the last chip along d to the first; twisted when the far chip
            // also moved along another dimension.
            if (d >= 0 && std::abs(coord(c, d) - coord(far, d)) > 1 && s <= -2) {
                baseColour[id] = static_cast<std::uint8_t>(kTwistColour);
                ++twistedLinks;
            }
        }
        linkDim[id] = static_cast<std::int8_t>(d);
    });
    hasDimensions = std::any_of(linkDim.begin(), linkDim.end(), [](std::int8_t d) { return d >= 0; });
}

void SceneData::placeNode(const Fabric &f, const Node &n)
{
    const auto id = static_cast<std::size_t>(n.id);
    QPointF p;
    if (n.hints.position) {
        p = QPointF(n.hints.position->first, n.hints.position->second);
    } else if (layout->hasNode(n.id)) {
        p = layout->positions[id];
    } else {
        // Added after the layout was made: next to its placed neighbours, else below it all.
        double x = 0, y = 0;
        int count = 0;
        for (LinkId l : f.linksOf(n.id)) {
            const auto o = static_cast<std::size_t>(f.link(l).other(n.id));
            if (o < pos.size() && !std::isnan(pos[o].x()) && o != id) {
                x += pos[o].x();
                y += pos[o].y();
                ++count;
            }
        }
        p = count ? QPointF(x / count + 20, y / count + 30)
                  : QPointF(layout->bounds.left() + 30 * static_cast<double>(id % 50),
                            layout->bounds.bottom() + 40);
    }
    pos[id] = p;
    if (layout->isHidden(n.id) && !n.hints.position) {
        rect[id] = QRectF(); // not drawn, not picked: its links end elsewhere (placeLink)
        return;
    }
    QSizeF s = id < layout->sizes.size() ? layout->sizes[id] : QSizeF();
    if (!s.isValid() || s.isEmpty())
        s = defaultNodeSize(n);
    rect[id] = QRectF(p.x() - s.width() / 2, p.y() - s.height() / 2, s.width(), s.height());
}

void SceneData::placeLink(const Link &link)
{
    const auto id = static_cast<std::size_t>(link.id);
    const QPointF via = id < layout->linkVia.size() ? layout->linkVia[id] : QPointF(qQNaN(), qQNaN());
    auto end = [&](NodeId n) {
        const bool hidden = layout->isHidden(n) && !fabric->node(n).hints.position;
        return hidden && !std::isnan(via.x()) ? via : pos[static_cast<std::size_t>(n)];
    };
    segment[id] = QLineF(end(link.a), end(link.b));
    arcPeer[id] = kNoLink;
    if (!std::isnan(via.x()))
        for (NodeId n : {link.a, link.b})
            if (fabric->node(n).kind == NodeKind::Ocs)
                arcPeer[id] = fabric->ocsPeer(n, link.id);
    bend[id] = id < layout->linkBend.size() ? layout->linkBend[id] : QPointF(qQNaN(), qQNaN());
    bend2[id] = id < layout->linkBend2.size() ? layout->linkBend2[id] : QPointF(qQNaN(), qQNaN());
    const double bow = id < layout->linkBow.size() ? layout->linkBow[id] : 0.0;
    if (bow != 0 && std::isnan(bend[id].x()) && segment[id].length() > 0) {
        // Square to the line between the ends, on its upper side.
        QPointF normal = QPointF(segment[id].dy(), -segment[id].dx()) / segment[id].length();
        if (normal.y() > 0)
            normal = -normal;
        bend[id] = segment[id].center() + bow * normal;
    }
}

void SceneData::fileLink(LinkId id)
{
    const auto i = static_cast<std::size_t>(id);
    SpatialGrid &grid = linkBundle[i] < 0 ? localGrid : globalGrid;
    if (isCurved(id))
        grid.insert(id, linkRect(id));
    else
        grid.insert(id, segment[i]);
}

void SceneData::unfileLink(LinkId id)
{
    const auto i = static_cast<std::size_t>(id);
    for (SpatialGrid *grid : {&localGrid, &globalGrid}) {
        if (isCurved(id))
            grid->remove(id, linkRect(id));
        else
            grid->remove(id, segment[i]);
    }
}

void SceneData::addLinkPath(QPainterPath &path, LinkId id) const
{
    const QLineF &s = segment[static_cast<std::size_t>(id)];
    const auto i = static_cast<std::size_t>(id);
    path.moveTo(s.p1());
    if (isCubic(id))
        path.cubicTo(bend[i], bend2[i], s.p2());
    else if (isCurved(id))
        path.quadTo(bend[i], s.p2());
    else
        path.lineTo(s.p2());
}

QPointF SceneData::curveAt(LinkId id, double t) const
{
    const auto i = static_cast<std::size_t>(id);
    const QLineF &s = segment[i];
    if (isCubic(id))
        return cubicAt(s.p1(), bend[i], bend2[i], s.p2(), t);
    if (!isCurved(id))
        return s.pointAt(t);
    const double u = 1 - t;
    return u * u * s.p1() + 2 * u * t * bend[i] + t * t * s.p2();
}

SceneData::Pieces SceneData::linkPieces(LinkId id) const
{
    const QLineF &s = segment[static_cast<std::size_t>(id)];
    Pieces out;
    if (!isCurved(id)) {
        out.append(s);
        return out;
    }
    QPointF from = s.p1();
    for (int k = 1; k <= kCurvePieces; ++k) {
        const QPointF to = curveAt(id, static_cast<double>(k) / kCurvePieces);
        out.append(QLineF(from, to));
        from = to;
    }
    return out;
}

QPointF SceneData::linkMidpoint(LinkId id) const
{
    return curveAt(id, 0.5);
}

double SceneData::distanceToLink(const QPointF &p, LinkId id) const
{
    double best = std::numeric_limits<double>::infinity();
    for (const QLineF &piece : linkPieces(id))
        best = std::min(best, distanceToSegment(p, piece));
    return best;
}

void SceneData::build(const Fabric &f, const FabricLayout &l)
{
    ++badgeRevision;
    fabric = &f;
    layout = &l;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    pos.assign(f.nodeIdBound(), QPointF(nan, nan));
    rect.assign(f.nodeIdBound(), QRectF());
    nodeFill.assign(f.nodeIdBound(), 0);
    nodeOutline.assign(f.nodeIdBound(), 0);
    liveNodes = f.nodeCount();

    fillColours.clear();
    for (int r = 0; r < 8; ++r)
        fillColours.push_back(palette::rail(r));
    fillColours.push_back(palette::chip());
    fillColours.push_back(palette::host());
    for (SwitchRole role : {SwitchRole::Leaf, SwitchRole::Spine, SwitchRole::Core,
                            SwitchRole::Router, SwitchRole::None})
        fillColours.push_back(palette::role(role));
    fillColours.push_back(palette::ocs());
    // Chips of a 3D projection, farthest to nearest: farther ones fade (a depth cue), and
    // buckets paint in this order, so near chips cover far ones.
    for (int level = 0; level < 4; ++level)
        fillColours.push_back(palette::chip().lighter(100 + 22 * (3 - level)));
    outlineColours = {palette::ink(), palette::plane(0), palette::plane(1), palette::plane(2),
                      palette::plane(3)};
    linkColours.clear();
    for (Medium m : {Medium::NvLink, Medium::InfiniBand, Medium::Ethernet, Medium::Ici,
                     Medium::Optical})
        linkColours.push_back(palette::medium(m));
    for (int p = 0; p < 4; ++p)
        linkColours.push_back(palette::plane(p));
    linkColours.push_back(QColor(0xc8, 0xc8, 0xc8)); // idle under loads
    for (int i = 0; i < kLoadLevels; ++i)
        linkColours.push_back(colorMap.map((i + 0.5) / kLoadLevels));
    linkColours.push_back(QColor(0xb8, 0x00, 0x6b)); // twisted wrap-around: deep magenta
    for (int dim = 0; dim < 3; ++dim)
        for (int level = 0; level < kDimLevels; ++level)
            linkColours.push_back(dimensionColour(dim, level));
    lightColour.clear();
    for (const QColor &c : linkColours)
        lightColour.push_back(qGray(c.rgb()) >= 130);

    f.forEachNode([&](const Node &n) {
        placeNode(f, n);
        const auto id = static_cast<std::size_t>(n.id);
        nodeFill[id] = static_cast<std::uint8_t>(fillClass(n));
        if (n.kind == NodeKind::Gpu && id < l.depth.size())
            nodeFill[id] = static_cast<std::uint8_t>(19 - std::min(3, static_cast<int>(l.depth[id] * 4)));
        nodeOutline[id] = static_cast<std::uint8_t>(n.hints.plane >= 0 ? 1 + n.hints.plane % 4 : 0);
    });
    segment.assign(f.linkIdBound(), QLineF());
    bend.assign(f.linkIdBound(), QPointF(qQNaN(), qQNaN()));
    bend2.assign(f.linkIdBound(), QPointF(qQNaN(), qQNaN()));
    arcPeer.assign(f.linkIdBound(), kNoLink);
    baseColour.assign(f.linkIdBound(), 0);
    soleWay.assign(f.linkIdBound(), 0);
    maxLinkGbps = 0;
    f.forEachLink([&](const Link &link) {
        const auto id = static_cast<std::size_t>(link.id);
        placeLink(link);
        baseColour[id] = static_cast<std::uint8_t>(baseLinkColour(link));
        soleWay[id] = isSoleWay(f, link) ? 1 : 0;
        // NVLink inside a host runs several times faster than the fabric: leave it out of the
        // reference, so a fabric link at line rate gets the densest particles too.
        if (link.medium != Medium::NvLink)
            maxLinkGbps = std::max(maxLinkGbps, link.capacityGbps);
    });
    if (maxLinkGbps <= 0)
        f.forEachLink([&](const Link &link) { maxLinkGbps = std::max(maxLinkGbps, link.capacityGbps); });
    classifyTorusLinks(f);
    linkColour = baseColour;
    if (!loads.empty() && loads.size() != 2 * f.linkIdBound())
        loads.clear();
    if (!badges.empty() && badges.size() != f.linkIdBound())
        badges.clear();
    buildBundles(f);
    applyLoads();
    buildGrids();
}

bool SceneData::isRow(long long unit) const
{
    if (unit < 0)
        return false;
    const QRectF r = layout->blocks[static_cast<std::size_t>(unit)].rect;
    return r.width() > 2.5 * r.height();
}

QPointF SceneData::centre(long long unit, int plane) const
{
    if (unit < 0)
        return pos[static_cast<std::size_t>(-unit - 1)];
    const LayoutBlock &block = layout->blocks[static_cast<std::size_t>(unit)];
    if (isRow(unit) || block.kind == LayoutBlock::Kind::Cube || plane < 0)
        return block.rect.center();
    // Two planes leave a pod side by side rather than on top of each other.
    return block.rect.center() + QPointF((plane % 2 == 0 ? -0.18 : 0.18) * block.rect.width(), 0);
}

QPointF SceneData::anchor(long long unit, const QPointF &towards, int plane) const
{
    if (unit < 0)
        return pos[static_cast<std::size_t>(-unit - 1)];
    const LayoutBlock &block = layout->blocks[static_cast<std::size_t>(unit)];
    const QRectF r = block.rect;
    if (r.width() > 2.5 * r.height()) // a row: meet it straight above or below
        return QPointF(std::clamp(towards.x(), r.left() + 10, r.right() - 10),
                       towards.y() < r.top() ? r.top() : r.bottom());
    if (block.kind == LayoutBlock::Kind::Cube) // projected cubes overlap: use centres
        return r.center();
    // The bundle starts where the line towards its other end leaves the block.
    const QPointF c = centre(unit, plane);
    const QPointF v = towards - c;
    const double tx = v.x() != 0 ? (v.x() > 0 ? r.right() - c.x() : c.x() - r.left()) / std::abs(v.x()) : 1e300;
    const double ty = v.y() != 0 ? (r.height() / 2) / std::abs(v.y()) : 1e300;
    return c + v * std::min({tx, ty, 1.0});
}

void SceneData::buildBundles(const Fabric &f)
{
    bundles.clear();
    linkBundle.assign(f.linkIdBound(), -1);
    linkForward.assign(f.linkIdBound(), 1);
    linkCounted.assign(f.linkIdBound(), 1);
    localLength = globalLength = 0;
    auto unitOf = [&](NodeId n) -> long long {
        const auto i = static_cast<std::size_t>(n);
        const int b = i < layout->blockOf.size() && layout->hasNode(n) ? layout->blockOf[i] : -1;
        return b >= 0 ? b : -static_cast<long long>(n) - 1;
    };
    std::unordered_map<unsigned long long, int> index;
    f.forEachLink([&](const Link &link) {
        NodeId a = link.a, b = link.b;
        bool counted = true;
        // An optical link is bundled by the circuit it is part of: chip to chip across the OCS.
        bool optical = false;
        for (NodeId *end : {&a, &b}) {
            if (f.node(*end).kind != NodeKind::Ocs)
                continue;
            optical = true;
            const LinkId peer = f.ocsPeer(*end, link.id);
            if (peer != kNoLink) {
                *end = f.link(peer).other(*end);
                counted = link.id < peer;
            }
        }
        long long ua = unitOf(a), ub = unitOf(b);
        const double len = segment[static_cast<std::size_t>(link.id)].length();
        // Links to an OCS leave their block for the OCS, wherever the circuit ends: global
        // (a circuit back into the same block gets a bundle that draws nothing).
        if (ua == ub && !optical) {
            localLength += len;
            return;
        }
        globalLength += len;
        // a -> b runs p1 -> p2 unless the ends swap to order the key.
        const bool forward = ua <= ub;
        if (ua > ub)
            std::swap(ua, ub);
        const int colour = baseColour[static_cast<std::size_t>(link.id)];
        const unsigned long long key = (static_cast<unsigned long long>(ua + (1LL << 31)) << 33)
            ^ (static_cast<unsigned long long>(ub + (1LL << 31)) << 4) ^ static_cast<unsigned long long>(colour);
        auto [it, inserted] = index.try_emplace(key, static_cast<int>(bundles.size()));
        if (inserted) {
            Bundle bundle;
            bundle.colour = colour;
            const bool rowA = isRow(ua), rowB = isRow(ub);
            QPointF pa, pb;
            // A row is met straight above or below the other end, so place its end first.
            if (rowB) {
                pb = anchor(ub, centre(ua, link.plane), link.plane);
                pa = anchor(ua, pb, link.plane);
            } else if (rowA) {
                pa = anchor(ua, centre(ub, link.plane), link.plane);
                pb = anchor(ub, pa, link.plane);
            } else {
                pa = anchor(ua, centre(ub, link.plane), link.plane);
                pb = anchor(ub, centre(ua, link.plane), link.plane);
            }
            bundle.line = QLineF(pa, pb);
            bundle.dim = linkDim.empty() ? -1 : linkDim[static_cast<std::size_t>(link.id)];
            bundles.push_back(bundle);
        }
        Bundle &bundle = bundles[static_cast<std::size_t>(it->second)];
        const int dim = linkDim.empty() ? -1 : linkDim[static_cast<std::size_t>(link.id)];
        if (bundle.dim != dim)
            bundle.dim = -2;
        linkForward[static_cast<std::size_t>(link.id)] = forward ? 1 : 0;
        linkCounted[static_cast<std::size_t>(link.id)] = counted ? 1 : 0;
        if (counted) {
            bundle.gbps += link.capacityGbps;
            ++bundle.links;
        }
        linkBundle[static_cast<std::size_t>(link.id)] = it->second;
    });
}

QRectF SceneData::contentBounds() const
{
    QRectF r;
    for (const QRectF &node : rect)
        if (node.isValid())
            r |= node;
    if (layout) {
        for (const LayoutBlock &b : layout->blocks)
            r |= b.rect;
        for (const QLineF &l : layout->decorations)
            r |= QRectF(l.p1(), l.p2()).normalized();
        for (const LayoutLabel &l : layout->labels)
            if (l.caption)
                r |= QRectF(l.pos - QPointF(0, 14), QSizeF(1, 14));
    }
    // So are lines that end short of a node (a torus's stubs): their far ends.
    for (const QLineF &line : segment)
        if (!std::isnan(line.x1()) && !std::isnan(line.x2()))
            r |= QRectF(line.p1(), line.p2()).normalized();
    // Arcs are part of the picture: a half arc reaches about as far as its middle point.
    for (std::size_t i = 0; i < bend.size(); ++i)
        if (isCurved(static_cast<LinkId>(i)))
            r |= QRectF(linkMidpoint(static_cast<LinkId>(i)), QSizeF(0.01, 0.01));
    return r;
}

void SceneData::buildGrids()
{
    QRectF r = layout->bounds;
    for (std::size_t i = 0; i < rect.size(); ++i)
        if (rect[i].isValid())
            r |= rect[i];
    bounds = r.adjusted(-60, -60, 60, 60);
    nodeGrid.reset(bounds, 160, 16);
    localGrid.reset(bounds, 128, 20);
    globalGrid.reset(bounds, 96, 40);
    for (std::size_t i = 0; i < rect.size(); ++i)
        if (rect[i].isValid())
            nodeGrid.insert(static_cast<int>(i), rect[i]);
    fabric->forEachLink([&](const Link &link) { fileLink(link.id); });
    nodeGrid.setIdBound(rect.size());
    localGrid.setIdBound(segment.size());
    globalGrid.setIdBound(segment.size());
}

void SceneData::updateNodes(const Fabric &f, std::span<const NodeId> nodes)
{
    ++badgeRevision;
    bool outside = false;
    for (NodeId n : nodes) {
        if (!f.hasNode(n) || static_cast<std::size_t>(n) >= pos.size())
            continue;
        const auto id = static_cast<std::size_t>(n);
        nodeGrid.remove(n, rect[id]);
        const Node &node = f.node(n);
        placeNode(f, node);
        nodeFill[id] = static_cast<std::uint8_t>(fillClass(node)); // role or rail may have changed
        if (node.kind == NodeKind::Gpu && id < layout->depth.size())
            nodeFill[id] = static_cast<std::uint8_t>(19 - std::min(3, static_cast<int>(layout->depth[id] * 4)));
        nodeOutline[id] = static_cast<std::uint8_t>(node.hints.plane >= 0 ? 1 + node.hints.plane % 4 : 0);
        if (rect[id].isValid()) {
            nodeGrid.insert(n, rect[id]);
            outside = outside || !bounds.contains(rect[id]);
        }
        for (LinkId l : f.linksOf(n)) {
            unfileLink(l);
            placeLink(f.link(l));
        }
    }
    // Bundles hang on node positions and link lengths feed the plan: recompute them, then
    // re-file the touched links (their local/global class may not change, but be exact).
    buildBundles(f);
    applyLoads();
    if (outside) {
        buildGrids();
        return;
    }
    for (NodeId n : nodes) {
        if (!f.hasNode(n))
            continue;
        for (LinkId l : f.linksOf(n)) {
            unfileLink(l);
            fileLink(l);
        }
    }
}

std::vector<LinkId> SceneData::applyLoads()
{
    std::vector<LinkId> changed;
    if (!fabric)
        return changed;
    for (Bundle &b : bundles) {
        b.load = loads.empty() ? -1.f : 0.f;
        b.forwardGbps = b.backwardGbps = 0;
    }
    const bool dims = overlay.dimensionColours && !linkDim.empty();
    const std::vector<int> *blockOf = layout ? &layout->blockOf : nullptr;
    const std::vector<float> blockLoadBefore = std::move(blockLoad);
    blockLoad.assign(layout ? layout->blocks.size() : 0, -1.f);
    blockBusiestLink.assign(blockLoad.size(), kNoLink);
    double dimSum[3] = {0, 0, 0};
    int dimLinks[3] = {0, 0, 0};
    fabric->forEachLink([&](const Link &link) {
        const auto id = static_cast<std::size_t>(link.id);
        // The fabric grew after build() (a view hearing of a swapped fabric before the canvas
        // rebuilds): its new links have no slots yet, and writing them would run off the arrays.
        if (id >= linkColour.size() || id >= baseColour.size() || id >= linkBundle.size())
            return;
        int colour = baseColour[id];
        float load = std::numeric_limits<float>::quiet_NaN();
        if (!loads.empty()) {
            const float ab = loads[2 * id], ba = loads[2 * id + 1];
            load = std::max(ab, ba);
            if (id < arcPeer.size() && arcPeer[id] != kNoLink) {
                const auto peer = static_cast<std::size_t>(arcPeer[id]);
                load = std::max({load, loads[2 * peer], loads[2 * peer + 1]});
            }
            colour = loadColour(load);
            const auto ea = static_cast<std::size_t>(link.a), eb = static_cast<std::size_t>(link.b);
            if (blockOf && ea < blockOf->size() && eb < blockOf->size() && (*blockOf)[ea] >= 0
                && (*blockOf)[ea] == (*blockOf)[eb]) {
                const auto block = static_cast<std::size_t>((*blockOf)[ea]);
                const float now = std::isnan(load) ? 0.f : std::max(0.f, load);
                if (now > blockLoad[block] || blockBusiestLink[block] == kNoLink) {
                    blockLoad[block] = now;
                    blockBusiestLink[block] = link.id;
                }
            }
            if (linkBundle[id] >= 0) {
                Bundle &b = bundles[static_cast<std::size_t>(linkBundle[id])];
                b.load = std::max(b.load, std::isnan(load) ? 0.f : load);
                // Both fibres of a circuit carry the same traffic: count the circuit once,
                // as its capacity is (each fibre's peer is the one with the lower id).
                if (linkCounted[id]) {
                    const double fwd = (ab > 0 ? ab : 0) * link.capacityGbps;
                    const double back = (ba > 0 ? ba : 0) * link.capacityGbps;
                    (linkForward[id] ? b.forwardGbps : b.backwardGbps) += fwd;
                    (linkForward[id] ? b.backwardGbps : b.forwardGbps) += back;
                }
            }
        }
        if (!loads.empty() && !linkDim.empty() && linkDim[id] >= 0) {
            dimSum[linkDim[id]] += std::isnan(load) ? 0.0 : std::max(0.f, load);
            ++dimLinks[linkDim[id]];
        }
        if (dims && linkDim[id] >= 0)
            colour = overlay.dimensionFilter >= 0 && linkDim[id] != overlay.dimensionFilter ? kIdleColour
                                                                           : dimColour(linkDim[id], load);
        if (linkColour[id] != colour) {
            linkColour[id] = static_cast<std::uint8_t>(colour);
            changed.push_back(link.id);
        }
    });
    for (int d = 0; d < 3; ++d)
        dimensionLoad[d] = dimLinks[d] > 0 ? dimSum[d] / dimLinks[d] : -1;
    const auto barColour = [](float load) { return load < 0 ? -1 : loadColour(load); };
    blockBarsChanged = blockLoadBefore.size() != blockLoad.size()
        || !std::equal(blockLoad.begin(), blockLoad.end(), blockLoadBefore.begin(),
            [&](float now, float before) { return barColour(now) == barColour(before); });
    return changed;
}

QRectF SceneData::linkRect(LinkId id) const
{
    const QLineF &s = segment[static_cast<std::size_t>(id)];
    QRectF r = QRectF(s.p1(), s.p2()).normalized();
    // A curve stays inside the polygon of its ends and control points.
    if (isCurved(id))
        r |= QRectF(bend[static_cast<std::size_t>(id)], QSizeF(0.01, 0.01));
    if (isCubic(id))
        r |= QRectF(bend2[static_cast<std::size_t>(id)], QSizeF(0.01, 0.01));
    return r.adjusted(-4, -4, 4, 4);
}

bool SceneData::drawnWhenFolded(int id) const
{
    return !layout || !layout->hasNode(id) || layout->blockOf[static_cast<std::size_t>(id)] < 0
        || fabric->node(id).hints.position;
}

bool SceneData::drawsLink(LinkId id) const
{
    const auto i = static_cast<std::size_t>(id);
    if (i >= segment.size())
        return false;
    const bool local = i >= linkBundle.size() || linkBundle[i] < 0;
    if (!(local ? plan.detailLocal : plan.detailGlobal))
        return false;
    // A circuit drawn as one arc (two fibres through a hidden OCS) is drawn whole or not at
    // all: each fibre thinned on its own left half arcs ending in mid-air.
    const LinkId peer = i < arcPeer.size() ? arcPeer[i] : kNoLink;
    const auto seen = [&](LinkId l) {
        const QLineF &s = segment[static_cast<std::size_t>(l)];
        return plan.visible.contains(s.p1()) || plan.visible.contains(s.p2());
    };
    if ((local ? plan.localEndsOnly : plan.globalEndsOnly) && !seen(id)
        && (peer == kNoLink || !seen(peer)))
        return false;
    return sampled(
        peer == kNoLink ? id : std::min(id, peer), local ? plan.localSample : plan.globalSample);
}

DrawPlan SceneData::planFor(
    double lod, const QRectF &visible, double presentationScale, double inkScale) const
{
    const double inkLod = lod * inkScale;
    DrawPlan p;
    p.lod = lod;
    p.scale = presentationScale;
    if (!layout || bounds.isEmpty())
        return p;
    const QRectF seen = visible.intersected(bounds);
    const double frac = std::clamp(seen.width() * seen.height() / (bounds.width() * bounds.height()), 0.0, 1.0);
    const double visibleNodes = static_cast<double>(liveNodes) * frac;
    const bool hasBlocks = !layout->blocks.empty();
    // Two pods or more (Meta's zones, HPN's segments) are better read as blocks joined by
    // bands, whose widths show capacity, than as a sample of their links: sampling is for a
    // single pod, which as a block would show nothing.
    const bool podsToJoin = std::count_if(layout->blocks.begin(), layout->blocks.end(),
                                [](const LayoutBlock &b) { return b.kind == LayoutBlock::Kind::Pod; })
        >= 2;
    // Ink estimates assume links spread evenly; when the estimate is near the budget, measure
    // the links really in view (clipped lengths from the grid, stopping past the budget).
    // Ink of the links in view, measured from the grid (clipped lengths), stopping once past
    // @p cap; a cheap even-spread estimate decides the clear cases.
    auto ink = [&](const SpatialGrid &grid, double total, double cap, bool endsOnly) {
        const double estimate = total * inkLod * frac;
        if (!endsOnly && estimate <= cap * 0.2)
            return estimate;
        if (estimate > cap * 60)
            return estimate;
        double sum = 0;
        grid.queryWhile(seen, [&](int id) {
            const QLineF &s = segment[static_cast<std::size_t>(id)];
            if (!endsOnly || seen.contains(s.p1()) || seen.contains(s.p2()))
                sum += clippedLength(s, seen) * inkLod;
            return sum <= cap;
        });
        return sum;
    };
    // Picks how links of one class are drawn; false when they must be bundled.
    auto choose = [&](const SpatialGrid &grid, double total, double budget, bool &endsOnly, int &sample) {
        endsOnly = false;
        sample = 1;
        const double all = ink(grid, total, budget * kMaxSample, false);
        if (all <= budget)
            return true;
        if (lod >= 0.5 && ink(grid, total, budget, true) <= budget) {
            endsOnly = true;
            return true;
        }
        if (!podsToJoin && all <= budget * kMaxSample) {
            sample = static_cast<int>(std::ceil(all / budget));
            return true;
        }
        return false;
    };
    p.visible = seen;
    const bool nodesFit = layout->nodePitch * lod >= 2.5 && visibleNodes <= kMaxDetailNodes;
    if (!hasBlocks) {
        p.detailNodes = true;
    } else {
        p.detailNodes = nodesFit
            && choose(localGrid, localLength, kLocalInkBudget, p.localEndsOnly, p.localSample);
    }
    p.detailLocal = p.detailNodes;
    p.detailGlobal = p.detailNodes
        && choose(globalGrid, globalLength, kGlobalInkBudget, p.globalEndsOnly, p.globalSample);
    if (!hasBlocks)
        p.detailGlobal = true; // nothing to bundle into: draw everything
    p.nodeLabels = p.detailNodes && lod * 8 >= 6.5 && visibleNodes <= 2500;
    p.gpuLabels = p.nodeLabels && lod >= 2.4;
    return p;
}

} // namespace fabric::views
