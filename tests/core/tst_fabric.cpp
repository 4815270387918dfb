// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/fabric.h"
#include "model/transit.h"

#include <QtTest>

using namespace fabric;

class TestFabric : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void idsStayStableAcrossRemoval();
    void removingANodeRemovesItsLinks();
    void parallelLinksAreDistinct();
    void rejectsSelfLinksAndDuplicateIds();
    void ocsForwardsAlongCircuits();
    void hostsForwardOnlyInsideTheirNvlinkDomain();
};

namespace {
Node makeNode(NodeKind kind, std::string name)
{
    Node n;
    n.kind = kind;
    n.name = std::move(name);
    return n;
}
Link makeLink(NodeId a, NodeId b, int portA = -1, int portB = -1)
{
    Link l;
    l.a = a;
    l.b = b;
    l.portA = portA;
    l.portB = portB;
    l.capacityGbps = 400;
    return l;
}
} // namespace

void TestFabric::idsStayStableAcrossRemoval()
{
    Fabric f;
    const NodeId a = f.addNode(makeNode(NodeKind::Gpu, "a"));
    const NodeId b = f.addNode(makeNode(NodeKind::Switch, "b"));
    const NodeId c = f.addNode(makeNode(NodeKind::Gpu, "c"));
    f.removeNode(b);
    const NodeId d = f.addNode(makeNode(NodeKind::Gpu, "d"));
    QCOMPARE(f.node(a).name, std::string("a"));
    QCOMPARE(f.node(c).name, std::string("c"));
    QVERIFY(d != b); // ids are never reused
    QVERIFY(!f.hasNode(b));
    QCOMPARE(f.nodeCount(), std::size_t(3));
    QCOMPARE(f.endpoints(), (std::vector<NodeId>{a, c, d}));
}

void TestFabric::removingANodeRemovesItsLinks()
{
    Fabric f;
    const NodeId s = f.addNode(makeNode(NodeKind::Switch, "s"));
    const NodeId g1 = f.addNode(makeNode(NodeKind::Gpu, "g1"));
    const NodeId g2 = f.addNode(makeNode(NodeKind::Gpu, "g2"));
    const LinkId l1 = f.addLink(makeLink(s, g1));
    const LinkId l2 = f.addLink(makeLink(s, g2));
    f.removeNode(g1);
    QVERIFY(!f.hasLink(l1));
    QVERIFY(f.hasLink(l2));
    QCOMPARE(f.linksOf(s).size(), std::size_t(1));
    QCOMPARE(f.linkCount(), std::size_t(1));
}

void TestFabric::parallelLinksAreDistinct()
{
    Fabric f;
    const NodeId a = f.addNode(makeNode(NodeKind::Switch, "a"));
    const NodeId b = f.addNode(makeNode(NodeKind::Switch, "b"));
    const LinkId l1 = f.addLink(makeLink(a, b));
    const LinkId l2 = f.addLink(makeLink(a, b));
    QVERIFY(l1 != l2);
    QCOMPARE(f.linksOf(a).size(), std::size_t(2));
    QCOMPARE(dirLink(l2, false), 2 * l2 + 1);
    QCOMPARE(reverse(dirLink(l2, true)), dirLink(l2, false));
}

void TestFabric::rejectsSelfLinksAndDuplicateIds()
{
    Fabric f;
    const NodeId a = f.addNode(makeNode(NodeKind::Switch, "a"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, f.addLink(makeLink(a, a)));
    Node dup = makeNode(NodeKind::Gpu, "dup");
    dup.id = a;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, f.addNode(dup));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, f.addLink(makeLink(a, 42)));
}

void TestFabric::ocsForwardsAlongCircuits()
{
    Fabric f;
    const NodeId c1 = f.addNode(makeNode(NodeKind::Gpu, "chip1"));
    const NodeId c2 = f.addNode(makeNode(NodeKind::Gpu, "chip2"));
    const NodeId c3 = f.addNode(makeNode(NodeKind::Gpu, "chip3"));
    Node ocs = makeNode(NodeKind::Ocs, "ocs");
    ocs.circuits = {{0, 2}};
    const NodeId o = f.addNode(ocs);
    const LinkId f1 = f.addLink(makeLink(c1, o, -1, 0));
    const LinkId f2 = f.addLink(makeLink(c2, o, -1, 1));
    const LinkId f3 = f.addLink(makeLink(o, c3, 2, -1));
    QCOMPARE(f.ocsPeer(o, f1), f3);
    QCOMPARE(f.ocsPeer(o, f3), f1);
    QCOMPARE(f.ocsPeer(o, f2), kNoLink); // port 1 has no circuit
    f.node(o).circuits = {{1, 2}};       // reconfigure: chip2 now meets chip3
    QCOMPARE(f.ocsPeer(o, f3), f2);
}

void TestFabric::hostsForwardOnlyInsideTheirNvlinkDomain()
{
    Fabric f;
    const NodeId h = f.addNode(makeNode(NodeKind::Host, "h"));
    Node g = makeNode(NodeKind::Gpu, "g0");
    g.host = h;
    const NodeId g0 = f.addNode(g);
    g.name = "g1";
    const NodeId g1 = f.addNode(g);
    const NodeId other = f.addNode(makeNode(NodeKind::Gpu, "other"));
    const NodeId sw = f.addNode(makeNode(NodeKind::Switch, "sw"));
    QVERIFY(mayForward(f, g0, h, g1));
    QVERIFY(!mayForward(f, g0, h, other));
    QVERIFY(!mayForward(f, sw, g0, h));
    QVERIFY(mayForward(f, g0, sw, other));
}

QTEST_GUILESS_MAIN(TestFabric)
#include "tst_fabric.moc"
