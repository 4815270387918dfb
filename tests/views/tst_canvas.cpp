// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "canvas/fabriccanvas.h"
#include "canvas/layeritem.h"
#include "canvas/ocspanel.h"
#include "canvas/pathfinder.h"
#include "canvas/scenedata.h"
#include "export/lessonslides.h"
#include "exportchecks.h"
#include "generators/registry.h"
#include "generators/tputorus.h"
#include "handmadefabric.h"
#include "io/fabricfile.h"
#include "layout/layoutengine.h"
#include "model/transit.h"
#include "playback/scenariorun.h"
#include "style/colormap.h"
#include "style/legend.h"
#include "style/palette.h"
#include "tabfixture.h"
#include "textrecorder.h"

#include <QApplication>
#include <QBuffer>
#include <QHelpEvent>
#include <QLineEdit>
#include <QMimeData>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSvgGenerator>
#include <QTest>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

using namespace fabric;
using namespace fabric::views;

namespace {

Fabric generate(const char *family, nlohmann::json params)
{
    return gen::generate(family, params);
}

/// Pixels of @p image in @p r that are a link's: links are drawn in saturated blues, captions
/// grey on white.
int linkPixelsIn(const QImage &image, const QRect &r)
{
    int count = 0;
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x) {
            const QColor c = image.pixelColor(x, y);
            count += c.hsvSaturation() > 90 && c.hsvHue() > 180 && c.hsvHue() < 250;
        }
    return count;
}

/// Small fabrics of every family (quick to lay out, still with pods, planes and cubes).
nlohmann::json smallParams(const QByteArray &family)
{
    if (family == "ib-fat-tree")
        return {{"tiers", 2}, {"gpus", 256}};
    if (family == "ib-fat-tree-3")
        return {{"tiers", 3}, {"radix", 8}, {"gpus_per_host", 4}};
    if (family == "hpn")
        return {{"segments", 3}, {"hosts_per_segment", 16}, {"aggs_per_plane", 8}};
    if (family == "roce-clos")
        return {{"zones", 2}, {"racks_per_zone", 12}, {"ctsw_per_zone", 4}};
    if (family == "tpu-torus")
        return {{"x", 4}, {"y", 4}, {"z", 8}};
    return nlohmann::json::object();
}

/// A small fabric of @p family, or of "ib-fat-tree-3" (a 3-tier fat-tree).
Fabric smallFabric(const QByteArray &family)
{
    const QByteArray name = family == "ib-fat-tree-3" ? QByteArray("ib-fat-tree") : family;
    return generate(name.constData(), smallParams(family));
}

/// Pairs of nodes whose boxes overlap, by a sweep over x.
int overlaps(const Fabric &f, const FabricLayout &layout)
{
    struct Box
    {
        QRectF r;
        NodeId id;
    };
    std::vector<Box> boxes;
    f.forEachNode([&](const Node &n) {
        const auto i = static_cast<std::size_t>(n.id);
        const QPointF p = layout.positions[i];
        const QSizeF s = layout.sizes[i];
        boxes.push_back({QRectF(p.x() - s.width() / 2, p.y() - s.height() / 2, s.width(), s.height()), n.id});
    });
    std::sort(boxes.begin(), boxes.end(), [](const Box &a, const Box &b) { return a.r.left() < b.r.left(); });
    int count = 0;
    for (std::size_t i = 0; i < boxes.size(); ++i)
        for (std::size_t j = i + 1; j < boxes.size() && boxes[j].r.left() < boxes[i].r.right(); ++j)
            if (boxes[i].r.intersected(boxes[j].r).width() > 0.01
                && boxes[i].r.intersected(boxes[j].r).height() > 0.01) {
                if (count < 3)
                    qWarning() << "overlap" << boxes[i].id << boxes[j].id << boxes[i].r << boxes[j].r;
                ++count;
            }
    return count;
}

QPoint viewPoint(const FabricCanvas &c, NodeId n)
{
    return c.mapFromScene(c.nodePosition(n));
}

/// Drags with the left button from @p a to @p b on the canvas.
void drag(FabricCanvas &canvas, const QPoint &a, const QPoint &b)
{
    QTest::mousePress(canvas.viewport(), Qt::LeftButton, {}, a);
    QTest::mouseMove(canvas.viewport(), a + QPoint(10, 5));
    QTest::mouseMove(canvas.viewport(), b);
    QTest::mouseRelease(canvas.viewport(), Qt::LeftButton, {}, b);
}

/// Pixels of exactly @p color (no antialiasing on the canvas, so overlays keep their colour).
int pixelsOf(const QImage &image, const QColor &color)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if ((image.pixel(x, y) & 0xffffff) == (color.rgb() & 0xffffff))
                ++n;
    return n;
}

/// Marks every switch-to-switch link of @p f in @p mark on @p canvas, as a run marks the links
/// it left idle.
void markSwitchLinks(FabricCanvas &canvas, const Fabric &f, const QColor &mark)
{
    QList<LinkId> links;
    f.forEachLink([&](const Link &l) {
        if (f.node(l.a).kind == NodeKind::Switch && f.node(l.b).kind == NodeKind::Switch)
            links << l.id;
    });
    using H = FabricCanvas::LinkHighlight;
    canvas.setHighlight(FabricCanvas::HighlightChannel::Simulation,
        { links, mark, QStringLiteral("idle"), H::Bundles::AllLinks, Qt::SolidLine, {}, {} });
}

int nonBackgroundPixels(const QImage &image)
{
    const QRgb bg = image.pixel(0, 0);
    int n = 0;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2)
            if (image.pixel(x, y) != bg)
                ++n;
    return n;
}

/// A hand-made fabric with no family and no hints: 2 switches, 4 GPUs.
Fabric handMade()
{
    Fabric f;
    auto add = [&](NodeKind kind, const char *name) {
        Node n;
        n.kind = kind;
        n.name = name;
        return f.addNode(n);
    };
    const NodeId s0 = add(NodeKind::Switch, "sw0"), s1 = add(NodeKind::Switch, "sw1");
    for (int i = 0; i < 4; ++i) {
        const std::string name = "gpu" + std::to_string(i);
        const NodeId g = add(NodeKind::Gpu, name.c_str());
        Link l;
        l.a = g;
        l.b = i < 2 ? s0 : s1;
        l.capacityGbps = 400;
        f.addLink(l);
    }
    Link l;
    l.a = s0;
    l.b = s1;
    l.capacityGbps = 800;
    f.addLink(l);
    return f;
}

} // namespace

class TestCanvas : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void colorMap();
    void keyboardFocusIsFramed();
    void everyFamilyLaysOutWithoutOverlap_data();
    void everyFamilyLaysOutWithoutOverlap();
    void dragonflyKeepsItsRingWithARouterAdded();
    void dragonflyLinksPassNoOtherRouter();
    void handMadeFabricUsesForceLayout();
    void blocksOfDeletedNodesAreDropped();
    void highlightFollowsTheZoom();
    void idleHighlightSparesBusyParallelLinks();
    void badgesHaveALegendLine();
    void pictureLegendListsBadgesItDraws();
    void badgesShowOnASmallWholeFabric();
    void everyPodIsNamedBesideTheLegendButton();
    void everyDragonflyGroupIsNamedPresented();
    void dashedHighlightHasADashedSample();
    void torusNamesStayOffSmallDrawings();
    void badgesShowOverHighlights();
    void runHighlightsPassUnderSwitches();
    void highlightsGrowWithThePicture();
    void badgesNeverOverprint();
    void capacitiesStandApart();
    void hoverShowsNodeAndTooltip();
    void clickAndRubberBandSelect();
    void findAndFocus();
    void addLinkDragEmitsLinkRequested();
    void moveThenApplyChangeMovesNode();
    void addedNodeIsPlaced();
    void linkDrawnAlongARowBows();
    void spreadGpusAreNamedWhenZoomedOut();
    void selectionRingKeepsOffTheName();
    void podCaptionKeepsOffTheLinks();
    void zoomedOutCollapsesToBlocks();
    void grabIsNotBlank();
    void equalCostPaths();
    void linkLoadsRecolour();
    void highlightChannelsAreIndependent();
    void legendFoldsOnANarrowCanvas();
    void exportToSvgAndImage();
    void picturesFillTheirRoom_data();
    void picturesFillTheirRoom();
    void wideFabricsPutTheLegendAbove();
    void aRunsLegendNeverCoversTheFabric();
    void legendExplainsOnlyWhatIsDrawn();
    void legendNamesEachPlanesColour();
    void planeRowsAreNamedAtAProjectorsSize();
    void legendOpenedOnASmallCanvasLiesOverTheFabric();
    void largerPicturesFoldNoMore();
    void foldedPicturesKeepNoRoomForTierNames();
    void foldedViewKeepsNoRoomForTierNames();
    void narrowSegmentsAreNumberedAlike();
    void torusOrbitAndSlices();
    void ocsPanelListsCircuits();
    void particlesMoveOnLoadedLinksOnly();
    void particleDensityFollowsRate();
    void particlesThinWhereLinesCrowd();
    void noBadgeOnAGpusOnlyWayOut();
    void linkInfoProviderExtendsTooltip();
    void snapRoundsMovedPositions();
    void paletteDropEmitsNodeDropRequested();
    void drawingStartsOnAReadableSheet();
    void twistedTorusDiffersFromPlain();
    void fitToTopPutsTheFabricUnderTheTop();
    void dimensionColouringAndFilter();

private:
    void showCanvas(FabricCanvas &canvas, const Fabric &f, QSize size = QSize(1200, 800))
    {
        canvas.resize(size);
        canvas.setFabric(&f);
        canvas.show();
        QVERIFY(QTest::qWaitForWindowExposed(&canvas));
        canvas.zoomToFit();
    }
};

void TestCanvas::colorMap()
{
    const ColorMap viridis(ColorMap::Kind::Viridis);
    QCOMPARE(viridis.map(0).name(), QStringLiteral("#440154"));
    QCOMPARE(viridis.map(1).name(), QStringLiteral("#fde725"));
    QCOMPARE(viridis.map(2).name(), QStringLiteral("#fde725")); // clamped
    const ColorMap inferno(ColorMap::Kind::Inferno);
    QCOMPARE(inferno.map(0).name(), QStringLiteral("#000004"));
    // Perceptual maps get lighter monotonically.
    double last = -1;
    for (int i = 0; i <= 20; ++i) {
        const QColor c = inferno.map(i / 20.0);
        const double l = 0.2126 * c.redF() + 0.7152 * c.greenF() + 0.0722 * c.blueF();
        QVERIFY(l >= last - 0.01);
        last = l;
    }
    QCOMPARE(ColorMap::level(0.999, 32), 31);
    QCOMPARE(ColorMap::level(std::nan(""), 32), 0);
}

void TestCanvas::everyFamilyLaysOutWithoutOverlap_data()
{
    QTest::addColumn<QByteArray>("family");
    QTest::addColumn<QString>("layout");
    QTest::newRow("ib-fat-tree 2-tier") << QByteArray("ib-fat-tree") << QStringLiteral("tiered");
    QTest::newRow("ib-fat-tree 3-tier") << QByteArray("ib-fat-tree-3") << QStringLiteral("tiered");
    QTest::newRow("hpn") << QByteArray("hpn") << QStringLiteral("tiered");
    QTest::newRow("roce-clos") << QByteArray("roce-clos") << QStringLiteral("tiered");
    QTest::newRow("tpu-torus") << QByteArray("tpu-torus") << QStringLiteral("torus-slices");
    QTest::newRow("dragonfly") << QByteArray("dragonfly") << QStringLiteral("dragonfly");
}

void TestCanvas::everyFamilyLaysOutWithoutOverlap()
{
    QFETCH(QByteArray, family);
    QFETCH(QString, layout);
    const Fabric f = smallFabric(family);
    LayoutOptions options;
    options.torusView = TorusView::Slices; // the 3D projection overlaps by nature
    const FabricLayout l = computeLayout(f, options);
    QCOMPARE(l.name, layout);
    int placed = 0;
    f.forEachNode([&](const Node &n) {
        placed += l.hasNode(n.id) && std::isfinite(l.positions[static_cast<std::size_t>(n.id)].x());
    });
    QCOMPARE(placed, static_cast<int>(f.nodeCount()));
    QCOMPARE(overlaps(f, l), 0);
    QVERIFY(!l.blocks.empty());

    // The canvas shows it at its detail level when zoomed in far enough.
    FabricCanvas canvas;
    canvas.setTorusView(TorusView::Slices);
    showCanvas(canvas, f);
    canvas.zoomBy(2.0 / std::max(1e-9, canvas.transform().m11()));
    QTest::qWait(1);
    canvas.viewport()->repaint();
    QVERIFY(canvas.showsDetail());
}

void TestCanvas::dragonflyKeepsItsRingWithARouterAdded()
{
    // A router dropped from the palette has no group: the whole fabric was then laid out as a
    // tiered one, nine "Pod" rows instead of the ring of groups.
    Fabric f = smallFabric("dragonfly");
    const std::size_t groups = computeLayout(f).blocks.size();
    const NodeId router = testing::addNode(f, NodeKind::Switch, "new-router");
    testing::addLink(f, testing::addNode(f, NodeKind::Gpu, "new-gpu"), router, 100);
    const FabricLayout l = computeLayout(f);
    QCOMPARE(l.name, QStringLiteral("dragonfly"));
    QCOMPARE(l.blocks.size(), groups);
    int placed = 0;
    f.forEachNode([&](const Node &n) {
        placed += l.hasNode(n.id) && std::isfinite(l.positions[static_cast<std::size_t>(n.id)].x());
    });
    QCOMPARE(placed, static_cast<int>(f.nodeCount()));
    QCOMPARE(overlaps(f, l), 0);
}

void TestCanvas::dragonflyLinksPassNoOtherRouter()
{
    // Two groups of two routers: each group's first router faced the other group, so all four
    // sat on one line and the far routers' global links ran straight through the near ones.
    for (const int groups : { 2, 3, 5 }) {
        const Fabric f = generate("dragonfly",
            { { "routers_per_group", 2 }, { "endpoints_per_router", 2 },
                { "global_links_per_router", 2 }, { "groups", groups } });
        const FabricLayout l = computeLayout(f);
        QCOMPARE(l.name, QStringLiteral("dragonfly"));
        QStringList through;
        f.forEachLink([&](const Link &link) {
            const QLineF line(l.positions[std::size_t(link.a)], l.positions[std::size_t(link.b)]);
            f.forEachNode([&](const Node &n) {
                if (n.kind != NodeKind::Switch || n.id == link.a || n.id == link.b)
                    return;
                const QPointF p = l.positions[std::size_t(n.id)];
                // Distance from the router's centre to the segment.
                const QPointF d = line.p2() - line.p1();
                const double len2 = d.x() * d.x() + d.y() * d.y();
                const double t = len2 > 0
                    ? std::clamp(QPointF::dotProduct(p - line.p1(), d) / len2, 0.0, 1.0)
                    : 0;
                const QPointF nearest = line.p1() + t * d;
                if (QLineF(nearest, p).length() < 4)
                    through << QString::fromStdString(
                        f.node(link.a).name + "-" + f.node(link.b).name + " through " + n.name);
            });
        });
        QVERIFY2(through.isEmpty(),
            qPrintable(
                QStringLiteral("%1 groups: ").arg(groups) + through.join(QStringLiteral(", "))));
    }
}

void TestCanvas::handMadeFabricUsesForceLayout()
{
    const Fabric f = handMade();
    const FabricLayout l = computeLayout(f);
    QCOMPARE(l.name, QStringLiteral("force"));
    QCOMPARE(overlaps(f, l), 0);
    // Neighbours are nearer than non-neighbours on average: the forces did their job.
    const QPointF g0 = l.positions[2], g1 = l.positions[3], g3 = l.positions[5];
    QVERIFY(QLineF(g0, g1).length() < QLineF(g0, g3).length());
}

void TestCanvas::blocksOfDeletedNodesAreDropped()
{
    Fabric f = generate("ib-fat-tree", {{"radix", 8}, {"tiers", 3}, {"gpus_per_host", 4}});
    FabricLayout l = computeLayout(f);
    const std::size_t blocks = l.blocks.size();
    QVERIFY(blocks > 1 && !l.labels.empty());
    // Every node of one pod deleted: that pod's block goes, the others and the labels stay.
    const int pod = l.blockOf[0];
    std::vector<NodeId> gone;
    f.forEachNode([&](const Node &n) {
        if (l.blockOf[static_cast<std::size_t>(n.id)] == pod)
            gone.push_back(n.id);
    });
    for (NodeId n : gone)
        f.removeNode(n);
    FabricLayout kept = l;
    dropEmptyBlocks(kept, f);
    QCOMPARE(kept.blocks.size(), blocks - 1);
    QVERIFY(!kept.labels.empty());
    for (NodeId n : gone)
        QCOMPARE(kept.blockOf[static_cast<std::size_t>(n)], -1);
    f.forEachNode([&](const Node &n) {
        const int b = kept.blockOf[static_cast<std::size_t>(n.id)];
        if (b >= 0)
            QCOMPARE(kept.blocks[static_cast<std::size_t>(b)].title,
                     l.blocks[static_cast<std::size_t>(l.blockOf[static_cast<std::size_t>(n.id)])].title);
    });
    // Nothing left: no block, tier label or guide line either.
    std::vector<NodeId> rest;
    f.forEachNode([&](const Node &n) { rest.push_back(n.id); });
    for (NodeId n : rest)
        f.removeNode(n);
    dropEmptyBlocks(kept, f);
    QVERIFY(kept.blocks.empty() && kept.labels.empty() && kept.decorations.empty());
    QVERIFY(kept.bounds.isEmpty());
}

void TestCanvas::highlightFollowsTheZoom()
{
    // An HPN pod at fit is blocks and bundles: a highlight of its 15,360 switch-to-switch links must be
    // drawn as bundles, not as a slab of every link stroked each frame (which froze playback).
    const Fabric f = generate("hpn", nlohmann::json::object());
    FabricCanvas canvas;
    showCanvas(canvas, f);
    canvas.viewport()->repaint();
    QVERIFY(!canvas.showsDetail());
    QList<LinkId> switchLinks;
    std::map<std::pair<int, int>, LinkId> onePerPair; // one link between each pair of switch rows
    f.forEachLink([&](const Link &l) {
        if (f.node(l.a).kind == NodeKind::Switch && f.node(l.b).kind == NodeKind::Switch) {
            switchLinks << l.id;
            onePerPair.emplace(std::minmax(f.node(l.a).hints.pod, f.node(l.b).hints.pod), l.id);
        }
    });
    QVERIFY2(switchLinks.size() > 10000, qPrintable(QString::number(switchLinks.size())));
    using H = FabricCanvas::LinkHighlight;
    const QString caption = QStringLiteral("Switch link ECMP left idle all run (dashed)");
    canvas.setHighlight(FabricCanvas::HighlightChannel::Simulation,
                        {switchLinks, QColor(150, 150, 150), caption, H::Bundles::AllLinks, Qt::SolidLine, {}, {}});
    const int atFit = canvas.highlightLinesDrawn();
    QVERIFY2(atFit > 0 && atFit < 2000, qPrintable(QString::number(atFit)));
    const auto &entries = canvas.legend()->entries();
    QVERIFY(std::any_of(entries.begin(), entries.end(),
                        [&](const LegendEntry &e) { return e.label == caption; }));

    // A few links per bundle: a path lights its bundles, an idle set lights none.
    QList<LinkId> few;
    for (const auto &[pair, link] : onePerPair)
        few << link;
    canvas.setHighlight(FabricCanvas::HighlightChannel::Simulation,
                        {few, QColor(150, 150, 150), caption, H::Bundles::AllLinks, Qt::SolidLine, {}, {}});
    QCOMPARE(canvas.highlightLinesDrawn(), 0);
    canvas.setHighlight(FabricCanvas::HighlightChannel::Simulation,
                        {few, QColor(213, 94, 0), {}, H::Bundles::AnyLink, Qt::SolidLine, {}, {}});
    QVERIFY(canvas.highlightLinesDrawn() > 0);

    // Zoomed in on a leaf, links are drawn one by one: only those near the view are stroked.
    canvas.setHighlight(FabricCanvas::HighlightChannel::Simulation,
                        {switchLinks, QColor(150, 150, 150), caption, H::Bundles::AllLinks, Qt::SolidLine, {}, {}});
    const Link &first = f.link(switchLinks.front());
    canvas.zoomBy(60);
    canvas.centerOn(canvas.nodePosition(first.a));
    canvas.viewport()->repaint();
    QVERIFY(canvas.showsDetail());
    const int zoomed = canvas.highlightLinesDrawn();
    QVERIFY2(zoomed > 0 && zoomed < switchLinks.size() / 10, qPrintable(QString::number(zoomed)));
}

void TestCanvas::idleHighlightSparesBusyParallelLinks()
{
    // Two switches joined by two parallel links, drawn as one line: "left idle" marks that line
    // only when both links stayed idle; a path through one of them marks it anyway.
    Fabric f;
    const NodeId a = testing::addNode(f, NodeKind::Switch, "a");
    const NodeId b = testing::addNode(f, NodeKind::Switch, "b");
    const LinkId first = testing::addLink(f, a, b, 400);
    const LinkId second = testing::addLink(f, a, b, 400);
    FabricCanvas canvas;
    showCanvas(canvas, f);
    canvas.viewport()->repaint();
    using H = FabricCanvas::LinkHighlight;
    const auto drawn = [&](const QList<LinkId> &links, H::Bundles rule) {
        canvas.setHighlight(FabricCanvas::HighlightChannel::Simulation,
                            {links, QColor(150, 150, 150), {}, rule, Qt::DashLine, {}, {}});
        return canvas.highlightLinesDrawn();
    };
    QCOMPARE(drawn({first}, H::Bundles::AllLinks), 0);
    QCOMPARE(drawn({first, second}, H::Bundles::AllLinks), 1);
    QCOMPARE(drawn({second}, H::Bundles::AnyLink), 1);
}

void TestCanvas::badgesHaveALegendLine()
{
    const Fabric f = handMade();
    FabricCanvas canvas;
    showCanvas(canvas, f);
    const auto hasBadgeLine = [&] {
        const auto &entries = canvas.legend()->entries();
        return std::any_of(entries.begin(), entries.end(), [](const LegendEntry &e) {
            return e.label.contains(QStringLiteral("badge")) && e.color == palette::collisionBadge();
        });
    };
    QVERIFY(!hasBadgeLine());
    std::vector<int> badges(f.linkIdBound(), 0);
    badges[0] = 2;
    canvas.setLinkBadges(badges);
    QVERIFY(hasBadgeLine());
    canvas.setLinkBadges({});
    QVERIFY(!hasBadgeLine());
}

void TestCanvas::pictureLegendListsBadgesItDraws()
{
    const Fabric f = handMade();
    FabricCanvas canvas;
    showCanvas(canvas, f);
    std::vector<int> badges(f.linkIdBound(), 0);
    badges[f.linkIdBound() - 1] = 2; // between the switches (a GPU's own link is never badged)
    canvas.setLinkBadges(badges);
    const auto listsBadge = [&](const QSizeF &size) {
        const auto entries = canvas.pictureLegendEntries(size);
        return std::any_of(entries.begin(), entries.end(),
            [](const LegendEntry &e) { return e.color == palette::collisionBadge(); });
    };
    QVERIFY(listsBadge(QSizeF(1920, 1080)));
    // A thumbnail too small to draw a legible badge explains none.
    QVERIFY(!listsBadge(QSizeF(60, 40)));
    // Nor does a picture of an instant where no link carries two flows (a SHARP run's whole
    // fabric): on screen the run's badges stay explained, as they come and go while it plays.
    canvas.setLinkBadges(std::vector<int>(f.linkIdBound(), 0));
    QVERIFY(!listsBadge(QSizeF(1920, 1080)));
    const auto onScreen = canvas.legendEntries();
    QVERIFY(std::any_of(onScreen.begin(), onScreen.end(),
        [](const LegendEntry &e) { return e.color == palette::collisionBadge(); }));
}

void TestCanvas::badgesShowOnASmallWholeFabric()
{
    // The polarisation lesson's fat-tree fitted into the canvas a 1280x720 window leaves beside
    // its docks: no collision was marked, so the lesson's point could not be seen.
    const Fabric f = generate("ib-fat-tree",
        { { "tiers", 3 }, { "radix", 8 }, { "gpus_per_host", 1 }, { "rail_optimised", false } });
    FabricCanvas canvas;
    showCanvas(canvas, f, QSize(520, 330));
    canvas.setLegendVisible(false);
    QVERIFY(canvas.showsDetail());
    canvas.setLinkBadges(std::vector<int>(f.linkIdBound(), 3));
    QVERIFY2(pixelsOf(canvas.grab().toImage(), palette::collisionBadge()) > 200,
        "no badge drawn on the whole fabric");
}

void TestCanvas::noBadgeOnAGpusOnlyWayOut()
{
    // An all-to-all puts every GPU's flows on its one link to its leaf: "180" on each of them
    // covered the hosts, and said nothing about routing. Badges stay on switch links, and on
    // the two ports of a dual-homed NIC, where a hash chose the port.
    auto valuesShown = [this](const Fabric &f, int gpuLinkValue) {
        FabricCanvas canvas;
        showCanvas(canvas, f);
        canvas.setLegendVisible(false);
        std::vector<int> badges(f.linkIdBound(), 0);
        f.forEachLink([&](const Link &l) {
            const bool gpu = f.node(l.a).kind == NodeKind::Gpu || f.node(l.b).kind == NodeKind::Gpu;
            const bool nvlink = l.medium == Medium::NvLink;
            badges[std::size_t(l.id)] = nvlink ? 3 : gpu ? gpuLinkValue : 2;
        });
        canvas.setLinkBadges(badges);
        canvas.viewport()->repaint();
        std::map<int, int> shown;
        for (const auto &[value, box] : canvas.shownBadges())
            ++shown[value];
        return shown;
    };
    const Fabric clos = generate("ib-fat-tree", smallParams("ib-fat-tree"));
    auto shown = valuesShown(clos, 7);
    QVERIFY(shown[2] > 4);
    QCOMPARE(shown[7], 0);
    QCOMPARE(shown[3], 0);
    const Fabric hpn = generate("hpn", smallParams("hpn"));
    shown = valuesShown(hpn, 7);
    QVERIFY(shown[7] > 4);
    QCOMPARE(shown[3], 0);
    // A TPU chip relays its neighbours' traffic: its links keep their counts.
    const Fabric torus
        = generate("tpu-torus", nlohmann::json { { "x", 4 }, { "y", 4 }, { "z", 4 } });
    shown = valuesShown(torus, 7);
    QVERIFY(shown[7] > 4);
}

// A run's highlights (idle links' dashes, SHARP's lanes) were drawn over the switches: a ToR
// row buried in grey dashes, V marks inside the leaves where lanes met. They pass under them.
void TestCanvas::runHighlightsPassUnderSwitches()
{
    const Fabric f = generate("ib-fat-tree", smallParams("ib-fat-tree"));
    FabricCanvas canvas;
    showCanvas(canvas, f);
    canvas.setLegendVisible(false);
    canvas.setParticlesEnabled(false);
    const QColor mark(255, 0, 255);
    markSwitchLinks(canvas, f, mark);
    QVERIFY(canvas.showsDetail());
    const QImage image = canvas.viewport()->grab().toImage();
    QVERIFY(pixelsOf(image, mark) > 100); // drawn, between the switches
    int switches = 0;
    f.forEachNode([&](const Node &n) {
        if (n.kind != NodeKind::Switch)
            return;
        ++switches;
        // A few pixels around the switch's centre, where its links meet.
        const QPoint at = canvas.mapFromScene(canvas.nodePosition(n.id));
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -2; dx <= 2; ++dx)
                QVERIFY2(
                    (image.pixel(at.x() + dx, at.y() + dy) & 0xffffff) != (mark.rgb() & 0xffffff),
                    n.name.c_str());
    });
    QVERIFY(switches > 4);
}

// A 3840x2160 picture draws its text and lines twice as large as a 1920x1080 one, but a run's
// highlights kept their screen width: half as heavy as the rest, unlike their legend sample.
void TestCanvas::highlightsGrowWithThePicture()
{
    const Fabric f = generate("ib-fat-tree", smallParams("ib-fat-tree"));
    FabricCanvas canvas;
    showCanvas(canvas, f);
    canvas.setParticlesEnabled(false);
    const QColor mark(255, 0, 255);
    markSwitchLinks(canvas, f, mark);
    const int small = pixelsOf(canvas.renderImage(QSize(1920, 1080), {}, false), mark);
    const int large = pixelsOf(canvas.renderImage(QSize(3840, 2160), {}, false), mark);
    QVERIFY(small > 100);
    // Twice as long and twice as wide: four times the pixels (two, had the pen kept its width).
    QVERIFY2(
        large > 3.2 * small, qPrintable(QStringLiteral("%1 against %2").arg(large).arg(small)));
    // And the window's own drawing is as before.
    const int onScreen = pixelsOf(canvas.viewport()->grab().toImage(), mark);
    QVERIFY(onScreen > 0);
}

void TestCanvas::badgesShowOverHighlights()
{
    // A run marks idle links with a grey highlight and counts flows per link with badges: where
    // both fall on one link, the count must stay readable, so no highlight pixel lies inside a
    // badge's disc (the highlight used to be drawn over it).
    const Fabric f = generate("ib-fat-tree", smallParams("ib-fat-tree"));
    FabricCanvas canvas;
    showCanvas(canvas, f);
    canvas.setLegendVisible(false);
    const QColor highlight(255, 0, 255);
    QList<LinkId> links;
    std::vector<int> badges(f.linkIdBound(), 0);
    f.forEachLink([&](const Link &l) {
        if (f.node(l.a).kind == NodeKind::Switch && f.node(l.b).kind == NodeKind::Switch) {
            links << l.id;
            badges[static_cast<std::size_t>(l.id)] = 2;
        }
    });
    QVERIFY(links.size() > 8);
    canvas.setLinkBadges(badges);
    canvas.setHighlightedLinks(links, highlight);
    QVERIFY(canvas.showsDetail());
    const QImage image = canvas.viewport()->grab().toImage();
    QVERIFY(pixelsOf(image, highlight) > 100); // the highlight is drawn...
    const auto shown = canvas.shownBadges();
    QVERIFY(shown.size() > 8);
    int clear = 0;
    for (const auto &[value, box] : shown) {
        QCOMPARE(value, 2);
        // ... but not inside a badge: the square inside its rounded ends, antialiasing aside
        const QRect inside
            = box.translated(-canvas.viewport()->pos()).toAlignedRect().adjusted(3, 3, -3, -3);
        bool crossed = false;
        for (int y = inside.top(); y <= inside.bottom(); ++y)
            for (int x = inside.left(); x <= inside.right(); ++x)
                crossed = crossed || (image.pixel(x, y) & 0xffffff) == (highlight.rgb() & 0xffffff);
        clear += crossed ? 0 : 1;
    }
    QVERIFY2(clear == int(shown.size()),
        qPrintable(QStringLiteral("%1 of %2 badges clear").arg(clear).arg(shown.size())));
}

void TestCanvas::badgesNeverOverprint()
{
    // An all-to-all counts flows on every link, and where links meet (a switch's fan of
    // uplinks) their middles lie a few pixels apart: the counts printed over one another as an
    // orange smear. The most crowded links keep theirs, whole and apart; a count of three
    // digits gets the room it needs.
    const Fabric f = smallFabric("ib-fat-tree-3");
    FabricCanvas canvas;
    showCanvas(canvas, f);
    std::vector<int> badges(f.linkIdBound(), 0);
    int busiest = 0;
    LinkId busiestLink = kNoLink;
    f.forEachLink([&](const Link &l) {
        const int value = 2 + int(l.id) % 150; // up to three digits
        badges[std::size_t(l.id)] = value;
        if (value > busiest) {
            busiest = value;
            busiestLink = l.id;
        }
    });
    canvas.setLinkBadges(badges);
    canvas.viewport()->repaint();
    QVERIFY(canvas.showsDetail());
    const auto shown = canvas.shownBadges();
    QVERIFY(!shown.empty());
    QVERIFY2(shown.size() < std::size_t(f.linkCount()), "the test needs badges that collide");
    QFontMetricsF metrics(BadgeLayerItem::badgeFont(DrawPlan {}, 1));
    for (std::size_t i = 0; i < shown.size(); ++i) {
        const auto &[value, box] = shown[i];
        QVERIFY(box.width() > metrics.horizontalAdvance(QString::number(value)));
        for (std::size_t j = 0; j < i; ++j)
            QVERIFY2(!box.intersects(shown[j].second),
                qPrintable(QStringLiteral("%1 over %2").arg(value).arg(shown[j].first)));
    }
    // Most flows first: the busiest link's count is among them when its middle is in view.
    const QPointF busiestMiddle = canvas.mapFromScene(
        (canvas.nodePosition(f.link(busiestLink).a) + canvas.nodePosition(f.link(busiestLink).b))
        / 2);
    QVERIFY(canvas.viewport()->rect().contains(busiestMiddle.toPoint()));
    QVERIFY(
        std::any_of(shown.begin(), shown.end(), [&](const auto &b) { return b.first == busiest; }));
    // None hides under the legend floating over the view's corner: zoomed in, the fabric
    // runs on under it.
    canvas.zoomBy(2.5);
    canvas.verticalScrollBar()->setValue(canvas.verticalScrollBar()->value() + 200);
    canvas.viewport()->repaint();
    const QRect legend = canvas.legend()->geometry();
    QVERIFY(canvas.legend()->isVisible() && legend.width() > 100 && legend.height() > 100);
    int underLegend = 0; // badged links whose middles the legend covers
    f.forEachLink([&](const Link &l) {
        const QPointF middle
            = canvas.mapFromScene((canvas.nodePosition(l.a) + canvas.nodePosition(l.b)) / 2)
            + canvas.viewport()->pos();
        underLegend += legend.contains(middle.toPoint()) && !isSoleWay(f, l) ? 1 : 0;
    });
    QVERIFY(underLegend > 0);
    const auto zoomed = canvas.shownBadges();
    QVERIFY(zoomed.size() > 10);
    QVERIFY(std::none_of(zoomed.begin(), zoomed.end(),
        [&](const auto &b) { return b.second.intersects(QRectF(legend)); }));
}

void TestCanvas::capacitiesStandApart()
{
    // The HPN lesson's fabric in a 1280x720 window's canvas: its segments fold, and the
    // capacities of the uplink bundles above them stood edge to edge, reading as one run of
    // text ("400 Gb/s 400 Gb/s 400 Gb/s"). Two on one line keep a letter's height between them.
    const Fabric f = generate("hpn",
        nlohmann::json { { "segments", 2 }, { "hosts_per_segment", 16 }, { "aggs_per_plane", 8 } });
    FabricCanvas canvas;
    showCanvas(canvas, f, QSize(520, 220));
    canvas.viewport()->repaint();
    std::vector<QRectF> capacities;
    double height = 0;
    for (const auto &[text, box] : canvas.shownLabels())
        if (text.endsWith(QStringLiteral("Gb/s"))) {
            capacities.push_back(box);
            height = std::max(height, box.height());
        }
    int sameLine = 0;
    for (std::size_t i = 0; i < capacities.size(); ++i)
        for (std::size_t j = 0; j < i; ++j) {
            const QRectF &a = capacities[i], &b = capacities[j];
            if (a.bottom() <= b.top() || b.bottom() <= a.top())
                continue;
            ++sameLine;
            const double gap = std::max(a.left() - b.right(), b.left() - a.right());
            QVERIFY2(gap >= 0.8 * height,
                qPrintable(QStringLiteral("%1 px apart, %2 px high").arg(gap).arg(height)));
        }
    QVERIFY2(sameLine > 0, "the test needs capacities side by side");
}

void TestCanvas::hoverShowsNodeAndTooltip()
{
    const Fabric f = generate("ib-fat-tree", smallParams("ib-fat-tree"));
    FabricCanvas canvas;
    showCanvas(canvas, f);
    const NodeId spine = f.findNode(f.node(static_cast<NodeId>(f.nodeCount() - 1)).name);
    canvas.centerOn(canvas.nodePosition(spine));
    canvas.zoomBy(3);
    canvas.centerOn(canvas.nodePosition(spine));
    canvas.viewport()->repaint();
    QVERIFY(canvas.showsDetail());
    QSignalSpy hovered(&canvas, &FabricCanvas::nodeHovered);
    QTest::mouseMove(canvas.viewport(), viewPoint(canvas, spine));
    QCOMPARE(canvas.hoveredNode(), spine);
    QVERIFY(!hovered.isEmpty());
    QCOMPARE(hovered.last().at(0).value<NodeId>(), spine);
    const QString tip = canvas.describeNode(spine);
    QVERIFY(tip.contains(QString::fromStdString(f.node(spine).name)));
    QVERIFY(tip.contains(QStringLiteral("Gb/s")));
    QTRY_VERIFY(QToolTip::isVisible());
    QCOMPARE(QToolTip::text(), tip);
    // The pointer resting there asks for a tooltip again: the node's stays (the scene, asked
    // instead, hid it a moment after it appeared).
    QHelpEvent rest(QEvent::ToolTip, viewPoint(canvas, spine),
        canvas.viewport()->mapToGlobal(viewPoint(canvas, spine)));
    QApplication::sendEvent(canvas.viewport(), &rest);
    QTest::qWait(500);
    QVERIFY(QToolTip::isVisible());
    QCOMPARE(QToolTip::text(), tip);
    // A link's midpoint gives the link, with its capacity in the tooltip.
    const LinkId uplink = f.linksOf(spine).front();
    const QPointF mid = (canvas.nodePosition(f.link(uplink).a) + canvas.nodePosition(f.link(uplink).b)) / 2;
    const LinkId under = canvas.linkAt(mid); // parallel cables lie on top of each other
    QVERIFY(under != kNoLink);
    QVERIFY((f.link(under).a == f.link(uplink).a && f.link(under).b == f.link(uplink).b)
            || (f.link(under).a == f.link(uplink).b && f.link(under).b == f.link(uplink).a));
    QVERIFY(canvas.describeLink(uplink).contains(QStringLiteral("Gb/s")));
    // Moving off every node clears the hover.
    QTest::mouseMove(canvas.viewport(), QPoint(2, 2));
    QCOMPARE(canvas.hoveredNode(), kNoNode);

    // Another fabric under a hovered node: its tooltip and the name the window showed for it
    // went on floating over the new, blank canvas (after New Empty Fabric).
    QTest::mouseMove(canvas.viewport(), viewPoint(canvas, spine));
    QCOMPARE(canvas.hoveredNode(), spine);
    QTRY_VERIFY(QToolTip::isVisible());
    const Fabric empty;
    canvas.setFabric(&empty);
    QCOMPARE(canvas.hoveredNode(), kNoNode);
    QCOMPARE(hovered.last().at(0).value<NodeId>(), kNoNode);
    QTRY_VERIFY(!QToolTip::isVisible());
}

void TestCanvas::clickAndRubberBandSelect()
{
    const Fabric f = generate("ib-fat-tree", smallParams("ib-fat-tree"));
    FabricCanvas canvas;
    showCanvas(canvas, f);
    canvas.viewport()->repaint();
    QVERIFY(canvas.showsDetail());
    const NodeId leaf = [&] {
        NodeId id = kNoNode;
        f.forEachNode([&](const Node &n) {
            if (id == kNoNode && n.role == SwitchRole::Leaf)
                id = n.id;
        });
        return id;
    }();
    QSignalSpy changed(&canvas, &FabricCanvas::selectionChanged);
    QTest::mouseClick(canvas.viewport(), Qt::LeftButton, {}, viewPoint(canvas, leaf));
    QCOMPARE(canvas.selectedNodes(), QList<NodeId>{leaf});
    QCOMPARE(changed.count(), 1);

    // Rubber band from an empty corner over the whole view.
    const QPoint from(3, 3), to(canvas.viewport()->width() - 3, canvas.viewport()->height() - 3);
    QVERIFY(canvas.nodeAt(canvas.mapToScene(from)) == kNoNode);
    QTest::mousePress(canvas.viewport(), Qt::LeftButton, {}, from);
    QTest::mouseMove(canvas.viewport(), (from + to) / 2);
    QTest::mouseMove(canvas.viewport(), to);
    QTest::mouseRelease(canvas.viewport(), Qt::LeftButton, {}, to);
    QCOMPARE(canvas.selectedNodes().size(), static_cast<qsizetype>(f.nodeCount()));

    // Clicking empty space clears; a half-view band takes only what it covers.
    QTest::mouseClick(canvas.viewport(), Qt::LeftButton, {}, from);
    QVERIFY(canvas.selectedNodes().isEmpty());
    QTest::mousePress(canvas.viewport(), Qt::LeftButton, {}, from);
    QTest::mouseMove(canvas.viewport(), QPoint(to.x() / 2, to.y()));
    QTest::mouseRelease(canvas.viewport(), Qt::LeftButton, {}, QPoint(to.x() / 2, to.y()));
    const auto half = canvas.selectedNodes();
    QVERIFY(!half.isEmpty());
    QVERIFY(half.size() < static_cast<qsizetype>(f.nodeCount()));
    for (NodeId n : half)
        QVERIFY(canvas.mapFromScene(canvas.nodePosition(n)).x() <= to.x() / 2 + 1);
}

void TestCanvas::findAndFocus()
{
    const Fabric f = generate("hpn", smallParams("hpn"));
    FabricCanvas canvas;
    showCanvas(canvas, f);
    const std::string name = f.node(f.endpoints().back()).name;
    QVERIFY(canvas.findAndFocus(QString::fromStdString(name)));
    QCOMPARE(canvas.selectedNodes(), QList<NodeId>{f.endpoints().back()});
    // The found node is in view and drawn individually.
    canvas.viewport()->repaint();
    QVERIFY(canvas.showsDetail());
    QVERIFY(canvas.viewport()->rect().contains(viewPoint(canvas, f.endpoints().back())));
    QVERIFY(!canvas.findAndFocus(QStringLiteral("no-such-node-anywhere")));
}

void TestCanvas::addLinkDragEmitsLinkRequested()
{
    const Fabric f = handMade();
    FabricCanvas canvas;
    showCanvas(canvas, f);
    canvas.setTool(FabricCanvas::Tool::AddLink);
    QSignalSpy requested(&canvas, &FabricCanvas::linkRequested);
    const QPoint a = viewPoint(canvas, 2), b = viewPoint(canvas, 5);
    QTest::mousePress(canvas.viewport(), Qt::LeftButton, {}, a);
    QTest::mouseMove(canvas.viewport(), (a + b) / 2);
    QTest::mouseMove(canvas.viewport(), b);
    QTest::mouseRelease(canvas.viewport(), Qt::LeftButton, {}, b);
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.at(0).at(0).value<NodeId>(), 2);
    QCOMPARE(requested.at(0).at(1).value<NodeId>(), 5);
    // Released on empty space: nothing.
    QTest::mousePress(canvas.viewport(), Qt::LeftButton, {}, a);
    QTest::mouseMove(canvas.viewport(), QPoint(2, 2));
    QTest::mouseRelease(canvas.viewport(), Qt::LeftButton, {}, QPoint(2, 2));
    QCOMPARE(requested.count(), 1);
}

void TestCanvas::moveThenApplyChangeMovesNode()
{
    Fabric f = handMade();
    FabricCanvas canvas;
    showCanvas(canvas, f);
    const NodeId n = 0;
    const QPointF before = canvas.nodePosition(n);
    QSignalSpy moved(&canvas, &FabricCanvas::nodesMoved);
    const QPoint a = viewPoint(canvas, n), b = a + QPoint(60, 40);
    drag(canvas, a, b);
    QCOMPARE(moved.count(), 1);
    const auto ids = moved.at(0).at(0).value<QList<NodeId>>();
    const auto from = moved.at(0).at(1).value<QList<QPointF>>();
    const auto to = moved.at(0).at(2).value<QList<QPointF>>();
    QCOMPARE(ids, QList<NodeId>{n});
    QCOMPARE(from.at(0), before);
    const QPointF expected = canvas.mapToScene(b) - canvas.mapToScene(a) + before;
    QVERIFY(QLineF(to.at(0), expected).length() < 1e-6);
    // The canvas waits for the model: nothing moved yet.
    QCOMPARE(canvas.nodePosition(n), before);
    // The app's command sets the position and reports the change.
    f.node(n).hints.position = std::make_pair(to.at(0).x(), to.at(0).y());
    canvas.applyChange({ChangeEvent::Type::NodesChanged, {n}, {}});
    QCOMPARE(canvas.nodePosition(n), to.at(0));
    QCOMPARE(canvas.nodeAt(to.at(0)), n);
    // Undo clears it again.
    f.node(n).hints.position.reset();
    canvas.applyChange({ChangeEvent::Type::NodesChanged, {n}, {}});
    QCOMPARE(canvas.nodePosition(n), before);
}

void TestCanvas::addedNodeIsPlaced()
{
    Fabric f = handMade();
    FabricCanvas canvas;
    showCanvas(canvas, f);
    Node n;
    n.kind = NodeKind::Gpu;
    n.name = "new-gpu";
    const NodeId id = f.addNode(n);
    Link l;
    l.a = id;
    l.b = 0;
    l.capacityGbps = 100;
    const LinkId link = f.addLink(l);
    canvas.applyChange({ChangeEvent::Type::NodesAdded, {id}, {}});
    canvas.applyChange({ChangeEvent::Type::LinksAdded, {}, {link}});
    const QPointF p = canvas.nodePosition(id);
    QVERIFY(std::isfinite(p.x()) && std::isfinite(p.y()));
    QVERIFY(QLineF(p, canvas.nodePosition(0)).length() < 100); // next to its neighbour
    QVERIFY(canvas.findAndFocus(QStringLiteral("new-gpu")));
    f.removeNode(id);
    canvas.applyChange({ChangeEvent::Type::NodesRemoved, {id}, {}});
    QVERIFY(canvas.selectedNodes().isEmpty());
}

void TestCanvas::linkDrawnAlongARowBows()
{
    // A link drawn between the first and last spine of a row kept the layout, which had no
    // bow for it: it ran straight through the spines between, as links to each of them.
    Fabric f = generate("ib-fat-tree", { { "radix", 8 } });
    FabricCanvas canvas;
    showCanvas(canvas, f);
    std::vector<NodeId> spines;
    f.forEachNode([&](const Node &n) {
        if (n.role == SwitchRole::Spine)
            spines.push_back(n.id);
    });
    QCOMPARE(spines.size(), std::size_t(4));
    std::sort(spines.begin(), spines.end(), [&](NodeId a, NodeId b) {
        return canvas.nodePosition(a).x() < canvas.nodePosition(b).x();
    });
    Link l;
    l.a = spines.front();
    l.b = spines.back();
    l.capacityGbps = 400;
    const LinkId link = f.addLink(l);
    canvas.applyChange({ ChangeEvent::Type::LinksAdded, {}, { link } });
    const QPointF a = canvas.nodePosition(l.a), b = canvas.nodePosition(l.b);
    QCOMPARE(a.y(), b.y());
    // Not along the row between the middle spines, but somewhere above the row's middle.
    const QPointF between = (canvas.nodePosition(spines[1]) + canvas.nodePosition(spines[2])) / 2;
    QVERIFY(canvas.linkAt(between) != link);
    bool above = false;
    for (double up = 6; up <= 40 && !above; up += 0.5)
        above = canvas.linkAt((a + b) / 2 - QPointF(0, up)) == link;
    QVERIFY(above);
}

void TestCanvas::spreadGpusAreNamedWhenZoomedOut()
{
    // At a zoom where switches are named, a generated fabric's GPUs, packed side by side, are
    // not; a hand-drawn fabric's few GPUs, spread out, are (a run's "no path from 'gpu' to
    // 'gpu-2'" must point at something on screen).
    FabricCanvas canvas;
    const auto namesAt = [&](const Fabric &f, double lod) {
        canvas.setFabric(&f);
        canvas.zoomToFit();
        canvas.zoomBy(lod / canvas.transform().m11());
        canvas.viewport()->repaint();
        QStringList shown;
        for (const auto &[text, box] : canvas.shownLabels())
            shown << text;
        return shown;
    };
    const Fabric handDrawn = handMade();
    showCanvas(canvas, handDrawn);
    QStringList shown = namesAt(handDrawn, 1.2);
    for (const char *name : { "sw0", "sw1", "gpu0", "gpu1", "gpu2", "gpu3" })
        QVERIFY2(shown.contains(QLatin1String(name)), qPrintable(shown.join('|')));

    const Fabric tree = generate("ib-fat-tree", { { "tiers", 2 }, { "gpus", 32 } });
    shown = namesAt(tree, 1.2);
    QVERIFY2(!shown.filter(QStringLiteral("leaf")).isEmpty(), qPrintable(shown.join('|')));
    QVERIFY2(shown.filter(QStringLiteral("gpu")).isEmpty(), qPrintable(shown.join('|')));
}

void TestCanvas::podCaptionKeepsOffTheLinks()
{
    // The default fabric in a 1280x720 window's canvas: the spine-to-leaf links fan into the
    // pod's top row, right where "Pod 0  256 GPUs · 8 switches" sat, and crossed "switches".
    // The caption now takes its longest form that no drawn link crosses.
    const Fabric f = generate("ib-fat-tree", { { "tiers", 2 }, { "radix", 64 }, { "gpus", 256 } });
    FabricCanvas canvas;
    showCanvas(canvas, f, QSize(530, 370));
    canvas.viewport()->repaint();
    QRect caption;
    QString text;
    for (const auto &[label, box] : canvas.shownLabels())
        if (label.startsWith(QStringLiteral("Pod 0"))) {
            text = label;
            caption = box.toAlignedRect();
        }
    QVERIFY2(!caption.isEmpty(), "no pod caption");
    QVERIFY2(text.contains(QStringLiteral("GPUs")), qPrintable(text)); // shortened, not bare
    const QImage image = canvas.grab().toImage();
    const int linkPixels = linkPixelsIn(image, caption);
    QVERIFY2(linkPixels == 0,
        qPrintable(QStringLiteral("%1 link pixels under \"%2\"").arg(linkPixels).arg(text)));
}

void TestCanvas::everyDragonflyGroupIsNamedPresented()
{
    // The shipped dragonfly (9 groups) in the canvas presentation mode leaves at 1920x1080:
    // the bold titles were wider than the groups' squares, and not one group was named.
    const Fabric f = io::loadFabric(FABRICSCOPE_TOPOLOGIES "/dragonfly-small.fabric.json");
    FabricCanvas canvas;
    canvas.setPresentationMode(true);
    showCanvas(canvas, f, QSize(1380, 500));
    canvas.viewport()->repaint();
    QStringList groups;
    for (const auto &[label, box] : canvas.shownLabels())
        if (label.startsWith(QStringLiteral("Group ")))
            groups << label;
    QVERIFY2(groups.size() == 9, qPrintable(groups.join(QLatin1Char('|'))));
}

void TestCanvas::everyPodIsNamedBesideTheLegendButton()
{
    // The polarisation lesson's fat-tree in a 1280x720 window's canvas: the legend's button
    // covers the top-right pod's corner, and that pod went unnamed. The core's links cross
    // every form of the inner pods' captions, which were drawn struck through: their names
    // take a halo then.
    const Fabric f
        = generate("ib-fat-tree", { { "tiers", 3 }, { "radix", 8 }, { "rail_optimised", false } });
    FabricCanvas canvas;
    showCanvas(canvas, f, QSize(518, 340));
    canvas.viewport()->repaint();
    const QImage image = canvas.grab().toImage();
    QStringList pods;
    for (const auto &[label, box] : canvas.shownLabels()) {
        if (!label.startsWith(QStringLiteral("Pod ")))
            continue;
        pods << label.section(QStringLiteral("  "), 0, 0);
        // The halo follows the letters: a few pixels of links show in its box's corners (0 to 7
        // here); struck through, "Pod 1" had 249.
        const int linkPixels = linkPixelsIn(image, box.toAlignedRect());
        QVERIFY2(linkPixels <= 12,
            qPrintable(QStringLiteral("%1 link pixels under \"%2\"").arg(linkPixels).arg(label)));
    }
    pods.sort();
    QVERIFY2(pods.size() == 8, qPrintable(pods.join(QLatin1Char('|'))));
    QCOMPARE(pods.last(), QStringLiteral("Pod 7"));
    // In its own frame: put under it, "Pod 7" sat among the core's links above the frame's
    // row, and read as a core switch's name.
    const FabricLayout layout = computeLayout(f);
    const auto frame = std::find_if(layout.blocks.begin(), layout.blocks.end(),
        [](const LayoutBlock &b) { return b.title == QLatin1String("Pod 7"); });
    QVERIFY(frame != layout.blocks.end());
    const QRect inView(
        canvas.mapFromScene(frame->rect.topLeft()), canvas.mapFromScene(frame->rect.bottomRight()));
    for (const auto &[label, box] : canvas.shownLabels())
        if (label.startsWith(QStringLiteral("Pod 7")))
            QVERIFY2(inView.adjusted(0, -box.height() - 4, 0, 0).contains(box.center().toPoint()),
                qPrintable(QStringLiteral("Pod 7 at (%1, %2), its frame from (%3, %4) to (%5, %6)")
                               .arg(box.center().x())
                               .arg(box.center().y())
                               .arg(inView.left())
                               .arg(inView.top())
                               .arg(inView.right())
                               .arg(inView.bottom())));
}

void TestCanvas::dashedHighlightHasADashedSample()
{
    // The links ECMP left idle are dashed on the canvas; the legend's sample was a solid line.
    const Fabric f = handMade();
    FabricCanvas canvas;
    showCanvas(canvas, f);
    const QString caption = QStringLiteral("Switch link ECMP left idle all run (dashed)");
    canvas.setHighlight(FabricCanvas::HighlightChannel::Simulation,
        { { 0 }, QColor(150, 150, 150), caption, FabricCanvas::LinkHighlight::Bundles::AllLinks,
            Qt::DashLine, {}, {} });
    const auto entries = canvas.legendEntries();
    const auto entry = std::find_if(
        entries.begin(), entries.end(), [&](const LegendEntry &e) { return e.label == caption; });
    QVERIFY(entry != entries.end());
    QCOMPARE(entry->style, Qt::DashLine);
    // Painted with gaps: along the sample, some pixels of the line's row stay white.
    QImage image(QSize(300, 40), QImage::Format_ARGB32);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        paintLegend(&painter, QPointF(0, 0), { *entry }, canvas.colorMap());
    }
    // The sample's columns: darker than the frame's light grey, which every column crosses.
    int inked = 0, blank = 0, first = -1, last = -1;
    for (int x = 0; x < 60; ++x)
        for (int y = 0; y < image.height(); ++y)
            if (qGray(image.pixel(x, y)) < 180) {
                first = first < 0 ? x : first;
                last = x;
            }
    for (int x = first; first >= 0 && x <= last; ++x) {
        bool any = false;
        for (int y = 0; y < image.height(); ++y)
            any |= qGray(image.pixel(x, y)) < 180;
        (any ? inked : blank) += 1;
    }
    QVERIFY2(inked > 0 && blank > 0,
        qPrintable(QStringLiteral("%1 inked, %2 blank columns").arg(inked).arg(blank)));
}

void TestCanvas::torusNamesStayOffSmallDrawings()
{
    // The compare view's small drawing of a 4x4x8 torus: "from z = 7" and "to z = 4" ran into
    // each other over the planes they name. They stay where the fabric has room for them.
    const Fabric f = generate("tpu-torus", { { "x", 4 }, { "y", 4 }, { "z", 8 } });
    const auto named = [&](QSize size) {
        FabricCanvas canvas;
        showCanvas(canvas, f, size);
        canvas.viewport()->repaint();
        QStringList from;
        for (const auto &[label, box] : canvas.shownLabels())
            if (label.startsWith(QStringLiteral("from z")))
                from << label;
        return from;
    };
    QVERIFY(!named(QSize(1600, 900)).isEmpty());
    const QStringList small = named(QSize(300, 150));
    QVERIFY2(small.isEmpty(), qPrintable(small.join(QLatin1Char('|'))));
}

void TestCanvas::selectionRingKeepsOffTheName()
{
    // A selected switch's ring stays clear of the name under it at every zoom (it grew with
    // the zoom and crossed the name from about 1x up).
    const Fabric f = handMade();
    FabricCanvas canvas;
    showCanvas(canvas, f);
    canvas.setSelection({ 0 });
    const QColor ring = palette::selection();
    for (const double lod : { 1.0, 2.5, 5.0 }) {
        canvas.zoomBy(lod / canvas.transform().m11());
        canvas.centerOn(canvas.nodePosition(0));
        canvas.viewport()->repaint();
        const QImage shot = canvas.grab().toImage();
        QRectF name;
        for (const auto &[text, box] : canvas.shownLabels())
            if (text == QLatin1String("sw0"))
                name = box;
        QVERIFY2(!name.isEmpty(), qPrintable(QStringLiteral("sw0 unnamed at %1x").arg(lod)));
        int ringPixels = 0;
        const QRect inside = name.toAlignedRect() & shot.rect();
        for (int y = inside.top(); y <= inside.bottom(); ++y)
            for (int x = inside.left(); x <= inside.right(); ++x)
                ringPixels += shot.pixelColor(x, y) == ring ? 1 : 0;
        QVERIFY2(ringPixels == 0,
            qPrintable(
                QStringLiteral("%1 ring pixels on the name at %2x").arg(ringPixels).arg(lod)));
    }
}

void TestCanvas::zoomedOutCollapsesToBlocks()
{
    const Fabric f = generate("hpn", {{"segments", 8}, {"hosts_per_segment", 32}});
    FabricCanvas canvas;
    showCanvas(canvas, f);
    canvas.zoomBy(0.05);
    canvas.viewport()->repaint();
    QVERIFY(!canvas.showsDetail());
    // Collapsed nodes cannot be hovered; a row block or pod is what is drawn.
    const NodeId gpu = f.endpoints().front();
    QCOMPARE(canvas.nodeAt(canvas.nodePosition(gpu)), kNoNode);
    const QImage blocks = canvas.grab().toImage();
    canvas.findAndFocus(QString::fromStdString(f.node(gpu).name));
    canvas.viewport()->repaint();
    QVERIFY(canvas.showsDetail());
    QCOMPARE(canvas.nodeAt(canvas.nodePosition(gpu)), gpu);
    QVERIFY(blocks != canvas.grab().toImage());
}

void TestCanvas::grabIsNotBlank()
{
    const Fabric f = generate("roce-clos", smallParams("roce-clos"));
    FabricCanvas canvas;
    showCanvas(canvas, f);
    const QImage image = canvas.grab().toImage();
    QVERIFY(!image.isNull());
    QVERIFY(nonBackgroundPixels(image) > image.width() * image.height() / 4 / 50);
}

void TestCanvas::equalCostPaths()
{
    const Fabric f = generate("ib-fat-tree", smallParams("ib-fat-tree"));
    // GPU 0 of host 0 and the last GPU of the last host sit on different rails (leaves).
    const auto eps = f.endpoints();
    const NodeId a = eps.front(), b = eps.back();
    auto leafOf = [&](NodeId gpu) {
        for (LinkId l : f.linksOf(gpu))
            if (f.node(f.link(l).other(gpu)).kind == NodeKind::Switch)
                return f.link(l).other(gpu);
        return kNoNode;
    };
    auto parallel = [&](NodeId x, NodeId y) {
        int n = 0;
        for (LinkId l : f.linksOf(x))
            n += f.link(l).other(x) == y;
        return n;
    };
    // Paths are link sequences, so parallel leaf-spine cables multiply them.
    qsizetype expected = 0;
    f.forEachNode([&](const Node &n) {
        if (n.role == SwitchRole::Spine)
            expected += parallel(leafOf(a), n.id) * parallel(n.id, leafOf(b));
    });
    QVERIFY(leafOf(a) != leafOf(b));
    const PathSet set = views::equalCostPaths(f, a, b, 100000);
    QCOMPARE(set.hops, 4); // gpu - leaf - spine - leaf - gpu
    QCOMPARE(set.paths.size(), expected);
    QVERIFY(!set.truncated);
    const qsizetype spines = std::min<qsizetype>(expected, 256); // the canvas lists up to 256
    QCOMPARE(set.bottleneckGbps, 400.0);
    for (const auto &p : set.paths) {
        QCOMPARE(p.size(), 4);
        QVERIFY(f.link(p.front()).a == a || f.link(p.front()).b == a);
        QVERIFY(f.link(p.back()).a == b || f.link(p.back()).b == b);
    }
    // Two GPUs of one host meet through the host's NVLink only.
    const PathSet local = views::equalCostPaths(f, eps[0], eps[1]);
    QCOMPARE(local.hops, 2);
    QCOMPARE(local.paths.size(), 1);
    FabricCanvas canvas;
    showCanvas(canvas, f);
    QCOMPARE(canvas.showPathsBetween(a, b).paths.size(), spines);
    QCOMPARE(canvas.shownPaths().size(), spines);
    canvas.clearPaths();
    QVERIFY(canvas.shownPaths().isEmpty());
}

void TestCanvas::legendFoldsOnANarrowCanvas()
{
    const Fabric f = generate("ib-fat-tree", smallParams("ib-fat-tree"));
    FabricCanvas canvas;
    showCanvas(canvas, f);
    auto *legend = canvas.findChild<LegendWidget *>();
    QVERIFY(legend && legend->isVisible());
    // Wide: the legend is open, and the fitted fabric keeps clear of it.
    QVERIFY(!legend->isCollapsed());
    // The legend gets a column on the right or a band along the top: no node lies under it.
    const QRect legendRect = legend->geometry();
    for (NodeId n = 0; n < NodeId(f.nodeIdBound()); ++n)
        if (f.hasNode(n)) {
            const QPoint at = canvas.viewport()->mapTo(&canvas, canvas.mapFromScene(canvas.nodePosition(n)));
            QVERIFY2(!legendRect.contains(at),
                     qPrintable(QStringLiteral("node %1 at %2,%3 under the legend").arg(n).arg(at.x()).arg(at.y())));
        }

    // Narrow: it folds to a tab; a click opens it and the choice sticks.
    canvas.resize(420, 800);
    QTRY_VERIFY(legend->isCollapsed());
    QVERIFY(legend->width() < 150);
    QTest::mouseClick(legend, Qt::LeftButton);
    QVERIFY(!legend->isCollapsed());
    canvas.resize(400, 800);
    QTRY_COMPARE(canvas.viewport()->width() < 400, true);
    QVERIFY(!legend->isCollapsed());
}

void TestCanvas::linkLoadsRecolour()
{
    const Fabric f = generate("ib-fat-tree", smallParams("ib-fat-tree"));
    FabricCanvas canvas;
    showCanvas(canvas, f);
    canvas.setLegendVisible(false);
    const QImage plain = canvas.grab().toImage();
    std::vector<float> loads(2 * f.linkIdBound(), 0.f);
    for (std::size_t i = 0; i < loads.size(); i += 3)
        loads[i] = 1.0f;
    canvas.setLinkLoads(loads);
    const auto legend = canvas.legendEntries();
    QVERIFY(std::any_of(legend.begin(), legend.end(), [](const LegendEntry &e) {
        return e.symbol == LegendEntry::Symbol::Ramp;
    }));
    const QImage loaded = canvas.grab().toImage();
    QVERIFY(plain != loaded);
    // The hottest colour of the map appears on screen.
    const QRgb hot = canvas.colorMap().map(31.5 / 32).rgb();
    bool found = false;
    for (int y = 0; y < loaded.height() && !found; ++y)
        for (int x = 0; x < loaded.width() && !found; ++x)
            found = (loaded.pixel(x, y) & 0xffffff) == (hot & 0xffffff);
    QVERIFY(found);
    std::vector<int> badges(f.linkIdBound(), 2);
    canvas.setLinkBadges(badges);
    canvas.setHighlightedLinks({0, 1, 2}, Qt::red);
    canvas.setLinkLoads({}); // clears
    canvas.setLinkBadges({});
    canvas.setHighlightedLinks({});
    const auto after = canvas.legendEntries();
    QVERIFY(std::none_of(after.begin(), after.end(),
                         [](const LegendEntry &e) { return e.symbol == LegendEntry::Symbol::Ramp; }));
}

void TestCanvas::highlightChannelsAreIndependent()
{
    using Channel = FabricCanvas::HighlightChannel;
    const Fabric f = generate("ib-fat-tree", smallParams("ib-fat-tree"));
    FabricCanvas canvas;
    showCanvas(canvas, f);
    canvas.setLegendVisible(false);
    const QColor simColor(255, 0, 255), pathColor(0, 255, 255);
    QVERIFY(pixelsOf(canvas.grab().toImage(), simColor) == 0);
    QVERIFY(pixelsOf(canvas.grab().toImage(), pathColor) == 0);
    QList<LinkId> simLinks, pathLinks;
    f.forEachLink([&](const Link &l) { (l.id % 2 == 0 ? simLinks : pathLinks) << l.id; });

    // The simulation's highlight, then the path one: both are drawn, each in its colour.
    canvas.setHighlightedLinks(simLinks, simColor, Channel::Simulation);
    canvas.setHighlightedLinks(pathLinks, pathColor, Channel::Path);
    QCOMPARE(canvas.highlightedLinks(Channel::Simulation), simLinks);
    QCOMPARE(canvas.highlightedLinks(Channel::Path), pathLinks);
    QCOMPARE(canvas.highlightColor(Channel::Simulation), simColor);
    QImage both = canvas.grab().toImage();
    QVERIFY(pixelsOf(both, simColor) > 100);
    QVERIFY(pixelsOf(both, pathColor) > 100);

    // Clearing the path highlight leaves the simulation's.
    canvas.setHighlightedLinks({}, {}, Channel::Path);
    QVERIFY(canvas.highlightedLinks(Channel::Path).isEmpty());
    QCOMPARE(canvas.highlightedLinks(Channel::Simulation), simLinks);
    const QImage simOnly = canvas.grab().toImage();
    QVERIFY(pixelsOf(simOnly, simColor) > 100);
    QCOMPARE(pixelsOf(simOnly, pathColor), 0);

    // On the same links the path highlight is drawn on top.
    canvas.setHighlightedLinks(simLinks, pathColor, Channel::Path);
    both = canvas.grab().toImage();
    QVERIFY(pixelsOf(both, pathColor) > 100);
    QVERIFY(pixelsOf(both, simColor) < pixelsOf(simOnly, simColor) / 10);

    // Clearing the simulation's leaves the path's; a new fabric clears both.
    canvas.setHighlightedLinks({});
    QVERIFY(canvas.highlightedLinks(Channel::Simulation).isEmpty());
    QCOMPARE(canvas.highlightedLinks(Channel::Path), simLinks);
    QCOMPARE(pixelsOf(canvas.grab().toImage(), simColor), 0);
    canvas.setFabric(&f);
    QVERIFY(canvas.highlightedLinks(Channel::Path).isEmpty());
}

void TestCanvas::exportToSvgAndImage()
{
    const Fabric f = generate("dragonfly", smallParams("dragonfly"));
    FabricCanvas canvas;
    showCanvas(canvas, f);
    const QImage image = canvas.renderImage(QSize(1600, 1000), QStringLiteral("Dragonfly"));
    QCOMPARE(image.size(), QSize(1600, 1000));
    QVERIFY(nonBackgroundPixels(image) > 5000);

    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(QSize(1600, 1000));
    svg.setViewBox(QRect(0, 0, 1600, 1000));
    {
        QPainter painter(&svg);
        canvas.renderTo(&painter, QRectF(0, 0, 1600, 1000), QRectF(), QStringLiteral("Dragonfly export"));
    }
    const QByteArray text = buffer.data();
    QVERIFY(text.contains("<svg"));
    QVERIFY(text.contains("Dragonfly export"));
    QVERIFY(text.contains(QByteArray::fromStdString(f.node(f.endpoints().size()).name)) // a router
            || text.contains("Group 0"));
}

void TestCanvas::picturesFillTheirRoom_data()
{
    QTest::addColumn<QByteArray>("family");
    QTest::addColumn<QString>("tierName");
    QTest::newRow("ib-fat-tree") << QByteArray("ib-fat-tree")
                                 << QStringLiteral("Spine / aggregation");
    QTest::newRow("ib-fat-tree 3-tier") << QByteArray("ib-fat-tree-3") << QStringLiteral("Core");
    QTest::newRow("hpn") << QByteArray("hpn") << QStringLiteral("Aggregation (plane 0)");
    QTest::newRow("roce-clos") << QByteArray("roce-clos") << QString();
    // The lattice layout places the OCS but draws their circuits as arcs instead: the picture
    // once fitted those unseen places too, and drew the torus in under half of it.
    QTest::newRow("tpu-torus lattice") << QByteArray("tpu-torus") << QStringLiteral("from z = 7");
    QTest::newRow("dragonfly") << QByteArray("dragonfly") << QString();
}

void TestCanvas::picturesFillTheirRoom()
{
    // A picture of the whole fabric is as large as its room allows (the room left by the
    // title and the legend's column), as on screen after Fit, and still has room for the
    // tier names in full.
    QFETCH(QByteArray, family);
    QFETCH(QString, tierName);
    const Fabric f = smallFabric(family);
    FabricCanvas canvas;
    showCanvas(canvas, f);
    const QSize size(1920, 1080);
    const QImage image = canvas.renderImage(size, QString(), false);
    QRect drawn;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2)
            if ((image.pixel(x, y) & 0xffffff) != 0xffffff)
                drawn |= QRect(x, y, 1, 1);
    const double filled
        = std::max(double(drawn.width()) / size.width(), double(drawn.height()) / size.height());
    QVERIFY2(filled > 0.85,
        qPrintable(QStringLiteral("fabric drawn over %1 of the picture's width or height")
                       .arg(filled, 0, 'f', 2)));

    testing::TextRecorder recorder(size);
    {
        QPainter painter(&recorder);
        canvas.renderTo(
            &painter, QRectF(QPointF(0, 0), QSizeF(size)), QRectF(), QStringLiteral("Title"));
    }
    bool named = tierName.isEmpty();
    for (const testing::PaintedText &t : recorder.texts()) {
        QVERIFY2(QRectF(0, 0, size.width(), size.height()).contains(t.rect),
            qPrintable(t.text + QStringLiteral(" painted outside the picture")));
        named = named || t.text == tierName;
    }
    QVERIFY2(named, qPrintable(tierName + QStringLiteral(" is missing or shortened")));
}

void TestCanvas::wideFabricsPutTheLegendAbove()
{
    // Dark pixels of a 1920x1080 picture of @p f in its lower right corner: under the legend,
    // white when the legend has a column of its own.
    auto inkUnderLegend = [this](const Fabric &f) {
        FabricCanvas canvas;
        showCanvas(canvas, f);
        const QImage image = canvas.renderImage(QSize(1920, 1080), QStringLiteral("Title"));
        int ink = 0;
        for (int y = 1080 * 6 / 10; y < 1080; y += 2)
            for (int x = 1920 * 85 / 100; x < 1920; x += 2)
                ink += qGray(image.pixel(x, y)) < 200;
        return ink;
    };
    // The 16 planes of an 8x8x16 slice in two rows are about 3.5 times as wide as tall: beside
    // a legend column they were narrowed to four fifths of the picture; under a band of legend
    // they reach its right side.
    const int wide = inkUnderLegend(
        generate("tpu-torus", { { "x", 8 }, { "y", 8 }, { "z", 16 }, { "twisted", true } }));
    QVERIFY2(wide > 200, qPrintable(QString::number(wide)));
    // A fabric about as wide as tall (a dragonfly's ring of groups) keeps the legend in a
    // column.
    QCOMPARE(inkUnderLegend(smallFabric("dragonfly")), 0);
}

void TestCanvas::aRunsLegendNeverCoversTheFabric()
{
    // The default fabric at 1920x1080 (a canvas of about 1160x700): fitted before its run, the
    // legend then grew by the run's lines (utilisation, collisions, idle links, moving dots)
    // over spine3 and its links. A fitted view fits again when the legend changes size.
    const Fabric f = generate("ib-fat-tree", { { "tiers", 2 }, { "radix", 64 }, { "gpus", 256 } });
    FabricCanvas canvas;
    showCanvas(canvas, f, QSize(1160, 700));
    QVERIFY(canvas.legend()->isVisible());
    const auto covered = [&] {
        const QRect legend = canvas.legend()->geometry().translated(-canvas.viewport()->pos());
        QStringList under;
        f.forEachNode([&](const Node &n) {
            if (legend.contains(canvas.mapFromScene(canvas.nodePosition(n.id))))
                under << QString::fromStdString(n.name);
        });
        return under;
    };
    QVERIFY2(covered().isEmpty(), qPrintable(covered().join(' ')));
    // The default scenario's run, shown as the app shows it: mean loads, the links ECMP left
    // idle, collision badges and moving dots.
    sim::SimOptions options;
    options.recordTimeline = false;
    const auto run = makeRun(f, collective::Scenario(), options);
    showRunAverage(canvas, *run);
    std::vector<int> badges(f.linkCount(), 0);
    badges[0] = 3;
    canvas.setLinkBadges(badges);
    canvas.setParticlesEnabled(true);
    QVERIFY2(covered().isEmpty(), qPrintable(covered().join(' ')));
    // Open, its 13 lines would cost the fabric more than a quarter of its size: it folds.
    QVERIFY(canvas.legend()->isCollapsed());
    // Unfolded by a click, it gets a band of its own, over no node.
    auto *legend = canvas.findChild<LegendWidget *>();
    QTest::mouseClick(legend, Qt::LeftButton, {}, QPoint(10, 10));
    QVERIFY(!canvas.legend()->isCollapsed());
    QCOMPARE(canvas.legend()->size(), canvas.legend()->fullSize());
    QVERIFY2(covered().isEmpty(), qPrintable(covered().join(' ')));

    // A view the user zoomed stays as it is.
    canvas.zoomBy(1.5);
    const QTransform zoomed = canvas.transform();
    canvas.setLinkLoads({});
    canvas.setLinkBadges({});
    QCOMPARE(canvas.transform(), zoomed);
}

void TestCanvas::legendNamesEachPlanesColour()
{
    // With the links coloured by load, the switches' outlines are what tells HPN's two planes
    // apart: the legend had one outline sample, in plane 0's colour, and never said which was
    // which.
    const Fabric hpn = generate("hpn", { { "segments", 2 }, { "hosts_per_segment", 8 } });
    for (const bool loads : { false, true }) {
        const auto entries = views::legendEntries(hpn, loads, ColorMap(), LegendContent {});
        const QString label = QStringLiteral("Switch outline: plane 0 blue, plane 1 orange");
        QVERIFY2(std::any_of(entries.begin(), entries.end(),
                     [&](const LegendEntry &e) { return e.label == label && e.width < 0; }),
            qPrintable(label));
    }
    // The words match the colours: blue, then the orange (vermillion) of plane 1.
    QVERIFY(palette::plane(0).blue() > palette::plane(0).red());
    QVERIFY(palette::plane(1).red() > palette::plane(1).blue());
}

void TestCanvas::planeRowsAreNamedAtAProjectorsSize()
{
    // The canvas a 1280x720 window leaves an HPN pod: the core's switches sit all along both
    // aggregation rows, and the rows' titles, which had no other place, were dropped; the two
    // planes went unnamed. They now go outside their row, away from the segments.
    FabricCanvas canvas;
    const Fabric pod = generate("hpn", {});
    showCanvas(canvas, pod, QSize(515, 340));
    QRectF top, bottom;
    for (const auto &[text, box] : canvas.shownLabels()) {
        if (text.startsWith(QLatin1String("Aggregation, plane 0")))
            top = box;
        if (text.startsWith(QLatin1String("Aggregation, plane 1")))
            bottom = box;
    }
    QVERIFY(!top.isEmpty() && !bottom.isEmpty());
    QVERIFY(canvas.viewport()->rect().contains(top.toRect()));
    QVERIFY(canvas.viewport()->rect().contains(bottom.toRect()));
    QVERIFY(top.bottom() < bottom.top());
}

void TestCanvas::legendOpenedOnASmallCanvasLiesOverTheFabric()
{
    // The canvas a 1280x720 window leaves: a click on the folded legend gave it a column, and
    // the small HPN fabric shrank to a 115 px thumbnail, its badges and titles gone. Where a
    // column or band would cost the fabric more than half its size, the opened legend lies
    // over the fabric's corner instead.
    const Fabric f = generate(
        "hpn", { { "segments", 2 }, { "hosts_per_segment", 4 }, { "aggs_per_plane", 4 } });
    FabricCanvas canvas;
    showCanvas(canvas, f, QSize(515, 340));
    QVERIFY(canvas.legend()->isCollapsed());
    const double folded = canvas.transform().m11();
    auto *legend = canvas.findChild<LegendWidget *>();
    QTest::mouseClick(legend, Qt::LeftButton, {}, QPoint(10, 10));
    QVERIFY(!canvas.legend()->isCollapsed());
    QCOMPARE(canvas.legend()->size(), canvas.legend()->fullSize());
    QVERIFY2(canvas.transform().m11() >= 0.99 * folded,
        qPrintable(
            QStringLiteral("%1 against %2 folded").arg(canvas.transform().m11()).arg(folded)));
    // Folded again, the view is as it was.
    QTest::mouseClick(legend, Qt::LeftButton, {}, QPoint(10, 10));
    QVERIFY(canvas.legend()->isCollapsed());
    QCOMPARE(canvas.transform().m11(), folded);
}

void TestCanvas::legendExplainsOnlyWhatIsDrawn()
{
    // The texts of a 1920x1080 picture of @p f that start with @p prefix.
    auto painted = [](FabricCanvas &canvas, const QString &prefix) {
        const QSize size(1920, 1080);
        testing::TextRecorder recorder(size);
        {
            QPainter painter(&recorder);
            canvas.renderTo(
                &painter, QRectF(QPointF(0, 0), QSizeF(size)), QRectF(), QStringLiteral("Title"));
        }
        int n = 0;
        for (const testing::PaintedText &t : recorder.texts())
            n += t.text.startsWith(prefix);
        return n;
    };
    auto listed = [](const QList<LegendEntry> &entries, const QString &prefix) {
        return std::any_of(entries.begin(), entries.end(),
            [&](const LegendEntry &e) { return e.label.startsWith(prefix); });
    };
    const QString bundle = QStringLiteral("Bundle"), block = QStringLiteral("Block:");
    FabricCanvas canvas;
    // Nothing to bundle and no block: a hand-made fabric's legend promised both.
    const Fabric handmade = handMade();
    showCanvas(canvas, handmade);
    QVERIFY(!listed(canvas.legendEntries(), bundle));
    QVERIFY(!listed(canvas.legendEntries(), block));
    QCOMPARE(painted(canvas, bundle), 0);
    // A TPU cube: its planes are framed (and captioned) but never bundled.
    const Fabric cube = generate("tpu-torus", { { "x", 4 }, { "y", 4 }, { "z", 4 } });
    showCanvas(canvas, cube);
    QCOMPARE(painted(canvas, bundle), 0);
    QCOMPARE(painted(canvas, block), 0);
    // The wide bundle sample is no wider than all the cube's links (96 Tb/s): it read 102 Tb/s.
    const auto samples
        = views::legendEntries(cube, false, ColorMap(), LegendContent { true, true, {}, {} });
    QVERIFY(!listed(samples, QStringLiteral("102 Tb/s")));
    QVERIFY(listed(samples, QStringLiteral("51.2 Tb/s")));
    QVERIFY(listed(views::legendEntries(generate("ib-fat-tree", { { "gpus", 256 } }), false,
                       ColorMap(), LegendContent { true, true, {}, {} }),
        QStringLiteral("102 Tb/s")));
    // A small fat-tree drawn node by node: its pods are blocks, which zooming out bundles (the
    // screen's legend says so), but the picture draws every link.
    const Fabric fatTree = smallFabric("ib-fat-tree-3");
    showCanvas(canvas, fatTree);
    QVERIFY(listed(canvas.legendEntries(), bundle));
    QVERIFY(listed(canvas.pictureLegendEntries(QSizeF(1920, 1080)), block));
    QVERIFY(!listed(canvas.pictureLegendEntries(QSizeF(1920, 1080)), bundle));
    QCOMPARE(painted(canvas, bundle), 0);
    QCOMPARE(painted(canvas, block), 1);
    // Meta's two zones fold into blocks joined by bundles in a picture: it explains them, and
    // not the GPUs, hosts, NVLink and rack switches folded inside the zones.
    const Fabric zones = generate("roce-clos", { { "zones", 2 } });
    showCanvas(canvas, zones);
    const auto folded = canvas.pictureLegendEntries(QSizeF(1920, 1080));
    QVERIFY(listed(folded, bundle));
    QVERIFY(listed(folded, block));
    for (const QString &hidden : { QStringLiteral("GPU"), QStringLiteral("Host"),
             QStringLiteral("NVLink"), QStringLiteral("Leaf") })
        QVERIFY2(!listed(folded, hidden), qPrintable(hidden));
    QCOMPARE(painted(canvas, bundle), 1);
    QCOMPARE(painted(canvas, QStringLiteral("GPU")), 0);
    // Zoomed out until the one zone folds, its legend has no Links heading with nothing under
    // it (no link is drawn outside the zone). The canvas keeps the fabric it shows: every
    // fabric of this test lives to its end.
    const Fabric zone = generate("roce-clos", { { "zones", 1 } });
    showCanvas(canvas, zone, QSize(400, 300));
    QTRY_VERIFY(!canvas.showsDetail());
    const auto entries = canvas.legendEntries();
    for (qsizetype i = 0; i < entries.size(); ++i)
        QVERIFY2(entries[i].symbol != LegendEntry::Symbol::Heading
                || (i + 1 < entries.size()
                    && entries[i + 1].symbol != LegendEntry::Symbol::Heading),
            qPrintable(entries[i].label));
    // One zone is drawn rack by rack, its tiers named. Had the legend's room been measured on
    // the short legend of a folded picture, the larger drawing it leaves would fold (its links'
    // ink over budget) into one block.
    showCanvas(canvas, zone);
    // The tier's name and the legend's name for its switches, which is the same one.
    QCOMPARE(painted(canvas, QStringLiteral("Rack (RTSW)")), 2);
    showCanvas(canvas, zones);
    // Zoomed in on a rack, the window's legend names what is drawn there again.
    canvas.setSelection({ zones.findNode("z0-r0-h0-gpu0") });
    canvas.zoomToSelection();
    QTRY_VERIFY(canvas.showsDetail());
    QVERIFY(listed(canvas.legendEntries(), QStringLiteral("GPU")));
}

void TestCanvas::largerPicturesFoldNoMore()
{
    // A shipped fabric drawn node by node in a 1600x1000 picture is drawn so at the app's
    // export size (2400x1350) and at 3840x2160 too: the ink budgets are a canvas's, and
    // counted at the larger picture's zoom they folded the Meta zone into one block.
    auto drawsGpus = [](const QList<LegendEntry> &entries) {
        return std::any_of(entries.begin(), entries.end(),
            [](const LegendEntry &e) { return e.label.startsWith(QLatin1String("GPU")); });
    };
    int checked = 0;
    for (const char *name : { "meta-ai-zone", "superpod-256", "hpn-segment", "tpu-v4-cube",
             "dragonfly-small", "meta-2-zones", "fat-tree-k16" }) {
        const Fabric f = io::loadFabric(std::filesystem::path(
            std::string(FABRICSCOPE_TOPOLOGIES) + "/" + name + ".fabric.json"));
        FabricCanvas canvas;
        showCanvas(canvas, f);
        if (!drawsGpus(canvas.pictureLegendEntries(QSizeF(1600, 1000))))
            continue; // folded at 1600x1000 already (several pods or zones)
        ++checked;
        for (const QSizeF size : { QSizeF(2400, 1350), QSizeF(3840, 2160) })
            QVERIFY2(drawsGpus(canvas.pictureLegendEntries(size)),
                qPrintable(QStringLiteral("%1 folds at %2x%3")
                               .arg(QLatin1String(name))
                               .arg(size.width())
                               .arg(size.height())));
    }
    QVERIFY(checked >= 4);
}

void TestCanvas::foldedPicturesKeepNoRoomForTierNames()
{
    // Meta's two AI zones fold into two blocks in a picture: no tier name is drawn, so no room
    // is kept for one on the left (it took a ninth of the width).
    const Fabric f = generate("roce-clos", { { "zones", 2 } });
    FabricCanvas canvas;
    showCanvas(canvas, f);
    const QImage image = canvas.renderImage(QSize(1600, 1000), QStringLiteral("Two zones"));
    // The drawing's left and right ends, below the legend (in a column at the top right, or
    // a band along the top).
    int left = image.width(), right = 0;
    for (int y = image.height() * 6 / 10; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); ++x)
            if (qGray(image.pixel(x, y)) < 200) {
                left = std::min(left, x);
                right = std::max(right, x);
            }
    // Something is drawn there, across a good part of the width (a blank band would pass).
    QVERIFY2(right - left > image.width() / 3,
        qPrintable(QStringLiteral("drawn from x = %1 to %2").arg(left).arg(right)));
    // Filling the width, or, held by the height, centred: no margin on the left only.
    const int rightGap = image.width() - 1 - right;
    QVERIFY2(left < 30 || std::abs(left - rightGap) <= 4,
        qPrintable(QStringLiteral("the drawing starts %1 px from the left and ends %2 px from "
                                  "the right")
                       .arg(left)
                       .arg(rightGap)));
}

/// The shipped HPN pod: fifteen segments side by side, folded at any canvas size.
Fabric shippedHpnPod()
{
    return io::loadFabric(
        std::filesystem::path(std::string(FABRICSCOPE_TOPOLOGIES) + "/hpn-pod.fabric.json"));
}

void TestCanvas::foldedViewKeepsNoRoomForTierNames()
{
    // The HPN pod in a 1280x720 window's canvas, folded: no tier name is drawn, yet a fifth of
    // the view was kept for them on the left, pushing the segments against the right edge.
    const Fabric f = shippedHpnPod();
    FabricCanvas canvas;
    for (const QSize size : { QSize(515, 340), QSize(1160, 730) }) {
        showCanvas(canvas, f, size);
        QVERIFY(!canvas.showsDetail());
        const QRect drawn = canvas.mapFromScene(canvas.fabricBounds()).boundingRect();
        const int left = drawn.left(), right = canvas.viewport()->width() - 1 - drawn.right();
        QVERIFY2(std::abs(left - right) <= 24,
            qPrintable(QStringLiteral("at %1x%2 the pod starts %3 px from the left and ends %4 "
                                      "px from the right")
                           .arg(size.width())
                           .arg(size.height())
                           .arg(left)
                           .arg(right)));
    }
}

void TestCanvas::narrowSegmentsAreNumberedAlike()
{
    // Segments too narrow for "Segment 14" are named by their numbers; where "Segment 9" still
    // fits but "Segment 10" does not, all of them take numbers, not "Segment 9" beside "10".
    // At a projector's canvas (515x340) they are numbered: a segment 30 px wide went unnamed.
    const Fabric f = shippedHpnPod();
    FabricCanvas canvas;
    bool sawNumbers = false, sawNames = false;
    for (const int width : { 515, 800, 1000, 1160, 1300, 1600 }) {
        showCanvas(canvas, f, QSize(width, width * 2 / 3));
        canvas.viewport()->repaint();
        QStringList names, numbers;
        for (const auto &[text, box] : canvas.shownLabels()) {
            bool isNumber = false;
            text.toInt(&isNumber);
            if (isNumber)
                numbers << text;
            else if (text.startsWith(QStringLiteral("Segment ")))
                names << text;
        }
        const QString shown
            = QStringLiteral("at %1 px: %2 | %3")
                  .arg(width)
                  .arg(names.join(QLatin1Char(',')), numbers.join(QLatin1Char(',')));
        QVERIFY2(
            (names.size() == 15 && numbers.isEmpty()) || (numbers.size() == 15 && names.isEmpty()),
            qPrintable(shown));
        if (width == 515)
            QVERIFY2(numbers.size() == 15, qPrintable(shown));
        sawNumbers = sawNumbers || !numbers.isEmpty();
        sawNames = sawNames || !names.isEmpty();
    }
    QVERIFY(sawNumbers && sawNames);
}

void TestCanvas::torusOrbitAndSlices()
{
    const Fabric f = generate("tpu-torus", smallParams("tpu-torus"));
    FabricCanvas canvas;
    QCOMPARE(canvas.torusView(), TorusView::Lattice); // the default
    canvas.setTorusView(TorusView::Projection);
    showCanvas(canvas, f);
    QCOMPARE(canvas.layoutName(), QStringLiteral("torus-3d"));
    const NodeId chip = f.endpoints().back();
    const QPointF before = canvas.nodePosition(chip);
    // Dragging on empty space orbits the projection.
    const QPoint from(4, 4);
    QTest::mousePress(canvas.viewport(), Qt::LeftButton, {}, from);
    QTest::mouseMove(canvas.viewport(), from + QPoint(30, 0));
    QTest::mouseMove(canvas.viewport(), from + QPoint(60, 10));
    QTest::mouseRelease(canvas.viewport(), Qt::LeftButton, {}, from + QPoint(60, 10));
    QVERIFY(canvas.torusCamera() != TorusCamera());
    QVERIFY(canvas.nodePosition(chip) != before);
    canvas.setTorusView(TorusView::Slices);
    QCOMPARE(canvas.layoutName(), QStringLiteral("torus-slices"));
    // Wrap-around paths go through an OCS circuit and count as one hop.
    const auto eps = f.endpoints();
    NodeId a = kNoNode, b = kNoNode;
    for (NodeId e : eps) {
        const Node &n = f.node(e);
        if (n.hints.x == 0 && n.hints.y == 0 && n.hints.z == 0)
            a = e;
        if (n.hints.x == 3 && n.hints.y == 0 && n.hints.z == 0)
            b = e;
    }
    QVERIFY(a != kNoNode && b != kNoNode);
    const PathSet wrap = views::equalCostPaths(f, a, b);
    QCOMPARE(wrap.hops, 1);
    QCOMPARE(wrap.paths.size(), 1);
    QCOMPARE(wrap.paths.front().size(), 2); // chip - OCS - chip
}

void TestCanvas::ocsPanelListsCircuits()
{
    const Fabric f = generate("tpu-torus", smallParams("tpu-torus"));
    OcsPanel panel;
    panel.setFabric(&f);
    int ocs = 0;
    std::size_t circuits = 0;
    f.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Ocs) {
            ++ocs;
            circuits += n.circuits.size();
        }
    });
    QVERIFY(ocs > 0);
    QCOMPARE(panel.topLevelItemCount(), ocs);
    std::size_t rows = 0;
    for (int i = 0; i < panel.topLevelItemCount(); ++i)
        rows += static_cast<std::size_t>(panel.topLevelItem(i)->childCount());
    QCOMPARE(rows, circuits);
    // Picking a circuit names its two optical links.
    QSignalSpy picked(&panel, &OcsPanel::circuitSelected);
    QTreeWidgetItem *first = nullptr;
    for (int i = 0; i < panel.topLevelItemCount() && !first; ++i)
        if (panel.topLevelItem(i)->childCount() > 0)
            first = panel.topLevelItem(i)->child(0);
    QVERIFY(first);
    panel.setCurrentItem(first);
    QCOMPARE(picked.count(), 1);
    const auto links = picked.at(0).at(0).value<QList<LinkId>>();
    QCOMPARE(links.size(), 2);
    QVERIFY(f.link(links[0]).medium == Medium::Optical);
    panel.setFabric(nullptr);
    QCOMPARE(panel.topLevelItemCount(), 0);
}

namespace {
/// A link between two switches, and another switch link sharing no node with it.
std::pair<LinkId, LinkId> twoSwitchLinks(const Fabric &f)
{
    std::vector<LinkId> switchLinks;
    f.forEachLink([&](const Link &l) {
        if (f.node(l.a).kind == NodeKind::Switch && f.node(l.b).kind == NodeKind::Switch)
            switchLinks.push_back(l.id);
    });
    const LinkId best = switchLinks.front();
    LinkId other = kNoLink;
    for (LinkId l : switchLinks) {
        const Link &a = f.link(best), &b = f.link(l);
        if (a.a != b.a && a.a != b.b && a.b != b.a && a.b != b.b) {
            other = l;
            break;
        }
    }
    return {best, other};
}

} // namespace

void TestCanvas::particlesMoveOnLoadedLinksOnly()
{
    const Fabric f = generate("ib-fat-tree", nlohmann::json{{"tiers", 2}, {"gpus", 64}});
    FabricCanvas canvas;
    showCanvas(canvas, f);
    canvas.setLegendVisible(false);
    QVERIFY(canvas.showsDetail());
    const auto [loaded, idle] = twoSwitchLinks(f);
    QVERIFY(loaded != kNoLink && idle != kNoLink);
    std::vector<float> loads(2 * f.linkIdBound(), 0.f);
    loads[std::size_t(dirLink(loaded, true))] = 1.0f;  // a -> b at line rate
    loads[std::size_t(dirLink(loaded, false))] = 0.5f; // and back at half
    canvas.setLinkLoads(loads);
    canvas.setParticlePhase(0);
    const QImage without = canvas.viewport()->grab().toImage();
    QCOMPARE(canvas.lastParticleCount(), 0); // off by default
    canvas.setParticlesEnabled(true);
    const QImage phase0 = canvas.viewport()->grab().toImage();
    QVERIFY(canvas.lastParticleCount() > 4);
    QVERIFY(phase0 != without);
    // The same phase draws the same picture (a paused playback is frozen).
    QCOMPARE(canvas.viewport()->grab().toImage(), phase0);
    canvas.setParticlePhase(0.1); // 4.5 px further on
    const QImage phase1 = canvas.viewport()->grab().toImage();
    QVERIFY(phase1 != phase0);
    // Every pixel that changed lies on the loaded link; the idle link's pixels never change.
    const QLineF onLoaded(canvas.mapFromScene(canvas.nodePosition(f.link(loaded).a)),
                          canvas.mapFromScene(canvas.nodePosition(f.link(loaded).b)));
    const QLineF onIdle(canvas.mapFromScene(canvas.nodePosition(f.link(idle).a)),
                        canvas.mapFromScene(canvas.nodePosition(f.link(idle).b)));
    int changed = 0, nearIdle = 0;
    for (int y = 0; y < phase0.height(); ++y)
        for (int x = 0; x < phase0.width(); ++x) {
            if (phase0.pixel(x, y) == phase1.pixel(x, y))
                continue;
            ++changed;
            const QPointF p(x + 0.5, y + 0.5);
            QVERIFY2(SceneData::distanceToSegment(p, onLoaded) < 5, qPrintable(QStringLiteral("%1,%2").arg(x).arg(y)));
            if (SceneData::distanceToSegment(p, onIdle) < 3 && SceneData::distanceToSegment(p, onLoaded) > 6)
                ++nearIdle;
        }
    QVERIFY(changed > 20);
    QCOMPARE(nearIdle, 0);
    // Switched off, the particles go.
    canvas.setParticlesEnabled(false);
    QCOMPARE(canvas.viewport()->grab().toImage(), without);
}

void TestCanvas::particleDensityFollowsRate()
{
    const Fabric f = generate("ib-fat-tree", nlohmann::json{{"tiers", 2}, {"gpus", 64}});
    FabricCanvas canvas;
    showCanvas(canvas, f);
    canvas.setParticlesEnabled(true);
    std::vector<float> loads(2 * f.linkIdBound(), 0.f);
    // One link between switches, then all of them: alone, and where they fan out of a spine.
    auto countAt = [&](float load, int links) {
        std::fill(loads.begin(), loads.end(), 0.f);
        int loaded = 0;
        f.forEachLink([&](const Link &l) {
            if (loaded < links && f.node(l.a).kind == NodeKind::Switch
                && f.node(l.b).kind == NodeKind::Switch) {
                loads[std::size_t(dirLink(l.id, true))] = load;
                ++loaded;
            }
        });
        canvas.setLinkLoads(loads);
        canvas.viewport()->grab();
        return canvas.lastParticleCount();
    };
    const int full = countAt(1.0f, 1), quarter = countAt(0.25f, 1);
    QVERIFY2(full >= 3 * quarter && quarter >= 1,
             qPrintable(QStringLiteral("%1 vs %2").arg(full).arg(quarter)));
    QCOMPARE(countAt(0.0f, 1), 0);
    // In a crowd every line thins alike, but more traffic never shows fewer particles.
    const int crowdFull = countAt(1.0f, std::numeric_limits<int>::max()),
              crowdQuarter = countAt(0.25f, std::numeric_limits<int>::max());
    QVERIFY2(crowdFull > crowdQuarter && crowdQuarter > full,
        qPrintable(QStringLiteral("%1 vs %2").arg(crowdFull).arg(crowdQuarter)));
    QCOMPARE(countAt(0.0f, std::numeric_limits<int>::max()), 0);
    // Zoomed out to blocks, particles run along the bundles.
    const Fabric big = generate("hpn", smallParams("hpn"));
    canvas.setFabric(&big);
    canvas.zoomToFit();
    canvas.zoomBy(0.05);
    QVERIFY(!canvas.showsDetail());
    std::vector<float> all(2 * big.linkIdBound(), 0.8f);
    canvas.setLinkLoads(all);
    canvas.viewport()->grab();
    QVERIFY(canvas.lastParticleCount() > 0);
    QVERIFY(canvas.lastParticleCount() <= 24000);
    // The same pod in a small view, every link full: particles (3x3 px) cover at most a tenth of
    // the view, so the utilisation colours under them still show.
    canvas.resize(420, 320);
    canvas.zoomToFit();
    canvas.setLinkLoads(std::vector<float>(2 * big.linkIdBound(), 1.0f));
    const QImage shown = canvas.viewport()->grab().toImage();
    const double area = double(shown.width()) * shown.height();
    QVERIFY(canvas.lastParticleCount() > 0);
    QVERIFY2(canvas.lastParticleCount() * 9 <= 0.1 * area,
        qPrintable(
            QStringLiteral("%1 particles in %2 px").arg(canvas.lastParticleCount()).arg(area)));
}

void TestCanvas::particlesThinWhereLinesCrowd()
{
    // A small view of a whole pod, every link full both ways: the GPU links fan into their
    // leaves a pixel or two apart, where particles on every line made one dark mass.
    const Fabric f = generate("ib-fat-tree", nlohmann::json { { "tiers", 2 }, { "gpus", 256 } });
    FabricCanvas canvas;
    showCanvas(canvas, f, QSize(640, 420));
    canvas.setLegendVisible(false);
    canvas.setParticlesEnabled(true);
    canvas.setLinkLoads(std::vector<float>(2 * f.linkIdBound(), 1.0f));
    const QImage shown = canvas.viewport()->grab().toImage();
    QVERIFY(canvas.lastParticleCount() > 100);
    // The share of each 24 px square that particles (their one dark grey) cover.
    const int cell = 24;
    double densest = 0;
    for (int top = 0; top + cell <= shown.height(); top += cell / 2)
        for (int left = 0; left + cell <= shown.width(); left += cell / 2) {
            int dark = 0;
            for (int y = top; y < top + cell; ++y)
                for (int x = left; x < left + cell; ++x)
                    dark += shown.pixel(x, y) == qRgb(0x1a, 0x1a, 0x1a);
            densest = std::max(densest, double(dark) / (cell * cell));
        }
    QVERIFY2(densest <= 0.3, qPrintable(QStringLiteral("%1 of a square covered").arg(densest)));
}

void TestCanvas::linkInfoProviderExtendsTooltip()
{
    const Fabric f = handMade();
    FabricCanvas canvas;
    showCanvas(canvas, f);
    const LinkId l = 4;
    QVERIFY(!canvas.describeLink(l).contains(QStringLiteral("flows")));
    canvas.setLinkInfoProvider([](LinkId id) { return QStringLiteral("3 flows on link %1").arg(id); });
    QVERIFY(canvas.describeLink(l).contains(QStringLiteral("3 flows on link 4")));
    canvas.setLinkInfoProvider({});
    QVERIFY(!canvas.describeLink(l).contains(QStringLiteral("flows")));
}

void TestCanvas::snapRoundsMovedPositions()
{
    const Fabric f = handMade();
    FabricCanvas canvas;
    showCanvas(canvas, f);
    QCOMPARE(canvas.gridSnap(), 0.0);
    const QRgb dot = qRgb(0xb0, 0xb4, 0xbc);
    QCOMPARE(testing::pixelsOf(canvas.viewport()->grab().toImage(), dot), 0);
    canvas.setGridSnap(25);
    QCOMPARE(canvas.gridSnap(), 25.0);
    QVERIFY(canvas.showsDetail());
    QVERIFY(testing::pixelsOf(canvas.viewport()->grab().toImage(), dot) > 100); // the faint dot grid
    QSignalSpy moved(&canvas, &FabricCanvas::nodesMoved);
    const NodeId n = 2;
    const QPoint a = viewPoint(canvas, n), b = a + QPoint(47, 31);
    drag(canvas, a, b);
    QCOMPARE(moved.count(), 1);
    const auto to = moved.at(0).at(2).value<QList<QPointF>>();
    QCOMPARE(to.size(), 1);
    for (const double v : {to[0].x(), to[0].y()})
        QVERIFY2(std::abs(v / 25 - std::round(v / 25)) < 1e-9, qPrintable(QString::number(v)));
    // Snapped to the grid point nearest to where the unsnapped drag would have put it.
    const QPointF free = canvas.mapToScene(b) - canvas.mapToScene(a) + canvas.nodePosition(n);
    QVERIFY(std::abs(to[0].x() - free.x()) <= 12.5 + 1e-9 && std::abs(to[0].y() - free.y()) <= 12.5 + 1e-9);
    canvas.setGridSnap(0);
    QCOMPARE(canvas.gridSnap(), 0.0);
}

void TestCanvas::paletteDropEmitsNodeDropRequested()
{
    const Fabric f = handMade();
    FabricCanvas canvas;
    showCanvas(canvas, f);
    QSignalSpy dropped(&canvas, &FabricCanvas::nodeDropRequested);
    QMimeData mime;
    mime.setData(QString::fromLatin1(kPaletteItemMimeType), QByteArray("switch:leaf"));
    const QPointF at(300, 200);
    QDragEnterEvent enter(at.toPoint(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(canvas.viewport(), &enter);
    QVERIFY(enter.isAccepted());
    QDragMoveEvent move(at.toPoint(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(canvas.viewport(), &move);
    QVERIFY(move.isAccepted());
    QDropEvent drop(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(canvas.viewport(), &drop);
    QCOMPARE(dropped.count(), 1);
    QCOMPARE(dropped.at(0).at(0).toString(), QStringLiteral("switch:leaf"));
    const QPointF scene = dropped.at(0).at(1).toPointF();
    QVERIFY(QLineF(scene, canvas.mapToScene(at.toPoint())).length() < 1e-6);
    // With snap on, the position is on the grid.
    canvas.setGridSnap(20);
    QDragEnterEvent enter2((at + QPointF(7, 3)).toPoint(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(canvas.viewport(), &enter2);
    QDropEvent snappedDrop(at + QPointF(7, 3), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(canvas.viewport(), &snappedDrop);
    QCOMPARE(dropped.count(), 2);
    const QPointF s = dropped.at(1).at(1).toPointF();
    QCOMPARE(std::fmod(std::abs(s.x()), 20.0), 0.0);
    QCOMPARE(std::fmod(std::abs(s.y()), 20.0), 0.0);
    // Other drags (files) are not taken for palette items.
    QMimeData other;
    other.setText(QStringLiteral("hello"));
    QDropEvent foreign(at, Qt::CopyAction, &other, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(canvas.viewport(), &foreign);
    QCOMPARE(dropped.count(), 2);
}

void TestCanvas::drawingStartsOnAReadableSheet()
{
    // New Empty Fabric after a large one kept the large one's zoom: a GPU dropped on the blank
    // canvas was a speck with no name, and the view re-centred on it, away from the pointer.
    const Fabric large = generate("ib-fat-tree", { { "tiers", 2 }, { "radix", 64 } });
    FabricCanvas canvas;
    showCanvas(canvas, large);
    QVERIFY2(canvas.transform().m11() < 1, qPrintable(QString::number(canvas.transform().m11())));
    QVERIFY(canvas.legend()->isVisible());
    Fabric drawn;
    canvas.setFabric(&drawn);
    QVERIFY2(
        canvas.transform().m11() >= 1.5, qPrintable(QString::number(canvas.transform().m11())));
    QVERIFY(!canvas.legend()->isVisible()); // nothing to explain yet: no blank box in the corner
    const auto drop = [&](const char *name, QPoint at) {
        Node n;
        n.kind = NodeKind::Gpu;
        n.name = name;
        const QPointF scene = canvas.mapToScene(at);
        n.hints.position = { scene.x(), scene.y() };
        const NodeId id = drawn.addNode(n);
        canvas.applyChange({ ChangeEvent::Type::NodesAdded, { id }, {} });
        // Where it was dropped, still under the pointer.
        const QPointF shown = canvas.mapFromScene(canvas.nodePosition(id));
        QVERIFY2(QLineF(shown, at).length() < 2,
            qPrintable(QStringLiteral("%1,%2 not %3,%4")
                           .arg(shown.x())
                           .arg(shown.y())
                           .arg(at.x())
                           .arg(at.y())));
    };
    const QPoint centre = canvas.viewport()->rect().center();
    drop("gpu", centre - QPoint(300, 200));
    drop("gpu-2", centre + QPoint(350, 250));
    canvas.viewport()->repaint();
    QStringList shown;
    for (const auto &[text, box] : canvas.shownLabels())
        shown << text;
    QVERIFY2(shown.contains(QStringLiteral("gpu")) && shown.contains(QStringLiteral("gpu-2")),
        qPrintable(shown.join('|')));
    QVERIFY(canvas.legend()->isVisible());

    // A fabric emptied by deleting every node keeps its view through a resize, so Undo brings
    // the fabric back where it was, not onto a drawing sheet zoomed on the origin.
    Fabric tree = generate("ib-fat-tree", { { "tiers", 2 }, { "gpus", 32 } });
    canvas.setFabric(&tree);
    canvas.zoomToFit();
    const QTransform fitted = canvas.transform();
    std::vector<NodeId> all;
    tree.forEachNode([&](const Node &n) { all.push_back(n.id); });
    for (const NodeId n : all)
        tree.removeNode(n);
    canvas.applyChange({ ChangeEvent::Type::NodesRemoved, all, {} });
    canvas.resize(canvas.size() - QSize(40, 30));
    QCoreApplication::processEvents();
    QCOMPARE(canvas.transform(), fitted);
}

void TestCanvas::keyboardFocusIsFramed()
{
    // Whoever works without a mouse sees where the keys go: Tab into the canvas frames it. A
    // click needs no frame, and the focus leaving takes it away.
    const Fabric fabric = generate("ib-fat-tree", { { "tiers", 2 }, { "gpus", 64 } });
    testing::TabFixture fixture;
    auto *canvas = new FabricCanvas(&fixture.window);
    fixture.add(canvas);
    canvas->setFabric(&fabric);
    QVERIFY(fixture.show(QSize(600, 400)));
    QLineEdit *before = fixture.before;
    const QColor highlight = canvas->palette().color(QPalette::Highlight);
    const auto corner = [canvas] { return canvas->grab().toImage().pixelColor(1, 1); };
    QVERIFY(corner() != highlight);

    QTest::keyClick(before, Qt::Key_Tab);
    QTRY_VERIFY(canvas->hasFocus());
    QVERIFY(canvas->showsKeyboardFocus());
    QCOMPARE(corner(), highlight);
    // Pictures of the canvas leave it out.
    QVERIFY(canvas->renderImage(QSize(600, 400), {}, false).pixelColor(1, 1) != highlight);

    before->setFocus(Qt::MouseFocusReason);
    QTRY_VERIFY(!canvas->hasFocus());
    QVERIFY(!canvas->showsKeyboardFocus());
    QVERIFY(corner() != highlight);

    QTest::mouseClick(canvas->viewport(), Qt::LeftButton, {}, QPoint(8, 8));
    QTRY_VERIFY(canvas->hasFocus());
    QVERIFY(!canvas->showsKeyboardFocus());
    QVERIFY(corner() != highlight);
}

void TestCanvas::fitToTopPutsTheFabricUnderTheTop()
{
    // A compare canvas taller than the page shows: centred, a wide fabric sat below the fold.
    const Fabric wide = generate("ib-fat-tree", { { "tiers", 2 }, { "gpus", 256 } });
    const auto topOf = [&](bool toTop) {
        FabricCanvas canvas;
        canvas.setFitsToTop(toTop);
        canvas.setLegendVisible(false); // the fabric alone: a legend takes the top corner
        showCanvas(canvas, wide, QSize(300, 700));
        canvas.zoomToFit();
        return canvas.mapFromScene(canvas.fabricBounds().topLeft()).y();
    };
    const int centred = topOf(false), top = topOf(true);
    QVERIFY2(centred > 200, qPrintable(QString::number(centred)));
    QVERIFY2(top >= 0 && top <= 40, qPrintable(QString::number(top)));
}

void TestCanvas::twistedTorusDiffersFromPlain()
{
    const Fabric plain = generate("tpu-torus", {{"x", 4}, {"y", 4}, {"z", 8}, {"twisted", false}});
    const Fabric twisted = generate("tpu-torus", {{"x", 4}, {"y", 4}, {"z", 8}, {"twisted", true}});
    FabricCanvas canvas;
    showCanvas(canvas, plain);
    QCOMPARE(canvas.twistedWrapLinks(), 0);
    auto hasTwistEntry = [&] {
        const auto legend = canvas.legendEntries();
        return std::any_of(legend.begin(), legend.end(), [](const LegendEntry &e) {
            // "Twisted wrap-around (through the OCS)", or in the lattice one entry per twisted
            // dimension: "Twisted X wrap-around: lands shifted by 4 in Z".
            return e.label.startsWith(QStringLiteral("Twisted "))
                && e.label.contains(QStringLiteral("wrap-around"));
        });
    };
    QVERIFY(!hasTwistEntry());
    const QRgb magenta = qRgb(0xb8, 0x00, 0x6b);
    for (const TorusView view : {TorusView::Lattice, TorusView::Projection, TorusView::Slices}) {
        canvas.setTorusView(view);
        canvas.setFabric(&plain);
        const QImage a = canvas.renderImage(QSize(1200, 800));
        canvas.setFabric(&twisted);
        // 4x4x8: the x and y wrap-arounds (2 x 32 circuits, two fibres each) are twisted.
        QCOMPARE(canvas.twistedWrapLinks(), 128);
        QVERIFY(hasTwistEntry());
        const QImage b = canvas.renderImage(QSize(1200, 800));
        QVERIFY(a != b);
        QCOMPARE(testing::pixelsOf(a, magenta), 0);
        QVERIFY2(testing::pixelsOf(b, magenta) > 200, qPrintable(QString::number(testing::pixelsOf(b, magenta))));
    }
    // Reconfiguring the OCS (the app's undoable edit) twists or untwists what the canvas shows.
    Fabric live = plain;
    canvas.setFabric(&live);
    QCOMPARE(canvas.twistedWrapLinks(), 0);
    gen::reconfigureTpu(live, gen::TpuShape{4, 4, 8}, true);
    canvas.applyChange({ChangeEvent::Type::CircuitsChanged, {}, {}});
    QCOMPARE(canvas.twistedWrapLinks(), 128);
    gen::reconfigureTpu(live, gen::TpuShape{4, 4, 8}, false);
    canvas.applyChange({ChangeEvent::Type::CircuitsChanged, {}, {}});
    QCOMPARE(canvas.twistedWrapLinks(), 0);
}

void TestCanvas::dimensionColouringAndFilter()
{
    const Fabric f = generate("tpu-torus", {{"x", 4}, {"y", 4}, {"z", 4}});
    FabricCanvas canvas;
    canvas.setTorusView(TorusView::Slices);
    showCanvas(canvas, f);
    QVERIFY(canvas.hasTorusDimensions());
    auto dimEntries = [&] {
        int n = 0;
        for (const LegendEntry &e : canvas.legendEntries())
            n += e.label.startsWith(QStringLiteral("Torus dimension"));
        return n;
    };
    QCOMPARE(dimEntries(), 0);
    const QImage plain = canvas.renderImage(QSize(1200, 800), QString(), false);
    canvas.setDimensionColouring(true);
    QCOMPARE(dimEntries(), 3);
    const QImage coloured = canvas.renderImage(QSize(1200, 800), QString(), false);
    QVERIFY(plain != coloured);
    // Each dimension's full hue shows up; with X alone, Y and Z links are grey.
    const QRgb x = SceneData::dimensionColour(0, SceneData::kFullDimLevel).rgb();
    const QRgb y = SceneData::dimensionColour(1, SceneData::kFullDimLevel).rgb();
    const QRgb z = SceneData::dimensionColour(2, SceneData::kFullDimLevel).rgb();
    QVERIFY(testing::pixelsOf(coloured, x) > 50);
    QVERIFY(testing::pixelsOf(coloured, y) > 50);
    QVERIFY(testing::pixelsOf(coloured, z) > 50);
    canvas.setDimensionFilter(0);
    QCOMPARE(canvas.dimensionFilter(), 0);
    QCOMPARE(dimEntries(), 1);
    const QImage onlyX = canvas.renderImage(QSize(1200, 800), QString(), false);
    QVERIFY(testing::pixelsOf(onlyX, x) > 50);
    QCOMPARE(testing::pixelsOf(onlyX, y), 0);
    QCOMPARE(testing::pixelsOf(onlyX, z), 0);
    // Loads set brightness: an idle X link is paler than a busy one.
    std::vector<float> loads(2 * f.linkIdBound(), 0.f);
    canvas.setLinkLoads(loads);
    auto xEntry = [&] {
        for (const LegendEntry &e : canvas.legendEntries())
            if (e.label.startsWith(QStringLiteral("Torus dimension X")))
                return e.label;
        return QString();
    };
    QVERIFY2(xEntry().contains(QStringLiteral(": 0% busy now")), qPrintable(xEntry()));
    const QImage idle = canvas.renderImage(QSize(1200, 800), QString(), false);
    QCOMPARE(testing::pixelsOf(idle, x), 0);
    QVERIFY(testing::pixelsOf(idle, SceneData::dimensionColour(0, 0).rgb()) > 50);
    // Every X link at half load in one direction: the legend says so.
    f.forEachLink([&](const Link &l) {
        const NodeId a = l.a, b = l.b;
        if (f.node(a).kind == NodeKind::Gpu && f.node(b).kind == NodeKind::Gpu
            && f.node(a).hints.x != f.node(b).hints.x)
            loads[std::size_t(dirLink(l.id, true))] = 0.5f;
    });
    canvas.setLinkLoads(loads);
    QVERIFY2(
        xEntry().contains(QStringLiteral("busy now")) && !xEntry().contains(QStringLiteral(": 0%")),
        qPrintable(xEntry()));
    canvas.setDimensionFilter(-1);
    canvas.setDimensionColouring(false);
    QCOMPARE(dimEntries(), 0);
}

QTEST_MAIN(TestCanvas)
#include "tst_canvas.moc"
