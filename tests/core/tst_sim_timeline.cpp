// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/fabric.h"
#include "sim/engine.h"

#include <QtTest>

#include <cmath>

using namespace fabric;
using namespace fabric::sim;

// The recorded timeline: seeking gives what a replay from the start gives, bytes integrate to
// the link statistics, and coarse or capped recording keeps the bytes exact at boundaries.
class TestSimTimeline : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void seekingMatchesAReplayFromTheStart();
    void cursorForwardAndBackMatchesFreshSeeks();
    void bytesAtTheEndMatchTheStatistics();
    void minimumIntervalMergesAndKeepsBytes();
    void deltaCapCoarsensAndKeepsBytes();

private:
    Fabric mFabric;
    std::vector<FlowSpec> mFlows;
    SimResult mResult;
};

namespace {
bool near(double a, double b, double rel = 1e-9)
{
    return std::abs(a - b) <= rel * std::max({std::abs(a), std::abs(b), 1.0});
}

/// Naive replay: apply every delta from interval 0 to the one holding @p t.
TimelineState replay(const Timeline &tl, double t)
{
    TimelineState s;
    s.flowRateBytesPerS.assign(tl.flowCount(), 0);
    s.flowBytes.assign(tl.flowCount(), 0);
    s.linkLoadBytesPerS.assign(tl.dirLinkCount(), 0);
    s.linkBytes.assign(tl.dirLinkCount(), 0);
    s.linkFlows.assign(tl.dirLinkCount(), 0);
    std::vector<double> flowSince(tl.flowCount(), 0), linkSince(tl.dirLinkCount(), 0);
    const std::size_t last = tl.intervalAt(t);
    for (std::size_t i = 0; i <= last && i < tl.intervalCount(); ++i) {
        for (const FlowDelta &d : tl.flowChanges(i)) {
            s.flowRateBytesPerS[std::size_t(d.flow)] = d.rateBytesPerS;
            s.flowBytes[std::size_t(d.flow)] = d.bytesBefore;
            flowSince[std::size_t(d.flow)] = tl.intervalStartS(i);
        }
        for (const LinkDelta &d : tl.linkChanges(i)) {
            s.linkLoadBytesPerS[std::size_t(d.link)] = d.loadBytesPerS;
            s.linkFlows[std::size_t(d.link)] = d.flows;
            s.linkBytes[std::size_t(d.link)] = d.bytesBefore;
            linkSince[std::size_t(d.link)] = tl.intervalStartS(i);
        }
    }
    for (std::size_t f = 0; f < tl.flowCount(); ++f)
        s.flowBytes[f] += s.flowRateBytesPerS[f] * (t - flowSince[f]);
    for (std::size_t d = 0; d < tl.dirLinkCount(); ++d)
        s.linkBytes[d] += s.linkLoadBytesPerS[d] * (t - linkSince[d]);
    return s;
}

void compareStates(const TimelineState &a, const TimelineState &b)
{
    QCOMPARE(a.flowRateBytesPerS, b.flowRateBytesPerS);
    QCOMPARE(a.linkLoadBytesPerS, b.linkLoadBytesPerS);
    QCOMPARE(a.linkFlows, b.linkFlows);
    for (std::size_t f = 0; f < a.flowBytes.size(); ++f)
        QVERIFY(near(a.flowBytes[f], b.flowBytes[f]));
    for (std::size_t d = 0; d < a.linkBytes.size(); ++d)
        QVERIFY(near(a.linkBytes[d], b.linkBytes[d]));
}
} // namespace

void TestSimTimeline::initTestCase()
{
    // Four GPUs on one switch (100 Gb/s links); 800 flows of assorted sizes between them,
    // released over 20 ms, some chained: thousands of events and enough deltas for keyframes.
    std::vector<NodeId> gpus;
    Node sw;
    sw.kind = NodeKind::Switch;
    sw.name = "sw";
    const NodeId s = mFabric.addNode(sw);
    std::vector<LinkId> links;
    for (int i = 0; i < 4; ++i) {
        Node g;
        g.kind = NodeKind::Gpu;
        g.name = "g" + std::to_string(i);
        gpus.push_back(mFabric.addNode(g));
        Link l;
        l.a = gpus.back();
        l.b = s;
        l.capacityGbps = 100;
        links.push_back(mFabric.addLink(l));
    }
    std::uint64_t state = 7;
    const auto next = [&](std::uint64_t m) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return (state >> 33) % m;
    };
    for (int i = 0; i < 800; ++i) {
        const std::size_t a = next(4);
        const std::size_t b = (a + 1 + next(3)) % 4;
        FlowSpec f;
        f.src = gpus[a];
        f.dst = gpus[b];
        f.bytes = 1e5 * double(1 + next(100));
        f.paths.push_back({{dirLink(links[a], true), dirLink(links[b], false)}});
        f.notBeforeS = 2e-2 * double(next(1000)) / 1000;
        if (i > 100 && next(4) == 0)
            f.after = {FlowId(next(std::uint64_t(i)))};
        mFlows.push_back(f);
    }
    mResult = simulate(mFabric, mFlows);
    QVERIFY(mResult.timeline.intervalCount() > 1000);
    QVERIFY(mResult.timeline.keyframeCount() > 0);
}

void TestSimTimeline::seekingMatchesAReplayFromTheStart()
{
    const Timeline &tl = mResult.timeline;
    QCOMPARE(tl.endS(), mResult.completionS);
    for (int i = 0; i <= 40; ++i) {
        const double t = tl.endS() * i / 40.0;
        compareStates(tl.stateAt(t), replay(tl, t));
    }
    // Exactly on boundaries too.
    for (std::size_t i = 0; i < tl.intervalCount(); i += tl.intervalCount() / 7)
        compareStates(tl.stateAt(tl.intervalStartS(i)), replay(tl, tl.intervalStartS(i)));
}

void TestSimTimeline::cursorForwardAndBackMatchesFreshSeeks()
{
    const Timeline &tl = mResult.timeline;
    TimelineCursor cursor(tl);
    const double times[] = {0.3, 0.31, 0.5, 0.9, 0.2, 0.0, 1.0, 0.6, 0.61};
    for (double f : times) {
        const double t = tl.endS() * f;
        compareStates(cursor.seek(t), tl.stateAt(t));
    }
}

void TestSimTimeline::bytesAtTheEndMatchTheStatistics()
{
    const TimelineState end = mResult.timeline.stateAt(mResult.completionS);
    for (std::size_t f = 0; f < mFlows.size(); ++f)
        QVERIFY(near(end.flowBytes[f], mFlows[f].bytes, 1e-7));
    for (std::size_t d = 0; d < mResult.links.size(); ++d)
        QVERIFY(near(end.linkBytes[d], mResult.links[d].bytes, 1e-7));
}

void TestSimTimeline::minimumIntervalMergesAndKeepsBytes()
{
    // At most ~1/100 of the run per interval: about 100 intervals, and at each of their
    // boundaries every link has carried exactly what the fine timeline says.
    SimOptions options;
    options.timelineMinIntervalS = mResult.completionS / 100;
    const SimResult coarse = simulate(mFabric, mFlows, options);
    const Timeline &tl = coarse.timeline;
    QVERIFY(tl.intervalCount() <= 101);
    QVERIFY(tl.intervalCount() >= 50);
    QVERIFY(tl.deltaCount() < mResult.timeline.deltaCount() / 4);
    for (std::size_t i = 0; i <= tl.intervalCount(); i += 9) {
        const double t = tl.intervalStartS(i);
        const TimelineState a = tl.stateAt(t);
        const TimelineState b = mResult.timeline.stateAt(t);
        for (std::size_t d = 0; d < a.linkBytes.size(); ++d)
            QVERIFY(near(a.linkBytes[d], b.linkBytes[d], 1e-7));
        for (std::size_t f = 0; f < a.flowBytes.size(); ++f)
            QVERIFY(near(a.flowBytes[f], b.flowBytes[f], 1e-7));
    }
    // Averages, so never above capacity.
    for (std::size_t i = 0; i < tl.intervalCount(); ++i)
        for (const LinkDelta &d : tl.linkChanges(i))
            QVERIFY(d.loadBytesPerS <= 12.5e9 * (1 + 1e-9));
}

void TestSimTimeline::deltaCapCoarsensAndKeepsBytes()
{
    // A cap far below what the run needs: the recorder coarsens, stays near the cap, and the
    // bytes still add up.
    SimOptions options;
    options.timelineMaxDeltas = 2000;
    const SimResult capped = simulate(mFabric, mFlows, options);
    const Timeline &tl = capped.timeline;
    QVERIFY(tl.minIntervalS() > 0);
    QVERIFY(tl.deltaCount() <= 2 * 2000 + 64);
    const TimelineState end = tl.stateAt(capped.completionS);
    for (std::size_t d = 0; d < capped.links.size(); ++d)
        QVERIFY(near(end.linkBytes[d], capped.links[d].bytes, 1e-7));
    for (std::size_t f = 0; f < mFlows.size(); ++f)
        QVERIFY(near(end.flowBytes[f], mFlows[f].bytes, 1e-7));
}

QTEST_GUILESS_MAIN(TestSimTimeline)
#include "tst_sim_timeline.moc"
