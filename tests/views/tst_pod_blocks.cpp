// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Pods, zones and segments as blocks: each says what its GPUs inject against what leaves it
// (Meta's zones join at about 7:1), and a fabric of several pods is drawn at fit as blocks
// joined by bands rather than as a sample of its links; a single pod keeps its links.

#include "canvas/fabriccanvas.h"
#include "io/fabricfile.h"
#include "layout/layoutengine.h"

#include <QTest>

#include <optional>

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

/// Whether @p f's switches and GPUs are drawn one by one on a canvas of the size the window
/// gives it at 1920x1080, fitted: false when its pods are drawn as blocks.
/// Empty when the canvas could not be shown.
std::optional<bool> nodesDrawnAtFit(const Fabric &f)
{
    FabricCanvas canvas;
    canvas.resize(1171, 668);
    canvas.setFabric(&f);
    canvas.show();
    if (!QTest::qWaitForWindowExposed(&canvas))
        return std::nullopt;
    canvas.zoomToFit();
    canvas.viewport()->repaint();
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

QTEST_MAIN(TestPodBlocks)
#include "tst_pod_blocks.moc"
