// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/error.h"
#include "model/fabric.h"
#include "sim/engine.h"

#include <QtTest>

#include <cmath>

using namespace fabric;
using namespace fabric::sim;

// Event timing, splits, dependencies and statistics on fabrics small enough to work out by hand.
// Every link is 100 Gb/s = 12.5e9 bytes/s per direction.
class TestSimEngine : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void singleFlowTakesLatencyPlusBytesOverCapacity();
    void sharersSplitThenTheSurvivorSpeedsUp();
    void directionsAreIndependent();
    void chainWaitsForItsPredecessorAndDelay();
    void notBeforeHoldsAFlowBack();
    void weightedSplitIsBoundByItsHeaviestPath();
    void adaptiveSubflowsShareEachPathFairly();
    void zeroByteFlowFinishesAfterItsLatency();
    void linkStatisticsOnAKnownCase();
    void bottleneckIsTheSaturatedLink();
    void solversAgreeAndRunsAreDeterministic();
    void denseAllToAllMatchesFullSolver();
    void denseAllToAllMatchesFullSolver_data();
    void coarseFidelityStaysNearExact();
    void coarseFidelityStaysNearExact_data() { denseAllToAllMatchesFullSolver_data(); }
    void coarseFidelityKeepsChainsOnTime();
    void cancellationStopsTheRun();
    void progressIsReported();
    void progressFollowsTheBytesNotTheFlowCount();
    void badInputIsRefused();
};

namespace {
constexpr double kCap = 12.5e9; // bytes/s of 100 Gb/s

struct Net
{
    Fabric fabric;
    NodeId a = kNoNode, b = kNoNode, c = kNoNode, sw = kNoNode;
    LinkId as = kNoLink, sb = kNoLink, cs = kNoLink; ///< a-sw, sw-b, c-sw
    LinkId ab1 = kNoLink, ab2 = kNoLink;            ///< two parallel direct links a-b
};

NodeId addNode(Fabric &f, NodeKind kind, const char *name)
{
    Node n;
    n.kind = kind;
    n.name = name;
    return f.addNode(n);
}
LinkId addLink(Fabric &f, NodeId x, NodeId y)
{
    Link l;
    l.a = x;
    l.b = y;
    l.capacityGbps = 100;
    return f.addLink(l);
}

/// a, b, c hang off one switch; a and b also have two direct links.
Net makeNet()
{
    Net n;
    n.a = addNode(n.fabric, NodeKind::Gpu, "a");
    n.b = addNode(n.fabric, NodeKind::Gpu, "b");
    n.c = addNode(n.fabric, NodeKind::Gpu, "c");
    n.sw = addNode(n.fabric, NodeKind::Switch, "sw");
    n.as = addLink(n.fabric, n.a, n.sw);
    n.sb = addLink(n.fabric, n.sw, n.b);
    n.cs = addLink(n.fabric, n.c, n.sw);
    n.ab1 = addLink(n.fabric, n.a, n.b);
    n.ab2 = addLink(n.fabric, n.a, n.b);
    return n;
}

FlowSpec flow(NodeId src, NodeId dst, double bytes, std::vector<DirLinkId> links)
{
    FlowSpec f;
    f.src = src;
    f.dst = dst;
    f.bytes = bytes;
    f.paths.push_back({std::move(links)});
    return f;
}
FlowSpec aToB(const Net &n, double bytes)
{
    return flow(n.a, n.b, bytes, {dirLink(n.as, true), dirLink(n.sb, true)});
}
FlowSpec bToA(const Net &n, double bytes)
{
    return flow(n.b, n.a, bytes, {dirLink(n.sb, false), dirLink(n.as, false)});
}
FlowSpec cToB(const Net &n, double bytes)
{
    return flow(n.c, n.b, bytes, {dirLink(n.cs, true), dirLink(n.sb, true)});
}

/// An all-to-all of 64 GPUs (8 leaves of 8, 4 spines, each flow hashed onto one spine), sizes
/// equal (1 MB) or drawn from 1 to 1000 MB.
struct DenseAllToAll
{
    Fabric fabric;
    std::vector<FlowSpec> flows;
};
DenseAllToAll denseAllToAll(bool equalSizes)
{
    DenseAllToAll out;
    Fabric &f = out.fabric;
    std::vector<FlowSpec> &flows = out.flows;
    std::vector<NodeId> gpus;
    std::vector<LinkId> nic;
    std::vector<NodeId> leaves, spines;
    for (int s = 0; s < 4; ++s)
        spines.push_back(addNode(f, NodeKind::Switch, "spine"));
    std::vector<std::vector<LinkId>> up; // up[leaf][spine]
    for (int l = 0; l < 8; ++l) {
        leaves.push_back(addNode(f, NodeKind::Switch, "leaf"));
        up.emplace_back();
        for (NodeId s : spines)
            up.back().push_back(addLink(f, leaves.back(), s));
        for (int g = 0; g < 8; ++g) {
            gpus.push_back(addNode(f, NodeKind::Gpu, "gpu"));
            nic.push_back(addLink(f, gpus.back(), leaves.back()));
        }
    }
    std::uint64_t state = 7;
    const auto next = [&](std::uint64_t m) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return (state >> 33) % m;
    };
    for (std::size_t a = 0; a < gpus.size(); ++a)
        for (std::size_t b = 0; b < gpus.size(); ++b) {
            if (a == b)
                continue;
            std::vector<DirLinkId> links {dirLink(nic[a], true)};
            const std::size_t la = a / 8, lb = b / 8;
            if (la != lb) {
                const std::size_t s = next(4);
                links.push_back(dirLink(up[la][s], true));
                links.push_back(dirLink(up[lb][s], false));
            }
            links.push_back(dirLink(nic[b], false));
            FlowSpec spec = flow(gpus[a], gpus[b], 0, links);
            spec.bytes = equalSizes ? 1e6 : 1e6 * double(1 + next(1000));
            spec.latencyS = 1e-6 * double(links.size());
            flows.push_back(spec);
        }
    return out;
}

bool near(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b)); }
#define QNEAR(a, b) \
    QVERIFY2(near((a), (b)), qPrintable(QString("%1 vs %2").arg(a, 0, 'g', 15).arg(b, 0, 'g', 15)))
} // namespace

void TestSimEngine::singleFlowTakesLatencyPlusBytesOverCapacity()
{
    // 1.25e9 bytes at 12.5e9 B/s = 0.1 s, after 2 us of latency.
    const Net n = makeNet();
    FlowSpec f = aToB(n, 1.25e9);
    f.latencyS = 2e-6;
    const SimResult r = simulate(n.fabric, {f});
    QCOMPARE(r.flows[0].releaseS, 0.0);
    QNEAR(r.flows[0].startS, 2e-6);
    QNEAR(r.flows[0].finishS, 0.1 + 2e-6);
    QNEAR(r.completionS, 0.1 + 2e-6);
}

void TestSimEngine::sharersSplitThenTheSurvivorSpeedsUp()
{
    // a->b 1.25e9 and c->b 2.5e9 share sw->b: 6.25e9 B/s each. The first ends at
    // 1.25e9 / 6.25e9 = 0.2 s; the second has 2.5e9 - 1.25e9 = 1.25e9 left at full rate:
    // 0.1 s more, so 0.3 s.
    const Net n = makeNet();
    const SimResult r = simulate(n.fabric, {aToB(n, 1.25e9), cToB(n, 2.5e9)});
    QNEAR(r.flows[0].finishS, 0.2);
    QNEAR(r.flows[1].finishS, 0.3);
}

void TestSimEngine::directionsAreIndependent()
{
    // a->b and b->a use opposite directions of the same links: both at full rate, 0.1 s.
    const Net n = makeNet();
    const SimResult r = simulate(n.fabric, {aToB(n, 1.25e9), bToA(n, 1.25e9)});
    QNEAR(r.flows[0].finishS, 0.1);
    QNEAR(r.flows[1].finishS, 0.1);
}

void TestSimEngine::chainWaitsForItsPredecessorAndDelay()
{
    // f0 ends at 0.1; f1 (after f0, alpha 1 ms, latency 1 us) is released at 0.101, starts
    // moving at 0.101001 and ends 0.1 s later. f2 after f1 likewise, no delay.
    const Net n = makeNet();
    std::vector<FlowSpec> flows{aToB(n, 1.25e9), aToB(n, 1.25e9), bToA(n, 1.25e9)};
    flows[1].after = {0};
    flows[1].releaseDelayS = 1e-3;
    flows[1].latencyS = 1e-6;
    flows[2].after = {1};
    const SimResult r = simulate(n.fabric, flows);
    QNEAR(r.flows[0].finishS, 0.1);
    QNEAR(r.flows[1].releaseS, 0.101);
    QNEAR(r.flows[1].startS, 0.101001);
    QNEAR(r.flows[1].finishS, 0.201001);
    QNEAR(r.flows[2].releaseS, 0.201001);
    QNEAR(r.flows[2].finishS, 0.301001);
}

void TestSimEngine::notBeforeHoldsAFlowBack()
{
    // f1 may not start before 0.05: alone until then, f0 moves 6.25e8 bytes; then they share:
    // f0's other 6.25e8 take 0.1 s at 6.25e9 (ends 0.15); f1 has moved 6.25e8 by then and its
    // last 6.25e8 go at full rate: 0.05 s more, 0.2.
    const Net n = makeNet();
    std::vector<FlowSpec> flows{aToB(n, 1.25e9), cToB(n, 1.25e9)};
    flows[1].notBeforeS = 0.05;
    const SimResult r = simulate(n.fabric, flows);
    QNEAR(r.flows[1].releaseS, 0.05);
    QNEAR(r.flows[0].finishS, 0.15);
    QNEAR(r.flows[1].finishS, 0.2);
}

void TestSimEngine::weightedSplitIsBoundByItsHeaviestPath()
{
    // Weights 0.75 / 0.25 over the two direct links: rate r puts 0.75 r on ab1, so
    // r = 12.5e9 / 0.75 = 16.67e9 B/s; 2.5e9 bytes take 0.15 s. Equal weights: r = 25e9, 0.1 s.
    const Net n = makeNet();
    FlowSpec f;
    f.src = n.a;
    f.dst = n.b;
    f.bytes = 2.5e9;
    f.split = Split::Weighted;
    f.paths = {{{dirLink(n.ab1, true)}}, {{dirLink(n.ab2, true)}}};
    f.weights = {0.75, 0.25};
    QNEAR(simulate(n.fabric, {f}).flows[0].finishS, 0.15);
    f.weights = {1, 1}; // normalised
    QNEAR(simulate(n.fabric, {f}).flows[0].finishS, 0.1);
}

void TestSimEngine::adaptiveSubflowsShareEachPathFairly()
{
    // Adaptive a->b over ab1 and ab2; a single flow also on ab1. On ab1 the subflow and the
    // single flow get 6.25e9 each; on ab2 the subflow gets 12.5e9. Adaptive total 18.75e9:
    // 1.875e9 bytes end at 0.1 s (both subflows together). The single flow has moved 6.25e8
    // of its 1.25e9; the rest at full rate takes 0.05 s: 0.15.
    const Net n = makeNet();
    FlowSpec adaptive;
    adaptive.src = n.a;
    adaptive.dst = n.b;
    adaptive.bytes = 1.875e9;
    adaptive.split = Split::Adaptive;
    adaptive.paths = {{{dirLink(n.ab1, true)}}, {{dirLink(n.ab2, true)}}};
    const FlowSpec single = flow(n.a, n.b, 1.25e9, {dirLink(n.ab1, true)});
    const SimResult r = simulate(n.fabric, {adaptive, single});
    QNEAR(r.flows[0].finishS, 0.1);
    QNEAR(r.flows[1].finishS, 0.15);
    QNEAR(r.links[std::size_t(dirLink(n.ab2, true))].bytes, 1.25e9);
    QNEAR(r.links[std::size_t(dirLink(n.ab1, true))].bytes, 6.25e8 + 1.25e9);
}

void TestSimEngine::zeroByteFlowFinishesAfterItsLatency()
{
    // A zero-byte flow takes its latency and nothing else, and frees its dependents then.
    const Net n = makeNet();
    std::vector<FlowSpec> flows{aToB(n, 0), aToB(n, 1.25e9)};
    flows[0].latencyS = 5e-6;
    flows[1].after = {0};
    const SimResult r = simulate(n.fabric, flows);
    QNEAR(r.flows[0].finishS, 5e-6);
    QNEAR(r.flows[1].finishS, 5e-6 + 0.1);
    QCOMPARE(r.links[std::size_t(dirLink(n.as, true))].peakFlows, 1);
}

void TestSimEngine::linkStatisticsOnAKnownCase()
{
    // a->b 1.25e9 from 0 (ends 0.1); c->b 1.25e9 from 0.2 (ends 0.3). Completion 0.3.
    // sw->b: 2.5e9 bytes, busy 0.2 s, saturated 0.2 s, peak 1, mean 2.5e9 / (12.5e9 * 0.3),
    // peak flows 1. a->sw: 1.25e9, busy 0.1. The reverse directions carry nothing.
    const Net n = makeNet();
    std::vector<FlowSpec> flows{aToB(n, 1.25e9), cToB(n, 1.25e9)};
    flows[1].notBeforeS = 0.2;
    const SimResult r = simulate(n.fabric, flows);
    QNEAR(r.completionS, 0.3);
    QCOMPARE(r.links.size(), 2 * n.fabric.linkIdBound());
    const LinkStats &sb = r.links[std::size_t(dirLink(n.sb, true))];
    QNEAR(sb.capacityBytesPerS, kCap);
    QNEAR(sb.bytes, 2.5e9);
    QNEAR(sb.busyS, 0.2);
    QNEAR(sb.saturatedS, 0.2);
    QNEAR(sb.peakUtil, 1.0);
    QNEAR(sb.meanUtil, 2.5e9 / (kCap * 0.3));
    QCOMPARE(sb.peakFlows, 1);
    const LinkStats &as = r.links[std::size_t(dirLink(n.as, true))];
    QNEAR(as.bytes, 1.25e9);
    QNEAR(as.busyS, 0.1);
    QCOMPARE(r.links[std::size_t(dirLink(n.sb, false))].bytes, 0.0);
    QCOMPARE(r.links[std::size_t(dirLink(n.sb, false))].peakFlows, 0);

    // Two at once: peak flows 2, each at half the capacity.
    const SimResult both = simulate(n.fabric, {aToB(n, 1.25e9), cToB(n, 1.25e9)});
    QCOMPARE(both.links[std::size_t(dirLink(n.sb, true))].peakFlows, 2);
    QNEAR(both.links[std::size_t(dirLink(n.as, true))].peakUtil, 0.5);
}

void TestSimEngine::bottleneckIsTheSaturatedLink()
{
    // a->b and c->b: only sw->b saturates (a->sw and c->sw run at half).
    const Net n = makeNet();
    const SimResult r = simulate(n.fabric, {aToB(n, 1.25e9), cToB(n, 1.25e9)});
    QCOMPARE(r.bottlenecks, (std::vector<DirLinkId>{dirLink(n.sb, true)}));
}

void TestSimEngine::solversAgreeAndRunsAreDeterministic()
{
    // A few hundred flows of assorted sizes and start times in every direction, some chained:
    // the incremental and full solvers agree, and a second run is bit-identical.
    const Net n = makeNet();
    std::vector<FlowSpec> flows;
    std::uint64_t state = 42;
    const auto next = [&](std::uint64_t m) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return (state >> 33) % m;
    };
    for (int i = 0; i < 300; ++i) {
        const std::uint64_t kind = next(4);
        FlowSpec f = kind == 0 ? aToB(n, 0) : kind == 1 ? bToA(n, 0) : kind == 2 ? cToB(n, 0)
                                                                      : flow(n.a, n.b, 0, {dirLink(n.ab1, true)});
        f.bytes = 1e6 * double(1 + next(1000));
        f.notBeforeS = 1e-4 * double(next(100));
        f.latencyS = 1e-6 * double(next(3));
        if (i > 10 && next(3) == 0)
            f.after = {FlowId(next(std::uint64_t(i)))};
        flows.push_back(f);
    }
    // The second run checks the engine's and the system's bookkeeping after every event (it
    // throws on the first fault); checking must not change a single figure.
    SimOptions checked;
    checked.checkInvariants = true;
    SimOptions full = checked;
    full.solver = "full";
    const SimResult a = simulate(n.fabric, flows);
    const SimResult b = simulate(n.fabric, flows, checked);
    const SimResult c = simulate(n.fabric, flows, full);
    for (std::size_t i = 0; i < flows.size(); ++i) {
        QCOMPARE(a.flows[i].finishS, b.flows[i].finishS);
        QNEAR(a.flows[i].finishS, c.flows[i].finishS);
    }
    QCOMPARE(a.completionS, b.completionS);
    for (std::size_t d = 0; d < a.links.size(); ++d) {
        QCOMPARE(a.links[d].bytes, b.links[d].bytes);
        QCOMPARE(a.links[d].peakFlows, b.links[d].peakFlows);
    }
    QCOMPARE(a.timeline.deltaCount(), b.timeline.deltaCount());
    // Bytes are conserved: what crossed a->sw is what the flows using it carried.
    double expected = 0;
    for (const FlowSpec &f : flows)
        if (f.paths[0].links[0] == dirLink(n.as, true))
            expected += f.bytes;
    QNEAR(a.links[std::size_t(dirLink(n.as, true))].bytes, expected);
}

void TestSimEngine::denseAllToAllMatchesFullSolver_data()
{
    QTest::addColumn<bool>("equalSizes");
    QTest::newRow("equal sizes: batched finishes") << true;
    QTest::newRow("unequal sizes: one finish per event") << false;
}

void TestSimEngine::denseAllToAllMatchesFullSolver()
{
    // An all-to-all of 64 GPUs (8 leaves of 8, 4 spines, each flow hashed onto one spine): the
    // dense regime where the incremental solver's worklists give up early for the refill and
    // its demand caches go stale between worklists. Every finish time must match progressive
    // filling of everything at every event.
    QFETCH(bool, equalSizes);
    const auto [f, flows] = denseAllToAll(equalSizes);
    SimOptions bare;
    bare.recordTimeline = false;
    SimOptions full = bare;
    full.solver = "full";
    const SimResult inc = simulate(f, flows, bare);
    const SimResult ref = simulate(f, flows, full);
    QVERIFY(inc.events > (equalSizes ? 2u : 1000u));
    for (std::size_t i = 0; i < flows.size(); ++i)
        QNEAR(inc.flows[i].finishS, ref.flows[i].finishS);
    // Again with the bookkeeping checked after every event: without a timeline, level changes
    // reach the groups' clocks and not the flows, the path the check must watch.
    SimOptions checked = bare;
    checked.checkInvariants = true;
    const SimResult again = simulate(f, flows, checked);
    for (std::size_t i = 0; i < flows.size(); ++i)
        QCOMPARE(again.flows[i].finishS, inc.flows[i].finishS);
}

void TestSimEngine::coarseFidelityStaysNearExact()
{
    // Exact, nearly every flow finishes at its own instant (ECMP gives equal sizes unequal
    // rates). Coarse ends together the flows due within 0.1% of their own transfer time, so it
    // needs far fewer events; each flow gives up its bandwidth at most that early, and the
    // figures stay within the stated 1%.
    QFETCH(bool, equalSizes);
    const auto [f, flows] = denseAllToAll(equalSizes);
    SimOptions exact;
    exact.recordTimeline = false;
    SimOptions coarse = exact;
    coarse.coarseFinishWindow = 1e-3;
    coarse.checkInvariants = true;
    const SimResult ref = simulate(f, flows, exact);
    const SimResult run = simulate(f, flows, coarse);
    QCOMPARE(ref.largestEarlyFinishS, 0.0);
    qInfo("%zu events against %zu", run.events, ref.events);
    // (At this size equal sizes finish at 173 instants; the 256-rank all-to-all of a k = 64
    // fat-tree pod goes from 36,722 to 72, docs/performance.md.)
    QVERIFY2(run.events * (equalSizes ? 1.5 : 2.0) < double(ref.events),
             qPrintable(QString("%1 events against %2").arg(run.events).arg(ref.events)));
    QVERIFY(run.largestEarlyFinishS > 0.0);
    QVERIFY(run.largestEarlyFinishS <= 1e-3 * run.completionS);
    QVERIFY2(std::abs(run.completionS / ref.completionS - 1) < 0.01,
             qPrintable(QString::number(run.completionS / ref.completionS - 1)));
    double worst = 0;
    for (std::size_t i = 0; i < flows.size(); ++i)
        worst = std::max(worst, std::abs(run.flows[i].finishS / ref.flows[i].finishS - 1));
    QVERIFY2(worst < 0.01, qPrintable(QString::number(worst)));
    QVERIFY(worst > 0); // it did change something
}

void TestSimEngine::coarseFidelityKeepsChainsOnTime()
{
    // A flow waiting on another is released at that one's due time, not when a coarse batch
    // ended it: chains of short steps (a ring's) must not run ahead by a window per step.
    const Net n = makeNet();
    std::vector<FlowSpec> flows;
    for (int i = 0; i < 200; ++i) {
        FlowSpec a = aToB(n, 1e6 * (1 + i % 7));
        FlowSpec c = cToB(n, 1e6 * (1 + i % 5));
        if (i > 0) {
            a.after = {FlowId(2 * i - 2)};
            c.after = {FlowId(2 * i - 1)};
        }
        flows.push_back(a);
        flows.push_back(c);
    }
    SimOptions coarse;
    coarse.coarseFinishWindow = 1e-3;
    const SimResult ref = simulate(n.fabric, flows);
    const SimResult run = simulate(n.fabric, flows, coarse);
    QVERIFY2(std::abs(run.completionS / ref.completionS - 1) < 1e-3,
             qPrintable(QString::number(run.completionS / ref.completionS - 1)));
}

void TestSimEngine::cancellationStopsTheRun()
{
    // A chain of 2000 flows; cancel at the third poll: the result says so and is partial.
    const Net n = makeNet();
    std::vector<FlowSpec> flows;
    for (int i = 0; i < 2000; ++i) {
        flows.push_back(aToB(n, 1e6));
        if (i > 0)
            flows.back().after = {FlowId(i - 1)};
    }
    SimCallbacks cb;
    int polls = 0;
    cb.cancelled = [&] { return ++polls >= 3; };
    const SimResult r = simulate(n.fabric, flows, {}, cb);
    QVERIFY(r.cancelled);
    QVERIFY(r.cancelledAtS > 0);
    QCOMPARE(r.flows.back().finishS, -1.0);
    QCOMPARE(polls, 3);
}

void TestSimEngine::progressIsReported()
{
    const Net n = makeNet();
    std::vector<FlowSpec> flows;
    for (int i = 0; i < 500; ++i) {
        flows.push_back(aToB(n, 1e6));
        if (i > 0)
            flows.back().after = {FlowId(i - 1)};
    }
    SimCallbacks cb;
    std::vector<double> fractions;
    cb.progress = [&](double fraction, double) { fractions.push_back(fraction); };
    simulate(n.fabric, flows, {}, cb);
    QVERIFY(fractions.size() >= 10);
    QVERIFY(fractions.size() <= 200);
    QVERIFY(std::is_sorted(fractions.begin(), fractions.end()));
    QCOMPARE(fractions.back(), 1.0);
}

void TestSimEngine::progressFollowsTheBytesNotTheFlowCount()
{
    // One large flow, and 500 small ones that all start when 90% of it has moved: counted by
    // flows the run would look 1% done there; by bytes on the wire it is 90% done, and says so.
    const Net n = makeNet();
    std::vector<FlowSpec> flows { flow(n.a, n.b, 1e9, { dirLink(n.ab1, true) }) };
    const double largeS = simulate(n.fabric, flows).flows.front().finishS;
    for (int i = 0; i < 500; ++i) {
        flows.push_back(flow(n.a, n.b, 1e3, { dirLink(n.ab2, true) }));
        flows.back().notBeforeS = 0.9 * largeS;
        if (i > 0)
            flows.back().after = { FlowId(i) };
    }
    SimCallbacks cb;
    std::vector<std::pair<double, double>> reports; // (time, fraction)
    cb.progress = [&](double fraction, double timeS) { reports.emplace_back(timeS, fraction); };
    simulate(n.fabric, flows, {}, cb);
    QVERIFY(reports.size() >= 10);
    QCOMPARE(reports.back().second, 1.0);
    for (std::size_t k = 1; k < reports.size(); ++k)
        QVERIFY(reports[k].second >= reports[k - 1].second);
    const auto late = std::find_if(
        reports.begin(), reports.end(), [&](const auto &r) { return r.first >= 0.9 * largeS; });
    QVERIFY(late != reports.end());
    QVERIFY2(late->second > 0.85 && late->second < 0.95, qPrintable(QString::number(late->second)));
}

void TestSimEngine::badInputIsRefused()
{
    const Net n = makeNet();
    std::vector<FlowSpec> cycle{aToB(n, 1), aToB(n, 1)};
    cycle[0].after = {1};
    cycle[1].after = {0};
    QVERIFY_THROWS_EXCEPTION(UserError, simulate(n.fabric, cycle));
    // Not a chain: a->sw then c->sw.
    QVERIFY_THROWS_EXCEPTION(UserError,
                             simulate(n.fabric, {flow(n.a, n.b, 1, {dirLink(n.as, true),
                                                                     dirLink(n.cs, true)})}));
    QVERIFY_THROWS_EXCEPTION(UserError, simulate(n.fabric, {aToB(n, -1)}));
    SimOptions bad;
    bad.solver = "nope";
    QVERIFY_THROWS_EXCEPTION(UserError, simulate(n.fabric, {aToB(n, 1)}, bad));
}

QTEST_GUILESS_MAIN(TestSimEngine)
#include "tst_sim_engine.moc"
