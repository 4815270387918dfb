// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// TPU v4 tori, plain and twisted: dimension-order routes over the twisted wrap-arounds, the
// collectives that ride the torus's own cycles, the ring laid on neighbours, and the cut bound
// of an all-to-all. Ratios between runs are asserted, never timings of the machine.
#include "tst_route_helpers.h"

#include "collective/torusorder.h"

#include <QtTest>

#include <cmath>

using namespace fabric;
using namespace fabric::collective;
using namespace routetest;

namespace {

constexpr double kIciBytesPerS = 50e9; // 400 Gb/s each way
Fabric tpu(const char *x, const char *y, const char *z, bool twisted)
{
    return generated("tpu-torus",
        { { "x", x }, { "y", y }, { "z", z }, { "twisted", twisted ? "true" : "false" } });
}

NodeId chip(const Fabric &f, int x, int y, int z)
{
    return f.findNode(
        "chip-" + std::to_string(x) + "-" + std::to_string(y) + "-" + std::to_string(z));
}

/// The chips a path visits after its source, by name (an OCS between two fibres is skipped).
QStringList chipsOn(const Fabric &f, const sim::Path &path)
{
    QStringList out;
    for (DirLinkId d : path.links) {
        const Link &l = f.link(linkOf(d));
        const Node &to = f.node(isForward(d) ? l.b : l.a);
        if (to.isEndpoint())
            out << QString::fromStdString(to.name);
    }
    return out;
}

route::RouterOptions dor()
{
    route::RouterOptions o;
    o.policy = route::Policy::Dor;
    return o;
}

double completion(const Fabric &f, Collective c, Algorithm a, route::Policy p)
{
    return run(f, scenario(c, a, 64 * kMiB, p)).result.completionS;
}

QString ratioText(double plain, double twisted)
{
    return QString("plain %1 s, twisted %2 s, speed-up %3")
        .arg(plain)
        .arg(twisted)
        .arg(plain / twisted);
}

} // namespace

class TestTorusTwist : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void wrapShiftIsReadOffTheWiring();
    void dorTakesTheTwistedWrapWhenShorter();
    void dorSplitsEquallyShortWaysRound();
    void dorOnAPlainTorusIsUnchanged();
    void allToAllIsFasterTwisted_data();
    void allToAllIsFasterTwisted();
    void torusAllReduceIsNoSlowerTwisted_data();
    void torusAllReduceIsNoSlowerTwisted();
    void bucketRingsMultiplyToTheChipCount();
    void torusAllReduceIdealIsALowerBound_data();
    void torusAllReduceIdealIsALowerBound();
    void ringOnATorusRunsOnNeighbours_data();
    void ringOnATorusRunsOnNeighbours();
    void packedKeepsItsMeaningOnSwitchFabrics();
    void allToAllIdealIsTheBisectionBound_data();
    void allToAllIdealIsTheBisectionBound();
    void allToAllIdealOnAFatTreeStaysInjection();
    void allToAllIdealSeesAnOversubscribedLeaf();
};

void TestTorusTwist::wrapShiftIsReadOffTheWiring()
{
    const Fabric twisted = tpu("4", "4", "8", true);
    const route::Router r(twisted, {});
    QVERIFY(r.torus() && r.torus()->twisted() && r.torus()->twistIsRegular());
    // x and y wraps land half of z further on; z (the long side) wraps plainly.
    QCOMPARE(r.torus()->wrapShift(0), (route::Coord { 0, 0, 4 }));
    QCOMPARE(r.torus()->wrapShift(1), (route::Coord { 0, 0, 4 }));
    QCOMPARE(r.torus()->wrapShift(2), (route::Coord { 0, 0, 0 }));
    QCOMPARE(r.torus()->routingOrder(), (std::vector<int> { 0, 1, 2 }));
    QCOMPARE(r.torus()->cycle(chip(twisted, 0, 0, 0), 0).size(), std::size_t(8));
    QCOMPARE(r.torus()->cycle(chip(twisted, 0, 0, 0), 2).size(), std::size_t(8));

    const Fabric plain = tpu("4", "4", "8", false);
    const route::Router p(plain, {});
    QVERIFY(p.torus() && !p.torus()->twisted());
    QCOMPARE(p.torus()->cycle(chip(plain, 0, 0, 0), 0).size(), std::size_t(4));
}

void TestTorusTwist::dorTakesTheTwistedWrapWhenShorter()
{
    const Fabric f = tpu("4", "4", "8", true);
    const route::Router r(f, dor());
    // (3,1,2) -> (0,1,6): one hop over the twisted x wrap (plain: x 1 hop, z 4 hops).
    auto paths = r.route(chip(f, 3, 1, 2), chip(f, 0, 1, 6)).paths;
    QCOMPARE(paths.size(), std::size_t(1));
    QCOMPARE(chipsOn(f, paths[0]), QStringList { "chip-0-1-6" });
    // (0,0,0) -> (2,0,5): x backwards over the wrap lands at z = 4 (x = 3), one more x hop and
    // one z hop: 3 hops. Forwards would be 2 x hops and 3 z hops.
    paths = r.route(chip(f, 0, 0, 0), chip(f, 2, 0, 5)).paths;
    QCOMPARE(paths.size(), std::size_t(1));
    QCOMPARE(chipsOn(f, paths[0]), (QStringList { "chip-3-0-4", "chip-2-0-4", "chip-2-0-5" }));
    // (1,3,0) -> (1,0,3): y forwards over its wrap lands at (1,0,4), then z back one: 2 hops.
    paths = r.route(chip(f, 1, 3, 0), chip(f, 1, 0, 3)).paths;
    QCOMPARE(paths.size(), std::size_t(1));
    QCOMPARE(chipsOn(f, paths[0]), (QStringList { "chip-1-0-4", "chip-1-0-3" }));
}

void TestTorusTwist::dorSplitsEquallyShortWaysRound()
{
    // (0,0,0) -> (0,0,4): 4 hops round x, round y (each wrap adds 4 to z) or along z, each
    // both ways: six routes of 4 hops.
    const Fabric f = tpu("4", "4", "8", true);
    const route::Router r(f, dor());
    const auto paths = r.route(chip(f, 0, 0, 0), chip(f, 0, 0, 4)).paths;
    QCOMPARE(paths.size(), std::size_t(6));
    QSet<QString> seconds;
    for (const sim::Path &p : paths) {
        const QStringList hops = chipsOn(f, p);
        QCOMPARE(hops.size(), 4);
        QCOMPARE(hops.last(), QString("chip-0-0-4"));
        seconds << hops.first();
    }
    QCOMPARE(seconds,
        (QSet<QString> {
            "chip-1-0-0", "chip-3-0-4", "chip-0-1-0", "chip-0-3-4", "chip-0-0-1", "chip-0-0-7" }));
}

void TestTorusTwist::dorOnAPlainTorusIsUnchanged()
{
    const Fabric f = tpu("4", "4", "8", false);
    const route::Router r(f, dor());
    // x first, then y, then z; x is a tie (2 of 4) and splits.
    const auto paths = r.route(chip(f, 0, 0, 0), chip(f, 2, 1, 7)).paths;
    QCOMPARE(paths.size(), std::size_t(2));
    QCOMPARE(chipsOn(f, paths[0]),
        (QStringList { "chip-1-0-0", "chip-2-0-0", "chip-2-1-0", "chip-2-1-7" }));
    QCOMPARE(chipsOn(f, paths[1]),
        (QStringList { "chip-3-0-0", "chip-2-0-0", "chip-2-1-0", "chip-2-1-7" }));
}

void TestTorusTwist::allToAllIsFasterTwisted_data()
{
    QTest::addColumn<QByteArray>("y");
    QTest::addColumn<QByteArray>("z");
    QTest::addColumn<double>("low");
    QTest::addColumn<double>("high");
    // The TPU v4 paper measures about 1.6x on 4x4x8 and 1.3x on 4x8x8.
    QTest::newRow("4x4x8") << QByteArray("4") << QByteArray("8") << 1.3 << 2.1;
    QTest::newRow("4x8x8") << QByteArray("8") << QByteArray("8") << 1.1 << 2.1;
}

void TestTorusTwist::allToAllIsFasterTwisted()
{
    QFETCH(QByteArray, y);
    QFETCH(QByteArray, z);
    QFETCH(double, low);
    QFETCH(double, high);
    const double plain = completion(
        tpu("4", y, z, false), Collective::AllToAll, Algorithm::Direct, route::Policy::Dor);
    const double twisted = completion(
        tpu("4", y, z, true), Collective::AllToAll, Algorithm::Direct, route::Policy::Dor);
    QVERIFY2(
        plain / twisted >= low && plain / twisted <= high, qPrintable(ratioText(plain, twisted)));
}

void TestTorusTwist::torusAllReduceIsNoSlowerTwisted_data()
{
    QTest::addColumn<QByteArray>("y");
    QTest::addColumn<int>("policy");
    for (const char *y : { "4", "8" })
        for (auto p : { route::Policy::Dor, route::Policy::Adaptive })
            QTest::newRow((std::string("4x") + y + "x8 " + std::string(route::toString(p))).c_str())
                << QByteArray(y) << int(p);
}

void TestTorusTwist::torusAllReduceIsNoSlowerTwisted()
{
    QFETCH(QByteArray, y);
    QFETCH(int, policy);
    const auto p = route::Policy(policy);
    const double plain
        = completion(tpu("4", y, "8", false), Collective::AllReduce, Algorithm::Torus, p);
    const double twisted
        = completion(tpu("4", y, "8", true), Collective::AllReduce, Algorithm::Torus, p);
    QVERIFY2(twisted <= plain * 1.001, qPrintable(ratioText(plain, twisted)));
}

void TestTorusTwist::torusAllReduceIdealIsALowerBound_data()
{
    QTest::addColumn<QByteArray>("y");
    QTest::addColumn<bool>("twisted");
    QTest::addColumn<double>("bytes");
    for (const char *y : { "4", "8" })
        for (const bool twisted : { false, true })
            for (const double bytes : { 1024.0, 64 * kMiB })
                QTest::addRow("4x%sx8 %s %g B", y, twisted ? "twisted" : "plain", bytes)
                    << QByteArray(y) << twisted << bytes;
}

// Long cables make the latency count: the ideal charged every step the slowest first or
// closing hop, and a twisted ring closes over hops of several cables, so runs read 111% (4x4x8)
// and 124% (4x8x8) of ideal. A plain torus's small messages still reach their ideal.
void TestTorusTwist::torusAllReduceIdealIsALowerBound()
{
    QFETCH(QByteArray, y);
    QFETCH(bool, twisted);
    QFETCH(double, bytes);
    const Fabric f = generated("tpu-torus",
        { { "x", "4" }, { "y", y.toStdString() }, { "z", "8" },
            { "twisted", twisted ? "true" : "false" }, { "cable_latency_ns", "10000" } });
    const Run r
        = run(f, scenario(Collective::AllReduce, Algorithm::Torus, bytes, route::Policy::Dor));
    const double ideal = r.expansion.ideal.timeS;
    QVERIFY2(r.result.completionS >= ideal * (1 - 1e-9),
        qPrintable(QString("completion %1 s, ideal %2 s").arg(r.result.completionS).arg(ideal)));
    if (!twisted && bytes < 2048) // where latency is the whole run
        QVERIFY2(r.result.completionS <= ideal * 1.01,
            qPrintable(
                QString("completion %1 s, ideal %2 s").arg(r.result.completionS).arg(ideal)));
}

void TestTorusTwist::bucketRingsMultiplyToTheChipCount()
{
    // On the twisted 4x4x8 the first phase runs on the 8-chip twisted cycles, then rings of 4
    // and 4: 8 x 4 x 4 = 128, every chip's data reaching every other exactly once.
    const Fabric f = tpu("4", "4", "8", true);
    const Run r
        = run(f, scenario(Collective::AllReduce, Algorithm::Torus, kMiB, route::Policy::Dor));
    // Reduce-scatter steps per part: 7 + 3 + 3 = 13 (plain 3 + 3 + 7), both ways, 6 parts.
    QCOMPARE(r.expansion.stepFlows, std::size_t(6 * 2 * 13 * 128));
    // The first hop of every heavy phase is one link: the bound is one ICI link.
    QVERIFY(std::abs(r.expansion.ideal.bandwidthBytesPerS - kIciBytesPerS) < 1);
}

void TestTorusTwist::ringOnATorusRunsOnNeighbours_data()
{
    QTest::addColumn<bool>("twisted");
    QTest::newRow("plain 4x4x8") << false;
    QTest::newRow("twisted 4x4x8") << true;
}

void TestTorusTwist::ringOnATorusRunsOnNeighbours()
{
    QFETCH(bool, twisted);
    const Fabric f = tpu("4", "4", "8", twisted);
    const double S = 256 * kMiB;
    const Run r = run(f, scenario(Collective::AllReduce, Algorithm::Ring, S, route::Policy::Dor));
    QCOMPARE(r.expansion.rankOrder, std::string("snake"));
    const auto &ranks = r.expansion.ranks;
    QCOMPARE(ranks.size(), std::size_t(128));
    const route::Router router(f, {});
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        const NodeId a = ranks[i], b = ranks[(i + 1) % ranks.size()];
        bool next = false;
        for (int d = 0; d < 3; ++d)
            for (int dir : { +1, -1 })
                if (const ForwardingArc *arc = router.torus()->step(a, d, dir))
                    next = next || arc->to == b;
        QVERIFY2(next, qPrintable(QString("rank %1 and the next are not neighbours").arg(i)));
    }
    // 2(N-1)/N S/B, within 10%.
    const double N = 128;
    const double closed = 2 * (N - 1) / N * S / kIciBytesPerS;
    QVERIFY2(r.result.completionS <= closed * 1.1 && r.result.completionS >= closed,
        qPrintable(QString("%1 s against %2 s").arg(r.result.completionS).arg(closed)));
}

void TestTorusTwist::packedKeepsItsMeaningOnSwitchFabrics()
{
    const Fabric f = smallRailFatTree();
    const Run r
        = run(f, scenario(Collective::AllReduce, Algorithm::Ring, kMiB, route::Policy::Static));
    QCOMPARE(r.expansion.rankOrder, std::string("packed"));
    QCOMPARE(r.expansion.ranks, f.endpoints());
    // On a torus, another placement or a list of names is kept as asked.
    const Fabric t = tpu("4", "4", "4", false);
    auto s = scenario(Collective::AllReduce, Algorithm::Ring, kMiB, route::Policy::Dor);
    s.placement = collective::Placement::Spread;
    QCOMPARE(run(t, s).expansion.rankOrder, std::string("spread"));
    s.placement = collective::Placement::Packed;
    s.ranks = "chip-0-0-0,chip-1-0-0";
    QCOMPARE(run(t, s).expansion.rankOrder, std::string("listed"));
}

void TestTorusTwist::allToAllIdealIsTheBisectionBound_data()
{
    QTest::addColumn<bool>("twisted");
    QTest::addColumn<double>("cutLinks");
    QTest::addColumn<QString>("cut");
    // Plain 4x4x8: across the middle of z, 16 links at z 3|4 and 16 wraps at 7|0 each way.
    QTest::newRow("plain") << false << 32.0 << "z < 4 | z >= 4";
    // Twisted: every x and y wrap crosses the z cut too (96 links); the x cut is the narrow
    // one: 32 links at x 1|2 and 32 wraps at 3|0.
    QTest::newRow("twisted") << true << 64.0 << "x < 2 | x >= 2";
}

void TestTorusTwist::allToAllIdealIsTheBisectionBound()
{
    QFETCH(bool, twisted);
    QFETCH(double, cutLinks);
    QFETCH(QString, cut);
    const Fabric f = tpu("4", "4", "8", twisted);
    const double S = 64 * kMiB;
    const Run r = run(f, scenario(Collective::AllToAll, Algorithm::Direct, S, route::Policy::Dor));
    const collective::Ideal &ideal = r.expansion.ideal;
    QCOMPARE(ideal.bound, std::string("bisection"));
    QVERIFY2(
        ideal.boundDetail.find(cut.toStdString()) != std::string::npos, ideal.boundDetail.c_str());
    // 64 chips on each side each send S/128 to each of the 64 on the other: 32 S one way.
    const double expected = ideal.messageLatencyS + 32 * S / (cutLinks * kIciBytesPerS);
    QVERIFY2(std::abs(ideal.timeS - expected) <= 1e-9 * expected,
        qPrintable(QString("%1 against %2").arg(ideal.timeS).arg(expected)));
    // The injection bound (6 links a chip) is far below: 127/128 S / 300 GB/s.
    QVERIFY(ideal.timeS > 2 * (127.0 / 128 * S / (6 * kIciBytesPerS)));
    QVERIFY2(r.summary.ofIdeal > 0.6 && r.summary.ofIdeal <= 1.0 + 1e-9,
        qPrintable(QString::number(r.summary.ofIdeal)));
}

void TestTorusTwist::allToAllIdealOnAFatTreeStaysInjection()
{
    // A full-bisection fat-tree: the NICs are the bound, no cut (the bisection, a leaf's
    // links) is tighter; the detail names the tightest cut it compared.
    const Fabric f = flatFatTree(8);
    const Run r = run(
        f, scenario(Collective::AllToAll, Algorithm::Direct, 16 * kMiB, route::Policy::Adaptive));
    QCOMPARE(r.expansion.ideal.bound, std::string("injection"));
    QVERIFY2(r.expansion.ideal.boundDetail.find(" across ") != std::string::npos,
        r.expansion.ideal.boundDetail.c_str());
}

void TestTorusTwist::allToAllIdealSeesAnOversubscribedLeaf()
{
    // The congestion lesson's fabric: 12 GPUs on a leaf with 4 uplinks of 400G (3:1). What
    // leaves a leaf, 12 x 180/192 S, takes 12 x 180/192 x S / 200 GB/s whatever the routing;
    // the half/half bisection saw less, and an adaptive run at that floor read 53% of ideal.
    const Fabric f = generated("ib-fat-tree",
        { { "radix", "16" }, { "tiers", "2" }, { "oversubscription", "3" },
            { "gpus_per_host", "4" }, { "rail_optimised", "false" } });
    const double S = 64 * kMiB;
    const Run r
        = run(f, scenario(Collective::AllToAll, Algorithm::Direct, S, route::Policy::Adaptive));
    const Ideal &ideal = r.expansion.ideal;
    QCOMPARE(ideal.bound, std::string("cut"));
    QVERIFY2(ideal.boundDetail.find("the links of leaf") != std::string::npos,
        ideal.boundDetail.c_str());
    const double gpus = double(f.endpoints().size());
    const double leaving = 12 * (gpus - 12) / gpus * S;
    const double expected = ideal.messageLatencyS + leaving / (4 * 50e9);
    QVERIFY2(std::abs(ideal.timeS - expected) <= 1e-9 * expected,
        qPrintable(QString("%1 against %2").arg(ideal.timeS).arg(expected)));
    QVERIFY2(r.summary.ofIdeal > 0.99 && r.summary.ofIdeal <= 1.0 + 1e-9,
        qPrintable(QString::number(r.summary.ofIdeal)));
}

QTEST_GUILESS_MAIN(TestTorusTwist)
#include "tst_torus_twist.moc"
