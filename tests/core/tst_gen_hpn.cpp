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
    Fabric m_pod; // the default: one full pod
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
    m_pod = gen("hpn");
}

void TestGenHpn::podCountsMatchSimAi()
{
    // SimAI gen_Topo_Template.py defaults (docs/reference-figures.md, section 4).
    QCOMPARE(m_pod.endpoints().size(), std::size_t(15360));
    QCOMPARE(countKind(m_pod, NodeKind::Host), std::size_t(1920));
    QCOMPARE(switchesWithRole(m_pod, SwitchRole::Leaf).size(), std::size_t(240));
    QCOMPARE(switchesWithRole(m_pod, SwitchRole::Spine).size(), std::size_t(120));
    QCOMPARE(m_pod.findNode("s0-h0-gpu0"), NodeId(0));
    QCOMPARE(m_pod.findNode("s1-h0-gpu0"), NodeId(1024));
}

void TestGenHpn::torCapacities()
{
    for (NodeId tor : switchesWithRole(m_pod, SwitchRole::Leaf)) {
        QVERIFY(neighboursLike(m_pod, tor, m_pod.node(tor)).empty()); // no ToR-ToR links
        QCOMPARE(capacityTowards(m_pod, tor, isGpu), 25600.0); // 128 x 200G
        QCOMPARE(capacityTowards(m_pod, tor, isAgg), 24000.0); // 60 x 400G
    }
    for (NodeId agg : switchesWithRole(m_pod, SwitchRole::Spine))
        QCOMPARE(m_pod.linksOf(agg).size(), std::size_t(120 + 8));
}

void TestGenHpn::planesStaySeparate()
{
    for (NodeId tor : switchesWithRole(m_pod, SwitchRole::Leaf)) {
        const int plane = m_pod.node(tor).hints.plane;
        QVERIFY(plane == 0 || plane == 1);
        int uplinks = 0;
        for (LinkId l : m_pod.linksOf(tor)) {
            const Node &peer = m_pod.node(m_pod.link(l).other(tor));
            if (isAgg(peer)) {
                QCOMPARE(peer.hints.plane, plane);
                QCOMPARE(m_pod.link(l).plane, plane);
                ++uplinks;
            }
        }
        QCOMPARE(uplinks, 60);
    }
    for (NodeId agg : switchesWithRole(m_pod, SwitchRole::Spine))
        for (NodeId core :
            neighboursLike(m_pod, agg, m_pod.node(switchesWithRole(m_pod, SwitchRole::Core)[0])))
            QCOMPARE(m_pod.node(core).hints.plane, m_pod.node(agg).hints.plane);
}

void TestGenHpn::eachGpuReachesTwoTorsOfDifferentPlanes()
{
    for (NodeId g : m_pod.endpoints()) {
        std::vector<const Link *> nics;
        for (LinkId l : m_pod.linksOf(g))
            if (m_pod.link(l).medium == Medium::Ethernet)
                nics.push_back(&m_pod.link(l));
        QCOMPARE(nics.size(), std::size_t(2));
        const Node &tor0 = m_pod.node(nics[0]->other(g));
        const Node &tor1 = m_pod.node(nics[1]->other(g));
        QVERIFY(tor0.id != tor1.id);
        QCOMPARE(tor0.hints.plane, 0);
        QCOMPARE(tor1.hints.plane, 1);
        QCOMPARE(nics[0]->plane, 0);
        QCOMPARE(nics[1]->plane, 1);
        QCOMPARE(nics[0]->portA, 0); // the NIC port
        QCOMPARE(nics[1]->portA, 1);
        QCOMPARE(nics[0]->capacityGbps, 200.0);
        QCOMPARE(tor0.hints.rail, m_pod.node(g).hints.rail); // rail-optimised
        QCOMPARE(tor1.hints.rail, m_pod.node(g).hints.rail);
        QCOMPARE(tor0.hints.pod, m_pod.node(g).hints.pod);
    }
}

void TestGenHpn::coreOversubscription()
{
    // An aggregation switch: 120 x 400G down, 8 x 400G up: 15:1 between pods.
    const Node like = m_pod.node(switchesWithRole(m_pod, SwitchRole::Core)[0]);
    for (NodeId agg : switchesWithRole(m_pod, SwitchRole::Spine)) {
        const double down
            = capacityTowards(m_pod, agg, [](const Node &n) { return n.role == SwitchRole::Leaf; });
        const double up
            = capacityTowards(m_pod, agg, [](const Node &n) { return n.role == SwitchRole::Core; });
        QCOMPARE(down / up, 15.0);
        QCOMPARE(neighboursLike(m_pod, agg, like).size(), std::size_t(8));
    }
    const Fabric twoPods
        = gen("hpn", { { "pods", "2" }, { "segments", "2" }, { "hosts_per_segment", "4" } });
    QCOMPARE(twoPods.endpoints().size(), std::size_t(2 * 2 * 4 * 8));
    QCOMPARE(twoPods.node(NodeId(64)).name, std::string("pod1-s0-h0-gpu0"));
    for (NodeId core : switchesWithRole(twoPods, SwitchRole::Core))
        QCOMPARE(twoPods.linksOf(core).size(), std::size_t(2 * 60));
    // Fewer core switches than uplinks: each aggregation switch still has its 8 uplinks, spread
    // evenly over the 4 cores of its plane.
    const Fabric fewCores = gen("hpn",
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
    const Fabric f = gen("hpn", { { "segments", "2" }, { "dual_plane", "false" } });
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
    const Fabric f = gen("hpn", { { "segments", "1" } });
    QCOMPARE(f.endpoints().size(), std::size_t(1024));
    QCOMPARE(switchesWithRole(f, SwitchRole::Leaf).size(), std::size_t(16));
    QVERIFY(f.findNode("s0-tor7-plane1") != kNoNode);
    QVERIFY(f.findNode("plane1-agg59") != kNoNode);
}

void TestGenHpn::modelConventions()
{
    QCOMPARE(m_pod.generator().family, std::string("hpn"));
    QCOMPARE(m_pod.generator().params.at("segments"), nlohmann::json(15));
    bool ok = true;
    m_pod.forEachNode([&](const Node &n) {
        ok = ok && n.hints.tier >= 0;
        if (n.kind == NodeKind::Switch)
            ok = ok && n.switchLatencyNs == 600.0 && !n.sharpCapable;
    });
    QVERIFY(ok);
    m_pod.forEachLink([&](const Link &l) {
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
    QVERIFY(errorOf("hpn", { { "pods", "8" }, { "segments", "64" } })
                .starts_with("segments: this would build"));
    QVERIFY(errorOf("hpn",
        { { "segments", "1" }, { "aggs_per_plane", "1" }, { "core_switches_per_plane", "2" } })
                .starts_with("core_switches_per_plane: must be 0 (one per aggregation uplink) or "
                             "at most the 1 core uplinks"));
    QVERIFY(
        errorOf("hpn", { { "planes", "2" } }).starts_with("unknown parameter 'planes' for hpn"));
}

QTEST_GUILESS_MAIN(TestGenHpn)
#include "tst_gen_hpn.moc"
