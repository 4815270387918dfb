// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/fabric.h"
#include "model/tierinference.h"

#include <QtTest>

using namespace fabric;

/// Hand-placed switches get the tiers (and, without one, the roles) their links imply.
class TestTierInference : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void tiersFollowHopsFromTheEndpoints();
};

namespace {

NodeId add(Fabric &f, NodeKind kind, const char *name, int tier = -1)
{
    Node n;
    n.kind = kind;
    n.name = name;
    n.hints.tier = tier;
    return f.addNode(n);
}

void join(Fabric &f, NodeId a, NodeId b)
{
    Link l;
    l.a = a;
    l.b = b;
    l.capacityGbps = 400;
    f.addLink(l);
}

} // namespace

void TestTierInference::tiersFollowHopsFromTheEndpoints()
{
    // gpu - s1 - s2 - s3, and s4 linked to nothing; s5 was given tier 7 by the user.
    Fabric f;
    const NodeId gpu = add(f, NodeKind::Gpu, "gpu", 0);
    const NodeId s1 = add(f, NodeKind::Switch, "s1");
    const NodeId s2 = add(f, NodeKind::Switch, "s2");
    const NodeId s3 = add(f, NodeKind::Switch, "s3");
    const NodeId s4 = add(f, NodeKind::Switch, "s4");
    const NodeId s5 = add(f, NodeKind::Switch, "s5", 7);
    join(f, gpu, s1);
    join(f, s1, s2);
    join(f, s2, s3);
    join(f, s1, s5);
    QCOMPARE(inferSwitchTiers(f), 3);
    QCOMPARE(f.node(s1).hints.tier, 2);
    QCOMPARE(f.node(s2).hints.tier, 3);
    QCOMPARE(f.node(s3).hints.tier, 4);
    QVERIFY(f.node(s1).role == SwitchRole::Leaf);
    QVERIFY(f.node(s2).role == SwitchRole::Spine);
    QVERIFY(f.node(s3).role == SwitchRole::Core);
    QCOMPARE(f.node(s4).hints.tier, -1); // nothing reaches it
    QCOMPARE(f.node(s5).hints.tier, 7);  // the user's choice stands
    QCOMPARE(inferSwitchTiers(f), 0);
}

QTEST_GUILESS_MAIN(TestTierInference)
#include "tst_tierinference.moc"
