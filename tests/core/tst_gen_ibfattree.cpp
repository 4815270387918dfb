// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "tst_gen_helpers.h"

#include "model/error.h"

#include <QtTest>

#include <set>

using namespace fabric;
using namespace gentest;

class TestGenIbFatTree : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void fullTwoTier_data();
    void fullTwoTier();
    void fullThreeTier_data();
    void fullThreeTier();
    void superPodScalableUnit();
    void partialThreeTierKeepsEveryLeafOnEveryAgg();
    void railAlignment();
    void notRailOptimisedKeepsAHostOnOneLeaf();
    void oversubscribedLeaves();
    void endpointsInNaturalOrder();
    void modelConventions();
    void rejectsBadParameters_data();
    void rejectsBadParameters();
};

void TestGenIbFatTree::fullTwoTier_data()
{
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("gpusPerHost");
    QTest::newRow("k=4") << 4 << 2;
    QTest::newRow("k=8") << 8 << 8;
    QTest::newRow("k=16") << 16 << 8;
    QTest::newRow("k=64") << 64 << 8;
}

void TestGenIbFatTree::fullTwoTier()
{
    QFETCH(int, k);
    QFETCH(int, gpusPerHost);
    const Fabric f = generated("ib-fat-tree",
        { { "tiers", "2" }, { "radix", std::to_string(k) },
            { "gpus_per_host", std::to_string(gpusPerHost) } });
    const auto leaves = switchesWithRole(f, SwitchRole::Leaf);
    const auto spines = switchesWithRole(f, SwitchRole::Spine);
    QCOMPARE(f.endpoints().size(), std::size_t(k * k / 2));
    QCOMPARE(leaves.size(), std::size_t(k));
    QCOMPARE(spines.size(), std::size_t(k / 2));
    QCOMPARE(countKind(f, NodeKind::Host), std::size_t(k * k / 2 / gpusPerHost));
    QVERIFY(everySwitchPortUsed(f));
    for (NodeId leaf : leaves)
        for (NodeId spine : spines)
            QCOMPARE(linksBetween(f, leaf, spine), 1);
}

void TestGenIbFatTree::fullThreeTier_data()
{
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("gpusPerHost");
    QTest::newRow("k=4") << 4 << 2;
    QTest::newRow("k=8") << 8 << 4;
    QTest::newRow("k=16") << 16 << 8;
    QTest::newRow("k=64") << 64 << 8; // 65,536 GPUs
}

void TestGenIbFatTree::fullThreeTier()
{
    QFETCH(int, k);
    QFETCH(int, gpusPerHost);
    const Fabric f = generated("ib-fat-tree",
        { { "tiers", "3" }, { "radix", std::to_string(k) },
            { "gpus_per_host", std::to_string(gpusPerHost) } });
    const auto leaves = switchesWithRole(f, SwitchRole::Leaf);
    const auto aggs = switchesWithRole(f, SwitchRole::Spine);
    const auto cores = switchesWithRole(f, SwitchRole::Core);
    QCOMPARE(f.endpoints().size(), std::size_t(k * k * k / 4));
    QCOMPARE(leaves.size(), std::size_t(k * k / 2));
    QCOMPARE(aggs.size(), std::size_t(k * k / 2));
    QCOMPARE(cores.size(), std::size_t(k * k / 4));
    QVERIFY(everySwitchPortUsed(f));
    // Every leaf joins every aggregation switch of its own pod, once, and no other.
    for (NodeId leaf : leaves) {
        const auto up = neighboursLike(f, leaf, f.node(aggs.front()));
        QCOMPARE(up.size(), std::size_t(k / 2));
        for (NodeId agg : up)
            QCOMPARE(f.node(agg).hints.pod, f.node(leaf).hints.pod);
        QCOMPARE(std::set<NodeId>(up.begin(), up.end()).size(), up.size());
    }
    // Every core reaches exactly one aggregation switch in each of the k pods.
    for (NodeId core : cores) {
        std::set<int> pods;
        for (NodeId agg : neighbours(f, core))
            pods.insert(f.node(agg).hints.pod);
        QCOMPARE(pods.size(), std::size_t(k));
    }
}

void TestGenIbFatTree::superPodScalableUnit()
{
    // One DGX SuperPOD scalable unit: 32 hosts x 8 GPUs on 8 rail leaves of radix 64.
    const Fabric f = generated("ib-fat-tree", { { "gpus", "256" } });
    const auto leaves = switchesWithRole(f, SwitchRole::Leaf);
    const auto spines = switchesWithRole(f, SwitchRole::Spine);
    QCOMPARE(f.endpoints().size(), std::size_t(256));
    QCOMPARE(countKind(f, NodeKind::Host), std::size_t(32));
    QCOMPARE(leaves.size(), std::size_t(8));
    QCOMPARE(spines.size(), std::size_t(4));
    auto isSpine = [](const Node &n) { return n.role == SwitchRole::Spine; };
    auto isGpu = [](const Node &n) { return n.kind == NodeKind::Gpu; };
    for (NodeId leaf : leaves) {
        for (NodeId spine : spines)
            QVERIFY(linksBetween(f, leaf, spine) > 0);
        QCOMPARE(capacityTowards(f, leaf, isSpine), capacityTowards(f, leaf, isGpu));
        QCOMPARE(capacityTowards(f, leaf, isGpu), 32 * 400.0);
    }
    QVERIFY(everySwitchPortUsed(f)); // 8 leaves x 32 uplinks fill 4 spines of 64 ports
}

void TestGenIbFatTree::partialThreeTierKeepsEveryLeafOnEveryAgg()
{
    // 3 pods' worth of k=8 (pod = 4 leaves x 4 GPUs = 16 GPUs): 40 GPUs = 2.5 pods.
    const Fabric f = generated("ib-fat-tree",
        { { "tiers", "3" }, { "radix", "8" }, { "gpus_per_host", "4" }, { "gpus", "40" } });
    QCOMPARE(f.endpoints().size(), std::size_t(40));
    const auto aggs = switchesWithRole(f, SwitchRole::Spine);
    QCOMPARE(aggs.size(), std::size_t(3 * 4));
    for (NodeId leaf : switchesWithRole(f, SwitchRole::Leaf))
        QCOMPARE(neighboursLike(f, leaf, f.node(aggs.front())).size(), std::size_t(4));
    for (NodeId agg : aggs) {
        double up = 0;
        for (NodeId n : neighbours(f, agg))
            up += f.node(n).role == SwitchRole::Core ? 400 : 0;
        QCOMPARE(up, 4 * 400.0); // k/2 uplinks, whatever the core count
    }
}

void TestGenIbFatTree::railAlignment()
{
    const Fabric f = generated("ib-fat-tree", { { "radix", "16" }, { "gpus", "64" } });
    for (NodeId g : f.endpoints()) {
        const Node &gpu = f.node(g);
        const auto leaves = neighboursLike(f, g, f.node(switchesWithRole(f, SwitchRole::Leaf)[0]));
        QCOMPARE(leaves.size(), std::size_t(1));
        QCOMPARE(f.node(leaves[0]).hints.rail, gpu.hints.rail);
    }
    // GPU i of every host sits on rail i: hosts 0 and 1 share leaves rail by rail.
    const auto leafOf = [&](NodeId g) {
        for (NodeId n : neighbours(f, g))
            if (f.node(n).kind == NodeKind::Switch)
                return n;
        return kNoNode;
    };
    for (int i = 0; i < 8; ++i) {
        QCOMPARE(leafOf(i), leafOf(8 + i));
        QCOMPARE(f.node(NodeId(i)).hints.rail, i);
    }
    QVERIFY(leafOf(0) != leafOf(1));
}

void TestGenIbFatTree::notRailOptimisedKeepsAHostOnOneLeaf()
{
    const Fabric f = generated("ib-fat-tree", { { "radix", "16" }, { "rail_optimised", "false" } });
    QCOMPARE(f.endpoints().size(), std::size_t(128));
    for (NodeId g : f.endpoints()) {
        std::set<NodeId> leaves;
        for (LinkId l : f.linksOf(f.node(g).host))
            for (NodeId n : neighbours(f, f.link(l).other(f.node(g).host)))
                if (f.node(n).kind == NodeKind::Switch)
                    leaves.insert(n);
        QCOMPARE(leaves.size(), std::size_t(1)); // 8 GPUs of a host fill one leaf's 8 ports
    }
    QVERIFY(everySwitchPortUsed(f));
}

void TestGenIbFatTree::oversubscribedLeaves()
{
    // k = 8 at 3:1: 6 ports down, 2 up; full size 8 leaves x 6 = 48 GPUs, 2 spines.
    const Fabric f = generated("ib-fat-tree",
        { { "radix", "8" }, { "oversubscription", "3" }, { "rail_optimised", "false" },
            { "gpus_per_host", "2" } });
    QCOMPARE(f.endpoints().size(), std::size_t(48));
    QCOMPARE(switchesWithRole(f, SwitchRole::Spine).size(), std::size_t(2));
    auto isSpine = [](const Node &n) { return n.role == SwitchRole::Spine; };
    auto isGpu = [](const Node &n) { return n.kind == NodeKind::Gpu; };
    for (NodeId leaf : switchesWithRole(f, SwitchRole::Leaf))
        QCOMPARE(capacityTowards(f, leaf, isGpu), 3 * capacityTowards(f, leaf, isSpine));
    QVERIFY(everySwitchPortUsed(f));
}

void TestGenIbFatTree::endpointsInNaturalOrder()
{
    const Fabric f
        = generated("ib-fat-tree", { { "tiers", "3" }, { "radix", "8" }, { "gpus_per_host", "4" } });
    const auto eps = f.endpoints();
    for (std::size_t i = 0; i < eps.size(); ++i) {
        const Node &g = f.node(eps[i]);
        QCOMPARE(g.id, NodeId(i)); // GPU id = rank
        QCOMPARE(g.host, f.node(eps[i / 4 * 4]).host);
        QCOMPARE(g.hints.pod, int(i / 16));
    }
    QCOMPARE(f.node(NodeId(21)).name, std::string("p1-h1-gpu1"));
    QVERIFY(f.findNode("p7-leaf3") != kNoNode);
    QVERIFY(f.findNode("p7-agg3") != kNoNode);
    QVERIFY(f.findNode("core15") != kNoNode);
    std::set<std::string> names;
    f.forEachNode([&](const Node &n) { names.insert(n.name); });
    QCOMPARE(names.size(), f.nodeCount());
}

void TestGenIbFatTree::modelConventions()
{
    const Fabric f = generated("ib-fat-tree", { { "gpus", "256" }, { "rate", "hdr" } });
    QCOMPARE(f.generator().family, std::string("ib-fat-tree"));
    QCOMPARE(f.generator().params.at("rate"), nlohmann::json("HDR"));
    QCOMPARE(f.generator().params.at("radix"), nlohmann::json(64));
    f.forEachNode([&](const Node &n) {
        QVERIFY(n.hints.tier >= 0);
        if (n.kind == NodeKind::Switch) {
            QVERIFY(n.sharpCapable);
            QCOMPARE(n.switchLatencyNs, 100.0);
            QCOMPARE(n.ports, 64);
        }
        if (n.kind == NodeKind::Gpu) {
            QVERIFY(f.node(n.host).kind == NodeKind::Host);
            QCOMPARE(f.linksOf(n.id).size(), std::size_t(2));
        }
    });
    f.forEachLink([&](const Link &l) {
        QCOMPARE(l.latencyNs, 50.0);
        if (l.medium == Medium::NvLink)
            QCOMPARE(l.capacityGbps, 3600.0);
        else
            QVERIFY(l.medium == Medium::InfiniBand && l.capacityGbps == 200.0);
    });
    const Fabric noSharp = generated("ib-fat-tree", { { "gpus", "256" }, { "sharp", "false" } });
    noSharp.forEachNode([&](const Node &n) { QVERIFY(!n.sharpCapable); });
}

void TestGenIbFatTree::rejectsBadParameters_data()
{
    QTest::addColumn<QString>("params");
    QTest::addColumn<QString>("expected");
    QTest::newRow("odd radix") << "radix=7"
                               << "radix: must be an even number from 4 to 128, got 7";
    QTest::newRow("small radix") << "radix=2"
                                 << "radix: must be an even number from 4 to 128, got 2";
    QTest::newRow("huge radix") << "radix=256"
                                << "radix: must be an even number from 4 to 128, got 256";
    QTest::newRow("text radix") << "radix=big"
                                << "radix: must be an even number from 4 to 128, got 'big'";
    QTest::newRow("tiers") << "tiers=4"
                           << "tiers: must be an integer from 2 to 3, got 4";
    QTest::newRow("rate") << "rate=FDR"
                          << "rate: must be one of EDR, HDR, NDR, XDR, got 'FDR'";
    QTest::newRow("oversubscription")
        << "oversubscription=2"
        << "oversubscription: must be a value o with o+1 dividing the radix 64";
    QTest::newRow("gpus not whole hosts") << "gpus=100"
                                          << "gpus: must be 0 (full size)";
    QTest::newRow("gpus too many") << "gpus=4096"
                                   << "up to 2048 (radix 64, 2 tiers), got 4096";
    QTest::newRow("negative gpus") << "gpus=-8"
                                   << "gpus: must be an integer from 0 to 200000";
    QTest::newRow("zero per host") << "gpus_per_host=0"
                                   << "gpus_per_host: must be an integer from 1 to 16, got 0";
    QTest::newRow("more rails than leaves")
        << "radix=4"
        << "gpus_per_host: must be a divisor of the 4 leaves of a pod";
    QTest::newRow("full size too big") << "radix=128,tiers=3"
                                       << "gpus 0 (full size) with tiers and radix: this would "
                                          "build 524,288 endpoints, above the maximum";
    QTest::newRow("bool") << "sharp=maybe"
                          << "sharp: must be true or false, got 'maybe'";
    QTest::newRow("unknown") << "radius=4"
                             << "unknown parameter 'radius' for ib-fat-tree";
}

void TestGenIbFatTree::rejectsBadParameters()
{
    QFETCH(QString, params);
    QFETCH(QString, expected);
    gen::ParamText text;
    for (const QString &pair : params.split(','))
        text[pair.section('=', 0, 0).toStdString()] = pair.section('=', 1).toStdString();
    const std::string error = errorOf("ib-fat-tree", text);
    QVERIFY2(error.find(expected.toStdString()) != std::string::npos, error.c_str());
}

QTEST_GUILESS_MAIN(TestGenIbFatTree)
#include "tst_gen_ibfattree.moc"
