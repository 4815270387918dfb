// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Pods, zones and segments as blocks: each says what its GPUs inject against what leaves it
// (Meta's zones join at about 7:1), and a fabric of several pods is drawn at fit as blocks
// joined by bands rather than as a sample of its links; a single pod keeps its links.

#include "canvas/canvaslabels.h"
#include "canvas/fabriccanvas.h"
#include "canvas/scenedata.h"
#include "generators/registry.h"
#include "io/fabricfile.h"
#include "layout/layoutengine.h"
#include "layout/layoutpositions.h"
#include "textrecorder.h"

#include <QImage>
#include <QPainter>
#include <QPixmap>
#include <QTest>
#include <QToolTip>

#include <optional>
#include <sstream>

using namespace fabric;
using namespace fabric::views;

namespace {

Fabric shipped(const char *name)
{
    return io::loadFabric(std::string(FABRICSCOPE_TOPOLOGIES "/") + name + ".fabric.json");
}

QStringList podDetails(const FabricLayout &l)
{
    QStringList out;
    for (const LayoutBlock &b : l.blocks)
        if (b.kind == LayoutBlock::Kind::Pod)
            out << b.detail;
    return out;
}

/// Shows @p f on @p canvas at the size the window gives it at 1920x1080, fitted; false when
/// the canvas could not be shown.
bool showAtFit(FabricCanvas &canvas, const Fabric &f)
{
    canvas.resize(1171, 668);
    canvas.setFabric(&f);
    canvas.show();
    if (!QTest::qWaitForWindowExposed(&canvas))
        return false;
    canvas.zoomToFit();
    canvas.viewport()->repaint();
    return true;
}

/// Whether @p f's switches and GPUs are drawn one by one at fit (showAtFit): false when its
/// pods are drawn as blocks. Empty when the canvas could not be shown.
std::optional<bool> nodesDrawnAtFit(const Fabric &f)
{
    FabricCanvas canvas;
    if (!showAtFit(canvas, f))
        return std::nullopt;
    return canvas.showsDetail();
}

} // namespace

class TestPodBlocks : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void zonesSayTheirOversubscription();
    void fatTreePodsAreOneToOne();
    void severalPodsAreBlocksAtFit();
    void collapsedBlocksShowTheirBusiestLinkInside();
    void handDrawnFabricGetsNoEmptyPod();
    void foldedLabelsKeepOffSwitches();
};

void TestPodBlocks::zonesSayTheirOversubscription()
{
    // Two zones of 3,072 GPUs at 400 Gb/s (1,228.8 Tb/s each) leave through 179.2 Tb/s to the
    // aggregation switches: 6.86:1, the 1:7 the generator was asked for, rounded by whole
    // uplinks.
    const QStringList details = podDetails(computeLayout(shipped("meta-2-zones")));
    QCOMPARE(details.size(), 2);
    for (const QString &d : details) {
        const QStringList lines = d.split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines[0], QStringLiteral("3,072 GPUs · 208 switches"));
        QCOMPARE(lines[1], QStringLiteral("1,229 Tb/s from GPUs, 179 Tb/s out (6.86:1)"));
    }
}

void TestPodBlocks::fatTreePodsAreOneToOne()
{
    // A pod of the k = 16 fat-tree: 64 GPUs in, 8 aggregation switches x 8 core uplinks out.
    const QStringList details = podDetails(computeLayout(shipped("fat-tree-k16")));
    QCOMPARE(details.size(), 16);
    for (const QString &d : details)
        QVERIFY2(d.endsWith(QStringLiteral("25.6 Tb/s from GPUs, 25.6 Tb/s out (1:1)")), qPrintable(d));
}

void TestPodBlocks::severalPodsAreBlocksAtFit()
{
    // The two zones' links would need sampling at fit: blocks and bands instead.
    QCOMPARE(nodesDrawnAtFit(shipped("meta-2-zones")), std::optional(false));
    // One segment as a block would show nothing: it keeps (a sample of) its links.
    QCOMPARE(nodesDrawnAtFit(shipped("hpn-segment")), std::optional(true));
    // Sixteen pods whose links fit keep them too.
    QCOMPARE(nodesDrawnAtFit(shipped("fat-tree-k16")), std::optional(true));
}

void TestPodBlocks::collapsedBlocksShowTheirBusiestLinkInside()
{
    // At fit the two zones are blocks and their 9,000 links inside are hidden: during a run each
    // has a bar along its bottom in the colour of its busiest link inside, so a saturated zone
    // does not look like an idle one.
    const Fabric f = shipped("meta-2-zones");
    const FabricLayout layout = computeLayout(f);
    std::vector<std::size_t> zones;
    for (std::size_t i = 0; i < layout.blocks.size(); ++i)
        if (layout.blocks[i].kind == LayoutBlock::Kind::Pod)
            zones.push_back(i);
    QCOMPARE(zones.size(), std::size_t(2));
    LinkId inFirstZone = kNoLink;
    f.forEachLink([&](const Link &l) {
        const int block = layout.blockOf[static_cast<std::size_t>(l.a)];
        if (inFirstZone == kNoLink && block == int(zones[0])
            && layout.blockOf[static_cast<std::size_t>(l.b)] == block)
            inFirstZone = l.id;
    });
    QVERIFY(inFirstZone != kNoLink);

    FabricCanvas canvas;
    QVERIFY(showAtFit(canvas, f));
    QVERIFY(!canvas.showsDetail());
    // A pixel 5 px above a zone's bottom edge (inside its bar), and one in the middle of it.
    const auto pixels = [&](std::size_t zone) {
        const QImage shot = canvas.viewport()->grab().toImage();
        const QRectF r = layout.blocks[zone].rect;
        const QPoint bottom = canvas.mapFromScene(QPointF(r.center().x(), r.bottom()));
        const QPoint middle = canvas.mapFromScene(r.center());
        return std::pair(shot.pixelColor(bottom - QPoint(0, 5)), shot.pixelColor(middle));
    };
    // Before a run: no bar, the block's own fill; its tooltip says what it holds.
    const auto [plainBar, plainFill] = pixels(zones[0]);
    QCOMPARE(plainBar, plainFill);
    const QPointF inFirst = layout.blocks[zones[0]].rect.center();
    QString tip = canvas.describeBlockAt(inFirst);
    QVERIFY2(tip.contains(QStringLiteral("AI zone 0")) && tip.contains(QStringLiteral("3,072 GPUs"))
            && !tip.contains(QStringLiteral("Busiest")),
        qPrintable(tip));
    const auto legendExplainsBars = [&canvas] {
        for (const LegendEntry &e : canvas.legendEntries())
            if (e.label.startsWith(QStringLiteral("Bar in a block")))
                return true;
        return false;
    };
    QVERIFY(!legendExplainsBars());

    std::vector<float> loads(2 * f.linkIdBound(), 0.f);
    loads[2 * static_cast<std::size_t>(inFirstZone)] = 1.f;
    canvas.setLinkLoads(loads);
    const auto [busyBar, busyFill] = pixels(zones[0]);
    const auto [idleBar, idleFill] = pixels(zones[1]);
    QCOMPARE(busyFill, plainFill);
    // Viridis at 100 %: yellow.
    QVERIFY2(busyBar.red() > 200 && busyBar.green() > 200 && busyBar.blue() < 100,
        qPrintable(busyBar.name()));
    QVERIFY2(idleBar != busyBar && idleBar != idleFill, qPrintable(idleBar.name()));
    QVERIFY(legendExplainsBars());
    // Hovering the zone names that link, in its busier direction.
    const Link &hot = f.link(inFirstZone);
    tip = canvas.describeBlockAt(inFirst);
    QVERIFY2(tip.contains(QStringLiteral("Busiest link inside now: %1 \u2192 %2, 100%")
                              .arg(QString::fromStdString(f.node(hot.a).name),
                                  QString::fromStdString(f.node(hot.b).name))),
        qPrintable(tip));
    QTest::mouseMove(canvas.viewport(), canvas.mapFromScene(inFirst));
    QTRY_VERIFY(QToolTip::isVisible());
    QCOMPARE(QToolTip::text(), tip);

    // The bar follows the time: the busy link going idle turns it idle.
    loads[2 * static_cast<std::size_t>(inFirstZone)] = 0.f;
    canvas.setLinkLoads(loads);
    QCOMPARE(pixels(zones[0]).first, idleBar);

    // Zoomed in, the links inside are drawn and the legend drops the bars.
    canvas.zoomBy(40);
    canvas.viewport()->repaint();
    QVERIFY(canvas.showsDetail());
    QVERIFY(!legendExplainsBars());
    QVERIFY(canvas.describeBlockAt(inFirst).isEmpty());
    // A picture of the whole fabric folds the zones whatever the screen shows, and its legend
    // explains the bars it draws.
    testing::TextRecorder recorder(QSize(1171, 668));
    {
        QPainter painter(&recorder);
        canvas.renderTo(&painter, QRectF(0, 0, 1171, 668));
    }
    bool pictureExplainsBars = false;
    for (const testing::PaintedText &t : recorder.texts())
        pictureExplainsBars
            = pictureExplainsBars || t.text.startsWith(QStringLiteral("Bar in a block"));
    QVERIFY(pictureExplainsBars);
}

// The compare view draws a dual-plane HPN fabric small, its segments folded and its switch rows
// still drawn one by one: the capacities of the bundles were written over the aggregation
// switches, and read through the links under them.
void TestPodBlocks::foldedLabelsKeepOffSwitches()
{
    const Fabric f = gen::generate("hpn",
        gen::ParamText {
            { "segments", "2" }, { "hosts_per_segment", "16" }, { "aggs_per_plane", "8" } });
    const FabricLayout l = computeLayout(f);
    SceneData data;
    data.build(f, l);
    const QRectF all = data.contentBounds().marginsAdded(QMarginsF(20, 20, 20, 20));
    int folded = 0, capacities = 0, switchesAlone = 0;
    // Heights of the compare view's drawings, 1280x720 to 1920x1080.
    for (const double heightPx : { 80.0, 100.0, 130.0, 160.0, 200.0 }) {
        data.plan = data.planFor(heightPx / all.height(), all, 1.0);
        if (data.plan.detailNodes)
            continue;
        ++folded;
        for (const CanvasLabel &label : canvasLabels(data, all)) {
            if (!label.text.endsWith(QLatin1String("b/s")))
                continue;
            ++capacities;
            QVERIFY2(label.halo, qPrintable(label.text));
            f.forEachNode([&](const Node &n) {
                if (n.kind != NodeKind::Switch || !data.drawsNode(int(n.id)))
                    return;
                ++switchesAlone;
                const double lod = data.plan.lod; // the box is in pixels from the anchor
                const QRectF drawn(
                    label.anchor + label.box.topLeft() / lod, label.box.size() / lod);
                QVERIFY2(!drawn.intersects(data.rect[std::size_t(n.id)]),
                    qPrintable(label.text + " over " + QString::fromStdString(n.name) + " at "
                        + QString::number(heightPx) + " px"));
            });
        }
    }
    QVERIFY(folded >= 2);
    QVERIFY(capacities >= 2);
    QVERIFY(switchesAlone > 0);
}

void TestPodBlocks::handDrawnFabricGetsNoEmptyPod()
{
    // Two GPUs and a leaf dropped from the palette, saved and opened again: the tiered layout
    // framed an empty "Pod 0" with tier labels beside it, away from the nodes drawn where the
    // user had put them (the canvas and every export).
    std::istringstream text(R"({"format":"fabricscope-fabric","version":1,"nodes":[
        {"id":0,"kind":"gpu","name":"g0","hints":{"tier":0,"position":[0,-0.625]}},
        {"id":1,"kind":"gpu","name":"g1","hints":{"tier":0,"position":[-73.6,-18.6]}},
        {"id":2,"kind":"switch","name":"leaf","role":"leaf","hints":{"tier":2,"position":[0,-48.6]}}],
        "links":[{"id":0,"a":0,"b":2,"capacity_gbps":400,"medium":"infiniband"},
            {"id":1,"a":1,"b":2,"capacity_gbps":100,"medium":"infiniband"}]})");
    const Fabric drawn = io::readFabric(text, "drawn.fabric.json");
    const FabricLayout layout = computeLayout(drawn);
    QCOMPARE(layout.name, QStringLiteral("placed"));
    QVERIFY(layout.blocks.empty());
    QVERIFY(layout.labels.empty());
    QCOMPARE(layout.positions[1], QPointF(-73.6, -18.6));
    QVERIFY(layout.bounds.contains(QPointF(-73.6, -18.6)));

    // Every position the layout's own (a GraphML export read back): the layout stays.
    const Fabric exported = withLayoutPositions(shipped("meta-2-zones"));
    const FabricLayout kept = computeLayout(exported);
    QCOMPARE(kept.name, computeLayout(shipped("meta-2-zones")).name);
    QVERIFY(!podDetails(kept).isEmpty());
}

QTEST_MAIN(TestPodBlocks)
#include "tst_pod_blocks.moc"
