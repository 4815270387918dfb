// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The symmetry reduction of an all-to-all on a torus under `dor`: the translations found on the
// wiring, and a reduced run (one flow per orbit) against the whole run, flow by flow and link
// by link, on plain and twisted tori joined by OCS.
#include "tst_route_helpers.h"

#include "collective/report.h"
#include "model/error.h"
#include "route/torussymmetry.h"

#include <QtTest>

#include <cmath>
#include <map>

using namespace fabric;
using namespace fabric::collective;
using namespace routetest;

namespace {

Fabric tpu(const char *x, const char *y, const char *z, bool twisted = false)
{
    return generated("tpu-torus",
        { { "x", x }, { "y", y }, { "z", z }, { "twisted", twisted ? "true" : "false" } });
}

std::optional<route::TorusSymmetry> symmetryOf(const Fabric &f, const route::Router &router)
{
    return route::TorusSymmetry::find(f, *router.torus());
}

Scenario allToAll(route::Policy routing = route::Policy::Dor)
{
    return scenario(Collective::AllToAll, Algorithm::Direct, 16 * kMiB, routing);
}

/// Runs @p s, reduced or whole, with the timeline on or off.
/// (simulated time, fraction done) as the engine reported its progress.
using ProgressReports = std::vector<std::pair<double, double>>;

Run runWith(const Fabric &f, const Scenario &s, bool symmetry, bool timeline,
    ProgressReports *progress = nullptr)
{
    sim::SimOptions options;
    options.recordTimeline = timeline;
    sim::SimCallbacks callbacks;
    if (progress)
        callbacks.progress = [progress](double fraction, double timeS) {
            progress->emplace_back(timeS, fraction);
        };
    return runScenario(f, s, options, callbacks, ExpandOptions { .symmetry = symmetry });
}

bool close(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max({ std::abs(a), std::abs(b), 1e-300 });
}

} // namespace

class TestTorusSymmetry : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void podMovesByWholeCubes();
    void oneCubeHasNoTranslation();
    void reducedRunMatchesTheWholeRun_data();
    void reducedRunMatchesTheWholeRun();
    void onlyDorOverEveryChipIsReduced();
    void refusalPointsToDor();
};

void TestTorusSymmetry::podMovesByWholeCubes()
{
    // 8x8x8: 8 cubes. A step of one chip would move an ICI link onto an OCS fibre.
    const Fabric f = tpu("8", "8", "8");
    const route::Router router(f, routerOptions(allToAll()));
    const auto s = symmetryOf(f, router);
    QVERIFY(s);
    QCOMPARE(s->step(), (route::Coord { 4, 4, 4 }));
    QCOMPARE(s->order(), std::size_t(8));
    std::map<DirLinkId, int> orbitSize;
    f.forEachLink([&](const Link &l) {
        for (bool fromA : { true, false })
            ++orbitSize[s->linkOrbit()[std::size_t(dirLink(l.id, fromA))]];
    });
    QCOMPARE(orbitSize.size() * 8, 2 * f.linkCount());
    for (const auto &[rep, size] : orbitSize)
        QCOMPARE(size, 8);
    int representatives = 0;
    for (NodeId n : f.endpoints())
        representatives += s->representative(n) ? 1 : 0;
    QCOMPARE(representatives, 64);
    // Translation 7 is (4, 4, 4): chip-1-2-3 lands on chip-5-6-7.
    QCOMPARE(s->translation(7), (route::Coord { 4, 4, 4 }));
    QCOMPARE(s->image(f.findNode("chip-1-2-3"), 7), f.findNode("chip-5-6-7"));
}

void TestTorusSymmetry::oneCubeHasNoTranslation()
{
    const Fabric f = tpu("4", "4", "4");
    const route::Router router(f, routerOptions(allToAll()));
    QVERIFY(!symmetryOf(f, router));
    QVERIFY(!run(f, allToAll()).expansion.symmetry);
}

void TestTorusSymmetry::reducedRunMatchesTheWholeRun_data()
{
    QTest::addColumn<QString>("x");
    QTest::addColumn<QString>("y");
    QTest::addColumn<QString>("z");
    QTest::addColumn<bool>("twisted");
    QTest::addColumn<int>("order");
    // The whole run of 8x8x4 records more deltas than a timeline keeps, which then coarsens
    // it: its timeline is not compared.
    QTest::addColumn<bool>("timeline");
    // clang-format off
    QTest::newRow("plain 4x4x8") << "4" << "4" << "8" << false << 2 << true;
    // The x and y wraps land 4 further in z: translations along z still map the wiring.
    QTest::newRow("twisted 4x4x8") << "4" << "4" << "8" << true << 2 << true;
    QTest::newRow("plain 8x8x4") << "8" << "8" << "4" << false << 4 << false;
    // clang-format on
}

void TestTorusSymmetry::reducedRunMatchesTheWholeRun()
{
    QFETCH(QString, x);
    QFETCH(QString, y);
    QFETCH(QString, z);
    QFETCH(bool, twisted);
    QFETCH(int, order);
    QFETCH(bool, timeline);
    const Fabric f = tpu(qPrintable(x), qPrintable(y), qPrintable(z), twisted);
    ProgressReports wholeProgress, reducedProgress;
    const Run whole = runWith(f, allToAll(), false, timeline, &wholeProgress);
    const Run reduced = runWith(f, allToAll(), true, timeline, &reducedProgress);
    QVERIFY(!whole.expansion.symmetry);
    QVERIFY(reduced.expansion.symmetry);
    QCOMPARE(reduced.expansion.symmetry->orbits.order, std::size_t(order));
    QCOMPARE(reduced.expansion.flows.size() * std::size_t(order), whole.expansion.flows.size());
    QCOMPARE(reduced.expansion.flowCount(), whole.expansion.flowCount());

    // Every flow finishes when the flow of its orbit that ran does.
    const route::Router router(f, routerOptions(allToAll()));
    const auto s = symmetryOf(f, router);
    QVERIFY(s);
    std::map<std::pair<NodeId, NodeId>, double> finish;
    for (std::size_t i = 0; i < whole.expansion.flows.size(); ++i)
        finish[{ whole.expansion.flows[i].src, whole.expansion.flows[i].dst }]
            = whole.result.flows[i].finishS;
    std::size_t checked = 0;
    for (std::size_t i = 0; i < reduced.expansion.flows.size(); ++i) {
        const sim::FlowSpec &flow = reduced.expansion.flows[i];
        for (std::size_t e = 0; e < s->order(); ++e) {
            const double expected = finish.at({ s->image(flow.src, e), s->image(flow.dst, e) });
            const double got = reduced.result.flows[i].finishS;
            if (!close(got, expected))
                QFAIL(qPrintable(QString("flow %1 image %2: %3 s against %4 s")
                                     .arg(i)
                                     .arg(e)
                                     .arg(got)
                                     .arg(expected)));
            ++checked;
        }
    }
    QCOMPARE(checked, whole.expansion.flows.size());
    QVERIFY(close(reduced.result.completionS, whole.result.completionS));

    // Every link carried what it carried in the whole run, and as many flows at once.
    QCOMPARE(reduced.result.links.size(), whole.result.links.size());
    for (std::size_t d = 0; d < whole.result.links.size(); ++d) {
        const sim::LinkStats &a = reduced.result.links[d], &b = whole.result.links[d];
        if (!close(a.bytes, b.bytes) || !close(a.saturatedS, b.saturatedS)
            || !close(a.busyS, b.busyS) || a.peakFlows != b.peakFlows)
            QFAIL(qPrintable(QString("directed link %1: %2 bytes, %3 flows at most, against %4 "
                                     "and %5")
                                 .arg(d)
                                 .arg(a.bytes)
                                 .arg(a.peakFlows)
                                 .arg(b.bytes)
                                 .arg(b.peakFlows)));
    }
    QCOMPARE(reduced.result.bottlenecks.size(), whole.result.bottlenecks.size());
    QVERIFY(close(reduced.summary.wireBytes, whole.summary.wireBytes));
    QCOMPARE(reduced.summary.maxLinkFlows, whole.summary.maxLinkFlows);
    QVERIFY(close(reduced.summary.fabricBytesPerRank, whole.summary.fabricBytesPerRank));
    QVERIFY(close(reduced.expansion.ideal.timeS, whole.expansion.ideal.timeS));
    QCOMPARE(reduced.expansion.ideal.boundDetail, whole.expansion.ideal.boundDetail);
    // The same progress at the same instants: the bytes on the wire count every link's orbit.
    QCOMPARE(reducedProgress.size(), wholeProgress.size());
    QVERIFY(reducedProgress.size() >= 3);
    for (std::size_t k = 0; k < wholeProgress.size(); ++k)
        if (!close(reducedProgress[k].first, wholeProgress[k].first)
            || std::abs(reducedProgress[k].second - wholeProgress[k].second) > 1e-9)
            QFAIL(qPrintable(QString("progress report %1: %2 done at %3 s, against %4 at %5 s")
                                 .arg(k)
                                 .arg(reducedProgress[k].second)
                                 .arg(reducedProgress[k].first)
                                 .arg(wholeProgress[k].second)
                                 .arg(wholeProgress[k].first)));

    // The timeline fills every link, and a flow stands for `order` flows.
    const std::size_t expectedMultiplicity = timeline ? std::size_t(order) : 1;
    QCOMPARE(reduced.result.timeline.multiplicity(), expectedMultiplicity);
    QCOMPARE(whole.result.timeline.minIntervalS(), 0.0); // every event kept: comparable
    for (const double at : { 0.25, 0.5, 0.9 }) {
        if (!timeline)
            break;
        const double t = at * whole.result.completionS;
        const sim::TimelineState a = reduced.result.timeline.stateAt(t);
        const sim::TimelineState b = whole.result.timeline.stateAt(t);
        for (std::size_t d = 0; d < b.linkLoadBytesPerS.size(); ++d)
            if (!close(a.linkLoadBytesPerS[d], b.linkLoadBytesPerS[d])
                || a.linkFlows[d] != b.linkFlows[d])
                QFAIL(qPrintable(QString("at %1 s, directed link %2: %3 B/s in %4 flows, against "
                                         "%5 in %6")
                                     .arg(t)
                                     .arg(d)
                                     .arg(a.linkLoadBytesPerS[d])
                                     .arg(a.linkFlows[d])
                                     .arg(b.linkLoadBytesPerS[d])
                                     .arg(b.linkFlows[d])));
    }

    // The report counts every flow and says how many ran.
    const nlohmann::json report = reportJson(f, reduced, false);
    QCOMPARE(report["flow_count"].get<std::size_t>(), whole.expansion.flows.size());
    QCOMPARE(report["simulated_flows"].get<std::size_t>(), reduced.expansion.flows.size());
    QCOMPARE(report["symmetry"]["order"].get<int>(), order);
}

void TestTorusSymmetry::onlyDorOverEveryChipIsReduced()
{
    const Fabric f = tpu("4", "4", "8");
    QVERIFY(run(f, allToAll()).expansion.symmetry);
    // A hash picks by node ids: translated flows need not take translated paths.
    QVERIFY(!run(f, allToAll(route::Policy::Ecmp)).expansion.symmetry);
    // Some chips only: the set of ranks does not move onto itself.
    Scenario some = allToAll();
    some.ranks = "64";
    QVERIFY(!run(f, some).expansion.symmetry);
    // A standby spare cube has no coordinates to move.
    const Fabric spare = generated(
        "tpu-torus", { { "x", "4" }, { "y", "4" }, { "z", "8" }, { "spare_cubes", "1" } });
    const Run withSpare = run(spare, allToAll());
    QVERIFY(!withSpare.expansion.symmetry);
    QCOMPARE(withSpare.expansion.flowCount(), std::size_t(128 * 127));
    // A failed link breaks the symmetry.
    const Run faulted = runFaulted(f, allToAll(), { "chip-0-0-0--chip-1-0-0" });
    QVERIFY(!faulted.expansion.symmetry);
    QCOMPARE(faulted.expansion.flowCount(), std::size_t(128 * 127));
}

void TestTorusSymmetry::refusalPointsToDor()
{
    const Fabric f = tpu("8", "8", "4");
    const auto refusal = [&](route::Policy routing) {
        Scenario s = allToAll(routing);
        s.maxMemoryBytes = 1024;
        try {
            (void)run(f, s);
        } catch (const UserError &e) {
            return std::string(e.what());
        }
        return std::string();
    };
    // Under ecmp the refusal says what dor would do; under dor it counts what would run.
    const std::string ecmp = refusal(route::Policy::Ecmp);
    QVERIFY2(ecmp.find("65,280 flows need about") != std::string::npos, ecmp.c_str());
    QVERIFY2(
        ecmp.find("Use dor for --routing (1 flow in 4 runs) or fewer ranks.") != std::string::npos,
        ecmp.c_str());
    const std::string dor = refusal(route::Policy::Dor);
    QVERIFY2(
        dor.find("16,320 flows (one per orbit of 4) need about") != std::string::npos, dor.c_str());
    QVERIFY2(dor.find("Run fewer ranks") != std::string::npos, dor.c_str());
}

QTEST_GUILESS_MAIN(TestTorusSymmetry)
#include "tst_torus_symmetry.moc"
