// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Topology metrics on the fabrics the generators build: the published figures of docs/reference-figures.md.
#include "generators/registry.h"
#include "model/metrics.h"

#include <QtTest>

using namespace fabric;

namespace {

Fabric generate(const std::string &family, const gen::ParamText &params)
{
    return gen::generate(family, params);
}

/// The first endpoint whose hints match @p pod and @p rail (-1 = any) after @p after.
NodeId endpointIn(const Fabric &f, int pod, NodeId after = kNoNode)
{
    for (NodeId e : f.endpoints())
        if (e > after && f.node(e).hints.pod == pod)
            return e;
    return kNoNode;
}

} // namespace

class TestMetricsGenerated : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void fullFatTree_data();
    void fullFatTree();
    void oversubscribedFatTree();
    void equalCostPathsInFatTrees();
    void tpuPod();
    void tpuCube();
    void hpnSegmentsShareTheirUplinks();
    void hpnPod();
    void roceZonesAreOversubscribed();
    void dragonflyDiameter();
};

void TestMetricsGenerated::fullFatTree_data()
{
    QTest::addColumn<int>("tiers");
    QTest::addColumn<int>("k");
    QTest::addColumn<bool>("rails");
    QTest::addColumn<int>("diameter");
    QTest::newRow("2 tiers k=4") << 2 << 4 << false << 4;
    QTest::newRow("2 tiers k=8 rails") << 2 << 8 << true << 4;
    QTest::newRow("2 tiers k=16 rails") << 2 << 16 << true << 4;
    QTest::newRow("2 tiers k=64 rails") << 2 << 64 << true << 4;
    QTest::newRow("3 tiers k=4") << 3 << 4 << false << 6;
    QTest::newRow("3 tiers k=8") << 3 << 8 << false << 6;
    QTest::newRow("3 tiers k=16 rails") << 3 << 16 << true << 6;
}

void TestMetricsGenerated::fullFatTree()
{
    QFETCH(int, tiers);
    QFETCH(int, k);
    QFETCH(bool, rails);
    QFETCH(int, diameter);
    const int gpusPerHost = k >= 16 ? 8 : (rails ? k / 2 : 2);
    const Fabric f = generate("ib-fat-tree",
        { { "tiers", std::to_string(tiers) }, { "radix", std::to_string(k) },
            { "gpus_per_host", std::to_string(gpusPerHost) },
            { "rail_optimised", rails ? "true" : "false" } });
    const metrics::FabricMetrics m = metrics::computeMetrics(f);
    const std::size_t n = tiers == 2 ? std::size_t(k * k / 2) : std::size_t(k * k * k / 4);
    QCOMPARE(m.endpoints, n);
    QCOMPARE(m.bisectionGbps, double(n / 2) * 400.0); // N/2 x NDR
    QCOMPARE(m.diameterHops, diameter);
    QCOMPARE(m.tiers.front().oversubscription, 1.0);
}

void TestMetricsGenerated::oversubscribedFatTree()
{
    // k = 8 at 3:1: a leaf has 6 GPUs and 2 uplinks; half the 8 leaves send 4 x 2 x 400.
    const Fabric f = generate("ib-fat-tree",
        { { "radix", "8" }, { "oversubscription", "3" }, { "gpus_per_host", "2" },
            { "rail_optimised", "false" } });
    const metrics::FabricMetrics m = metrics::computeMetrics(f);
    QCOMPARE(m.endpoints, std::size_t(48));
    QCOMPARE(m.bisectionGbps, 4 * 2 * 400.0);
    QCOMPARE(m.tiers.front().oversubscription, 3.0);
}

void TestMetricsGenerated::equalCostPathsInFatTrees()
{
    // 2 tiers, k = 8, GPUs of a host on one leaf: host 0 and host 2 sit on different leaves.
    const Fabric two = generate("ib-fat-tree",
        { { "radix", "8" }, { "gpus_per_host", "2" }, { "rail_optimised", "false" } });
    QCOMPARE(metrics::equalCostPathCount(two, 0, 4), std::uint64_t(4)); // k/2 spines
    QCOMPARE(metrics::shortestPathHops(two, 0, 4), 4);
    // 256 GPUs on k = 64: 4 spines, 8 parallel links from every leaf to every spine.
    const Fabric unit = generate("ib-fat-tree", { { "gpus", "256" } });
    QCOMPARE(metrics::equalCostPathCount(unit, 0, 9), std::uint64_t(4 * 8 * 8)); // rail 0 to 1
    // GPUs 0 and 1 share a host: one 2-hop NVLink path beats the 4-hop fabric paths.
    QCOMPARE(metrics::equalCostPathCount(unit, 0, 1), std::uint64_t(1));
    QCOMPARE(metrics::shortestPathHops(unit, 0, 1), 2);
    QCOMPARE(metrics::bisectionGbps(unit), 128 * 400.0);

    const Fabric three = generate("ib-fat-tree",
        { { "tiers", "3" }, { "radix", "8" }, { "gpus_per_host", "2" },
            { "rail_optimised", "false" } });
    const NodeId a = endpointIn(three, 0);
    const NodeId b = endpointIn(three, 5);
    QVERIFY(a != kNoNode && b != kNoNode);
    QCOMPARE(metrics::equalCostPathCount(three, a, b), std::uint64_t(16)); // (k/2)^2 cores
    QCOMPARE(metrics::shortestPathHops(three, a, b), 6);
}

void TestMetricsGenerated::tpuPod()
{
    const Fabric f = generate("tpu-torus", {});
    const metrics::FabricMetrics m = metrics::computeMetrics(f);
    QCOMPARE(m.endpoints, std::size_t(4096));
    QCOMPARE(m.ocs, std::size_t(48));
    QCOMPARE(m.bisectionGbps, 512 * 400.0); // 24 TB/s (docs/reference-figures.md, section 5)
    QCOMPARE(m.diameterHops, 24);
}

void TestMetricsGenerated::tpuCube()
{
    const Fabric cube = generate("tpu-torus", { { "x", "4" }, { "y", "4" }, { "z", "4" } });
    QCOMPARE(metrics::bisectionGbps(cube), 2 * 4 * 4 * 400.0);
    QCOMPARE(metrics::diameterHops(cube), 6);
    // 4x4x8: cut across z, 2 x 4 x 4 links; twisting shortens the diameter.
    const Fabric plain = generate("tpu-torus", { { "x", "4" }, { "y", "4" }, { "z", "8" } });
    QCOMPARE(metrics::bisectionGbps(plain), 2 * 4 * 4 * 400.0);
    QCOMPARE(metrics::diameterHops(plain), 2 + 2 + 4);
    const Fabric twisted = generate(
        "tpu-torus", { { "x", "4" }, { "y", "4" }, { "z", "8" }, { "twisted", "true" } });
    QVERIFY(metrics::diameterHops(twisted) < 8);
    // The twist moves the x and y wrap-arounds half-way along z, so all 2 x 32 of them cross
    // the z cut too (96 links): the narrowest middle is now x's or y's, 64 links, twice the
    // plain bisection. It read 3x, the z cut's, as if z were still the narrowest.
    QCOMPARE(metrics::bisectionGbps(twisted), 64 * 400.0);
}

void TestMetricsGenerated::hpnSegmentsShareTheirUplinks()
{
    // Two segments of 16 hosts: 16 ToRs each with 16 x 200G down and 4 x 400G up (4 aggs per
    // plane); everything segment 0 sends to segment 1 crosses 16 x 4 x 400G of ToR uplinks.
    const Fabric f = generate(
        "hpn", { { "segments", "2" }, { "hosts_per_segment", "16" }, { "aggs_per_plane", "4" } });
    const metrics::FabricMetrics m = metrics::computeMetrics(f);
    QCOMPARE(m.endpoints, std::size_t(256));
    QCOMPARE(m.bisectionGbps, 16 * 4 * 400.0);
    QCOMPARE(m.diameterHops, 4); // GPU-ToR-agg-ToR-GPU, in one plane
    // Each GPU reaches another segment's GPU of its rail over 4 aggregation switches per plane.
    const NodeId a = endpointIn(f, 0);
    const NodeId b = endpointIn(f, 1);
    QCOMPARE(metrics::equalCostPathCount(f, a, b), std::uint64_t(2 * 4));
}

void TestMetricsGenerated::hpnPod()
{
    const Fabric f = generate("hpn", {});
    const metrics::FabricMetrics m = metrics::computeMetrics(f);
    QCOMPARE(m.endpoints, std::size_t(15360));
    QCOMPARE(m.diameterHops, 4);
    QCOMPARE(m.tiers.size(), std::size_t(3));
    // ToR: 128 x 200G down, 60 x 400G up = 25.6 : 24 (docs/reference-figures.md, section 4, derived).
    const metrics::TierSummary &tor = m.tiers[0];
    QCOMPARE(tor.switches, std::size_t(240));
    QCOMPARE(tor.downGbps, 240 * 128 * 200.0);
    QCOMPARE(tor.upGbps, 240 * 60 * 400.0);
    QCOMPARE(tor.oversubscription, 25600.0 / 24000.0);
    // Aggregation: 120 x 400G down, 8 x 400G up to the core = 15:1.
    QCOMPARE(m.tiers[1].switches, std::size_t(120));
    QCOMPARE(m.tiers[1].oversubscription, 15.0);
    // The first half is segments 0-6 and half of segment 7: the seven whole segments are held
    // to their ToRs' 24 Tb/s of uplinks, segment 7's halves meet at their own ToRs.
    QCOMPARE(m.bisectionGbps, 7 * 16 * 60 * 400.0 + 512 * 400.0);
}

void TestMetricsGenerated::roceZonesAreOversubscribed()
{
    // Two zones of 8 racks x 16 GPUs at 1:4: each of 4 CTSWs gets ceil(128 / (4 x 4)) = 8
    // uplinks, so 32 x 400G leave a zone against 128 x 400G of GPUs.
    const Fabric f = generate("roce-clos",
        { { "zones", "2" }, { "racks_per_zone", "8" }, { "ctsw_per_zone", "4" },
            { "zone_oversubscription", "4" } });
    const metrics::FabricMetrics m = metrics::computeMetrics(f);
    QCOMPARE(m.endpoints, std::size_t(256));
    QCOMPARE(m.bisectionGbps, 32 * 400.0);
    QCOMPARE(m.diameterHops, 6);
}

void TestMetricsGenerated::dragonflyDiameter()
{
    // Balanced dragonfly: local, global, local hop between routers, plus the two GPU links.
    const Fabric f = generate("dragonfly", {});
    QCOMPARE(metrics::diameterHops(f), 5);
}

QTEST_GUILESS_MAIN(TestMetricsGenerated)
#include "tst_metrics_generated.moc"
