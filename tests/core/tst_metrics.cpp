// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Topology metrics on fabrics built by hand, so each expected figure follows from the drawing.
#include "handmadefabric.h"
#include "model/error.h"
#include "model/metrics.h"

#include <QtTest>

#include <cmath>

using namespace fabric;

namespace {

constexpr double kRateGbps = 400.0;

Node makeNode(NodeKind kind, SwitchRole role = SwitchRole::None, int tier = -1)
{
    Node n;
    n.kind = kind;
    n.role = role;
    n.hints.tier = tier;
    return n;
}

NodeId addSwitch(Fabric &f, SwitchRole role, int tier)
{
    return f.addNode(makeNode(NodeKind::Switch, role, tier));
}

/// testing::addLink with this file's defaults: the rate of kRateGbps, no latency.
LinkId addLink(Fabric &f, NodeId a, NodeId b, double gbps = kRateGbps,
    Medium medium = Medium::InfiniBand, int portA = -1, int portB = -1)
{
    return testing::addLink(f, a, b, gbps, 0, medium, portA, portB);
}

/// Adds @p count GPUs under @p leaf; with @p host, they belong to it over NVLink.
std::vector<NodeId> addGpus(Fabric &f, NodeId leaf, int count, NodeId host = kNoNode)
{
    std::vector<NodeId> gpus;
    for (int i = 0; i < count; ++i) {
        Node g = makeNode(NodeKind::Gpu, SwitchRole::None, 0);
        g.host = host;
        const NodeId id = f.addNode(g);
        addLink(f, id, leaf);
        if (host != kNoNode)
            addLink(f, id, host, 3600, Medium::NvLink);
        gpus.push_back(id);
    }
    return gpus;
}

/// 2-tier leaf-spine of radix k: k leaves with k/2 GPUs each, k/2 spines, every leaf joined to
/// every spine by @p parallel links. @p uplinks < k/2 leaves spines out (oversubscription).
Fabric leafSpine(int k, int parallel = 1, int uplinks = -1, int gpusPerHost = 0)
{
    Fabric f;
    const int half = k / 2;
    std::vector<NodeId> leaves, spines;
    for (int i = 0; i < k; ++i) {
        leaves.push_back(addSwitch(f, SwitchRole::Leaf, 2));
        if (gpusPerHost == 0) {
            addGpus(f, leaves.back(), half);
        } else {
            for (int h = 0; h < half / gpusPerHost; ++h)
                addGpus(f, leaves.back(), gpusPerHost,
                    f.addNode(makeNode(NodeKind::Host, SwitchRole::None, 1)));
        }
    }
    for (int j = 0; j < (uplinks < 0 ? half : uplinks); ++j)
        spines.push_back(addSwitch(f, SwitchRole::Spine, 3));
    for (NodeId leaf : leaves)
        for (NodeId spine : spines)
            for (int p = 0; p < parallel; ++p)
                addLink(f, leaf, spine);
    return f;
}

/// 3-tier fat-tree of radix k: k pods of k/2 leaves and k/2 aggregation switches, (k/2)^2 cores;
/// aggregation switch j of every pod joins cores j*k/2 .. j*k/2 + k/2 - 1.
Fabric fatTree3(int k)
{
    Fabric f;
    const int half = k / 2;
    std::vector<NodeId> cores;
    for (int pod = 0; pod < k; ++pod) {
        std::vector<NodeId> leaves, aggs;
        for (int i = 0; i < half; ++i) {
            leaves.push_back(addSwitch(f, SwitchRole::Leaf, 2));
            addGpus(f, leaves.back(), half);
        }
        for (int j = 0; j < half; ++j)
            aggs.push_back(addSwitch(f, SwitchRole::Spine, 3));
        for (NodeId leaf : leaves)
            for (NodeId agg : aggs)
                addLink(f, leaf, agg);
        if (cores.empty())
            for (int c = 0; c < half * half; ++c)
                cores.push_back(addSwitch(f, SwitchRole::Core, 4));
        for (int j = 0; j < half; ++j)
            for (int c = 0; c < half; ++c)
                addLink(f, aggs[static_cast<std::size_t>(j)],
                    cores[static_cast<std::size_t>(j * half + c)]);
    }
    return f;
}

/// X x Y x Z torus of forwarding chips. Wrap-around links are direct, or, with @p viaOcs, each
/// one runs chip -> OCS port -> circuit -> OCS port -> chip through one OCS.
Fabric torus(int nx, int ny, int nz, bool viaOcs = false)
{
    Fabric f;
    std::vector<NodeId> chip(static_cast<std::size_t>(nx * ny * nz));
    auto at = [&](int x, int y, int z) -> NodeId & {
        return chip[static_cast<std::size_t>((x * ny + y) * nz + z)];
    };
    for (int x = 0; x < nx; ++x)
        for (int y = 0; y < ny; ++y)
            for (int z = 0; z < nz; ++z) {
                Node n = makeNode(NodeKind::Gpu, SwitchRole::None, 0);
                n.forwards = true;
                n.hints.x = x;
                n.hints.y = y;
                n.hints.z = z;
                at(x, y, z) = f.addNode(n);
            }
    const NodeId ocs = viaOcs ? f.addNode(makeNode(NodeKind::Ocs)) : kNoNode;
    int port = 0;
    auto join = [&](NodeId a, NodeId b, bool wrap) {
        if (!wrap || !viaOcs) {
            addLink(f, a, b, kRateGbps, Medium::Ici);
            return;
        }
        addLink(f, a, ocs, kRateGbps, Medium::Optical, -1, port);
        addLink(f, b, ocs, kRateGbps, Medium::Optical, -1, port + 1);
        f.node(ocs).circuits.push_back({ port, port + 1 });
        port += 2;
    };
    for (int x = 0; x < nx; ++x)
        for (int y = 0; y < ny; ++y)
            for (int z = 0; z < nz; ++z) {
                join(at(x, y, z), at((x + 1) % nx, y, z), x + 1 == nx);
                join(at(x, y, z), at(x, (y + 1) % ny, z), y + 1 == ny);
                join(at(x, y, z), at(x, y, (z + 1) % nz), z + 1 == nz);
            }
    return f;
}

NodeId chipAt(const Fabric &f, int x, int y, int z)
{
    NodeId found = kNoNode;
    f.forEachNode([&](const Node &n) {
        if (n.isEndpoint() && n.hints.x == x && n.hints.y == y && n.hints.z == z)
            found = n.id;
    });
    return found;
}

} // namespace

class TestMetrics : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void countsByKindRoleAndMedium();
    void tiersAndOversubscription();
    void untieredSwitchesCountAtTheirImpliedTier();
    void bisectionOfFullLeafSpine_data();
    void bisectionOfFullLeafSpine();
    void bisectionOfFullThreeTierFatTree_data();
    void bisectionOfFullThreeTierFatTree();
    void bisectionOfOversubscribedFabric();
    void handDrawnHalvesGoLeafByLeaf();
    void bisectionOfTorus();
    void bisectionOfCubeThroughOcs();
    void flowDoesNotSneakThroughEndpointsOrHosts();
    void oddCapacitiesDoNotBreakBisection();
    void removedNodesAreGone();
    void torusHalvesFollowLongestDimension();
    void diameterOfFatTrees();
    void diameterOfTori();
    void diameterCountsNvlinkHops();
    void diameterOfDisconnectedAndTinyFabrics();
    void equalCostPathsInFatTrees();
    void equalCostPathsThroughHostAndOcs();
    void pathCountRejectsUnknownNodes();
    void progressReportsAndCancels();
};

void TestMetrics::countsByKindRoleAndMedium()
{
    const Fabric f = leafSpine(4, 1, -1, 2);
    const metrics::FabricMetrics m = metrics::computeMetrics(f);
    QCOMPARE(m.endpoints, std::size_t(8));
    QCOMPARE(m.hosts, std::size_t(4));
    QCOMPARE(m.switches, std::size_t(6));
    QCOMPARE(m.ocs, std::size_t(0));
    QCOMPARE(m.switchesByRole.at("leaf"), std::size_t(4));
    QCOMPARE(m.switchesByRole.at("spine"), std::size_t(2));
    QCOMPARE(m.linksByMedium.at("nvlink"), std::size_t(8));
    QCOMPARE(m.linksByMedium.at("infiniband"), std::size_t(8 + 8));
    QCOMPARE(m.links, std::size_t(24));
    QCOMPARE(m.totalCapacityGbps, 8 * 3600.0 + 16 * kRateGbps);
}

void TestMetrics::tiersAndOversubscription()
{
    // 8 leaves of 4 GPUs with 2 of their 4 possible uplinks: 1600 down, 800 up = 2:1.
    const std::vector<metrics::TierSummary> tiers = metrics::tierSummaries(leafSpine(8, 1, 2));
    QCOMPARE(tiers.size(), std::size_t(2));
    QCOMPARE(tiers[0].tier, 2);
    QCOMPARE(tiers[0].role, std::string("leaf"));
    QCOMPARE(tiers[0].switches, std::size_t(8));
    QCOMPARE(tiers[0].downGbps, 8 * 4 * kRateGbps);
    QCOMPARE(tiers[0].upGbps, 8 * 2 * kRateGbps);
    QCOMPARE(tiers[0].oversubscription, 2.0);
    QCOMPARE(tiers[1].role, std::string("spine"));
    QCOMPARE(tiers[1].downGbps, 8 * 2 * kRateGbps);
    QCOMPARE(tiers[1].upGbps, 0.0);
    QCOMPARE(tiers[1].oversubscription, 0.0); // the top tier has nothing above it
}

void TestMetrics::untieredSwitchesCountAtTheirImpliedTier()
{
    // The same leaf-spine read from a file without tiers or roles (a NetworkX GraphML file):
    // its tiers, roles and oversubscription come out as with them, not as one "tier -1, none"
    // row with nothing below or above it.
    const Fabric tiered = leafSpine(8, 1, 2);
    Fabric bare = tiered;
    bare.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Switch) {
            bare.node(n.id).hints.tier = -1;
            bare.node(n.id).role = SwitchRole::None;
        }
    });
    const metrics::FabricMetrics expected = metrics::computeCounts(tiered);
    const metrics::FabricMetrics got = metrics::computeCounts(bare);
    QCOMPARE(got.switchesByRole, expected.switchesByRole);
    QCOMPARE(got.tiers.size(), expected.tiers.size());
    for (std::size_t i = 0; i < got.tiers.size(); ++i) {
        QCOMPARE(got.tiers[i].tier, expected.tiers[i].tier);
        QCOMPARE(got.tiers[i].role, expected.tiers[i].role);
        QCOMPARE(got.tiers[i].downGbps, expected.tiers[i].downGbps);
        QCOMPARE(got.tiers[i].upGbps, expected.tiers[i].upGbps);
    }
    QCOMPARE(got.tiers.front().oversubscription, 2.0);
}

void TestMetrics::bisectionOfFullLeafSpine_data()
{
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("gpusPerHost");
    QTest::newRow("k=4") << 4 << 0;
    QTest::newRow("k=8") << 8 << 0;
    QTest::newRow("k=16") << 16 << 0;
    QTest::newRow("k=16, hosts of 8") << 16 << 8;
}

void TestMetrics::bisectionOfFullLeafSpine()
{
    QFETCH(int, k);
    QFETCH(int, gpusPerHost);
    const int endpoints = k * k / 2;
    QCOMPARE(metrics::bisectionGbps(leafSpine(k, 1, -1, gpusPerHost)), endpoints / 2 * kRateGbps);
}

void TestMetrics::bisectionOfFullThreeTierFatTree_data()
{
    QTest::addColumn<int>("k");
    QTest::newRow("k=4") << 4;
    QTest::newRow("k=8") << 8;
    QTest::newRow("k=16") << 16;
}

void TestMetrics::bisectionOfFullThreeTierFatTree()
{
    QFETCH(int, k);
    const Fabric f = fatTree3(k);
    QCOMPARE(f.endpoints().size(), std::size_t(k * k * k / 4));
    QCOMPARE(metrics::bisectionGbps(f), k * k * k / 8 * kRateGbps);
}

void TestMetrics::handDrawnHalvesGoLeafByLeaf()
{
    // Two leaves joined by one link, four GPUs drawn alternately under them: the bisection is
    // that link, not the 800 Gb/s of the id-order halves (one GPU of each leaf on each side).
    Fabric f;
    const NodeId left = addSwitch(f, SwitchRole::Leaf, 2),
                 right = addSwitch(f, SwitchRole::Leaf, 2);
    addLink(f, left, right);
    for (int i = 0; i < 4; ++i)
        addLink(f, f.addNode(makeNode(NodeKind::Gpu)), i % 2 ? right : left);
    QCOMPARE(metrics::bisectionGbps(f), kRateGbps);
    const auto [first, second] = metrics::bisectionHalves(f);
    QCOMPARE(first, (std::vector<NodeId> { 2, 4 }));
    QCOMPARE(second, (std::vector<NodeId> { 3, 5 }));
}

void TestMetrics::bisectionOfOversubscribedFabric()
{
    // 8 leaves x 4 GPUs, 2 uplinks each: the 4 leaves of a half send 4 x 2 x 400 at most.
    QCOMPARE(metrics::bisectionGbps(leafSpine(8, 1, 2)), 4 * 2 * kRateGbps);
    // Doubling every uplink restores full bisection: 16 GPUs x 400.
    QCOMPARE(metrics::bisectionGbps(leafSpine(8, 2, 2)), 16 * kRateGbps);
}

void TestMetrics::bisectionOfTorus()
{
    // Cutting a 16^3 torus across x severs 2 x 16 x 16 links (the middle and the wrap-around).
    QCOMPARE(metrics::bisectionGbps(torus(16, 16, 16)), 512 * kRateGbps);
}

void TestMetrics::bisectionOfCubeThroughOcs()
{
    // 4x4x4 with wrap-around through an OCS: 2 x 4 x 4 links cross the cut.
    QCOMPARE(metrics::bisectionGbps(torus(4, 4, 4, true)), 2 * 4 * 4 * kRateGbps);
    // Without circuits the wrap-around is dark: only the middle 16 links remain.
    Fabric open = torus(4, 4, 4, true);
    open.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Ocs)
            open.node(n.id).circuits.clear();
    });
    QCOMPARE(metrics::bisectionGbps(open), 16 * kRateGbps);
}

void TestMetrics::flowDoesNotSneakThroughEndpointsOrHosts()
{
    // a1, a2 (first half) hang off leaf L1; g (second half) is dual-homed to L1 and L2, b (second
    // half) hangs off L2. Only L1 -> g carries flow: g must not relay on to L2 -> b.
    Fabric f;
    const NodeId l1 = addSwitch(f, SwitchRole::Leaf, 2);
    const NodeId l2 = addSwitch(f, SwitchRole::Leaf, 2);
    addGpus(f, l1, 2);
    const NodeId g = addGpus(f, l1, 1).front();
    addLink(f, g, l2);
    addGpus(f, l2, 1);
    QCOMPARE(metrics::bisectionGbps(f), kRateGbps);
    QCOMPARE(metrics::diameterHops(f), -1); // b cannot reach a1 either

    // A host plugged into a leaf relays nothing between the leaf and its GPUs.
    Fabric h;
    const NodeId leaf = addSwitch(h, SwitchRole::Leaf, 2);
    const NodeId host = h.addNode(makeNode(NodeKind::Host, SwitchRole::None, 1));
    addGpus(h, leaf, 1);
    Node gpu = makeNode(NodeKind::Gpu, SwitchRole::None, 0);
    gpu.host = host;
    addLink(h, h.addNode(gpu), host, 3600, Medium::NvLink);
    addLink(h, host, leaf);
    QCOMPARE(metrics::bisectionGbps(h), 0.0);
    QCOMPARE(metrics::diameterHops(h), -1);
}

void TestMetrics::oddCapacitiesDoNotBreakBisection()
{
    // A fabric half-edited in the GUI: a NaN, a zero and an absurd capacity.
    Fabric f = leafSpine(4);
    f.link(f.linksOf(f.endpoints()[0])[0]).capacityGbps = std::nan("");
    f.link(f.linksOf(f.endpoints()[1])[0]).capacityGbps = 0;
    f.link(f.linksOf(f.endpoints()[2])[0]).capacityGbps = 1e300; // clamped to 1 Pb/s
    // GPUs 0-3 (leaves 0, 1) send: leaf 0's two GPUs carry nothing; GPU 2's link is wide, but
    // its leaf has only 2 x 400G up.
    QCOMPARE(metrics::bisectionGbps(f), 800.0);
}

void TestMetrics::removedNodesAreGone()
{
    // Take one of the 4 spines out of an 8-leaf fabric: ids keep their holes.
    Fabric f = leafSpine(8);
    NodeId spine = kNoNode;
    f.forEachNode([&](const Node &n) {
        if (n.role == SwitchRole::Spine)
            spine = n.id;
    });
    f.removeNode(spine);
    const metrics::FabricMetrics m = metrics::computeMetrics(f);
    QCOMPARE(m.switches, std::size_t(11));
    QCOMPARE(m.bisectionGbps, 4 * 3 * kRateGbps); // 4 leaves x 3 uplinks left
    QCOMPARE(m.diameterHops, 4);
    QCOMPARE(metrics::equalCostPathCount(f, f.endpoints()[0], f.endpoints()[4]), std::uint64_t(3));
    // Removing a GPU leaves an odd count: the first half is the first floor(N/2).
    f.removeNode(f.endpoints()[0]);
    const auto [first, second] = metrics::bisectionHalves(f);
    QCOMPARE(first.size(), std::size_t(15));
    QCOMPARE(second.size(), std::size_t(16));
}

void TestMetrics::torusHalvesFollowLongestDimension()
{
    const Fabric f = torus(4, 4, 8);
    const auto [first, second] = metrics::bisectionHalves(f);
    QCOMPARE(first.size(), std::size_t(64));
    QCOMPARE(second.size(), std::size_t(64));
    for (NodeId id : first)
        QVERIFY(f.node(id).hints.z < 4);
    // Cut across z: 2 x 4 x 4 links.
    QCOMPARE(metrics::bisectionGbps(f), 32 * kRateGbps);
}

void TestMetrics::diameterOfFatTrees()
{
    QCOMPARE(metrics::diameterHops(leafSpine(8)), 4); // GPU-leaf-spine-leaf-GPU
    QCOMPARE(metrics::diameterHops(fatTree3(8)), 6); // GPU-leaf-agg-core-agg-leaf-GPU
    QCOMPARE(metrics::diameterHops(fatTree3(16)), 6);
}

void TestMetrics::diameterOfTori()
{
    QCOMPARE(metrics::diameterHops(torus(16, 16, 16)), 24); // 8 + 8 + 8 with wrap-around
    QCOMPARE(metrics::diameterHops(torus(4, 4, 4, true)), 6); // an OCS circuit is one hop
    QCOMPARE(metrics::diameterHops(torus(4, 4, 8)), 8);
}

void TestMetrics::diameterCountsNvlinkHops()
{
    // One host whose 4 GPUs sit on 4 different rails (leaves) under one spine: through the
    // fabric they are 4 hops apart, over NVLink 2.
    Fabric f;
    const NodeId host = f.addNode(makeNode(NodeKind::Host, SwitchRole::None, 1));
    const NodeId spine = addSwitch(f, SwitchRole::Spine, 3);
    std::vector<NodeId> rails;
    for (int rail = 0; rail < 4; ++rail) {
        rails.push_back(addSwitch(f, SwitchRole::Leaf, 2));
        addLink(f, rails.back(), spine);
        addGpus(f, rails.back(), 1, host);
    }
    QCOMPARE(metrics::diameterHops(f), 2);
    // A second host on a rail brings a GPU that only the fabric joins to the first host's.
    addGpus(f, rails.front(), 1, f.addNode(makeNode(NodeKind::Host, SwitchRole::None, 1)));
    QCOMPARE(metrics::diameterHops(f), 4);
    // Hosts of 8 under one leaf per host pair: host-mates are 2 hops apart either way.
    QCOMPARE(metrics::diameterHops(leafSpine(16, 1, -1, 8)), 4);
}

void TestMetrics::diameterOfDisconnectedAndTinyFabrics()
{
    Fabric f;
    const NodeId leaf = addSwitch(f, SwitchRole::Leaf, 2);
    QCOMPARE(metrics::diameterHops(f), 0);
    addGpus(f, leaf, 1);
    QCOMPARE(metrics::diameterHops(f), 0);
    addGpus(f, leaf, 3); // one switch, no uplinks
    QCOMPARE(metrics::diameterHops(f), 2);
    const NodeId other = addSwitch(f, SwitchRole::Leaf, 2);
    addGpus(f, other, 2);
    QCOMPARE(metrics::diameterHops(f), -1);
    const NodeId spine = addSwitch(f, SwitchRole::Spine, 3);
    addLink(f, leaf, spine);
    addLink(f, other, spine);
    QCOMPARE(metrics::diameterHops(f), 4);
    // Two GPUs cabled back to back.
    Fabric pair;
    const NodeId a = pair.addNode(makeNode(NodeKind::Gpu));
    addLink(pair, a, pair.addNode(makeNode(NodeKind::Gpu)));
    QCOMPARE(metrics::diameterHops(pair), 1);
    QCOMPARE(metrics::bisectionGbps(pair), kRateGbps);
}

void TestMetrics::equalCostPathsInFatTrees()
{
    const Fabric ls = leafSpine(8);
    const std::vector<NodeId> gpus = ls.endpoints();
    QCOMPARE(metrics::equalCostPathCount(ls, gpus[0], gpus[1]), std::uint64_t(1)); // same leaf
    QCOMPARE(metrics::equalCostPathCount(ls, gpus[0], gpus[4]), std::uint64_t(4)); // k/2 spines
    QCOMPARE(metrics::shortestPathHops(ls, gpus[0], gpus[4]), 4);
    const Fabric doubled = leafSpine(8, 2);
    // Two parallel cables on each leaf-spine pair: 2 up x 2 down per spine.
    QCOMPARE(metrics::equalCostPathCount(doubled, gpus[0], gpus[4]), std::uint64_t(4 * 2 * 2));

    const Fabric ft = fatTree3(8);
    const std::vector<NodeId> eps = ft.endpoints();
    const std::size_t perPod = 4 * 4; // k/2 leaves of k/2 GPUs
    QCOMPARE(metrics::equalCostPathCount(ft, eps[0], eps[perPod]), std::uint64_t(16)); // (k/2)^2
    QCOMPARE(metrics::shortestPathHops(ft, eps[0], eps[perPod]), 6);
    QCOMPARE(metrics::equalCostPathCount(ft, eps[0], eps[4]), std::uint64_t(4)); // in a pod: k/2
    QCOMPARE(metrics::equalCostPathCount(ft, eps[0], eps[0]), std::uint64_t(1));
}

void TestMetrics::equalCostPathsThroughHostAndOcs()
{
    // Two GPUs of one host on one leaf: via the leaf and over NVLink.
    const Fabric f = leafSpine(4, 1, -1, 2);
    const std::vector<NodeId> gpus = f.endpoints();
    QCOMPARE(metrics::equalCostPathCount(f, gpus[0], gpus[1]), std::uint64_t(2));

    const Fabric t = torus(4, 4, 4, true);
    const NodeId origin = chipAt(t, 0, 0, 0);
    QCOMPARE(metrics::shortestPathHops(t, origin, chipAt(t, 3, 0, 0)), 1); // one circuit
    QCOMPARE(metrics::equalCostPathCount(t, origin, chipAt(t, 2, 0, 0)), std::uint64_t(2));
    QCOMPARE(metrics::equalCostPathCount(t, origin, chipAt(t, 1, 1, 0)), std::uint64_t(2));
    QCOMPARE(metrics::equalCostPathCount(t, origin, chipAt(t, 2, 2, 2)),
        std::uint64_t(2 * 2 * 2 * 90)); // 2 ways per axis, 6!/(2!2!2!) orders
}

void TestMetrics::pathCountRejectsUnknownNodes()
{
    const Fabric f = leafSpine(4);
    QVERIFY_THROWS_EXCEPTION(UserError, metrics::equalCostPathCount(f, 0, 9999));
    QVERIFY_THROWS_EXCEPTION(UserError, metrics::shortestPathHops(f, -5, 0));
}

void TestMetrics::progressReportsAndCancels()
{
    const Fabric f = fatTree3(8);
    std::vector<double> reported;
    metrics::Progress progress;
    progress.report = [&](double p) { reported.push_back(p); };
    const metrics::FabricMetrics m = metrics::computeMetrics(f, progress);
    QCOMPARE(m.diameterHops, 6);
    QVERIFY(!reported.empty());
    QVERIFY(std::is_sorted(reported.begin(), reported.end()));
    QCOMPARE(reported.back(), 1.0);

    progress.cancelled = [] { return true; };
    QVERIFY_THROWS_EXCEPTION(metrics::Cancelled, metrics::computeMetrics(f, progress));
}

QTEST_GUILESS_MAIN(TestMetrics)
#include "tst_metrics.moc"
