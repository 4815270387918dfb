// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "handmadefabric.h"
#include "tst_route_helpers.h"

#include "model/error.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <set>

using namespace fabric;
using namespace routetest;

class TestRoutePolicies : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void pathsAreShortestAndLatencyAddsUp();
    void ecmpLeavesAboutEInverseIdle_data();
    void ecmpLeavesAboutEInverseIdle();
    void polarisedEcmpUsesFewerCoreLinks();
    void staticRingHasNoCollisions();
    void superPodRingHasNoCollisions_data();
    void superPodRingHasNoCollisions();
    void cappedAdaptiveIsEvenOnEveryHop();
    void ecmpRingCollides();
    void adaptiveAndSprayUseAllPaths();
    void qpsSpreadAConnection();
    void hpnFlowStaysInOnePlane();
    void dorSplitsTiesAndFollowsDimensions();
    void refusesDorWithoutTorus();
    void sameHostUsesNvlink();
    void backToBackGpusUseTheirCable();
    void preparedDistancesMatchOneByOne();
};

void TestRoutePolicies::pathsAreShortestAndLatencyAddsUp()
{
    // Across spines: GPU -> leaf -> spine -> leaf -> GPU: 4 links of 50 ns, 3 switches of
    // 100 ns (the generator's defaults).
    const Fabric f = flatFatTree(8);
    route::Router router(f, { route::Policy::Ecmp, 1, 1, 64, {}, false });
    const route::Route r = router.route(0, 8);
    QCOMPARE(r.paths.size(), std::size_t(1));
    QCOMPARE(r.paths[0].links.size(), std::size_t(4));
    QVERIFY(r.split == sim::Split::Single);
    QVERIFY(std::abs(r.latencyS - 500e-9) < 1e-15);
    // The path is a chain from src to dst.
    NodeId at = 0;
    for (DirLinkId d : r.paths[0].links) {
        const Link &l = f.link(linkOf(d));
        QCOMPARE(isForward(d) ? l.a : l.b, at);
        at = isForward(d) ? l.b : l.a;
    }
    QCOMPARE(at, NodeId(8));
}

void TestRoutePolicies::ecmpLeavesAboutEInverseIdle_data()
{
    QTest::addColumn<int>("radix");
    QTest::addColumn<double>("expectedMaxLoad"); // docs/reference-figures.md, section 4
    QTest::newRow("F=P=8") << 16 << 2.60;
    QTest::newRow("F=P=16") << 32 << 3.08;
}

void TestRoutePolicies::ecmpLeavesAboutEInverseIdle()
{
    // F flows from the F GPUs of leaf 0 to the F GPUs of leaf 1 hash onto leaf 0's P = F
    // uplinks. Expected idle fraction (1-1/P)^F (0.344 for 8, 0.356 for 16; e^-1 = 0.368).
    QFETCH(int, radix);
    QFETCH(double, expectedMaxLoad);
    const Fabric f = flatFatTree(radix);
    const int F = radix / 2;
    const int seeds = 400;
    double idle = 0, maxLoad = 0;
    for (int seed = 1; seed <= seeds; ++seed) {
        route::Router router(f, { route::Policy::Ecmp, std::uint64_t(seed), 1, 64, {}, false });
        std::map<DirLinkId, int> load;
        for (int i = 0; i < F; ++i)
            ++load[router.route(i, F + i).paths[0].links[1]]; // leaf 0 -> spine
        idle += double(F - int(load.size())) / F;
        int top = 0;
        for (const auto &[link, n] : load)
            top = std::max(top, n);
        maxLoad += top;
    }
    idle /= seeds;
    maxLoad /= seeds;
    const double expectedIdle = std::pow(1.0 - 1.0 / F, F);
    QVERIFY2(std::abs(idle - expectedIdle) < 0.03,
        qPrintable(QString("idle %1 expected %2").arg(idle).arg(expectedIdle)));
    QVERIFY2(std::abs(idle - std::exp(-1.0)) < 0.05, qPrintable(QString::number(idle)));
    QVERIFY2(std::abs(maxLoad - expectedMaxLoad) < 0.2,
        qPrintable(QString("max load %1 expected %2").arg(maxLoad).arg(expectedMaxLoad)));
}

void TestRoutePolicies::polarisedEcmpUsesFewerCoreLinks()
{
    // 3-tier k=8: 8 pods of 16 GPUs; every GPU sends to the GPU 64 ids on (another pod).
    // With one hash and seed everywhere, aggregation switch j (picked by H mod 4 at the leaf)
    // picks core H mod 4 = j: one of its 4 uplinks.
    const Fabric f = flatFatTree(8, 3);
    auto coreShare = [&](route::Policy policy) {
        route::Router router(f, { policy, 7, 1, 64, {}, false });
        std::set<DirLinkId> used;
        for (NodeId i = 0; i < 128; ++i) {
            const route::Route r = router.route(i, (i + 64) % 128);
            for (DirLinkId d : r.paths[0].links) {
                const Link &l = f.link(linkOf(d));
                const NodeId from = isForward(d) ? l.a : l.b;
                const NodeId to = l.other(from);
                if (f.node(from).role == SwitchRole::Spine && f.node(to).role == SwitchRole::Core)
                    used.insert(d);
            }
        }
        return double(used.size()) / 128.0; // 32 aggregation switches x 4 uplinks
    };
    const double ecmp = coreShare(route::Policy::Ecmp);
    const double polarised = coreShare(route::Policy::EcmpPolarized);
    QVERIFY2(polarised <= 0.25 + 1e-9, qPrintable(QString::number(polarised)));
    QVERIFY2(ecmp >= 0.45, qPrintable(QString::number(ecmp)));
}

void TestRoutePolicies::staticRingHasNoCollisions()
{
    // Rail-optimised: the ring's host-crossing hops (GPU 7 of host h -> GPU 0 of host h+1)
    // all leave leaf 7 (or 15) together; d-mod-k spreads them over distinct uplinks.
    const Fabric f = smallRailFatTree();
    route::Router router(f, { route::Policy::Static, 1, 1, 64, {}, false });
    std::vector<route::Route> routes;
    for (NodeId r = 0; r < 128; ++r)
        routes.push_back(router.route(r, (r + 1) % 128));
    QVERIFY2(collisionsIn(routes).empty(), collisionsIn(routes).c_str());
    // Shift patterns too: i -> i + 8s crosses the fabric for every GPU.
    for (int shift : { 8, 24, 64 }) {
        routes.clear();
        for (NodeId r = 0; r < 128; ++r)
            routes.push_back(router.route(r, (r + shift) % 128));
        QVERIFY2(collisionsIn(routes).empty(),
            qPrintable(QString("shift %1: %2").arg(shift).arg(collisionsIn(routes).c_str())));
    }
}

void TestRoutePolicies::superPodRingHasNoCollisions_data()
{
    QTest::addColumn<int>("gpus");
    QTest::newRow("256 (the default fabric)") << 256;
    QTest::newRow("128") << 128;
}

void TestRoutePolicies::superPodRingHasNoCollisions()
{
    // The SuperPOD unit joins each leaf to each spine by 8 parallel links. The ring's host
    // crossings all run leaf 7 -> leaf 0; each must own one of the 32 spine -> leaf0 links, not
    // share the first link of each spine.
    QFETCH(int, gpus);
    const Fabric f = generated("ib-fat-tree", { { "gpus", std::to_string(gpus) } });
    route::Router router(f, { route::Policy::Static, 1, 1, 64, {}, false });
    std::vector<route::Route> routes;
    for (NodeId r = 0; r < gpus; ++r)
        routes.push_back(router.route(r, (r + 1) % gpus));
    QVERIFY2(collisionsIn(routes).empty(), collisionsIn(routes).c_str());
}

void TestRoutePolicies::cappedAdaptiveIsEvenOnEveryHop()
{
    // leaf7 -> leaf0 on the SuperPOD unit: 4 spines x 8 up x 8 down = 256 paths, capped at 64.
    // Every one of the 32 uplinks and of the 32 downlinks must carry the same number of them.
    const Fabric f = generated("ib-fat-tree", { { "gpus", "256" } });
    route::Router router(f, { route::Policy::Adaptive, 1, 1, 64, {}, false });
    const route::Route r = router.route(7, 8); // h0-gpu7 (leaf7) -> h1-gpu0 (leaf0)
    std::map<DirLinkId, double> up, down;
    for (std::size_t i = 0; i < r.paths.size(); ++i) {
        const auto &links = r.paths[i].links;
        QCOMPARE(links.size(), std::size_t(4));
        up[links[1]] += r.weights[i];
        down[links[2]] += r.weights[i];
    }
    QCOMPARE(up.size(), std::size_t(32));
    QCOMPARE(down.size(), std::size_t(32));
    for (const auto *hop : { &up, &down })
        for (const auto &[link, w] : *hop)
            QVERIFY2(std::abs(w - 1.0 / 32) < 1e-12, qPrintable(QString::number(w)));
}

void TestRoutePolicies::ecmpRingCollides()
{
    const Fabric f = smallRailFatTree();
    route::Router router(f, { route::Policy::Ecmp, 1, 1, 64, {}, false });
    std::vector<route::Route> routes;
    for (NodeId r = 0; r < 128; ++r)
        routes.push_back(router.route(r, (r + 1) % 128));
    int worst = 0;
    for (const auto &[link, n] : loadPerLink(routes))
        worst = std::max(worst, n);
    QVERIFY(worst >= 2);
}

void TestRoutePolicies::adaptiveAndSprayUseAllPaths()
{
    const Fabric f = flatFatTree(8, 3); // inter-pod: 4 aggs x 1 core each... = 4 x 4 paths
    for (route::Policy p : { route::Policy::Adaptive, route::Policy::Spray }) {
        route::Router router(f, { p, 1, 1, 64, {}, false });
        const route::Route r = router.route(0, 127);
        QCOMPARE(r.paths.size(), std::size_t(16));
        QVERIFY(r.split
            == (p == route::Policy::Adaptive ? sim::Split::Adaptive : sim::Split::Weighted));
        double sum = 0;
        for (double w : r.weights)
            sum += w;
        QVERIFY(std::abs(sum - 1.0) < 1e-12);
        std::set<std::vector<DirLinkId>> distinct;
        for (const auto &path : r.paths)
            distinct.insert(path.links);
        QCOMPARE(distinct.size(), std::size_t(16));
    }
    // The cap keeps an evenly spread subset.
    route::Router capped(f, { route::Policy::Spray, 1, 1, 4, {}, false });
    const route::Route r = capped.route(0, 127);
    QCOMPARE(r.paths.size(), std::size_t(4));
    std::set<DirLinkId> firstUplinks;
    for (const auto &path : r.paths)
        firstUplinks.insert(path.links[1]);
    QCOMPARE(firstUplinks.size(), std::size_t(4));
}

void TestRoutePolicies::qpsSpreadAConnection()
{
    const Fabric f = flatFatTree(16);
    route::Router one(f, { route::Policy::Ecmp, 3, 1, 64, {}, false });
    route::Router many(f, { route::Policy::Ecmp, 3, 16, 64, {}, false });
    QCOMPARE(one.route(0, 8).paths.size(), std::size_t(1));
    const route::Route r = many.route(0, 8);
    QVERIFY(r.paths.size() >= 4); // 16 QPs onto 8 uplinks: ~7 distinct expected
    QVERIFY(r.split == sim::Split::Weighted);
    double sum = 0;
    for (double w : r.weights)
        sum += w;
    QVERIFY(std::abs(sum - 1.0) < 1e-12);
    for (double w : r.weights)
        QVERIFY(std::abs(w * 16 - std::round(w * 16)) < 1e-9); // multiples of 1/16
}

void TestRoutePolicies::hpnFlowStaysInOnePlane()
{
    const Fabric f = generated("hpn",
        { { "segments", "2" }, { "hosts_per_segment", "4" }, { "gpus_per_host", "2" },
            { "aggs_per_plane", "4" } });
    auto planesOn = [&](const sim::Path &p) {
        std::set<int> planes;
        for (DirLinkId d : p.links)
            if (f.link(linkOf(d)).plane >= 0)
                planes.insert(f.link(linkOf(d)).plane);
        return planes;
    };
    const NodeId dst = 8 + 2; // segment 1, host 1, GPU 0
    route::Router one(f, { route::Policy::Ecmp, 1, 1, 64, {}, false });
    const route::Route r = one.route(0, dst);
    QCOMPARE(r.paths.size(), std::size_t(1));
    QCOMPARE(planesOn(r.paths[0]).size(), std::size_t(1));
    // Two QPs: one per NIC port, each in its plane.
    route::Router two(f, { route::Policy::Ecmp, 1, 2, 64, {}, false });
    const route::Route r2 = two.route(0, dst);
    QCOMPARE(r2.paths.size(), std::size_t(2));
    std::set<int> all;
    for (const auto &p : r2.paths) {
        QCOMPARE(planesOn(p).size(), std::size_t(1));
        all.insert(*planesOn(p).begin());
    }
    QCOMPARE(all, (std::set<int> { 0, 1 }));
    // Connections spread over both ports with one QP each.
    std::set<int> used;
    for (NodeId d = 2; d < 16; ++d)
        used.insert(*planesOn(one.route(0, d).paths[0]).begin());
    QCOMPARE(used.size(), std::size_t(2));
}

void TestRoutePolicies::dorSplitsTiesAndFollowsDimensions()
{
    const Fabric f = generated("tpu-torus", { { "x", "4" }, { "y", "4" }, { "z", "4" } });
    route::Router router(f, { route::Policy::Dor, 1, 1, 64, {}, false });
    const NodeId src = f.findNode("chip-0-0-0");
    const NodeId dst = f.findNode("chip-2-1-0");
    QVERIFY(src != kNoNode && dst != kNoNode);
    const route::Route r = router.route(src, dst);
    QCOMPARE(r.paths.size(), std::size_t(2)); // x: 2 = k/2 either way
    QVERIFY(r.split == sim::Split::Weighted);
    for (const sim::Path &p : r.paths) {
        // The chips visited: x moves first (two steps), then y (one step).
        std::vector<NodeId> chips;
        NodeId at = src;
        for (DirLinkId d : p.links) {
            const Link &l = f.link(linkOf(d));
            at = isForward(d) ? l.b : l.a;
            if (f.node(at).kind == NodeKind::Gpu)
                chips.push_back(at);
        }
        QCOMPARE(chips.size(), std::size_t(3));
        QCOMPARE(f.node(chips[0]).hints.y, 0);
        QCOMPARE(f.node(chips[1]).hints.x, 2);
        QCOMPARE(f.node(chips[1]).hints.y, 0);
        QCOMPARE(chips[2], dst);
    }
}

void TestRoutePolicies::refusesDorWithoutTorus()
{
    const Fabric f = flatFatTree(8);
    QVERIFY_THROWS_EXCEPTION(
        UserError, route::Router(f, { route::Policy::Dor, 1, 1, 64, {}, false }));
    QVERIFY_THROWS_EXCEPTION(
        UserError, route::Router(f, { route::Policy::Ecmp, 1, 0, 64, {}, false }));
}

void TestRoutePolicies::sameHostUsesNvlink()
{
    const Fabric f = smallRailFatTree();
    route::Router router(f, { route::Policy::Ecmp, 1, 1, 64, {}, false });
    const route::Route r = router.route(0, 1);
    QCOMPARE(r.paths.size(), std::size_t(1));
    QCOMPARE(r.paths[0].links.size(), std::size_t(2));
    for (DirLinkId d : r.paths[0].links)
        QVERIFY(f.link(linkOf(d)).medium == Medium::NvLink);
}

void TestRoutePolicies::backToBackGpusUseTheirCable()
{
    // Two GPUs cabled to each other, no switch: info counted 1 hop, simulate said "no path".
    Fabric f;
    const NodeId a = testing::addNode(f, NodeKind::Gpu, "a");
    const NodeId b = testing::addNode(f, NodeKind::Gpu, "b");
    const LinkId cable = testing::addLink(f, a, b, 100, 0, Medium::Ethernet);
    const LinkId second = testing::addLink(f, a, b, 100, 0, Medium::Ethernet);
    for (const route::Policy policy : { route::Policy::Ecmp, route::Policy::Static,
             route::Policy::Adaptive, route::Policy::Spray }) {
        route::Router router(f, { policy, 1, 1, 64, {}, false });
        const route::Route r = router.route(b, a);
        const bool spreads = policy == route::Policy::Adaptive || policy == route::Policy::Spray;
        QCOMPARE(r.paths.size(), std::size_t(spreads ? 2 : 1));
        for (const sim::Path &p : r.paths) {
            QCOMPARE(p.links.size(), std::size_t(1));
            QVERIFY(linkOf(p.links[0]) == cable || linkOf(p.links[0]) == second);
        }
    }
}

void TestRoutePolicies::preparedDistancesMatchOneByOne()
{
    // The bit-parallel BFS of prepare() and the one-at-a-time BFS give the same fields and routes.
    for (const Fabric &f : { flatFatTree(8, 3),
             generated("hpn",
                 { { "segments", "2" }, { "hosts_per_segment", "4" }, { "gpus_per_host", "2" },
                     { "aggs_per_plane", "4" } }) }) {
        route::Router lazy(f, { route::Policy::Ecmp, 1, 1, 64, {}, false });
        route::Router batch(f, { route::Policy::Ecmp, 1, 1, 64, {}, false });
        const auto endpoints = batch.graph().endpoints();
        batch.prepare(endpoints);
        for (NodeId d : endpoints)
            for (int plane : { -1, 0, 1 }) {
                const auto targets = lazy.attachments(d, plane);
                if (targets.empty() || (plane >= 0 && lazy.planesOf(d).empty()))
                    continue;
                QVERIFY(lazy.distanceField(targets, plane) == batch.distanceField(targets, plane));
            }
        // Released fields (runScenario frees them before the engine runs) refill on demand.
        batch.releaseDistances();
        for (NodeId s = 0; s + 1 < NodeId(endpoints.size()); s += 3)
            QVERIFY(
                lazy.route(s, endpoints.back()).paths == batch.route(s, endpoints.back()).paths);
    }
}

QTEST_GUILESS_MAIN(TestRoutePolicies)
#include "tst_route_policies.moc"
