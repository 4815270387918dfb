// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Scenarios (JSON), rank selection and placement, custom traffic files, SHARP tree limits and
// the combinations expand() refuses.
#include "handmadefabric.h"
#include "tst_route_helpers.h"

#include "collective/ranks.h"
#include "collective/traffic.h"
#include "model/error.h"
#include "model/faults.h"

#include <QtTest>

#include <functional>

#include <set>
#include <sstream>

using namespace fabric;
using namespace routetest;
using collective::Algorithm;
using collective::Collective;

class TestCollectiveScenario : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void roundTripsThroughJson();
    void rejectsBadJson();
    void placesRanks();
    void readsTrafficAndNamesBadLines();
    void refusesANameTwoNodesShare();
    void sharpRespectsTreesPerSwitch();
    void refusesNonsense();
};

void TestCollectiveScenario::roundTripsThroughJson()
{
    collective::Scenario s;
    s.collective = Collective::Broadcast;
    s.algorithm = Algorithm::Tree;
    s.bytes = 64e6;
    s.routing = route::Policy::EcmpPolarized;
    s.ranks = "h0-gpu0,h1-gpu0";
    s.placement = collective::Placement::Random;
    s.qps = 16;
    s.seed = 42;
    s.alphaS = 1e-6;
    s.aggregation = collective::Aggregation::Never;
    s.chunks = 8;
    s.fidelity = collective::Fidelity::Coarse;
    const nlohmann::json j = collective::toJson(s);
    QCOMPARE(j["fidelity"].get<std::string>(), std::string("coarse"));
    QCOMPARE(j["routing"].get<std::string>(), std::string("ecmp-polarized"));
    QVERIFY(collective::scenarioFromJson(j) == s);
    QVERIFY(collective::scenarioFromJson(nlohmann::json::object()) == collective::Scenario {});
    // A missing algorithm is the collective's default, as with the CLI's --collective alone:
    // an all-to-all file without one was refused ("--algorithm ring does not apply").
    const auto algorithmOf = [](const nlohmann::json &file) {
        return std::string(collective::toString(collective::scenarioFromJson(file).algorithm));
    };
    // Sizes may be written as --bytes takes them.
    QCOMPARE(collective::scenarioFromJson({ { "bytes", "64MiB" } }).bytes, 64.0 * 1024 * 1024);
    QCOMPARE(collective::scenarioFromJson({ { "max_memory_bytes", "2 GiB" } }).maxMemoryBytes,
        2.0 * 1024 * 1024 * 1024);
    QCOMPARE(algorithmOf({ { "collective", "alltoall" } }), std::string("direct"));
    // A traffic file alone is custom traffic, as --traffic is.
    const collective::Scenario traffic = collective::scenarioFromJson({ { "traffic", "t.csv" } });
    QVERIFY(traffic.collective == collective::Collective::Custom);
    QCOMPARE(algorithmOf({ { "traffic", "t.csv" } }), std::string("direct"));
    QCOMPARE(algorithmOf({ { "collective", "broadcast" } }), std::string("ring"));
    QCOMPARE(algorithmOf({ { "collective", "allreduce" }, { "algorithm", "sharp" } }),
        std::string("sharp"));
}

void TestCollectiveScenario::rejectsBadJson()
{
    QVERIFY_THROWS_EXCEPTION(UserError, collective::scenarioFromJson({ { "routing", "random" } }));
    QVERIFY_THROWS_EXCEPTION(UserError, collective::scenarioFromJson({ { "qps", "many" } }));
    QVERIFY_THROWS_EXCEPTION(
        UserError, collective::scenarioFromJson({ { "fidelity", "approximate" } }));
    QVERIFY_THROWS_EXCEPTION(UserError, collective::scenarioFromJson(nlohmann::json::array()));
    // Out of range: one line naming the key and the value, where the file is read.
    const std::pair<nlohmann::json, const char *> outOfRange[] = {
        { { { "bytes", 0 } }, "scenario: 'bytes' must be greater than 0, got 0" },
        { { { "bytes", -1.5 } }, "scenario: 'bytes' must be greater than 0, got -1.5" },
        { { { "max_memory_bytes", -8 } },
            "scenario: 'max_memory_bytes' must be greater than 0, got -8" },
        { { { "bytes", "lots" } },
            "scenario: 'bytes' must be a whole number of bytes above 0 and up to 1 EiB, such as "
            "1073741824, \"1GiB\" or \"64MB\", "
            "got \"lots\"" },
        { { { "bytes", "0MiB" } },
            "scenario: 'bytes' must be a whole number of bytes above 0 and up to 1 EiB, such as "
            "1073741824, \"1GiB\" or \"64MB\", "
            "got \"0MiB\"" },
        { { { "bytes", 1.5 } },
            "scenario: 'bytes' must be a whole number of bytes above 0 and up to 1 EiB, such as "
            "1073741824, \"1GiB\" or \"64MB\", got 1.5" },
        { { { "qps", 0 } }, "scenario: 'qps' must be at least 1, got 0" },
        { { { "qps", 100000 } }, "scenario: 'qps' must be at most 64, got 100000" },
        { { { "seed", -1 } }, "scenario: 'seed' must be at least 0, got -1" },
        { { { "alpha_s", -0.001 } }, "scenario: 'alpha_s' must be at least 0, got -0.001" },
        // As --alpha: 1e300 ran into "simulated time became infinite", blamed on the fabric.
        { { { "alpha_s", 1e300 } }, "scenario: 'alpha_s' must be at most 1, got 1e+300" },
        { { { "step_flow_budget", 0 } }, "scenario: 'step_flow_budget' must be at least 1, got 0" },
        { { { "chunks", -2 } }, "scenario: 'chunks' must be at least 0, got -2" },
        { { { "chunks", 4000000000 } },
            "scenario: 'chunks' must be at most 2147483647, got 4000000000" },
        { { { "sharp_trees_per_switch", 0 } },
            "scenario: 'sharp_trees_per_switch' must be at least 1, got 0" },
        { { { "seed", 1.5 } }, "scenario: 'seed' must be a whole number, got 1.5" },
        // A traffic file beside another collective was left out: the collective ran instead.
        { { { "traffic", "t.csv" }, { "collective", "allreduce" } },
            "scenario: 'traffic' is run as collective \"custom\", not \"allreduce\" (leave one "
            "of them out)" },
    };
    // A whole number written as a float is a whole number: 1e3 was "not a whole number".
    QCOMPARE(collective::scenarioFromJson({ { "chunks", 1e3 } }).chunks, 1000);
    QCOMPARE(collective::scenarioFromJson({ { "seed", 7.0 } }).seed, std::uint64_t(7));
    for (const auto &[json, message] : outOfRange) {
        try {
            (void)collective::scenarioFromJson(json);
            QFAIL(json.dump().c_str());
        } catch (const UserError &e) {
            QCOMPARE(std::string(e.what()), std::string(message));
        }
    }
}

void TestCollectiveScenario::placesRanks()
{
    const Fabric f = smallRailFatTree(); // 16 leaves in 2 scalable units
    route::Router router(f, {});
    const auto packed = collective::selectRanks(router, "16", collective::Placement::Packed, 1);
    QCOMPARE(packed.size(), std::size_t(16));
    QCOMPARE(packed[5], NodeId(5));
    // Spread: the first 16 ranks sit on 16 different leaves, alternating scalable units.
    const auto spread = collective::selectRanks(router, "16", collective::Placement::Spread, 1);
    std::set<NodeId> leaves;
    for (NodeId r : spread)
        leaves.insert(router.attachments(r, -1).front());
    QCOMPARE(leaves.size(), std::size_t(16));
    QVERIFY(f.node(spread[0]).hints.pod != f.node(spread[1]).hints.pod);
    // Random: a permutation, the same for a seed, another for another seed.
    const auto a = collective::selectRanks(router, "all", collective::Placement::Random, 7);
    const auto b = collective::selectRanks(router, "all", collective::Placement::Random, 7);
    const auto c = collective::selectRanks(router, "all", collective::Placement::Random, 8);
    QVERIFY(a == b);
    QVERIFY(a != c);
    QCOMPARE(std::set<NodeId>(a.begin(), a.end()).size(), std::size_t(128));
    // Names keep their order.
    const auto named
        = collective::selectRanks(router, "h3-gpu1, h0-gpu0", collective::Placement::Spread, 1);
    QCOMPARE(named, (std::vector<NodeId> { f.findNode("h3-gpu1"), f.findNode("h0-gpu0") }));
    QVERIFY_THROWS_EXCEPTION(UserError, collective::selectRanks(router, "h0-gpu0,h0-gpu0", {}, 1));
    QVERIFY_THROWS_EXCEPTION(UserError, collective::selectRanks(router, "spine0", {}, 1));
    QVERIFY_THROWS_EXCEPTION(UserError, collective::selectRanks(router, "129", {}, 1));
    // Packed on a fabric drawn by hand (GPUs numbered as drawn, alternating between two
    // leaves): neighbouring ranks share a leaf, as on a generated fabric.
    {
        Fabric drawn;
        const NodeId left = testing::addNode(drawn, NodeKind::Switch, "leaf");
        const NodeId right = testing::addNode(drawn, NodeKind::Switch, "leaf-2");
        testing::addLink(drawn, left, right, 400);
        std::vector<NodeId> gpus;
        for (int i = 0; i < 4; ++i) {
            gpus.push_back(testing::addNode(drawn, NodeKind::Gpu, "gpu-" + std::to_string(i)));
            testing::addLink(drawn, gpus.back(), i % 2 ? right : left, 400);
        }
        route::Router drawnRouter(drawn, {});
        QCOMPARE(collective::selectRanks(drawnRouter, "all", collective::Placement::Packed, 1),
            (std::vector<NodeId> { gpus[0], gpus[2], gpus[1], gpus[3] }));
    }
    // A count's range is the one a collective can run: 1 is out of it, and the error says so.
    try {
        (void)collective::selectRanks(router, "1", {}, 1);
        QFAIL("a count of 1 rank was taken");
    } catch (const UserError &e) {
        QCOMPARE(QString::fromUtf8(e.what()),
            QStringLiteral("--ranks: a count must be 2 to 128 (the fabric's GPUs), got 1"));
    }
}

void TestCollectiveScenario::readsTrafficAndNamesBadLines()
{
    const Fabric f = smallRailFatTree();
    std::istringstream good(
        "src,dst,bytes,start_s\n\n# comment\nh0-gpu0, h1-gpu0, 64MB\nh1-gpu0,h0-gpu0,1GiB,0.5\n");
    const auto rows = collective::readTraffic(good, "t.csv", f);
    QCOMPARE(rows.size(), std::size_t(2));
    QCOMPARE(rows[0].bytes, 64e6);
    QCOMPARE(rows[1].startS, 0.5);
    // Quoted as the links CSV writes names (RFC 4180): a name may hold a comma.
    Fabric named = f;
    named.node(named.findNode("h2-gpu0")).name = "gpu \"two\", rail 0";
    std::istringstream quoted("\"h0-gpu0\", \"gpu \"\"two\"\", rail 0\",1MB\n");
    const auto quotedRows = collective::readTraffic(quoted, "t.csv", named);
    QCOMPARE(quotedRows.size(), std::size_t(1));
    QCOMPARE(quotedRows[0].dst, named.findNode("gpu \"two\", rail 0"));
    struct Bad
    {
        const char *text;
        const char *where;
    };
    for (const Bad bad : { Bad { "h0-gpu0,h1-gpu0\n", "t.csv:1:" },
             Bad { "h0-gpu0,h1-gpu0,1MB\nh0-gpu0,nobody,1MB\n", "t.csv:2:" },
             Bad { "h0-gpu0,leaf0,1MB\n", "not an endpoint" },
             Bad { "h0-gpu0,h0-gpu0,1MB\n", "same node" }, Bad { "h0-gpu0,h1-gpu0,0\n", "bytes" },
             Bad { "h0-gpu0,h1-gpu0,1MB,-2\n", "start_s" },
             Bad {
                 "h0-gpu0,h1-gpu0,1MB,1e300\n", "start_s must be a time in seconds from 0 to 1e6" },
             Bad { "h0-gpu0,h1-gpu0,1.5\n", "whole number of bytes" },
             Bad { "\"h0-gpu0,h1-gpu0,1MB\n", "t.csv:1: a quoted field is not closed" },
             Bad { "# nothing\n", "no traffic" } }) {
        std::istringstream in(bad.text);
        try {
            collective::readTraffic(in, "t.csv", f);
            QFAIL(bad.text);
        } catch (const UserError &e) {
            QVERIFY2(std::string(e.what()).find(bad.where) != std::string::npos, e.what());
        }
    }
    // A NUL in a field is shown escaped: printed as it was, it cut the message off there.
    std::istringstream withNul(std::string("h0-gpu0,h1-gpu0,1MiB\0\n", 22));
    try {
        collective::readTraffic(withNul, "t.csv", f);
        QFAIL("a NUL in the size was taken");
    } catch (const UserError &e) {
        QVERIFY2(std::string(e.what()).ends_with("got '1MiB\\x00'"), e.what());
    }
}

void TestCollectiveScenario::refusesANameTwoNodesShare()
{
    // A hand-written file gave two GPUs and two switches one name each: --fail sw failed one of
    // the switches, and --ranks and traffic lines picked one of the GPUs, without a word.
    Fabric f = smallRailFatTree();
    f.node(f.findNode("h1-gpu0")).name = "h0-gpu0";
    f.node(f.findNode("leaf1")).name = "leaf0";
    const auto refused = [](const std::function<void()> &use, const std::string &where) {
        try {
            use();
        } catch (const UserError &e) {
            const std::string text = e.what();
            return text.starts_with(where) && text.find("2 nodes are named") != std::string::npos;
        }
        return false;
    };
    std::istringstream traffic("h2-gpu0,h3-gpu0,1MB\nh2-gpu0,h0-gpu0,1MB\n");
    QVERIFY(refused([&] { collective::readTraffic(traffic, "t.csv", f); }, "t.csv:2: "));
    const route::Router router(f, {});
    QVERIFY(refused(
        [&] {
            collective::selectRanks(router, "h0-gpu0,h2-gpu0", collective::Placement::Packed, 1);
        },
        "--ranks: "));
    QVERIFY(refused([&] { resolveFaults(f, std::vector { parseFault("leaf0") }); }, "fault "));
    // Names only one node has still resolve.
    QCOMPARE(
        collective::selectRanks(router, "h2-gpu0,h3-gpu0", collective::Placement::Packed, 1).size(),
        std::size_t(2));
}

void TestCollectiveScenario::sharpRespectsTreesPerSwitch()
{
    // Single-plane HPN: both planes' ToRs reach every aggregation switch, so the two trees
    // (one per NIC port) may share a root. What-if: mark the Ethernet switches SHARP-capable.
    Fabric f = generated("hpn",
        { { "segments", "1" }, { "hosts_per_segment", "4" }, { "gpus_per_host", "2" },
            { "aggs_per_plane", "2" }, { "dual_plane", "false" } });
    for (std::size_t n = 0; n < f.nodeIdBound(); ++n)
        if (f.hasNode(NodeId(n)) && f.node(NodeId(n)).kind == NodeKind::Switch)
            f.node(NodeId(n)).sharpCapable = true;
    auto roots = [&](int limit) {
        auto s = scenario(Collective::AllReduce, Algorithm::Sharp, 1e6, route::Policy::Ecmp);
        s.sharpTreesPerSwitch = limit;
        route::Router router(f, collective::routerOptions(s));
        const auto e = collective::expand(router, s);
        std::set<NodeId> children, parents;
        for (const auto &[child, parent] : e.sharpTree) {
            children.insert(child);
            parents.insert(parent);
        }
        std::set<NodeId> out;
        for (NodeId p : parents)
            if (!children.count(p))
                out.insert(p);
        return out;
    };
    QCOMPARE(roots(2).size(), std::size_t(1)); // both trees on the lowest-id aggregation switch
    QCOMPARE(roots(1).size(), std::size_t(2)); // one tree per switch: two roots
}

void TestCollectiveScenario::refusesNonsense()
{
    const Fabric torus = generated("tpu-torus", { { "x", "4" }, { "y", "4" }, { "z", "4" } });
    const Fabric tree = smallRailFatTree();
    const Fabric ethernet = generated("hpn",
        { { "segments", "1" }, { "hosts_per_segment", "4" }, { "gpus_per_host", "2" },
            { "aggs_per_plane", "2" } });
    struct Case
    {
        const Fabric *f;
        Collective c;
        Algorithm a;
        double bytes;
        const char *ranks;
    };
    for (const Case k : { Case { &torus, Collective::AllReduce, Algorithm::Sharp, 1e6, "all" },
             Case { &torus, Collective::AllReduce, Algorithm::Hierarchical, 1e6, "all" },
             Case { &torus, Collective::AllReduce, Algorithm::Torus, 1e6, "8" },
             Case { &tree, Collective::AllReduce, Algorithm::Torus, 1e6, "all" },
             Case { &ethernet, Collective::AllReduce, Algorithm::Sharp, 1e6, "all" },
             Case { &tree, Collective::AllReduce, Algorithm::Ring, 0, "all" },
             Case { &tree, Collective::AllGather, Algorithm::Tree, 1e6, "all" },
             Case { &tree, Collective::AllReduce, Algorithm::Hierarchical, 1e6,
                 "h0-gpu0,h0-gpu1,h1-gpu0" } }) {
        auto s = scenario(k.c, k.a, k.bytes, route::Policy::Ecmp);
        s.ranks = k.ranks;
        route::Router router(*k.f, collective::routerOptions(s));
        QVERIFY_THROWS_EXCEPTION(UserError, collective::expand(router, s));
    }

    // A fabric with one GPU and every GPU asked for: the fabric is short, not --ranks, which
    // nobody gave.
    Fabric lonely;
    const NodeId gpu = testing::addNode(lonely, NodeKind::Gpu, "g0");
    testing::addLink(lonely, gpu, testing::addNode(lonely, NodeKind::Switch, "s0"), 400);
    const auto s = scenario(Collective::AllReduce, Algorithm::Ring, 1e6, route::Policy::Ecmp);
    route::Router router(lonely, collective::routerOptions(s));
    try {
        (void)collective::expand(router, s);
        QFAIL("a collective ran on one GPU");
    } catch (const UserError &e) {
        QCOMPARE(std::string(e.what()),
            std::string("a collective needs at least 2 GPUs, and the fabric has 1 GPU"));
    }
}

QTEST_GUILESS_MAIN(TestCollectiveScenario)
#include "tst_collective_scenario.moc"
