// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Faults: their text forms, what they resolve to, routing over what survives, and the figures
// of docs/simulation.md ("Faults") on generated fabrics.
#include "tst_route_helpers.h"

#include "collective/faultrun.h"
#include "collective/resilience.h"
#include "io/fabricfile.h"
#include "model/error.h"
#include "model/faults.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

using namespace fabric;
using namespace routetest;
using collective::Algorithm;
using collective::Collective;

namespace {

bool near(double actual, double expected, double relative)
{
    return std::abs(actual - expected) <= relative * std::abs(expected);
}

QString both(double actual, double expected)
{
    return QString("actual %1 expected %2").arg(actual, 0, 'g', 10).arg(expected, 0, 'g', 10);
}

collective::ScenarioRun faulted(const Fabric &f, const collective::Scenario &s,
    const std::vector<std::string> &faults, bool partial = false)
{
    collective::FaultRunOptions fo;
    fo.allowPartial = partial;
    return runFaulted(f, s, faults, fo);
}

/// One segment of HPN with one GPU per host: every host hangs off the same two ToRs, one per
/// plane, so a ring's hops are GPU -> ToR -> GPU and never meet the aggregation tier.
Fabric hpnOneRail()
{
    return generated("hpn",
        { { "segments", "1" }, { "hosts_per_segment", "8" }, { "gpus_per_host", "1" },
            { "aggs_per_plane", "2" } });
}

double bytesOn(const sim::SimResult &r, const Fabric &f, const std::string &a, const std::string &b)
{
    const NodeId na = f.findNode(a);
    const NodeId nb = f.findNode(b);
    double sum = 0;
    for (LinkId l : f.linksOf(na))
        if (f.link(l).other(na) == nb)
            sum += r.links[std::size_t(dirLink(l, true))].bytes
                + r.links[std::size_t(dirLink(l, false))].bytes;
    return sum;
}

} // namespace

class TestFaults : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void textFormsRoundTrip();
    void malformedFaultsAreNamed();
    void namesMayHoldAColon();
    void resolvesEveryKind();
    void scenarioSavesItsFaults();
    void faultsSurviveTheNativeFile();
    void randomDrawIsStable();
    void hasCandidatesAgreesWithTheList();
    void oneWayFaultKeepsTheOtherDirection();
    void oneWayFaultOutOfAGpuKeepsTheWayIn();
    void hpnDualTorFailureHalvesTheRing();
    void fatTreeLeafFailureCutsItsHostsOff();
    void spineFailureSlowsAllToAllByKOver2();
    void torusDetoursAroundAFailedIciLink();
    void idealStaysUnderARingWithADetour_data();
    void idealStaysUnderARingWithADetour();
    void resilienceSweepRanksWorstFirst();
    void cancelledSweepKeepsTheFinishedRows();
};

void TestFaults::textFormsRoundTrip()
{
    for (const char *text : { "leaf3", "leaf3--spine1", "leaf3->spine1", "h0-gpu0:1",
             "ocs-x-0:3-17", "leaf3--spine1@0.25", "spine2@0.5" }) {
        const Fault f = parseFault(text);
        QCOMPARE(QString::fromStdString(toString(f)), QString(text));
    }
    const Fault f = parseFault("a->b@0.25");
    QVERIFY(f.kind == Fault::Kind::Link && f.oneWay && f.node == "a" && f.peer == "b");
    QCOMPARE(f.kept, 0.25);
    QCOMPARE(parseFaultList("a,b--c,,d@0.5").size(), std::size_t(3));
}

void TestFaults::malformedFaultsAreNamed()
{
    for (const char *bad : { "", "@0.5", "leaf3@1", "leaf3@0", "leaf3@x", "--b", "a->" }) {
        try {
            (void)parseFault(bad);
            QFAIL(qPrintable(QString("accepted '%1'").arg(bad)));
        } catch (const UserError &e) {
            QVERIFY2(QString(e.what()).contains(QString("'%1'").arg(bad)), e.what());
        }
    }
    const Fabric f = flatFatTree(4);
    for (const char *missing : { "leaf9", "leaf0--leaf1", "leaf0:99", "leaf0:1-2", "x:y" })
        QVERIFY_THROWS_EXCEPTION(UserError, resolveFaults(f, std::vector { parseFault(missing) }));
}

void TestFaults::namesMayHoldAColon()
{
    // An ibnetdiscover dump names switches by their descriptions, colons and all; a resilience
    // sweep's rows give those names back, and --fail refused them ("after ':' comes a port").
    Fabric f = flatFatTree(4);
    const NodeId leaf0 = f.findNode("leaf0");
    Node &renamed = f.node(leaf0);
    renamed.name = "MF0;switch-de779e:SX6012/U1";
    const Fault named = parseFault("MF0;switch-de779e:SX6012/U1");
    QVERIFY(named.kind == Fault::Kind::Node);
    QCOMPARE(named.node, renamed.name);
    QCOMPARE(toString(named), renamed.name);
    QCOMPARE(resolveFaults(f, std::vector { named }).links.size(), f.linksOf(leaf0).size());
    // Its links and degraded form too.
    QVERIFY(parseFault("MF0;switch-de779e:SX6012/U1@0.5").kind == Fault::Kind::Node);
    QCOMPARE(parseFault("MF0;switch-de779e:SX6012/U1--spine0").node, renamed.name);
}

void TestFaults::resolvesEveryKind()
{
    const Fabric f = flatFatTree(4); // 8 GPUs, 4 leaves, 2 spines, 400 Gb/s
    const NodeId leaf0 = f.findNode("leaf0");
    const auto effect
        = [&](const char *text) { return resolveFaults(f, std::vector { parseFault(text) }); };
    // A leaf: its 2 GPU links, 2 uplinks (and nothing else).
    const FaultEffect leaf = effect("leaf0");
    QCOMPARE(leaf.links.size(), f.linksOf(leaf0).size());
    QCOMPARE(leaf.capacityLostGbps, 400.0 * double(f.linksOf(leaf0).size()));
    // A link, one direction, degraded.
    QCOMPARE(effect("leaf0--spine0").capacityLostGbps, 400.0);
    QCOMPARE(effect("leaf0->spine0").capacityLostGbps, 200.0);
    QCOMPARE(effect("leaf0--spine0@0.25").capacityLostGbps, 300.0);
    const FaultEffect oneWay = effect("leaf0->spine0");
    const LinkId l = oneWay.links.front();
    const bool aIsLeaf = f.link(l).a == leaf0;
    QVERIFY(oneWay.dead(dirLink(l, aIsLeaf)));
    QVERIFY(!oneWay.dead(dirLink(l, !aIsLeaf)));
    // A port: the uplink on leaf0's port 2 (downlinks come first).
    QCOMPARE(effect("leaf0:2").links.size(), std::size_t(1));

    // An OCS circuit: both fibres; the whole OCS: every fibre.
    const Fabric tpu = generated("tpu-torus", { { "x", "4" }, { "y", "4" }, { "z", "4" } });
    const NodeId ocs = tpu.findNode("ocs-x-0");
    QVERIFY(ocs != kNoNode && !tpu.node(ocs).circuits.empty());
    const auto [p, q] = tpu.node(ocs).circuits.front();
    const std::string circuit = "ocs-x-0:" + std::to_string(p) + "-" + std::to_string(q);
    QCOMPARE(resolveFaults(tpu, std::vector { parseFault(circuit) }).links.size(), std::size_t(2));
    QCOMPARE(resolveFaults(tpu, std::vector { parseFault("ocs-x-0") }).links.size(),
        tpu.linksOf(ocs).size());
}

void TestFaults::scenarioSavesItsFaults()
{
    collective::Scenario s;
    s.faults = parseFaultList("leaf3,leaf0--spine1@0.25,a->b,ocs-x-0:1-2");
    const nlohmann::json j = collective::toJson(s);
    QCOMPARE(j.at("faults").size(), std::size_t(4));
    QCOMPARE(QString::fromStdString(j.at("faults")[1].get<std::string>()),
        QString("leaf0--spine1@0.25"));
    QVERIFY(collective::scenarioFromJson(j) == s);
    QVERIFY_THROWS_EXCEPTION(UserError, collective::scenarioFromJson({ { "faults", "leaf3" } }));
    QVERIFY_THROWS_EXCEPTION(
        UserError, collective::scenarioFromJson({ { "faults", { "leaf3@2" } } }));
}

void TestFaults::faultsSurviveTheNativeFile()
{
    // A saved scenario lives in the document's top-level "scenarios" array, faults and all:
    // read a file that has one, write it again, and the scenario reads back the same.
    collective::Scenario s;
    s.faults = parseFaultList("leaf0,leaf1->spine0,h0-gpu0--leaf0@0.5");
    nlohmann::json saved = collective::toJson(s);
    saved["name"] = "leaf0 down";
    QTemporaryDir dir;
    const std::string in = dir.filePath("in.fabric.json").toStdString();
    const std::string out = dir.filePath("out.fabric.json").toStdString();
    io::saveFabric(flatFatTree(4), in);
    nlohmann::json doc;
    {
        std::ifstream file(in);
        doc = nlohmann::json::parse(file);
    }
    doc["scenarios"] = nlohmann::json::array({ saved });
    {
        std::ofstream file(in);
        file << doc.dump();
    }
    io::saveFabric(io::loadFabric(in), out);
    std::ifstream file(out);
    nlohmann::json back = nlohmann::json::parse(file).at("scenarios").at(0);
    QCOMPARE(back.at("faults").size(), std::size_t(3));
    back.erase("name");
    QVERIFY(collective::scenarioFromJson(back) == s);
}

void TestFaults::randomDrawIsStable()
{
    const Fabric f = flatFatTree(8);
    const auto a = randomFaults(f, "spine", 2, 7);
    QCOMPARE(a.size(), std::size_t(2));
    QVERIFY(a == randomFaults(f, "spine", 2, 7));
    QVERIFY(a[0] != a[1]);
    QCOMPARE(faultCandidates(f, "tor").size(), std::size_t(8));
    QCOMPARE(faultCandidates(f, "aggregation").size(), std::size_t(4));
    // 32 GPU NIC links and 8 x 4 leaf-spine links; NVLink is no fabric link.
    QCOMPARE(faultCandidates(f, "link").size(), std::size_t(32 + 8 * 4));
    QVERIFY_THROWS_EXCEPTION(UserError, randomFaults(f, "spine", 5, 1));
    QVERIFY_THROWS_EXCEPTION(UserError, faultCandidates(f, "rack"));
}

void TestFaults::hasCandidatesAgreesWithTheList()
{
    // The Resilience tab offers a role only when it has elements: the quick answer must be the
    // list's, on fabrics with and without each kind (a torus has OCSes but no switches; a lone
    // host has only NVLink, which no role covers).
    Fabric lone;
    const auto addGpu = [&](const char *name) {
        Node n;
        n.kind = NodeKind::Gpu;
        n.name = name;
        return lone.addNode(n);
    };
    Link nvlink;
    nvlink.a = addGpu("gpu0");
    nvlink.b = addGpu("gpu1");
    nvlink.medium = Medium::NvLink;
    nvlink.capacityGbps = 900;
    lone.addLink(nvlink);
    const Fabric torus = generated("tpu-torus");
    const Fabric tree = flatFatTree(8);
    for (const Fabric *f : std::initializer_list<const Fabric *> { &tree, &torus, &lone })
        for (const std::string_view role : faultRoles())
            QCOMPARE(hasFaultCandidates(*f, role), !faultCandidates(*f, role).empty());
    QVERIFY(hasFaultCandidates(torus, "ocs") && hasFaultCandidates(torus, "link"));
    QVERIFY(!hasFaultCandidates(torus, "spine"));
    QVERIFY(hasFaultCandidates(tree, "spine") && !hasFaultCandidates(tree, "ocs"));
    for (const std::string_view role : faultRoles())
        QVERIFY(!hasFaultCandidates(lone, role));
    QVERIFY_THROWS_EXCEPTION(UserError, hasFaultCandidates(lone, "rack"));
}

void TestFaults::oneWayFaultKeepsTheOtherDirection()
{
    // leaf0 -> spine0 failed: leaf0's traffic up avoids spine0, traffic down still uses it.
    const Fabric f = flatFatTree(4);
    route::RouterOptions o;
    o.policy = route::Policy::Spray;
    o.faults = parseFaultList("leaf0->spine0");
    const route::Router router(f, o);
    const NodeId src = f.findNode("h0-gpu0");
    const NodeId dst = f.findNode("h2-gpu0"); // under leaf1
    const NodeId leaf0 = f.findNode("leaf0");
    const NodeId spine0 = f.findNode("spine0");
    const auto uses = [&](const route::Route &r, NodeId from, NodeId to) {
        for (const sim::Path &p : r.paths)
            for (DirLinkId d : p.links) {
                const Link &l = f.link(linkOf(d));
                if ((isForward(d) ? l.a : l.b) == from && l.other(from) == to)
                    return true;
            }
        return false;
    };
    const route::Route up = router.route(src, dst);
    QCOMPARE(up.paths.size(), std::size_t(1));
    QVERIFY(!uses(up, leaf0, spine0));
    const route::Route down = router.route(dst, src);
    QCOMPARE(down.paths.size(), std::size_t(2));
    QVERIFY(uses(down, spine0, leaf0));
}

void TestFaults::oneWayFaultOutOfAGpuKeepsTheWayIn()
{
    // h0-gpu0 -> leaf0 failed: h0-gpu0 cannot send, but traffic to it still arrives over
    // leaf0 -> h0-gpu0. Its router used to look for the way in among the GPU's own arcs, which
    // had lost the failed direction out, and found the GPU cut off both ways.
    const Fabric f = flatFatTree(4);
    route::RouterOptions o;
    o.allowUnreachable = true;
    o.faults = parseFaultList("h0-gpu0->leaf0");
    const route::Router router(f, o);
    const NodeId gpu = f.findNode("h0-gpu0");
    const NodeId other = f.findNode("h2-gpu0"); // under leaf1
    QVERIFY(router.route(gpu, other).paths.empty());
    const route::Route in = router.route(other, gpu);
    QCOMPARE(in.paths.size(), std::size_t(1));
    const DirLinkId last = in.paths.front().links.back();
    QCOMPARE(f.node(f.link(linkOf(last)).other(gpu)).name, std::string("leaf0"));

    // A dual-plane NIC whose plane-0 port cannot send still receives on both planes: 2 QPs
    // into it take one plane each.
    const Fabric hpn = hpnOneRail();
    const NodeId h0 = hpn.findNode("s0-h0-gpu0");
    const NodeId h1 = hpn.findNode("s0-h1-gpu0");
    route::RouterOptions dual;
    dual.qps = 2;
    dual.faults = parseFaultList("s0-h0-gpu0->s0-tor0-plane0");
    const route::Router hpnRouter(hpn, dual);
    std::set<int> planes;
    for (const sim::Path &p : hpnRouter.route(h1, h0).paths)
        planes.insert(hpn.link(linkOf(p.links.back())).plane);
    QCOMPARE(planes, (std::set<int> { 0, 1 }));
    planes.clear();
    for (const sim::Path &p : hpnRouter.route(h0, h1).paths)
        planes.insert(hpn.link(linkOf(p.links.front())).plane);
    QCOMPARE(planes, (std::set<int> { 1 }));
}

void TestFaults::hpnDualTorFailureHalvesTheRing()
{
    // 8 hosts, one GPU each, 2 QPs per connection: a healthy NIC sends one QP on each 200 Gb/s
    // port (plane), 400 Gb/s in all. With the plane-0 ToR failed every host is still reachable
    // through plane 1, both QPs ride the one port left, and the ring runs at 200 Gb/s:
    //   t = 2(N-1) L + 2(N-1)/N S / B,  L = 2 x 50 ns cable + 600 ns ToR,  B = 50 or 25 GB/s.
    const Fabric f = hpnOneRail();
    QVERIFY(f.findNode("s0-tor0-plane0") != kNoNode);
    collective::Scenario s
        = scenario(Collective::AllReduce, Algorithm::Ring, 64 * kMiB, route::Policy::Ecmp);
    s.qps = 2;
    const double N = 8, S = 64 * kMiB, L = 700e-9;
    const auto closedForm
        = [&](double bytesPerS) { return 2 * (N - 1) * L + 2 * (N - 1) / N * S / bytesPerS; };
    const collective::ScenarioRun r = faulted(f, s, { "s0-tor0-plane0" });
    QVERIFY(r.faults->unreachablePairs.empty());
    QVERIFY2(near(r.faults->healthyCompletionS, closedForm(50e9), 0.01),
        qPrintable(both(r.faults->healthyCompletionS, closedForm(50e9))));
    QVERIFY2(near(r.result.completionS, closedForm(25e9), 0.01),
        qPrintable(both(r.result.completionS, closedForm(25e9))));
    QVERIFY(near(r.faults->slowdown, closedForm(25e9) / closedForm(50e9), 0.01));
    // Plane 0 carries nothing; 8 NIC ports and the ToR's uplinks lost.
    QCOMPARE(bytesOn(r.result, f, "s0-h0-gpu0", "s0-tor0-plane0"), 0.0);
    QVERIFY(bytesOn(r.result, f, "s0-h0-gpu0", "s0-tor0-plane1") > 0);
    QVERIFY(r.faults->capacityLostGbps >= 8 * 200.0);
    // Every GPU hangs off the failed ToR by one of its two ports: all lost one, none both.
    const FaultImpact impact = faultImpact(f, resolveFaults(f, r.faults->faults));
    QCOMPARE(impact.gpusLostPort, std::size_t(8));
    QCOMPARE(impact.gpusCutOff, std::size_t(0));
}

void TestFaults::fatTreeLeafFailureCutsItsHostsOff()
{
    // k = 8, one GPU per host: leaf0 holds h0..h3. A ring in rank order needs 31->0, 0->1,
    // 1->2, 2->3 and 3->4, all through leaf0: 5 pairs cut off.
    const Fabric f = flatFatTree(8);
    const collective::Scenario s
        = scenario(Collective::AllReduce, Algorithm::Ring, 16 * kMiB, route::Policy::Ecmp);
    try {
        (void)faulted(f, s, { "leaf0" });
        QFAIL("a leaf failure ran without --allow-partial");
    } catch (const UserError &e) {
        const QString what = e.what();
        QVERIFY2(what.contains("5 rank pair") && what.contains("h0-gpu0 -> h1-gpu0")
                && what.contains("and 2 more") && what.contains("--allow-partial"),
            e.what());
    }
    const collective::ScenarioRun r = faulted(f, s, { "leaf0" }, true);
    QCOMPARE(r.faults->unreachablePairs.size(), std::size_t(5));
    const FaultImpact impact = faultImpact(f, resolveFaults(f, r.faults->faults));
    QCOMPARE(impact.gpusCutOff, std::size_t(4));
    QCOMPARE(impact.gpusLostPort, std::size_t(0));
    QCOMPARE(impact.linksFailed, std::size_t(8)); // 4 GPU links, 4 uplinks
    for (const auto &[a, b] : r.faults->unreachablePairs)
        QVERIFY(a < 4 || b < 4); // GPU ids are ranks: 0..3 hang off leaf0
    QVERIFY(r.result.completionS > 0 && std::isfinite(r.result.completionS));
    const nlohmann::json j = collective::faultReportJson(f, r);
    QCOMPARE(j.at("unreachable_pairs").size(), std::size_t(5));
    QCOMPARE(j.at("faults")[0].get<std::string>(), std::string("leaf0"));
}

void TestFaults::spineFailureSlowsAllToAllByKOver2()
{
    // 2-tier fat-tree, radix k = 8: N = k^2/2 = 32 GPUs, k/2 = 4 per leaf, each leaf with one
    // 400 Gb/s uplink to each of the k/2 spines. All-to-all, S/N from every GPU to every other.
    //  - Healthy: a NIC sends (N-1) S/N; a leaf's uplinks carry (k/2)(N - k/2) S/N over k/2
    //    links, less per link than a NIC, so the NICs set the time: t0 = (N-1)/N S / B.
    //  - One spine failed: the same leaf traffic over k/2 - 1 uplinks, so
    //    t1 = (k/2)(N - k/2)/N S / ((k/2 - 1) B), above the NIC time.
    //  - t1 / t0 = (k/2)/(k/2 - 1) x (N - k/2)/(N - 1): the k/2 / (k/2 - 1), less the
    //    leaf-local share that never needed a spine (1.333 x 0.903 = 1.204 here; the factor
    //    tends to 1 as N grows). Adaptive routing spreads every flow over the spines left, so
    //    the max-min rates reach these bounds.
    const int k = 8;
    const double N = k * k / 2.0, h = k / 2.0;
    const Fabric f = flatFatTree(k);
    const collective::Scenario s
        = scenario(Collective::AllToAll, Algorithm::Direct, 64 * kMiB, route::Policy::Adaptive);
    const collective::ScenarioRun r = faulted(f, s, { "spine0" });
    QVERIFY(r.faults->unreachablePairs.empty());
    const double expected = h / (h - 1) * (N - h) / (N - 1);
    QVERIFY2(
        near(r.faults->slowdown, expected, 0.03), qPrintable(both(r.faults->slowdown, expected)));
    QVERIFY(r.faults->slowdown > 1.15 && r.faults->slowdown < h / (h - 1));
    // No byte crosses spine0.
    for (LinkId l : f.linksOf(f.findNode("spine0")))
        QCOMPARE(r.result.links[std::size_t(dirLink(l, true))].bytes
                + r.result.links[std::size_t(dirLink(l, false))].bytes,
            0.0);
}

void TestFaults::torusDetoursAroundAFailedIciLink()
{
    // One 4x4x4 cube closed into a torus by its OCS. The ring (snake order, every step one
    // hop) crosses the busiest ICI link; failing it, the ring keeps its order and the step
    // through it detours over the shortest surviving paths (three hops each, split evenly), so
    // the link carries nothing and idle links around it carry its bytes.
    const Fabric f = generated("tpu-torus", { { "x", "4" }, { "y", "4" }, { "z", "4" } });
    const collective::Scenario s
        = scenario(Collective::AllReduce, Algorithm::Ring, 16 * kMiB, route::Policy::Dor);
    const Run healthy = run(f, s);
    LinkId busiest = kNoLink;
    double most = 0;
    f.forEachLink([&](const Link &l) {
        const double b = healthy.result.links[std::size_t(dirLink(l.id, true))].bytes
            + healthy.result.links[std::size_t(dirLink(l.id, false))].bytes;
        if (l.medium == Medium::Ici && b > most) {
            most = b;
            busiest = l.id;
        }
    });
    QVERIFY(busiest != kNoLink);
    const std::string a = f.node(f.link(busiest).a).name;
    const std::string b = f.node(f.link(busiest).b).name;
    const collective::ScenarioRun r = faulted(f, s, { a + "--" + b });
    QVERIFY(r.faults->unreachablePairs.empty());
    QVERIFY(std::isfinite(r.result.completionS) && r.result.completionS > 0);
    QCOMPARE(bytesOn(r.result, f, a, b), 0.0);
    double before = 0, after = 0;
    for (std::size_t d = 0; d < healthy.result.links.size(); ++d) {
        before += healthy.result.links[d].bytes;
        after += r.result.links[d].bytes;
    }
    // Every byte that crossed it now walks at least two more hops, over links that were idle.
    QVERIFY2(after - before >= 2 * most * (1 - 1e-9), qPrintable(both(after - before, 2 * most)));
    int lit = 0;
    for (std::size_t d = 0; d < healthy.result.links.size(); ++d)
        lit += healthy.result.links[d].bytes == 0 && r.result.links[d].bytes > 0 ? 1 : 0;
    QVERIFY(lit >= 3);
    QCOMPARE(QString::fromStdString(r.expansion.rankOrder), QString("snake"));

    // The bucket algorithm keeps its rings too; their step over the link detours.
    const collective::Scenario bucket
        = scenario(Collective::AllReduce, Algorithm::Torus, 16 * kMiB, route::Policy::Dor);
    const collective::ScenarioRun t = faulted(f, bucket, { a + "--" + b });
    QVERIFY(t.faults->unreachablePairs.empty());
    QCOMPARE(bytesOn(t.result, f, a, b), 0.0);
    QVERIFY(t.faults->slowdown > 1.0);
    QVERIFY(r.faults->slowdown >= 1.0);
}

void TestFaults::idealStaysUnderARingWithADetour_data()
{
    QTest::addColumn<int>("collective");
    QTest::addColumn<double>("bytes");
    QTest::newRow("all-reduce 64 MiB") << int(Collective::AllReduce) << 64 * kMiB;
    QTest::newRow("all-reduce 1 KiB") << int(Collective::AllReduce) << 1024.0;
    QTest::newRow("all-gather 64 MiB") << int(Collective::AllGather) << 64 * kMiB;
    QTest::newRow("broadcast 64 MiB") << int(Collective::Broadcast) << 64 * kMiB;
}

void TestFaults::idealStaysUnderARingWithADetour()
{
    // A 4x4x4 cube with an optical circuit switch down: the ring's hop over one of its circuits
    // detours over three cables, every other hop is one. The ideal charged that detour to every
    // step of the ring and read 102% of ideal; the chain of steps crosses it about twice.
    QFETCH(int, collective);
    QFETCH(double, bytes);
    const Fabric f = generated("tpu-torus", { { "x", "4" }, { "y", "4" }, { "z", "4" } });
    const collective::Scenario s
        = scenario(Collective(collective), Algorithm::Ring, bytes, route::Policy::Dor);
    const collective::ScenarioRun r = faulted(f, s, { "ocs-z-0" });
    QVERIFY(r.faults->unreachablePairs.empty());
    const collective::Ideal &ideal = r.expansion.ideal;
    QVERIFY2(ideal.timeS <= r.result.completionS * (1 + 1e-9),
        qPrintable(both(ideal.timeS, r.result.completionS)));
    // Still a bound worth the name: as close to the run as without the failure.
    const Run healthy = run(f, s);
    const double ofIdeal = ideal.timeS / r.result.completionS;
    const double healthyOfIdeal = healthy.expansion.ideal.timeS / healthy.result.completionS;
    QVERIFY2(ofIdeal >= 0.95 * healthyOfIdeal, qPrintable(both(ofIdeal, healthyOfIdeal)));
    QVERIFY(ideal.messageLatencyS > 0);
}

void TestFaults::cancelledSweepKeepsTheFinishedRows()
{
    const Fabric f = flatFatTree(12);
    const collective::Scenario s
        = scenario(Collective::AllReduce, Algorithm::Ring, 16 * kMiB, route::Policy::Ecmp);
    // One thread, stopped once three rows are done: the runs polled after that stop at their
    // first check and leave no row.
    std::atomic<std::size_t> done { 0 };
    const collective::ResilienceResult r = collective::runResilience(
        f, s, "leaf", 1, [&](std::size_t n, std::size_t) { done = n; }, [&] { return done >= 3; });
    QVERIFY(r.cancelled);
    QCOMPARE(r.candidates, std::size_t(12));
    QCOMPARE(r.rows.size(), std::size_t(3));
    const collective::ResilienceResult whole = collective::runResilience(f, s, "leaf", 1);
    QVERIFY(!whole.cancelled);
    QCOMPARE(whole.candidates, std::size_t(12));
    for (const collective::ResilienceRow &row : r.rows) {
        const auto same = std::find_if(whole.rows.begin(), whole.rows.end(),
            [&](const collective::ResilienceRow &w) { return w.failed == row.failed; });
        QVERIFY2(same != whole.rows.end(), row.failed.c_str());
        QCOMPARE(row.completionS, same->completionS);
        QCOMPARE(row.unreachablePairs, same->unreachablePairs);
    }
}

void TestFaults::resilienceSweepRanksWorstFirst()
{
    const Fabric f = flatFatTree(12);
    const collective::Scenario s
        = scenario(Collective::AllReduce, Algorithm::Ring, 16 * kMiB, route::Policy::Ecmp);
    std::size_t calls = 0;
    const collective::ResilienceResult r
        = collective::runResilience(f, s, "leaf", 2, [&](std::size_t, std::size_t) { ++calls; });
    QCOMPARE(r.rows.size(), std::size_t(12));
    QCOMPARE(calls, std::size_t(12));
    QCOMPARE(r.threads, 2u);
    // The memory limit is the sweep's: each thread holds a run, so a limit of one and a half
    // runs makes one at a time (two at once took 933 MB under a limit of 600 MiB).
    {
        collective::Scenario tight = s;
        const auto expansion = collective::runScenario(f, s).expansion;
        tight.maxMemoryBytes = 1.5 * collective::estimatedRunBytes(expansion);
        const collective::ResilienceResult one = collective::runResilience(f, tight, "leaf", 2);
        QCOMPARE(one.threads, 1u);
        QCOMPARE(one.rows.size(), r.rows.size());
    }
    // Every leaf holds 6 consecutive ranks: the 5 ring pairs among them and the 2 into and out
    // of them are cut off. The ring cannot complete, so no failure has a slowdown (the rest
    // of the ring, its cut hops finishing at once, ended sooner than the healthy run and read
    // as a speed-up); rows that tie go by name, numbers by value (leaf2 before leaf10).
    for (std::size_t i = 0; i < r.rows.size(); ++i) {
        QCOMPARE(r.rows[i].unreachablePairs, std::size_t(7));
        QVERIFY(std::isnan(r.rows[i].slowdown));
        QCOMPARE(r.rows[i].failed, "leaf" + std::to_string(i));
    }
    const nlohmann::json j = collective::toJson(r);
    QCOMPARE(j.at("role").get<std::string>(), std::string("leaf"));
    QCOMPARE(j.at("rows").size(), std::size_t(12));
    QVERIFY(j.at("rows")[0].contains("failed") && j.at("rows")[0].contains("completion_s")
        && j.at("rows")[0].contains("slowdown") && j.at("rows")[0].contains("unreachable_pairs"));
    std::ostringstream csv;
    collective::writeResilienceCsv(csv, r);
    const std::string text = csv.str();
    QVERIFY(text.starts_with("failed,completion_s,slowdown,unreachable_pairs\n"));
    QCOMPARE(std::count(text.begin(), text.end(), '\n'), 13l);
    QVERIFY2(text.find(",,7\n") != std::string::npos, text.c_str()); // no slowdown, 7 pairs
    QVERIFY(j.at("rows")[0].at("slowdown").is_null());
    const collective::ResilienceStats st = collective::resilienceStats(r);
    QCOMPARE(st.elements, std::size_t(12));
    QCOMPARE(st.cuttingOff, std::size_t(12));
    QVERIFY(std::isnan(st.worst) && std::isnan(st.best)); // none to take them from
}

QTEST_GUILESS_MAIN(TestFaults)
#include "tst_faults.moc"
