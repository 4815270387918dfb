// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "tst_gen_helpers.h"

#include <QtTest>

#include <set>

using namespace fabric;
using namespace gentest;

class TestGenHpn : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void podCountsMatchSimAi();
    void torCapacities();
    void planesStaySeparate();
    void eachGpuReachesTwoTorsOfDifferentPlanes();
    void coreOversubscription();
    void singlePlaneReachesEveryAggregationSwitch();
    void oneSegment();
    void modelConventions();
    void rejectsBadParameters();

private:
    Fabric mPod; // the default: one full pod
};

namespace {
bool isAgg(const Node &n)
{
    return n.kind == NodeKind::Switch && n.role == SwitchRole::Spine;
}
bool isGpu(const Node &n)
{
    return n.kind == NodeKind::Gpu;
}
} // namespace

void TestGenHpn::initTestCase()
{
    mPod = generated("hpn");
}

void TestGenHpn::podCountsMatchSimAi()
{
    // SimAI gen_Topo_Template.py defaults (docs/reference-figures.md, section 4).
    QCOMPARE(mPod.endpoints().size(), std::size_t(15360));
    QCOMPARE(countKind(mPod, NodeKind::Host), std::size_t(1920));
    QCOMPARE(switchesWithRole(mPod, SwitchRole::Leaf).size(), std::size_t(240));
    QCOMPARE(switchesWithRole(mPod, SwitchRole::Spine).size(), std::size_t(120));
    QCOMPARE(mPod.findNode("s0-h0-gpu0"), NodeId(0));
    QCOMPARE(mPod.findNode("s1-h0-gpu0"), NodeId(1024));
}

void TestGenHpn::torCapacities()
{
    for (NodeId tor : switchesWithRole(mPod, SwitchRole::Leaf)) {
        QVERIFY(neighboursLike(mPod, tor, mPod.node(tor)).empty()); // no ToR-ToR links
        QCOMPARE(capacityTowards(mPod, tor, isGpu), 25600.0); // 128 x 200G
        QCOMPARE(capacityTowards(mPod, tor, isAgg), 24000.0); // 60 x 400G
    }
    for (NodeId agg : switchesWithRole(mPod, SwitchRole::Spine))
        QCOMPARE(mPod.linksOf(agg).size(), std::size_t(120 + 8));
}

void TestGenHpn::planesStaySeparate()
{
    for (NodeId tor : switchesWithRole(mPod, SwitchRole::Leaf)) {
        const int plane = mPod.node(tor).hints.plane;
        QVERIFY(plane == 0 || plane == 1);
        int uplinks = 0;
        for (LinkId l : mPod.linksOf(tor)) {
            const Node &peer = mPod.node(mPod.link(l).other(tor));
            if (isAgg(peer)) {
                QCOMPARE(peer.hints.plane, plane);
                QCOMPARE(mPod.link(l).plane, plane);
                ++uplinks;
            }
        }
        QCOMPARE(uplinks, 60);
    }
    for (NodeId agg : switchesWithRole(mPod, SwitchRole::Spine))
        for (NodeId core :
            neighboursLike(mPod, agg, mPod.node(switchesWithRole(mPod, SwitchRole::Core)[0])))
            QCOMPARE(mPod.node(core).hints.plane, mPod.node(agg).hints.plane);
}

void TestGenHpn::eachGpuReachesTwoTorsOfDifferentPlanes()
{
    for (NodeId g : mPod.endpoints()) {
        std::vector<const Link *> nics;
        for (LinkId l : mPod.linksOf(g))
            if (mPod.link(l).medium == Medium::Ethernet)
                nics.push_back(&mPod.link(l));
        QCOMPARE(nics.size(), std::size_t(2));
        const Node &tor0 = mPod.node(nics[0]->other(g));
        const Node &tor1 = mPod.node(nics[1]->other(g));
        QVERIFY(tor0.id != tor1.id);
        QCOMPARE(tor0.hints.plane, 0);
        QCOMPARE(tor1.hints.plane, 1);
        QCOMPARE(nics[0]->plane, 0);
        QCOMPARE(nics[1]->plane, 1);
        QCOMPARE(nics[0]->portA, 0); // the NIC port
        QCOMPARE(nics[1]->portA, 1);
        QCOMPARE(nics[0]->capacityGbps, 200.0);
        QCOMPARE(tor0.hints.rail, mPod.node(g).hints.rail); // rail-optimised
        QCOMPARE(tor1.hints.rail, mPod.node(g).hints.rail);
        QCOMPARE(tor0.hints.pod, mPod.node(g).hints.pod);
    }
}

void TestGenHpn::coreOversubscription()
{
    // An aggregation switch: 120 x 400G down, 8 x 400G up: 15:1 between pods.
    const Node like = mPod.node(switchesWithRole(mPod, SwitchRole::Core)[0]);
    for (NodeId agg : switchesWithRole(mPod, SwitchRole::Spine)) {
        const double down
            = capacityTowards(mPod, agg, [](const Node &n) { return n.role == SwitchRole::Leaf; });
        const double up
            = capacityTowards(mPod, agg, [](const Node &n) { return n.role == SwitchRole::Core; });
        QCOMPARE(down / up, 15.0);
        QCOMPARE(neighboursLike(mPod, agg, like).size(), std::size_t(8));
    }
    const Fabric twoPods
        = generated("hpn", { { "pods", "2" }, { "segments", "2" }, { "hosts_per_segment", "4" } });
    QCOMPARE(twoPods.endpoints().size(), std::size_t(2 * 2 * 4 * 8));
    QCOMPARE(twoPods.node(NodeId(64)).name, std::string("pod1-s0-h0-gpu0"));
    for (NodeId core : switchesWithRole(twoPods, SwitchRole::Core))
        QCOMPARE(twoPods.linksOf(core).size(), std::size_t(2 * 60));
    // Fewer core switches than uplinks: each aggregation switch still has its 8 uplinks, spread
    // evenly over the 4 cores of its plane.
    const Fabric fewCores = generated("hpn",
        { { "segments", "1" }, { "core_switches_per_plane", "4" },
            { "core_oversubscription", "1" } });
    QCOMPARE(switchesWithRole(fewCores, SwitchRole::Core).size(), std::size_t(8));
    for (NodeId agg : switchesWithRole(fewCores, SwitchRole::Spine)) {
        const auto up = neighboursLike(
            fewCores, agg, fewCores.node(switchesWithRole(fewCores, SwitchRole::Core)[0]));
        QCOMPARE(up.size(), std::size_t(8));
        QCOMPARE(std::set<NodeId>(up.begin(), up.end()).size(), std::size_t(4));
    }
    QVERIFY(everySwitchPortUsed(fewCores));
}

void TestGenHpn::singlePlaneReachesEveryAggregationSwitch()
{
    const Fabric f = generated("hpn", { { "segments", "2" }, { "dual_plane", "false" } });
    for (NodeId tor : switchesWithRole(f, SwitchRole::Leaf)) {
        std::set<NodeId> aggs;
        for (NodeId n : neighbours(f, tor))
            if (isAgg(f.node(n)))
                aggs.insert(n);
        QCOMPARE(aggs.size(), std::size_t(120));
        QCOMPARE(capacityTowards(f, tor, isAgg), 24000.0); // same capacity as dual-plane
    }
}

void TestGenHpn::oneSegment()
{
    const Fabric f = generated("hpn", { { "segments", "1" } });
    QCOMPARE(f.endpoints().size(), std::size_t(1024));
    QCOMPARE(switchesWithRole(f, SwitchRole::Leaf).size(), std::size_t(16));
    QVERIFY(f.findNode("s0-tor7-plane1") != kNoNode);
    QVERIFY(f.findNode("plane1-agg59") != kNoNode);
}

void TestGenHpn::modelConventions()
{
    QCOMPARE(mPod.generator().family, std::string("hpn"));
    QCOMPARE(mPod.generator().params.at("segments"), nlohmann::json(15));
    bool ok = true;
    mPod.forEachNode([&](const Node &n) {
        ok = ok && n.hints.tier >= 0;
        if (n.kind == NodeKind::Switch)
            ok = ok && n.switchLatencyNs == 600.0 && !n.sharpCapable;
    });
    QVERIFY(ok);
    mPod.forEachLink([&](const Link &l) {
        ok = ok && (l.medium == Medium::Ethernet || l.medium == Medium::NvLink);
    });
    QVERIFY(ok);
}

void TestGenHpn::rejectsBadParameters()
{
    QVERIFY(errorOf("hpn", { { "segments", "0" } })
                .starts_with("segments: must be an integer from 1 to 64, got 0"));
    QVERIFY(
        errorOf("hpn", { { "hosts_per_segment", "0" } }).starts_with("hosts_per_segment: must be"));
    QVERIFY(errorOf("hpn", { { "nic_port_gbps", "-200" } })
                .starts_with("nic_port_gbps: must be a number from 1 to 1600, got -200"));
    QVERIFY(
        errorOf("hpn", { { "pods", "8" }, { "segments", "64" } })
            .starts_with("pods x segments x hosts_per_segment x gpus_per_host: this would build"));
    // Within the endpoint limit, 8.4 million links: a 969 MiB file the app could not open.
    QVERIFY(errorOf("hpn",
        { { "pods", "8" }, { "segments", "64" }, { "gpus_per_host", "16" },
            { "hosts_per_segment", "1" }, { "aggs_per_plane", "256" },
            { "core_oversubscription", "1" } })
                .starts_with("pods, segments, hosts_per_segment, gpus_per_host and aggs_per_plane: "
                             "this would build"));
    QVERIFY(errorOf("hpn",
        { { "segments", "1" }, { "aggs_per_plane", "1" }, { "core_switches_per_plane", "2" } })
                .starts_with("core_switches_per_plane: must be 0 (one per aggregation uplink) or "
                             "at most the 1 core uplinks"));
    QVERIFY(
        errorOf("hpn", { { "planes", "2" } }).starts_with("unknown parameter 'planes' for hpn"));
}

QTEST_GUILESS_MAIN(TestGenHpn)
#include "tst_gen_hpn.moc"
