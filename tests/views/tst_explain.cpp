// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The explain panel's text for torus runs: which bound the ideal is, and the ring's rank order.
#include "charts/chartdata.h"
#include "common/percent.h"
#include "explain/explainer.h"
#include "explain/runsummary.h"
#include "export/reportwriter.h"
#include "generators/registry.h"
#include "playback/runhighlight.h"
#include "playback/scenariorun.h"

#include <QRegularExpression>
#include <QTest>

#include <set>
#include <utility>
#include <vector>

using namespace fabric;
using namespace fabric::views;

namespace {

/// @p s run on @p fabric as the panel sees it, without the timeline it does not read.
std::shared_ptr<SimRun> runQuietly(const Fabric &fabric, const collective::Scenario &s)
{
    sim::SimOptions options;
    options.recordTimeline = false;
    return makeRun(fabric, s, options);
}

/// A 4 MiB ring all-reduce under ECMP.
collective::Scenario ecmpRing()
{
    collective::Scenario s;
    s.collective = collective::Collective::AllReduce;
    s.algorithm = collective::Algorithm::Ring;
    s.routing = route::Policy::Ecmp;
    s.bytes = 4 * 1048576.0;
    return s;
}

/// Hops from @p from to every node over @p f's links, forwarding only through switches (-1:
/// not reached).
std::vector<int> hopsFrom(const Fabric &f, NodeId from)
{
    std::vector<int> hops(f.nodeIdBound(), -1);
    std::vector<NodeId> queue { from };
    hops[std::size_t(from)] = 0;
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const NodeId n = queue[head];
        if (n != from && f.node(n).kind != NodeKind::Switch)
            continue;
        for (const LinkId l : f.linksOf(n)) {
            const NodeId next = f.link(l).other(n);
            if (hops[std::size_t(next)] < 0) {
                hops[std::size_t(next)] = hops[std::size_t(n)] + 1;
                queue.push_back(next);
            }
        }
    }
    return hops;
}

/// The explanation of @p run, one line a paragraph.
QString explanationOf(const SimRun &run)
{
    return explainRun(run, RunSummary(run)).join(QLatin1Char('\n'));
}

} // namespace

class TestExplain : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void allToAllNamesTheBisectionBound();
    void ringSaysItRunsOnASnake();
    void countsEverySaturatedLink();
    void otherOrdersAreNamedOnATorus();
    void reducedRunSaysHowManyFlowsRan();
    void largeCountsHaveDigitGroups();
    void percentagesHaveNoSpaceAndNoMinusZero();
    void comparisonSaysWhichWasFaster();
    void partialRunIsNotCalledFaster();
    void harmlessFaultsAreSaidToBe();
    void faultsOnATorusCountChips();
    void tinyRunIsNotCalledBandwidthBound();
    void sharpBusbwIsNotWhatTheLinkCarried();
    void sharedLinksAreBlamedOnHashingOnlyWhereItLeftPathsIdle();
    void collisionsWithoutAChoiceAreNotBlamedOnHashing();
    void onlyLinksTheHashPassedOverAreDrawnLeftIdle();

private:
    QString explain(collective::Collective c, collective::Algorithm a,
        collective::Placement placement = collective::Placement::Packed) const;
    Fabric mCube;
};

void TestExplain::initTestCase()
{
    mCube = gen::generate("tpu-torus", nlohmann::json { { "x", 4 }, { "y", 4 }, { "z", 4 } });
}

QString TestExplain::explain(
    collective::Collective c, collective::Algorithm a, collective::Placement placement) const
{
    collective::Scenario s;
    s.placement = placement;
    s.collective = c;
    s.algorithm = a;
    s.bytes = 4 * 1048576.0;
    s.routing = route::Policy::Dor;
    const auto run = runQuietly(mCube, s);
    return explanationOf(*run);
}

void TestExplain::allToAllNamesTheBisectionBound()
{
    const QString text = explain(collective::Collective::AllToAll, collective::Algorithm::Direct);
    QVERIFY2(text.contains(QStringLiteral("Ideal: the bisection bound is the tighter: injection")),
        qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("order")), qPrintable(text));
}

void TestExplain::ringSaysItRunsOnASnake()
{
    const QString text = explain(collective::Collective::AllReduce, collective::Algorithm::Ring);
    QVERIFY2(text.contains(QStringLiteral("snake through the torus")), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("Ideal: the")), qPrintable(text));
}

void TestExplain::countsEverySaturatedLink()
{
    // The ring saturates every link direction it uses, more than the 32 the result lists: the
    // panel said "32 links were saturated about as long as that one".
    collective::Scenario s;
    s.bytes = 4 * 1048576.0;
    s.routing = route::Policy::Dor;
    const auto run = runQuietly(mCube, s);
    const sim::SimResult &r = run->result;
    QCOMPARE(r.bottlenecks.size(), std::size_t(32));
    const double top = r.links[std::size_t(r.bottlenecks.front())].saturatedS;
    const auto saturated = std::count_if(r.links.begin(), r.links.end(),
        [&](const sim::LinkStats &l) { return l.saturatedS >= 0.99 * top; });
    QVERIFY2(saturated > 32, qPrintable(QString::number(saturated)));
    const QString text = explanationOf(*run);
    QVERIFY2(text.contains(
                 QStringLiteral("%1 link directions, that one included, were saturated about as "
                                "long.")
                     .arg(saturated)),
        qPrintable(text));
}

void TestExplain::tinyRunIsNotCalledBandwidthBound()
{
    // A 1 KiB ring fills its links for nanoseconds of a run of microseconds: the panel said
    // "saturated for 1 ns (0% of the run) ... the run is bound by link bandwidth".
    collective::Scenario s;
    s.bytes = 1024;
    s.routing = route::Policy::Dor;
    const QString text = explanationOf(*runQuietly(mCube, s));
    QVERIFY2(!text.contains(QStringLiteral("bound by link bandwidth")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("most of its time on latency")), qPrintable(text));
    s.bytes = 64 * 1048576.0;
    QVERIFY(
        explanationOf(*runQuietly(mCube, s)).contains(QStringLiteral("bound by link bandwidth")));
}

void TestExplain::sharpBusbwIsNotWhatTheLinkCarried()
{
    // SHARP's busbw is twice its links' rate: it is not "what each rank's link had to carry".
    const Fabric tree = gen::generate("ib-fat-tree", nlohmann::json { { "radix", 8 } });
    collective::Scenario s;
    s.algorithm = collective::Algorithm::Sharp;
    s.bytes = 32 * 1048576.0;
    const QString text = explanationOf(*runQuietly(tree, s));
    QVERIFY2(text.contains(QStringLiteral("busbw can exceed the link's rate")), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("had to carry")), qPrintable(text));
}

void TestExplain::otherOrdersAreNamedOnATorus()
{
    const QString text = explain(collective::Collective::AllReduce, collective::Algorithm::Ring,
        collective::Placement::Spread);
    QVERIFY2(text.contains(QStringLiteral("kept the spread order on the torus")), qPrintable(text));
}

void TestExplain::reducedRunSaysHowManyFlowsRan()
{
    // Two cubes: the all-to-all over every chip under dor runs one flow per orbit of 2.
    const Fabric twoCubes
        = gen::generate("tpu-torus", nlohmann::json { { "x", 4 }, { "y", 4 }, { "z", 8 } });
    collective::Scenario s;
    s.collective = collective::Collective::AllToAll;
    s.algorithm = collective::Algorithm::Direct;
    s.bytes = 4 * 1048576.0;
    s.routing = route::Policy::Dor;
    const auto run = makeRun(twoCubes, s);
    const QString text = explanationOf(*run);
    QVERIFY2(text.contains(QStringLiteral("over 128 chips finished in")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Of the 16,256 flows, 8,128 were simulated, one per "
                                          "orbit of the 2 translations by multiples of 4 x 4 x 4 "
                                          "chips")),
        qPrintable(text));
    // The cube alone has no translation: nothing to say.
    QVERIFY(!explain(collective::Collective::AllToAll, collective::Algorithm::Direct)
                 .contains(QStringLiteral("were simulated")));
}

void TestExplain::percentagesHaveNoSpaceAndNoMinusZero()
{
    QCOMPARE(views::percentText(0.374), QStringLiteral("37%"));
    QCOMPARE(views::percentText(1.0), QStringLiteral("100%"));
    // The heatmap's trickle keeps a decimal; an empty link is "0%", never "-0%".
    QCOMPARE(views::percentText(0.004, 1), QStringLiteral("0.4%"));
    QCOMPARE(views::percentText(-0.0), QStringLiteral("0%"));
    QCOMPARE(views::percentText(-1e-9), QStringLiteral("0%"));
}

void TestExplain::largeCountsHaveDigitGroups()
{
    // "over 15360 GPUs" and "Of the 28800 switch-to-switch link directions" read as codes
    // beside the Metrics dock's "15,360": every count of the explanation has digit groups.
    const Fabric tree
        = gen::generate("ib-fat-tree", nlohmann::json { { "tiers", 2 }, { "gpus", 1024 } });
    collective::Scenario s;
    s.bytes = 64 * 1048576.0;
    s.routing = route::Policy::Ecmp;
    const auto run = runQuietly(tree, s);
    const QString text = explanationOf(*run);
    QVERIFY2(text.contains(QStringLiteral("over 1,024 GPUs finished in")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("switch-to-switch link directions")), qPrintable(text));
    static const QRegularExpression ungrouped(QStringLiteral("(^|[ (])[0-9]{4,}\\b"));
    QVERIFY2(!ungrouped.match(text).hasMatch(),
        qPrintable(ungrouped.match(text).captured() + QStringLiteral(" in: ") + text));
}

void TestExplain::comparisonSaysWhichWasFaster()
{
    RunSummary ecmp, adaptive;
    ecmp.label = QStringLiteral("ring · ecmp");
    adaptive.label = QStringLiteral("ring · adaptive");
    ecmp.completionS = 0.0535;
    adaptive.completionS = 0.0109;
    QCOMPARE(compareRuns(ecmp, adaptive),
        QStringLiteral("ring · adaptive finished in 10.9 ms, 4.91\u00d7 faster than ring · ecmp "
                       "(53.5 ms)."));
    // Two runs that take the same time (a fabric where the routing does not matter) are not
    // "1.00x faster" one than the other.
    adaptive.completionS = ecmp.completionS * (1 + 1e-9);
    QCOMPARE(compareRuns(ecmp, adaptive),
        QStringLiteral(
            "ring · ecmp and ring · adaptive took the same time, 53.5 ms (within 0.5%)."));
    // Alike within 0.5%, not to three digits: each run's own time, as the table beside shows.
    ecmp.completionS = 0.08512;
    adaptive.completionS = 0.08474;
    QCOMPARE(compareRuns(ecmp, adaptive),
        QStringLiteral("ring · ecmp and ring · adaptive took the same time within 0.5%: 85.1 ms "
                       "and 84.7 ms."));
    ecmp.completionS = 0.0535;
    // Different sizes: 4 GiB takes longer than 1 GiB on any fabric, so the bus bandwidths are
    // compared. A sweep's 4 GiB run was "3.99x" slower than the 1 GiB run before it.
    RunSummary small = ecmp, large = ecmp;
    large.label = QStringLiteral("ring · ecmp · 4 GiB");
    small.messageBytes = 1073741824.0;
    small.completionS = 0.129;
    small.busbwGBps = 16.6;
    large.messageBytes = 4 * 1073741824.0;
    large.completionS = 0.514;
    large.busbwGBps = 16.62;
    QCOMPARE(compareRuns(small, large),
        QStringLiteral("ring · ecmp at 1 GiB and ring · ecmp · 4 GiB reached the same bus "
                       "bandwidth, 16.6 GB/s (within 0.5%): the fabric carries either size as "
                       "well."));
    large.busbwGBps = 33.2;
    QCOMPARE(compareRuns(small, large),
        QStringLiteral("ring · ecmp · 4 GiB reached a bus bandwidth of 33.2 GB/s, 2.00\u00d7 "
                       "that of ring · ecmp at 1 GiB (16.6 GB/s)."));

    // Idle links: counted on one fabric, as shares between fabrics of different sizes. The
    // HPN lesson said "Single-plane left 1,031 link directions idle against 532" of 1,088 and
    // 576: 95% against 92%.
    RunSummary dual, single;
    dual.label = QStringLiteral("Dual-plane");
    single.label = QStringLiteral("Single-plane");
    dual.completionS = 0.129;
    single.completionS = 0.258;
    dual.fabricLinks = single.fabricLinks = 576;
    dual.idleFabricLinks = 532;
    single.idleFabricLinks = 540;
    QVERIFY(
        compareRuns(dual, single)
            .endsWith(QStringLiteral(" Single-plane left 540 link directions idle against 532.")));
    single.fabricLinks = 1088;
    single.idleFabricLinks = 1031;
    QVERIFY2(
        compareRuns(dual, single)
            .endsWith(QStringLiteral(
                " Single-plane left 95% of its 1,088 link directions idle against 92% of 576.")),
        qPrintable(compareRuns(dual, single)));
    single.idleFabricLinks = 500; // 46%: less idle in proportion, so nothing is said
    QVERIFY(!compareRuns(dual, single).contains(QStringLiteral("idle")));
}

// A failed leaf cuts its GPUs off: the ring runs the rest, and its short time is only that of
// the traffic that could run. The verdict called it "26.77x faster" than the healthy run, and
// the table and the chart showed its time as any other.
void TestExplain::partialRunIsNotCalledFaster()
{
    const Fabric tree = gen::generate("ib-fat-tree", nlohmann::json { { "radix", 8 } });
    collective::Scenario s;
    s.bytes = 4 * 1048576.0;
    const RunSummary healthy(*runQuietly(tree, s));
    s.faults = parseFaultList("leaf0");
    const RunSummary cut(*runQuietly(tree, s));
    QVERIFY(cut.partial());
    QVERIFY(cut.completionS < healthy.completionS);
    for (const QString &verdict : { compareRuns(cut, healthy), compareRuns(healthy, cut) }) {
        QVERIFY2(!verdict.contains(QStringLiteral("faster")), qPrintable(verdict));
        QVERIFY2(verdict.startsWith(cut.label + QStringLiteral(" cannot complete: ")),
            qPrintable(verdict));
        QVERIFY2(verdict.contains(QStringLiteral("not comparable with ") + healthy.label),
            qPrintable(verdict));
    }
    const QList<QStringList> table = comparisonTable({ healthy, cut });
    QVERIFY(!table[1][1].contains(QStringLiteral("partial")));
    QVERIFY2(table[2][1].endsWith(QStringLiteral(" (partial)")), qPrintable(table[2][1]));
    const auto chart = charts::compareCompletion({ healthy, cut });
    QCOMPARE(chart.categories, QStringList({ healthy.label, cut.label + " (partial)" }));
}

void TestExplain::harmlessFaultsAreSaidToBe()
{
    // On a rail-optimised unit a hierarchical all-reduce never leaves the leaves: a failed spine
    // costs it nothing, which the panel says instead of "1.00x slower".
    const Fabric unit = gen::generate("ib-fat-tree", nlohmann::json { { "gpus", 256 } });
    collective::Scenario s;
    s.algorithm = collective::Algorithm::Hierarchical;
    s.bytes = 4 * 1048576.0;
    s.faults = parseFaultList("spine0");
    const auto run = runQuietly(unit, s);
    QVERIFY(run->faults);
    QVERIFY(run->faults->slowdown < 1.005);
    const QString text = explanationOf(*run);
    QVERIFY2(
        text.contains(QStringLiteral("too: the faults did not slow it down")), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("slower")), qPrintable(text));
}

void TestExplain::faultsOnATorusCountChips()
{
    // A failed ICI link leaves its two chips five of their six links: "2 GPUs kept only part
    // of their ports" called TPU chips GPUs.
    collective::Scenario s;
    s.bytes = 4 * 1048576.0;
    s.routing = route::Policy::Dor;
    s.faults = parseFaultList("chip-0-0-0--chip-1-0-0");
    const QString text = explanationOf(*runQuietly(mCube, s));
    QVERIFY2(
        text.contains(QStringLiteral("; 2 chips kept only part of their ports")), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("GPU")), qPrintable(text));
}

// An all-to-all under ECMP uses every link, many flows on each: the design-review report said
// "512 collided ... 0 sat idle. That is ECMP hashing a few elephant flows" of a run at 98% of
// its ideal. A ring on the same fabric leaves paths dark, and there the hashing is named.
void TestExplain::sharedLinksAreBlamedOnHashingOnlyWhereItLeftPathsIdle()
{
    const Fabric tree = gen::generate("ib-fat-tree", nlohmann::json { { "radix", 8 } });
    collective::Scenario s;
    s.collective = collective::Collective::AllToAll;
    s.algorithm = collective::Algorithm::Direct;
    s.routing = route::Policy::Ecmp;
    s.bytes = 4 * 1048576.0;
    // Healthy, then with a spine failed: its links carry nothing because they are down.
    // Counted idle, they made the all-to-all read "That is ECMP hashing", and the canvas and
    // the report's diagram dashed them grey as links ECMP left idle.
    for (const char *faults : { "", "spine0" }) {
        s.faults = parseFaultList(faults);
        const auto allToAll = runQuietly(tree, s);
        const RunSummary spread(*allToAll);
        QVERIFY(spread.collidedFabricLinks > 0);
        QCOMPARE(spread.idleFabricLinks, 0);
        QCOMPARE(spread.failedFabricLinks > 0, !s.faults.empty());
        const QString text = explanationOf(*allToAll);
        QVERIFY2(!text.contains(QStringLiteral("ECMP hashing")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("the flows outnumber the paths")), qPrintable(text));
        QCOMPARE(text.contains(QStringLiteral("more had failed")), !s.faults.empty());
        QVERIFY2(runHighlight(*allToAll).links.isEmpty(), "links drawn as left idle by ECMP");
    }
    s.faults.clear();
    s.collective = collective::Collective::AllReduce;
    s.algorithm = collective::Algorithm::Ring;
    const auto ring = runQuietly(tree, s);
    const RunSummary hashed(*ring);
    QVERIFY(hashed.idleFabricLinks > 0 && hashed.collidedFabricLinks > 0);
    QVERIFY(explanationOf(*ring).contains(QStringLiteral("ECMP hashing")));
}

// A ring on a dragonfly: the hop into group 0 from group 8 and the hop out to group 1 meet on
// the one local link between the routers that hold those groups' global links. Each has one
// shortest path, yet the panel said "That is ECMP hashing ... Adaptive routing, spraying or
// more QPs per connection spread them", which they do not.
void TestExplain::collisionsWithoutAChoiceAreNotBlamedOnHashing()
{
    const Fabric dragonfly = gen::generate("dragonfly", nlohmann::json::object());
    const auto ring = runQuietly(dragonfly, ecmpRing());
    const RunSummary summary(*ring);
    // Collided: g0-r3 -> g0-r0 (g8 -> g0 and g0 -> g1), g8-r3 -> g8-r0 (g7 -> g8, g8 -> g0),
    // each flow with one shortest path; g3-r3 -> g3-r0 and g5-r3 -> g5-r0, whose flows from g2
    // and g4 have three.
    QCOMPARE(summary.collidedFabricLinks, 4);
    QVERIFY(summary.idleFabricLinks > 0);
    QCOMPARE(summary.collidedWithoutChoice, 2);
    const QString text = explanationOf(*ring);
    QVERIFY2(text.contains(QStringLiteral("On 2 of the collided link directions, though, the "
                                          "flows had no other shortest path")),
        qPrintable(text));
}

// A ring on a dragonfly leaves most global links idle, many of them on no shortest path of any
// of its flows: no routing would use them. Every idle switch link was dashed as one "ECMP left
// idle": a 33-group dragonfly's canvas and report were a grey disc of 500 dashed chords over
// the few busy ones. Dashed are only links a flow's hash could have taken.
void TestExplain::onlyLinksTheHashPassedOverAreDrawnLeftIdle()
{
    const Fabric dragonfly = gen::generate("dragonfly", nlohmann::json::object());
    collective::Scenario s = ecmpRing();
    const auto ring = runQuietly(dragonfly, s);
    const auto idle = [&](LinkId l) {
        return ring->result.links[std::size_t(dirLink(l, true))].bytes <= 0
            && ring->result.links[std::size_t(dirLink(l, false))].bytes <= 0;
    };
    // The oracle: the switch links on a shortest path of a flow of the ring (a -> b is on one
    // when src reaches a and b reaches dst in as many hops as src reaches dst, less one).
    std::set<LinkId> onAShortestPath;
    std::set<DirLinkId> directionsOnAPath;
    std::set<std::pair<NodeId, NodeId>> pairs;
    for (const sim::FlowSpec &flow : ring->flows())
        pairs.insert({ flow.src, flow.dst });
    for (const auto &[src, dst] : pairs) {
        const std::vector<int> fromSrc = hopsFrom(dragonfly, src),
                               fromDst = hopsFrom(dragonfly, dst);
        const int shortest = fromSrc[std::size_t(dst)];
        const auto onPath = [&](NodeId a, NodeId b) {
            return fromSrc[std::size_t(a)] >= 0 && fromDst[std::size_t(b)] >= 0
                && fromSrc[std::size_t(a)] + 1 + fromDst[std::size_t(b)] == shortest;
        };
        dragonfly.forEachLink([&](const Link &l) {
            if (onPath(l.a, l.b))
                directionsOnAPath.insert(dirLink(l.id, true));
            if (onPath(l.b, l.a))
                directionsOnAPath.insert(dirLink(l.id, false));
            if (onPath(l.a, l.b) || onPath(l.b, l.a))
                onAShortestPath.insert(l.id);
        });
    }
    std::set<LinkId> idleOnAPath;
    int idleGlobal = 0, idleGlobalOffPaths = 0;
    dragonfly.forEachLink([&](const Link &l) {
        const Node &a = dragonfly.node(l.a), &b = dragonfly.node(l.b);
        if (a.kind != NodeKind::Switch || b.kind != NodeKind::Switch || !idle(l.id))
            return;
        if (onAShortestPath.count(l.id))
            idleOnAPath.insert(l.id);
        if (a.hints.pod != b.hints.pod) {
            ++idleGlobal;
            idleGlobalOffPaths += onAShortestPath.count(l.id) ? 0 : 1;
        }
    });
    // Of the 36 global links, the ring leaves 23 idle, 11 of them on no shortest path of its
    // flows (the 12 others a flow's hash could have taken).
    QCOMPARE(idleGlobal, 23);
    QCOMPARE(idleGlobalOffPaths, 11);
    const QList<LinkId> dashed = runHighlight(*ring).links;
    QCOMPARE(std::set<LinkId>(dashed.begin(), dashed.end()), idleOnAPath);

    // The explanation counts the same: of the idle directions, those on a flow's shortest path.
    int idleDirectionsOnAPath = 0;
    for (const DirLinkId d : directionsOnAPath) {
        const Link &l = dragonfly.link(linkOf(d));
        const bool betweenSwitches = dragonfly.node(l.a).kind == NodeKind::Switch
            && dragonfly.node(l.b).kind == NodeKind::Switch;
        idleDirectionsOnAPath += betweenSwitches && ring->result.links[std::size_t(d)].bytes <= 0;
    }
    QVERIFY(idleDirectionsOnAPath > 0);
    const QString text = explanationOf(*ring);
    QVERIFY2(text.contains(QStringLiteral("Of the idle ones, %1 lay on an equal-cost path of one "
                                          "of the run's flows (dashed on the canvas)")
                               .arg(idleDirectionsOnAPath)),
        qPrintable(text));

    // A ring inside one host crosses no switch: every switch link is idle, none on a path, and
    // neither the picture nor the text blames the hash.
    const Fabric tree = gen::generate("ib-fat-tree", nlohmann::json { { "radix", 8 } });
    s.ranks = std::to_string(8); // GCC 12 warns falsely (-Wrestrict) on assigning a short literal
    const auto inAHost = runQuietly(tree, s);
    QVERIFY(runHighlight(*inAHost).links.isEmpty());
    const QString inAHostText = explanationOf(*inAHost);
    QVERIFY2(inAHostText.contains(QStringLiteral("None of the idle ones lay on a shortest path")),
        qPrintable(inAHostText));
    QVERIFY2(!inAHostText.contains(QStringLiteral("ECMP hashing")), qPrintable(inAHostText));
}

QTEST_GUILESS_MAIN(TestExplain)
#include "tst_explain.moc"
