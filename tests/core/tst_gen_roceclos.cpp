// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "tst_gen_helpers.h"

#include <QtTest>

#include <set>

using namespace fabric;
using namespace gentest;

class TestGenRoceClos : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void oneAiZone();
    void clusterOfEightZones();
    void underSubscribedRacks();
    void rejectsBadParameters();
};

namespace {
bool isGpu(const Node &n)
{
    return n.kind == NodeKind::Gpu;
}
bool hasRole(const Node &n, SwitchRole role)
{
    return n.kind == NodeKind::Switch && n.role == role;
}
} // namespace

void TestGenRoceClos::oneAiZone()
{
    const Fabric f = generated("roce-clos", { { "zones", "1" } });
    const auto rtsws = switchesWithRole(f, SwitchRole::Leaf);
    const auto ctsws = switchesWithRole(f, SwitchRole::Spine);
    QCOMPARE(f.endpoints().size(), std::size_t(3072));
    QCOMPARE(countKind(f, NodeKind::Host), std::size_t(384));
    QCOMPARE(rtsws.size(), std::size_t(192));
    QCOMPARE(ctsws.size(), std::size_t(16));
    QVERIFY(switchesWithRole(f, SwitchRole::Core).empty());
    for (NodeId r : rtsws) {
        QCOMPARE(capacityTowards(f, r, isGpu), 16 * 400.0);
        QCOMPARE(capacityTowards(f, r, [](const Node &n) { return hasRole(n, SwitchRole::Spine); }),
            16 * 400.0); // full bisection inside the zone
        for (NodeId c : ctsws)
            QCOMPARE(linksBetween(f, r, c), 1);
    }
    QVERIFY(everySwitchPortUsed(f));
    QCOMPARE(f.node(NodeId(16)).name, std::string("z0-r1-h0-gpu0"));
    QCOMPARE(f.node(NodeId(16)).host, f.node(NodeId(23)).host);
}

void TestGenRoceClos::clusterOfEightZones()
{
    const Fabric f = generated("roce-clos");
    QCOMPARE(f.endpoints().size(), std::size_t(24576)); // Meta's 24K cluster
    QCOMPARE(switchesWithRole(f, SwitchRole::Leaf).size(), std::size_t(8 * 192));
    QCOMPARE(switchesWithRole(f, SwitchRole::Spine).size(), std::size_t(8 * 16));
    const auto atsws = switchesWithRole(f, SwitchRole::Core);
    QCOMPARE(atsws.size(), std::size_t(16));
    QCOMPARE(f.node(NodeId(3072)).name, std::string("z1-r0-h0-gpu0"));
    QCOMPARE(f.node(NodeId(3072)).hints.pod, 1);
    // Capacity leaving a zone: its GPU capacity / 7, rounded up to whole links per CTSW.
    double zoneUp = 0;
    for (NodeId c : switchesWithRole(f, SwitchRole::Spine))
        if (f.node(c).hints.pod == 0)
            zoneUp += capacityTowards(
                f, c, [](const Node &n) { return hasRole(n, SwitchRole::Core); });
    const double zoneGpus = 3072 * 400.0;
    QVERIFY(zoneUp >= zoneGpus / 7);
    QVERIFY(zoneUp < zoneGpus / 7 + 16 * 400.0);
    // ATSW j joins CTSW j of every zone.
    for (NodeId a : atsws) {
        std::set<int> zones;
        for (NodeId c : neighbours(f, a)) {
            QCOMPARE(f.node(c).hints.index, f.node(a).hints.index);
            zones.insert(f.node(c).hints.pod);
        }
        QCOMPARE(zones.size(), std::size_t(8));
    }
    QVERIFY(everySwitchPortUsed(f));
}

void TestGenRoceClos::underSubscribedRacks()
{
    const Fabric f = generated("roce-clos",
        { { "zones", "2" }, { "racks_per_zone", "8" }, { "rack_uplink_ratio", "2:1" } });
    for (NodeId r : switchesWithRole(f, SwitchRole::Leaf))
        QCOMPARE(capacityTowards(f, r, [](const Node &n) { return hasRole(n, SwitchRole::Spine); }),
            2 * capacityTowards(f, r, isGpu));
}

void TestGenRoceClos::rejectsBadParameters()
{
    QCOMPARE(errorOf("roce-clos", { { "zones", "0" } }),
        std::string("zones: must be an integer from 1 to 64, got 0"));
    QVERIFY(errorOf("roce-clos", { { "ctsw_per_zone", "5" } })
                .starts_with("ctsw_per_zone: must be a divisor of the 16 uplinks"));
    QCOMPARE(errorOf("roce-clos", { { "rack_uplink_ratio", "3:1" } }),
        std::string("rack_uplink_ratio: must be one of 1:1, 2:1, got '3:1'"));
    QVERIFY(errorOf("roce-clos", { { "zones", "64" }, { "racks_per_zone", "1024" } })
                .starts_with("zones x racks_per_zone x hosts_per_rack x gpus_per_host: this "
                             "would build"));
    // Under the endpoint limit, over the link limit: built, it was a file of a million links.
    QCOMPARE(errorOf("roce-clos",
                 { { "zones", "40" }, { "racks_per_zone", "625" }, { "hosts_per_rack", "8" },
                     { "gpus_per_host", "1" }, { "rack_uplink_ratio", "2:1" },
                     { "zone_oversubscription", "1" } }),
        std::string("zones, racks_per_zone, hosts_per_rack, gpus_per_host and rack_uplink_ratio: "
                    "this would build 1,000,320 links, above the maximum of 1,000,000"));
}

QTEST_GUILESS_MAIN(TestGenRoceClos)
#include "tst_gen_roceclos.moc"
