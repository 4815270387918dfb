// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The tiered layout of a fabric of two planes kept apart (dual-plane HPN): plane 0 above the
// GPUs, plane 1 mirrored below them, captions naming the planes; every other fabric keeps its
// tiers going up from the GPUs. And links along one row (spine to spine) bow over the row.

#include "canvas/scenedata.h"
#include "generators/registry.h"
#include "io/fabricfile.h"
#include "layout/layoutengine.h"
#include "layout/planesplit.h"
#include "layout/tieredlayout.h"

#include <QTest>

#include <algorithm>
#include <limits>
#include <map>
#include <set>

using namespace fabric;
using namespace fabric::views;

namespace {

Fabric shipped(const char *name)
{
    return io::loadFabric(std::string(FABRICSCOPE_TOPOLOGIES "/") + name + ".fabric.json");
}

Fabric smallHpn(bool dualPlane)
{
    return gen::generate("hpn", {{"segments", 3}, {"hosts_per_segment", 16}, {"aggs_per_plane", 8},
                                 {"dual_plane", dualPlane}});
}

double yOf(const FabricLayout &l, NodeId n) { return l.positions[static_cast<std::size_t>(n)].y(); }

/// The highest and lowest y of the GPUs (scene y grows downwards).
std::pair<double, double> gpuSpan(const Fabric &f, const FabricLayout &l)
{
    double top = std::numeric_limits<double>::max(), bottom = std::numeric_limits<double>::lowest();
    for (NodeId g : f.endpoints()) {
        top = std::min(top, yOf(l, g));
        bottom = std::max(bottom, yOf(l, g));
    }
    return {top, bottom};
}

bool hasLabel(const FabricLayout &l, const QString &text, const QStringList &shorter = {})
{
    return std::any_of(l.labels.begin(), l.labels.end(), [&](const LayoutLabel &x) {
        return x.text == text && (shorter.isEmpty() || x.shorterTexts == shorter);
    });
}

/// Checks @p f's layout is split by plane: plane 0's switches above every GPU, plane 1's below,
/// each plane's tiers going outwards from the GPUs (ToR, aggregation, core), rows captioned.
void checkMirrored(const Fabric &f)
{
    QVERIFY(hasTwoSeparatePlanes(f));
    const FabricLayout l = computeLayout(f);
    QCOMPARE(l.name, QStringLiteral("tiered"));
    const auto [gpuTop, gpuBottom] = gpuSpan(f, l);
    // Per plane and tier, the y range of its switches.
    std::map<std::pair<int, int>, std::pair<double, double>> rows;
    f.forEachNode([&](const Node &n) {
        if (n.kind != NodeKind::Switch)
            return;
        const double y = yOf(l, n.id);
        if (n.hints.plane == 0)
            QVERIFY2(y < gpuTop, n.name.c_str());
        else
            QVERIFY2(n.hints.plane == 1 && y > gpuBottom, n.name.c_str());
        auto [it, inserted] = rows.try_emplace({n.hints.plane, effectiveTier(n)}, y, y);
        it->second = {std::min(it->second.first, y), std::max(it->second.second, y)};
    });
    QCOMPARE(rows.size(), std::size_t(6)); // ToR, aggregation, core in each plane
    auto span = [&](int plane, int tier) { return rows[std::make_pair(plane, tier)]; };
    for (int tier = 3; tier <= 4; ++tier) {
        QVERIFY(span(0, tier).second < span(0, tier - 1).first); // further up than the tier below
        QVERIFY(span(1, tier).first > span(1, tier - 1).second); // further down
    }
    for (const char *caption : {"ToR (plane 0)", "ToR (plane 1)", "Aggregation (plane 0)",
                                "Aggregation (plane 1)", "Core (plane 0)", "Core (plane 1)"})
        QVERIFY2(hasLabel(l, QString::fromLatin1(caption)), caption);
    // Where the fit leaves too little room for the longest, a short form still names the plane.
    QVERIFY(hasLabel(l, QStringLiteral("Aggregation (plane 1)"),
        { QStringLiteral("Agg. (plane 1)"), QStringLiteral("Agg. p1") }));
    QVERIFY(hasLabel(l, QStringLiteral("ToR (plane 0)"), { QStringLiteral("ToR p0") }));

    // A segment's block holds both of its ToR planes; the aggregation rows stay out of it.
    f.forEachNode([&](const Node &n) {
        const int b = l.blockOf[static_cast<std::size_t>(n.id)];
        if (n.kind != NodeKind::Switch || b < 0)
            return;
        QVERIFY(l.blocks[static_cast<std::size_t>(b)].rect.contains(l.positions[static_cast<std::size_t>(n.id)]));
        QCOMPARE(l.blocks[static_cast<std::size_t>(b)].kind == LayoutBlock::Kind::Pod, n.hints.pod >= 0);
    });
}

/// Checks every switch of @p f is drawn above every GPU: the usual upward tiers.
void checkUpward(const Fabric &f)
{
    const FabricLayout l = computeLayout(f);
    QCOMPARE(l.name, QStringLiteral("tiered"));
    const double gpuTop = gpuSpan(f, l).first;
    f.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Switch)
            QVERIFY2(yOf(l, n.id) < gpuTop, n.name.c_str());
    });
    QVERIFY(!hasLabel(l, QStringLiteral("ToR (plane 1)")));
}

} // namespace

class TestTieredPlanes : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void hpnSegmentIsMirrored() { checkMirrored(shipped("hpn-segment")); }
    void hpnPodIsMirrored() { checkMirrored(shipped("hpn-pod")); }
    void generatedHpnIsMirrored() { checkMirrored(smallHpn(true)); }
    void singlePlaneHpnGoesUp();
    void otherFabricsGoUp_data();
    void otherFabricsGoUp();
    void planesMustStayApart();
    void aSwitchWithoutAPlaneKeepsTheSplit();
    void linksAlongARowBowOverTheNodesBetween();
    void pictureShapeSuitsTheSegments();
};

void TestTieredPlanes::singlePlaneHpnGoesUp()
{
    // Its ToRs are in two planes but its aggregation tier is not: no split.
    const Fabric f = smallHpn(false);
    QVERIFY(!hasTwoSeparatePlanes(f));
    checkUpward(f);
}

void TestTieredPlanes::otherFabricsGoUp_data()
{
    QTest::addColumn<QByteArray>("name");
    for (const char *name : {"fat-tree-k16", "superpod-256", "meta-2-zones", "meta-ai-zone"})
        QTest::newRow(name) << QByteArray(name);
}

void TestTieredPlanes::otherFabricsGoUp()
{
    QFETCH(QByteArray, name);
    const Fabric f = shipped(name.constData());
    QVERIFY(!hasTwoSeparatePlanes(f));
    if (name != "fat-tree-k16") // its pods go in two mirrored rows around the spines
        checkUpward(f);
    if (name == "meta-2-zones") // zones joined by the ATSW tier
        QVERIFY(hasLabel(
            computeLayout(f), QStringLiteral("Aggregation (ATSW)"), { QStringLiteral("ATSW") }));
    // Short of room, a name with two words for the tier keeps the first ("Spi." read oddly).
    if (name == "superpod-256")
        QVERIFY(hasLabel(
            computeLayout(f), QStringLiteral("Spine / aggregation"), { QStringLiteral("Spine") }));
}

void TestTieredPlanes::aSwitchWithoutAPlaneKeepsTheSplit()
{
    // Drawn from the palette: a switch in no plane, cabled to a new host and to a plane-0 ToR.
    // The whole picture went back to one upward stack, both planes' ToRs in one row.
    Fabric f = smallHpn(true);
    Node added;
    added.kind = NodeKind::Switch;
    added.name = "new-leaf";
    added.ports = 8;
    QCOMPARE(added.hints.plane, -1);
    Node host;
    host.kind = NodeKind::Host;
    host.name = "new-host";
    const NodeId sw = f.addNode(added), h = f.addNode(host);
    Link down, up;
    down.a = sw;
    down.b = h;
    up.a = sw;
    up.b = f.findNode("s0-tor0-plane0");
    QVERIFY(up.b != kNoNode);
    f.addLink(down);
    f.addLink(up);
    QVERIFY(hasTwoSeparatePlanes(f));
    const FabricLayout l = computeLayout(f);
    const auto [gpuTop, gpuBottom] = gpuSpan(f, l);
    f.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Switch && n.hints.plane == 1)
            QVERIFY2(yOf(l, n.id) > gpuBottom, n.name.c_str());
        if (n.kind == NodeKind::Switch && n.hints.plane == 0)
            QVERIFY2(yOf(l, n.id) < gpuTop, n.name.c_str());
    });
    QVERIFY(hasLabel(l, QStringLiteral("ToR (plane 1)")));
}

void TestTieredPlanes::planesMustStayApart()
{
    // Planes used for rails: each GPU reaches one plane only.
    Fabric rails = shipped("superpod-256");
    rails.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Switch)
            rails.node(n.id).hints.plane = std::max(0, n.hints.rail) % 2;
    });
    QVERIFY(!hasTwoSeparatePlanes(rails));

    // One GPU homed on plane 0 only.
    Fabric oneHomed = smallHpn(true);
    const NodeId gpu = oneHomed.endpoints().front();
    for (LinkId l : std::vector<LinkId>(oneHomed.linksOf(gpu).begin(), oneHomed.linksOf(gpu).end()))
        if (oneHomed.node(oneHomed.link(l).other(gpu)).hints.plane == 1)
            oneHomed.removeLink(l);
    QVERIFY(!hasTwoSeparatePlanes(oneHomed));

    // A cable from a plane-0 ToR to a plane-1 aggregation switch joins the planes.
    Fabric joined = smallHpn(true);
    Link cross;
    cross.a = joined.findNode("s0-tor0-plane0");
    cross.b = joined.findNode("plane1-agg0");
    QVERIFY(cross.a != kNoNode && cross.b != kNoNode);
    joined.addLink(cross);
    QVERIFY(!hasTwoSeparatePlanes(joined));
}

void TestTieredPlanes::linksAlongARowBowOverTheNodesBetween()
{
    // A real dump joins spines to spines (three cables from one spine to two others): drawn
    // straight along the spine row, those links ran through every spine between their ends
    // and read as links to all of them.
    Fabric f = gen::generate("ib-fat-tree", { { "radix", 8 } });
    std::vector<NodeId> spines;
    f.forEachNode([&](const Node &n) {
        if (n.role == SwitchRole::Spine)
            spines.push_back(n.id);
    });
    QCOMPARE(spines.size(), std::size_t(4));
    const FabricLayout before = computeLayout(f);
    std::sort(spines.begin(), spines.end(), [&](NodeId a, NodeId b) {
        return before.positions[std::size_t(a)].x() < before.positions[std::size_t(b)].x();
    });
    Link across, beside;
    across.a = spines[0];
    across.b = spines[3];
    beside.a = spines[1];
    beside.b = spines[2];
    const LinkId acrossId = f.addLink(across), besideId = f.addLink(beside);
    const FabricLayout l = computeLayout(f);
    SceneData data;
    data.build(f, l);
    const double rowY = data.pos[std::size_t(spines[0])].y();
    QCOMPARE(data.pos[std::size_t(spines[3])].y(), rowY);
    // Neighbours keep a straight line; the long link clears the spines it passes.
    QVERIFY(!data.isCurved(besideId));
    QVERIFY(data.isCurved(acrossId));
    for (NodeId passed : { spines[1], spines[2] })
        for (const QLineF &piece : data.linkPieces(acrossId)) {
            const QRectF box = data.rect[std::size_t(passed)];
            QVERIFY(box.isValid());
            QVERIFY2(std::max(piece.p1().y(), piece.p2().y()) < box.top()
                    || std::min(piece.p1().x(), piece.p2().x()) > box.right()
                    || std::max(piece.p1().x(), piece.p2().x()) < box.left(),
                qPrintable(QStringLiteral("piece at (%1, %2) over spine at (%3, %4)")
                               .arg(piece.p1().x())
                               .arg(piece.p1().y())
                               .arg(box.center().x())
                               .arg(box.center().y())));
        }
    QVERIFY(data.linkMidpoint(acrossId).y() < rowY - 12);
    // The bow is kept to its ends: moved by hand, the link still bows over the line between.
    const QPointF moved = data.pos[std::size_t(spines[3])] + QPointF(200, 50);
    f.node(spines[3]).hints.position = std::pair(moved.x(), moved.y());
    const NodeId changed[] = { spines[3] };
    data.updateNodes(f, changed);
    const QLineF ends(data.pos[std::size_t(spines[0])], data.pos[std::size_t(spines[3])]);
    QCOMPARE(ends.p2(), moved);
    const QPointF middle = data.linkMidpoint(acrossId);
    QVERIFY(middle.y() < ends.center().y() - 12);
    QVERIFY(std::abs(middle.x() - ends.center().x()) < ends.length() / 4);
}

/// Width over height of the nodes' span in @p f's layout (labels and legend room aside).
double nodesAspect(const Fabric &f, const FabricLayout &l)
{
    QRectF r;
    f.forEachNode([&](const Node &n) {
        r |= QRectF(l.positions[static_cast<std::size_t>(n.id)], QSizeF(1, 1));
    });
    return r.width() / r.height();
}

void TestTieredPlanes::pictureShapeSuitsTheSegments()
{
    // Two segments (the hpn-dual-plane lesson's fabric) are drawn near 16:10, as tall as a
    // canvas lets them be; at 2.2:1 they filled half the canvas's height.
    const Fabric lesson = gen::generate(
        "hpn", { { "segments", 2 }, { "hosts_per_segment", 16 }, { "aggs_per_plane", 8 } });
    const double twoSegments = nodesAspect(lesson, computeLayout(lesson));
    QVERIFY2(twoSegments > 1.2 && twoSegments < 1.9, qPrintable(QString::number(twoSegments)));
    // Fifteen segments in one row keep the wider picture, for room per segment.
    const Fabric pod = shipped("hpn-pod");
    const double fifteen = nodesAspect(pod, computeLayout(pod));
    QVERIFY2(fifteen > 1.9, qPrintable(QString::number(fifteen)));
    // One segment's 60 aggregation switches a plane stay in one row (a wrapped row of two
    // switches read as a tier of its own), even where that is wider than 16:10.
    const Fabric segment = shipped("hpn-segment");
    const FabricLayout l = computeLayout(segment);
    std::map<int, std::set<double>> aggregationRows; // plane -> the y of its aggregation switches
    segment.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Switch && n.role == SwitchRole::Spine)
            aggregationRows[n.hints.plane].insert(yOf(l, n.id));
    });
    QCOMPARE(aggregationRows.size(), std::size_t(2));
    for (const auto &[plane, ys] : aggregationRows)
        QCOMPARE(ys.size(), std::size_t(1));
}

QTEST_MAIN(TestTieredPlanes)
#include "tst_tiered_planes.moc"
