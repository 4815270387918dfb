// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "tst_gen_helpers.h"

#include <QtTest>

#include <map>

using namespace fabric;
using namespace gentest;

class TestGenDragonfly : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void balanced_data();
    void balanced();
    void fewerGroupsStillJoinEveryPair();
    void rejectsBadParameters();
};

namespace {
/// Global links between each pair of groups (keyed smaller group first).
std::map<std::pair<int, int>, int> globalLinks(const Fabric &f)
{
    std::map<std::pair<int, int>, int> out;
    f.forEachLink([&](const Link &l) {
        const Node &a = f.node(l.a), &b = f.node(l.b);
        if (a.role == SwitchRole::Router && b.role == SwitchRole::Router
            && a.hints.pod != b.hints.pod)
            ++out[{ std::min(a.hints.pod, b.hints.pod), std::max(a.hints.pod, b.hints.pod) }];
    });
    return out;
}
} // namespace

void TestGenDragonfly::balanced_data()
{
    QTest::addColumn<int>("a");
    QTest::addColumn<int>("p");
    QTest::addColumn<int>("h");
    QTest::newRow("default") << 4 << 2 << 2;
    QTest::newRow("a=8 p=4 h=4") << 8 << 4 << 4;
}

void TestGenDragonfly::balanced()
{
    QFETCH(int, a);
    QFETCH(int, p);
    QFETCH(int, h);
    const Fabric f = generated("dragonfly",
        { { "routers_per_group", std::to_string(a) }, { "endpoints_per_router", std::to_string(p) },
            { "global_links_per_router", std::to_string(h) } });
    const int g = a * h + 1;
    const auto routers = switchesWithRole(f, SwitchRole::Router);
    QCOMPARE(routers.size(), std::size_t(g * a));
    QCOMPARE(f.endpoints().size(), std::size_t(g * a * p));
    for (NodeId r : routers) {
        int local = 0;
        for (NodeId n : neighbours(f, r))
            local += f.node(n).role == SwitchRole::Router
                && f.node(n).hints.pod == f.node(r).hints.pod;
        QCOMPARE(local, a - 1); // groups are fully connected inside
    }
    const auto global = globalLinks(f);
    QCOMPARE(global.size(), std::size_t(g * (g - 1) / 2));
    for (const auto &[pair, count] : global)
        QCOMPARE(count, 1);
    QVERIFY(everySwitchPortUsed(f));
}

void TestGenDragonfly::fewerGroupsStillJoinEveryPair()
{
    const Fabric f = generated("dragonfly", { { "groups", "4" } });
    const auto global = globalLinks(f);
    QCOMPARE(global.size(), std::size_t(6));
    for (const auto &[pair, count] : global)
        QVERIFY(count >= 2); // 8 global ports per group over 3 peers
    for (NodeId r : switchesWithRole(f, SwitchRole::Router))
        QVERIFY(f.linksOf(r).size() <= std::size_t(f.node(r).ports));
}

void TestGenDragonfly::rejectsBadParameters()
{
    QVERIFY(errorOf("dragonfly", { { "groups", "10" } })
                .starts_with("groups: must be 0 (balanced: a*h+1 = 9) or from 2 to 9"));
    QVERIFY(errorOf("dragonfly", { { "groups", "1" } }).starts_with("groups: must be 0"));
    QCOMPARE(errorOf("dragonfly", { { "routers_per_group", "0" } }),
        std::string("routers_per_group: must be an integer from 1 to 128, got 0"));
    QVERIFY(errorOf("dragonfly", { { "gpus_per_host", "3" } })
                .starts_with("gpus_per_host: must be a divisor of endpoints_per_router 2"));
    QVERIFY(
        errorOf("dragonfly",
            { { "routers_per_group", "128" }, { "endpoints_per_router", "128" },
                { "global_links_per_router", "64" } })
            .starts_with("groups x routers_per_group x endpoints_per_router: this would build"));
}

QTEST_GUILESS_MAIN(TestGenDragonfly)
#include "tst_gen_dragonfly.moc"
