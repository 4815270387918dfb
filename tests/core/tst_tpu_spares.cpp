// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A TPU slice's spare cubes: built on standby, switched in by the OCS for a failed cube
// (--ocs-reroute), and a slice with no spare left reported as broken (docs/simulation.md,
// "Spare cubes and OCS rerouting").
#include "tst_route_helpers.h"

#include "collective/faultrun.h"
#include "generators/tpuspares.h"
#include "generators/tputorus.h"
#include "model/error.h"
#include "model/faults.h"

#include <QtTest>

#include <cmath>

using namespace fabric;
using namespace routetest;
using collective::Algorithm;
using collective::Collective;

namespace {

Fabric sliceWithSpares(int spares, bool twisted = false)
{
    return generated("tpu-torus",
        { { "x", "4" }, { "y", "4" }, { "z", "8" }, { "twisted", twisted ? "true" : "false" },
            { "spare_cubes", std::to_string(spares) } });
}

collective::ScenarioRun runFailing(const Fabric &f, const collective::Scenario &s,
    const std::vector<std::string> &faults, bool reroute, bool partial = false)
{
    collective::FaultRunOptions fo;
    fo.ocsReroute = reroute;
    fo.allowPartial = partial;
    return runFaulted(f, s, faults, fo);
}

double bytesAt(const sim::SimResult &r, const Fabric &f, const std::string &node)
{
    const NodeId n = f.findNode(node);
    double sum = 0;
    for (LinkId l : f.linksOf(n))
        sum += r.links[std::size_t(dirLink(l, true))].bytes
            + r.links[std::size_t(dirLink(l, false))].bytes;
    return sum;
}

QString errorOf(const std::function<void()> &f)
{
    try {
        f();
    } catch (const UserError &e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestTpuSpares : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sparesStandByOutsideTheSlice();
    void sparesMustFitInThePod();
    void failedCubeIsReplacedAndTheRunIsHealthy();
    void twistedAllToAllKeepsItsSpeed();
    void noSpareLeftBreaksTheSlice();
    void ocsFaultsAreNotCubeFaults();
    void reshapingWaitsUntilTheSpareIsReturned();
};

void TestTpuSpares::sparesStandByOutsideTheSlice()
{
    const Fabric plain = sliceWithSpares(0);
    const Fabric f = sliceWithSpares(1);
    QCOMPARE(f.endpoints().size(), std::size_t(128));
    QCOMPARE(f.endpoints(), plain.endpoints());
    int standby = 0;
    f.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Gpu && n.standby) {
            ++standby;
            QCOMPARE(n.hints.x, -1); // no torus coordinate
            QCOMPARE(n.hints.pod, 2);
            QVERIFY(n.name.starts_with("spare0-chip-"));
        }
    });
    QCOMPARE(standby, 64);
    // The slice's links are the same links with the same ids; the spare adds its own ICI
    // (3 x 48 per cube) and 96 fibres, on OCS ports 4 and 5, with no circuit on them.
    QCOMPARE(f.linkCount(), plain.linkCount() + 144 + 96);
    for (std::size_t i = 0; i < plain.linkIdBound(); ++i)
        QCOMPARE(f.link(LinkId(i)), plain.link(LinkId(i)));
    f.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Ocs)
            for (const auto &[p, q] : n.circuits)
                QVERIFY(p / 2 < 2 && q / 2 < 2);
    });
    // A ring over every rank never touches the spare.
    const collective::Scenario ring
        = scenario(Collective::AllReduce, Algorithm::Ring, 16 * kMiB, route::Policy::Dor);
    const Run r = run(f, ring);
    QCOMPARE(r.expansion.ranks.size(), std::size_t(128));
    QCOMPARE(bytesAt(r.result, f, "spare0-chip-0-0-0"), 0.0);
    QCOMPARE(r.result.completionS, run(plain, ring).result.completionS);
    // Named as a rank, a spare is refused as what it is: the error said "is a gpu, not an
    // endpoint; ranks must be GPUs".
    collective::Scenario listed = ring;
    listed.ranks = "spare0-chip-0-0-0,chip-0-0-0";
    try {
        (void)run(f, listed);
        QFAIL("a standby chip ran as a rank");
    } catch (const UserError &e) {
        QVERIFY2(std::string(e.what()).find("'spare0-chip-0-0-0' is a standby spare chip")
                != std::string::npos,
            e.what());
    }
}

void TestTpuSpares::sparesMustFitInThePod()
{
    const QString e = errorOf([] {
        generated("tpu-torus", { { "x", "16" }, { "y", "16" }, { "z", "16" }, { "spare_cubes", "1" } });
    });
    QVERIFY2(e.contains("spare_cubes") && e.contains("at most 0"), qPrintable(e));
    QVERIFY(errorOf([] { sliceWithSpares(62); }).isEmpty());
}

void TestTpuSpares::failedCubeIsReplacedAndTheRunIsHealthy()
{
    const Fabric f = sliceWithSpares(1);
    const collective::Scenario ring
        = scenario(Collective::AllReduce, Algorithm::Ring, 16 * kMiB, route::Policy::Dor);
    // Without rerouting, the failed chip's rank pairs are cut off.
    const QString cut = errorOf([&] { runFailing(f, ring, { "chip-1-1-5" }, false); });
    QVERIFY2(cut.contains("no path left"), qPrintable(cut));

    const collective::ScenarioRun r = runFailing(f, ring, { "chip-1-1-5" }, true);
    QVERIFY(r.faults && r.faults->spareCubes);
    const gen::SpareCubeOutcome &o = *r.faults->spareCubes;
    QCOMPARE(o.replaced.size(), std::size_t(1));
    QCOMPARE(o.replaced[0].cube, 1); // z = 4..7
    QCOMPARE(o.replaced[0].spareCube, 2);
    QCOMPARE(QString::fromStdString(o.replaced[0].failed), QString("chip-1-1-5"));
    QCOMPARE(QString::fromStdString(o.replaced[0].spare), QString("spare0-chip-0-0-0"));
    // Cube 1's 96 fibres meet in 64 circuits, all re-pointed: along x and y the slice is one
    // cube wide, so 16 circuits each join its + face to its own - face; along z, 16 go to
    // cube 0 and 16 come from it.
    QCOMPARE(o.replaced[0].circuitsChanged, std::size_t(64));
    QVERIFY(!o.broken());
    QCOMPARE(o.sparesLeft, 0);
    // The spare took the failed cube's place: same torus, same ring, the same time to the
    // last bit; the failed chip carries nothing and the spare's chip at (1, 1, 1) does.
    QVERIFY(r.faults->unreachablePairs.empty());
    const double healthy = run(f, ring).result.completionS;
    QCOMPARE(r.faults->healthyCompletionS, healthy);
    QVERIFY2(std::abs(r.result.completionS - healthy) <= 1e-12 * healthy,
        qPrintable(QString("%1 vs %2").arg(r.result.completionS).arg(healthy)));
    QCOMPARE(bytesAt(r.result, f, "chip-1-1-5"), 0.0);
    QVERIFY(bytesAt(r.result, f, "spare0-chip-1-1-1") > 0);
    QCOMPARE(r.expansion.ranks.size(), std::size_t(128));
    QVERIFY(std::find(r.expansion.ranks.begin(), r.expansion.ranks.end(), f.findNode("chip-1-1-5"))
        == r.expansion.ranks.end());

    // A failed ICI link inside the cube condemns the cube the same way.
    const collective::ScenarioRun link = runFailing(f, ring, { "chip-1-1-5--chip-2-1-5" }, true);
    QCOMPARE(link.faults->spareCubes->replaced.size(), std::size_t(1));
    QVERIFY(std::abs(link.result.completionS - healthy) <= 1e-12 * healthy);

    // The report says what the OCS did.
    const nlohmann::json j = collective::faultReportJson(f, r);
    QCOMPARE(j["ocs_reroute"]["replaced"][0]["cube"].get<int>(), 1);
    QCOMPARE(j["ocs_reroute"]["replaced"][0]["spare"].get<std::string>(), std::string("spare0-chip-0-0-0"));
    QCOMPARE(j["ocs_reroute"]["slice_broken"].get<bool>(), false);
    QVERIFY(collective::faultReportJson(f, run(f, ring))["ocs_reroute"].is_null());
}

void TestTpuSpares::twistedAllToAllKeepsItsSpeed()
{
    // The twist lives in the circuits, so the re-pointed circuits must keep it: an all-to-all
    // on the repaired twisted slice takes what it took before the failure.
    const Fabric f = sliceWithSpares(1, true);
    collective::Scenario a2a
        = scenario(Collective::AllToAll, Algorithm::Direct, 4 * kMiB, route::Policy::Dor);
    const collective::ScenarioRun r = runFailing(f, a2a, { "chip-0-3-2" }, true);
    QCOMPARE(r.faults->spareCubes->replaced.size(), std::size_t(1));
    QCOMPARE(r.faults->spareCubes->replaced[0].cube, 0);
    const double healthy = r.faults->healthyCompletionS;
    QVERIFY2(std::abs(r.result.completionS - healthy) <= 1e-9 * healthy,
        qPrintable(QString("%1 vs %2").arg(r.result.completionS).arg(healthy)));
    QVERIFY(std::abs(r.faults->slowdown - 1.0) <= 1e-9);
}

void TestTpuSpares::noSpareLeftBreaksTheSlice()
{
    const Fabric f = sliceWithSpares(1);
    const collective::Scenario ring
        = scenario(Collective::AllReduce, Algorithm::Ring, 16 * kMiB, route::Policy::Dor);
    // Both cubes of the slice fail; the one spare replaces cube 0, and cube 1 is left.
    const QString e
        = errorOf([&] { runFailing(f, ring, { "chip-0-0-0", "chip-3-3-7" }, true); });
    QVERIFY2(e.contains("the slice is broken") && e.contains("cube 1 (chip-3-3-7 failed)")
            && e.contains("spare_cubes"),
        qPrintable(e));
    // A failed spare is no spare.
    const QString spareDown = errorOf([&] {
        runFailing(f, ring, { "chip-0-0-0", "spare0-chip-0-0-0" }, true);
    });
    QVERIFY2(spareDown.contains("no healthy spare cube left for cube 0 (chip-0-0-0 failed)"),
        qPrintable(spareDown));
    // --allow-partial runs around the broken cube and says so.
    const collective::ScenarioRun r
        = runFailing(f, ring, { "chip-0-0-0", "chip-3-3-7" }, true, true);
    QVERIFY(r.faults->spareCubes->broken());
    QCOMPARE(r.faults->spareCubes->replaced.size(), std::size_t(1));
    QVERIFY(!r.faults->unreachablePairs.empty());
    QCOMPARE(collective::faultReportJson(f, r)["ocs_reroute"]["slice_broken"].get<bool>(), true);
}

void TestTpuSpares::ocsFaultsAreNotCubeFaults()
{
    Fabric f = sliceWithSpares(1);
    const auto o = gen::replaceFailedCubes(f, std::vector { parseFault("ocs-x-0") });
    QVERIFY(o.replaced.empty() && o.unreplaced.empty());
    QCOMPARE(o.sparesLeft, 1);
    QVERIFY(!gen::spareInUse(f));
    // Only a TPU slice has cubes to swap.
    Fabric tree = flatFatTree(4);
    const QString e = errorOf([&] { gen::replaceFailedCubes(tree, {}); });
    QVERIFY2(e.contains("tpu-torus"), qPrintable(e));
    // The GUI shows this text as is: it names no command-line option.
    QVERIFY2(!e.contains("--"), qPrintable(e));
    QVERIFY(!gen::hasReplaceableCubes(tree));
    QVERIFY(gen::hasReplaceableCubes(f));
}

void TestTpuSpares::reshapingWaitsUntilTheSpareIsReturned()
{
    Fabric f = sliceWithSpares(1);
    // Before any swap, the slice reshapes and its spare stays on standby.
    gen::reconfigureTpu(f, { 4, 8, 4 }, false);
    QCOMPARE(f.endpoints().size(), std::size_t(128));
    QCOMPARE(f.node(f.findNode("spare0-chip-0-0-0")).hints.x, -1);
    gen::replaceFailedCubes(f, std::vector { parseFault("chip-0-0-0") });
    QVERIFY(gen::spareInUse(f));
    const QString e = errorOf([&] { gen::reconfigureTpu(f, { 4, 4, 8 }, false); });
    QVERIFY2(e.contains("spare cube stands in"), qPrintable(e));
}

QTEST_GUILESS_MAIN(TestTpuSpares)
#include "tst_tpu_spares.moc"
