// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/cli.h"
#include "clirun.h"

#include "generators/registry.h"
#include "io/fabricfile.h"

#include <nlohmann/json.hpp>

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>
#include <sstream>

using namespace fabric;

class TestCliSimulate : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void writesReportAndLinks();
    void refusesNonsense_data();
    void refusesNonsense();
    void runsCustomTraffic();
    void namesTheBadTrafficLine();
    void torusNamesItsIdealBoundAndRankOrder();
    void routingDefaultsToDorOnATorus();
    void refusesARunAboveTheMemoryLimit();
    void coarseFidelitySaysWhatItCosts();
    void showsProgressWhenAsked();
    void tinyRunReadsRight();
    void oneWayFaultBoundsEachWayOnItsOwn();

private:
    using Result = testing::CliResult;
    static Result cli(const std::vector<std::string> &args) { return testing::runCli(args); }
    std::string path(const char *name) const { return mDir.filePath(name).toStdString(); }

    QTemporaryDir mDir;
    std::string mFatTree, mTorus;
};

void TestCliSimulate::initTestCase()
{
    QVERIFY(mDir.isValid());
    mFatTree = path("rail.fabric.json");
    mTorus = path("cube.fabric.json");
    io::saveFabric(
        gen::generate("ib-fat-tree", gen::ParamText { { "tiers", "2" }, { "radix", "16" } }),
        mFatTree);
    io::saveFabric(
        gen::generate("tpu-torus", gen::ParamText { { "x", "4" }, { "y", "4" }, { "z", "4" } }),
        mTorus);
}

void TestCliSimulate::writesReportAndLinks()
{
    const Result r = cli({ "simulate", mFatTree, "--collective", "allreduce", "--algorithm", "ring",
        "--bytes", "64MiB", "--routing", "static", "--report", path("r.json"), "--flows",
        "--links-csv", path("links.csv"), "--flows-csv", path("flows.csv") });
    QVERIFY2(r.code == 0, r.err.c_str());
    for (const char *text : { "Completion:", "algbw:", "busbw:", "of ideal", "Bottleneck:" })
        QVERIFY2(r.out.find(text) != std::string::npos, text);

    std::ifstream in(path("r.json"));
    const nlohmann::json j = nlohmann::json::parse(in);
    for (const char *key : { "completion_s", "algbw_GBps", "busbw_GBps", "ideal_s" })
        QVERIFY2(j.contains(key) && j[key].is_number() && j[key].get<double>() > 0, key);
    QVERIFY(j["busbw_GBps"].get<double>() > j["algbw_GBps"].get<double>());
    QVERIFY(j["links"].is_array() && !j["links"].empty());
    for (const auto &l : j["links"])
        for (const char *key :
            { "id", "from", "to", "capacity_gbps", "bytes", "peak_util", "peak_flows" })
            QVERIFY2(l.contains(key), key);
    QCOMPARE(j["flows"].size(), std::size_t(2 * 127 * 128));
    const Fabric f = io::loadFabric(mFatTree);
    for (const auto &fl : j["flows"]) {
        for (const char *key : { "src", "dst", "bytes", "release_s", "finish_s", "path" })
            QVERIFY2(fl.contains(key), key);
        QVERIFY(fl["finish_s"].get<double>() >= fl["release_s"].get<double>());
        // path: link ids walked from src to dst.
        NodeId at = f.findNode(fl["src"].get<std::string>());
        for (const auto &id : fl["path"]) {
            const Link &l = f.link(id.get<LinkId>());
            QVERIFY(l.a == at || l.b == at);
            at = l.other(at);
        }
        QCOMPARE(f.node(at).name, fl["dst"].get<std::string>());
        break; // one walk is enough; the count above covers the rest
    }
    std::ifstream csv(path("links.csv"));
    std::string header;
    std::getline(csv, header);
    QCOMPARE(header,
        std::string("id,from,to,capacity_gbps,bytes,peak_util,mean_util,busy_s,peak_flows,"
                    "dir_link,saturated_s"));
    // One row per flow that ran, as the report's flows, with the same finish times.
    std::ifstream flows(path("flows.csv"));
    std::getline(flows, header);
    QCOMPARE(
        header, std::string("flow,src,dst,bytes,step,rank,release_s,start_s,finish_s,path_count"));
    std::vector<std::string> rows;
    for (std::string line; std::getline(flows, line);)
        rows.push_back(line);
    QCOMPARE(rows.size(), j["flows"].size());
    const std::string last = rows.back();
    const double finish = std::stod(
        last.substr(0, last.rfind(',')).substr(last.substr(0, last.rfind(',')).rfind(',') + 1));
    QCOMPARE(finish, j["flows"].back()["finish_s"].get<double>());
}

void TestCliSimulate::refusesNonsense_data()
{
    QTest::addColumn<bool>("torus");
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("sharp on a torus")
        << true << QStringList { "--algorithm", "sharp", "--routing", "dor" } << "sharp";
    QTest::newRow("dor on a fat-tree") << false << QStringList { "--routing", "dor" } << "dor";
    QTest::newRow("torus on a fat-tree")
        << false << QStringList { "--algorithm", "torus" } << "torus";
    QTest::newRow("switch as a rank")
        << false << QStringList { "--ranks", "leaf0,h0-gpu0" } << "--ranks";
    QTest::newRow("host as a rank") << false << QStringList { "--ranks", "h0" } << "--ranks";
    QTest::newRow("unknown rank") << false << QStringList { "--ranks", "nope" } << "--ranks";
    QTest::newRow("zero bytes") << false << QStringList { "--bytes", "0" } << "--bytes";
    QTest::newRow("bad size") << false << QStringList { "--bytes", "lots" } << "--bytes";
    QTest::newRow("ring all-to-all")
        << false << QStringList { "--collective", "alltoall", "--algorithm", "ring" }
        << "--algorithm";
    QTest::newRow("unknown policy")
        << false << QStringList { "--routing", "random" } << "--routing";
    QTest::newRow("zero qps") << false << QStringList { "--qps", "0" } << "--qps";
    QTest::newRow("one rank") << false << QStringList { "--ranks", "1" } << "--ranks";
    QTest::newRow("unknown fidelity")
        << false << QStringList { "--fidelity", "approximate" } << "--fidelity";
    QTest::newRow("no fault named") << false << QStringList { "--fail", "," } << "names no fault";
}

void TestCliSimulate::refusesNonsense()
{
    QFETCH(bool, torus);
    QFETCH(QStringList, options);
    QFETCH(QString, mentions);
    std::vector<std::string> args { "simulate", torus ? mTorus : mFatTree, "--bytes", "1MiB" };
    for (const QString &o : options)
        args.push_back(o.toStdString());
    const Result r = cli(args);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.find(mentions.toStdString()) != std::string::npos, r.err.c_str());
    QCOMPARE(std::count(r.err.begin(), r.err.end(), '\n'), 1L);
    QVERIFY(r.out.empty());
}

void TestCliSimulate::tinyRunReadsRight()
{
    // One byte between two GPUs: it printed "busbw: 0 GB/s" under "algbw: 0.01 GB/s" and
    // "up to 1 flows".
    const Result r
        = cli({ "simulate", mFatTree, "--collective", "alltoall", "--ranks", "2", "--bytes", "1" });
    QVERIFY2(r.code == 0, r.err.c_str());
    const QString said = QString::fromStdString(r.out);
    QVERIFY2(said.contains(QStringLiteral("over 2 ranks, routing ecmp, 2 flows\n")), r.out.c_str());
    QVERIFY2(said.contains(QRegularExpression(QStringLiteral("busbw: +0\\.00[0-9]+ GB/s"))),
        r.out.c_str());
    QVERIFY2(said.contains(QStringLiteral("up to 1 flow\n")), r.out.c_str());
}

void TestCliSimulate::runsCustomTraffic()
{
    {
        std::ofstream csv(path("traffic.csv"));
        csv << "src,dst,bytes,start_s\n# two elephants into one "
               "GPU\nh0-gpu0,h1-gpu0,64MB\nh2-gpu0,h1-gpu0,64MB,0.001\n";
    }
    const Result r = cli({ "simulate", mFatTree, "--traffic", path("traffic.csv"), "--routing",
        "static", "--report", path("t.json") });
    QVERIFY2(r.code == 0, r.err.c_str());
    std::ifstream in(path("t.json"));
    const nlohmann::json j = nlohmann::json::parse(in);
    QCOMPARE(j["flow_count"].get<int>(), 2);
    QVERIFY(j["completion_s"].get<double>() > 0.001);
    // h1-gpu0 takes in 128 MB at 50 GB/s, the second half from 1 ms: the ideal is that.
    QVERIFY2(std::abs(j["of_ideal"].get<double>() - 1) < 0.01, j.dump().c_str());
    // What the file decides cannot also be given: the report kept "ranks": "4" for a run over
    // the file's 3 GPUs.
    for (const char *unused : { "--bytes", "--ranks", "--placement" }) {
        const Result refused = cli({ "simulate", mFatTree, "--traffic", path("traffic.csv"), unused,
            std::string(unused) == "--placement" ? "spread" : "4" });
        QCOMPARE(refused.code, 2);
        QVERIFY2(refused.err.find(std::string(unused) + " has no effect with --traffic")
                != std::string::npos,
            refused.err.c_str());
    }

    // A flow inside one host goes over NVLink (450 GB/s), not the NIC: the ideal counted it at
    // the NIC's 50 GB/s and read 900% of ideal. No ideal is above the simulated time.
    {
        std::ofstream csv(path("nvlink.csv"));
        csv << "h0-gpu1,h0-gpu2,1GiB\n";
    }
    const Result local = cli(
        { "simulate", mFatTree, "--traffic", path("nvlink.csv"), "--report", path("local.json") });
    QVERIFY2(local.code == 0, local.err.c_str());
    std::ifstream localIn(path("local.json"));
    const nlohmann::json l = nlohmann::json::parse(localIn);
    QVERIFY2(l["of_ideal"].get<double>() <= 1 + 1e-9 && l["of_ideal"].get<double>() > 0.85,
        l.dump().c_str());
}

void TestCliSimulate::oneWayFaultBoundsEachWayOnItsOwn()
{
    // A dragonfly of 3 groups of 2 routers, one GPU each. The bisection {g0-r0, g0-r1, g1-r0}
    // | {g1-r1, g2-r0, g2-r1} is crossed by g1-r0 - g1-r1 and g0-r1 - g2-r0. Two 1 GiB flows
    // cross it from the second half to the first, each on its own link at 50 GB/s: 21.5 ms.
    // A fault of the other way of g1-r0 - g1-r1 took both ways out of the bisection's max flow,
    // which read 42.9 ms, "200% of ideal"; a fault of this way took neither (a 21.5 ms ideal
    // under a 43 ms run whose two flows share one link).
    const std::string fabric = path("df211.fabric.json");
    QVERIFY(cli({ "generate", "dragonfly", "--set", "routers_per_group=2", "--set",
                    "endpoints_per_router=1", "--set", "global_links_per_router=1", "-o", fabric })
                .code
        == 0);
    {
        std::ofstream csv(path("across.csv"));
        csv << "src,dst,bytes\ng1-r1-h0-gpu0,g1-r0-h0-gpu0,1GiB\n"
               "g2-r0-h0-gpu0,g0-r1-h0-gpu0,1GiB\ng0-r0-h0-gpu0,g2-r1-h0-gpu0,1KiB\n";
    }
    const double oneLinkS = std::pow(2.0, 30) / 50e9;
    for (const auto &[fault, completionS] :
        { std::pair { "g1-r0->g1-r1", oneLinkS }, std::pair { "g1-r1->g1-r0", 2 * oneLinkS } }) {
        const Result r = cli({ "simulate", fabric, "--traffic", path("across.csv"), "--routing",
            "ecmp", "--fail", fault, "--report", path("across.json") });
        QVERIFY2(r.code == 0, r.err.c_str());
        std::ifstream in(path("across.json"));
        const nlohmann::json j = nlohmann::json::parse(in);
        const double completion = j["completion_s"].get<double>();
        QVERIFY2(std::abs(completion / completionS - 1) < 0.01, j.dump().c_str());
        QVERIFY2(std::abs(j["ideal_s"].get<double>() / completionS - 1) < 0.01, r.out.c_str());
    }

    // Chips that forward, a1 a2 | b c, joined a1-b, a2-b, a1-c: a1 and a2 each send b 1 GiB
    // over their own link. With b's way back to both failed, b still receives 100 GB/s; the
    // bound joined b to the max flow's sink by what b can send, not receive, and read 42.9 ms.
    const std::string chips = path("four-chips.fabric.json");
    std::ofstream(chips) << R"({"format":"fabricscope-fabric","version":1,"nodes":[
        {"id":0,"kind":"gpu","name":"a1","forwards":true},
        {"id":1,"kind":"gpu","name":"a2","forwards":true},
        {"id":2,"kind":"gpu","name":"b","forwards":true},
        {"id":3,"kind":"gpu","name":"c","forwards":true}],"links":[
        {"id":0,"a":0,"b":2,"capacity_gbps":400,"medium":"ici"},
        {"id":1,"a":1,"b":2,"capacity_gbps":400,"medium":"ici"},
        {"id":2,"a":0,"b":3,"capacity_gbps":400,"medium":"ici"}]})";
    {
        std::ofstream csv(path("into-b.csv"));
        csv << "src,dst,bytes\na1,b,1GiB\na2,b,1GiB\na1,c,1KiB\n";
    }
    const Result r = cli({ "simulate", chips, "--traffic", path("into-b.csv"), "--routing", "ecmp",
        "--fail", "b->a1,b->a2", "--report", path("into-b.json") });
    QVERIFY2(r.code == 0, r.err.c_str());
    std::ifstream in(path("into-b.json"));
    const nlohmann::json j = nlohmann::json::parse(in);
    QVERIFY2(std::abs(j["completion_s"].get<double>() / oneLinkS - 1) < 0.01, j.dump().c_str());
    QVERIFY2(std::abs(j["ideal_s"].get<double>() / oneLinkS - 1) < 0.01, r.out.c_str());
}

void TestCliSimulate::namesTheBadTrafficLine()
{
    {
        std::ofstream csv(path("bad.csv"));
        csv << "h0-gpu0,h1-gpu0,64MB\nh0-gpu0,leaf3,1MB\n";
    }
    const Result r = cli({ "simulate", mFatTree, "--traffic", path("bad.csv") });
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.find("bad.csv:2:") != std::string::npos, r.err.c_str());
}

void TestCliSimulate::refusesARunAboveTheMemoryLimit()
{
    // An all-to-all of the 64 torus chips is 4,032 flows: over a megabyte by the estimate of
    // 300 bytes a flow alone. Refused under 1 MiB before any flow exists, naming the option.
    Result r = cli({ "simulate", mTorus, "--collective", "alltoall", "--bytes", "16MiB",
        "--routing", "dor", "--max-memory", "1MiB" });
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.find("4,032 flows") != std::string::npos, r.err.c_str());
    QVERIFY2(r.err.find("--max-memory") != std::string::npos, r.err.c_str());
    QVERIFY2(r.out.empty(), r.out.c_str());
    // A ring of the same chips has 64 flows a step, aggregated: refused under 1 KiB by the
    // check every run gets before the engine starts.
    r = cli({ "simulate", mTorus, "--collective", "allreduce", "--algorithm", "ring", "--bytes",
        "16MiB", "--routing", "dor", "--aggregate", "always", "--max-memory", "1KiB" });
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.find("of memory, above the limit of 1 KiB (--max-memory)") != std::string::npos,
             r.err.c_str());
    // Raised, the same all-to-all runs.
    r = cli({ "simulate", mTorus, "--collective", "alltoall", "--bytes", "16MiB", "--routing",
        "dor", "--max-memory", "1GiB" });
    QVERIFY2(r.code == 0, r.err.c_str());
    // Memory is the all-to-all's only limit: its 4,032 flows run under a step-flow budget of
    // 1,000 (that budget only chooses when step-by-step collectives aggregate).
    r = cli({ "simulate", mTorus, "--collective", "alltoall", "--bytes", "16MiB", "--routing",
        "dor", "--step-flow-budget", "1000" });
    QVERIFY2(r.code == 0, r.err.c_str());
}

void TestCliSimulate::coarseFidelitySaysWhatItCosts()
{
    // An all-to-all under ECMP, exact then coarse: the coarse run says so on its own line and
    // in the report, with how early a flow gave up its bandwidth, and lands within the 1% it
    // states.
    const auto run = [&](const char *fidelity, const char *report) {
        return cli({ "simulate", mFatTree, "--collective", "alltoall", "--bytes", "16MiB",
            "--routing", "ecmp", "--fidelity", fidelity, "--report", path(report) });
    };
    const Result exact = run("exact", "exact.json");
    const Result coarse = run("coarse", "coarse.json");
    QVERIFY2(exact.code == 0, exact.err.c_str());
    QVERIFY2(coarse.code == 0, coarse.err.c_str());
    QVERIFY2(exact.out.find("Fidelity:") == std::string::npos, exact.out.c_str());
    QVERIFY2(coarse.out.find("Fidelity:    coarse run: flows due to finish within 0.1%")
                 != std::string::npos,
             coarse.out.c_str());
    const auto read = [&](const char *name) {
        std::ifstream in(path(name));
        return nlohmann::json::parse(in);
    };
    const nlohmann::json e = read("exact.json");
    const nlohmann::json c = read("coarse.json");
    QCOMPARE(e["fidelity"]["mode"].get<std::string>(), std::string("exact"));
    QCOMPARE(e["fidelity"]["largest_early_finish_s"].get<double>(), 0.0);
    QCOMPARE(c["fidelity"]["mode"].get<std::string>(), std::string("coarse"));
    QCOMPARE(c["fidelity"]["completion_bound"].get<double>(), 0.01);
    QCOMPARE(c["scenario"]["fidelity"].get<std::string>(), std::string("coarse"));
    const double early = c["fidelity"]["largest_early_finish_s"].get<double>();
    const double completion = c["completion_s"].get<double>();
    QVERIFY(early > 0.0 && early <= 1e-3 * completion);
    const double error = completion / e["completion_s"].get<double>() - 1.0;
    QVERIFY2(std::abs(error) < 0.01, qPrintable(QString::number(error)));
}

void TestCliSimulate::routingDefaultsToDorOnATorus()
{
    // Without --routing a torus routes by dimension order (TPU interconnects use static
    // dimension-ordered routes) and a switch fabric by ECMP; --routing still chooses.
    const auto routingOf = [&](std::vector<std::string> args) {
        const Result r = cli(args);
        const std::size_t at = r.out.find("routing ");
        return r.code == 0 && at != std::string::npos ? r.out.substr(at, r.out.find(',', at) - at)
                                                      : "failed: " + r.err;
    };
    const std::vector<std::string> alltoall { "--collective", "alltoall", "--bytes", "1MiB" };
    std::vector<std::string> args { "simulate", mTorus };
    args.insert(args.end(), alltoall.begin(), alltoall.end());
    QCOMPARE(routingOf(args), std::string("routing dor"));
    args.insert(args.end(), { "--routing", "ecmp" });
    QCOMPARE(routingOf(args), std::string("routing ecmp"));
    args = { "simulate", mFatTree };
    args.insert(args.end(), alltoall.begin(), alltoall.end());
    QCOMPARE(routingOf(args), std::string("routing ecmp"));

    // One forwarding chip with coordinates is no torus: the default picked dor all the same,
    // and the router refused it with "--routing dor needs a torus", an option nobody gave.
    const std::string lone = mDir.filePath("lone-chip.fabric.json").toStdString();
    std::ofstream(lone) << R"({"format":"fabricscope-fabric","version":1,"nodes":[
        {"id":0,"kind":"gpu","name":"chip","forwards":true,"hints":{"x":0,"y":0,"z":0}},
        {"id":1,"kind":"gpu","name":"gpu"},{"id":2,"kind":"switch","name":"sw"}],
        "links":[{"id":0,"a":0,"b":2,"capacity_gbps":100,"medium":"ethernet"},
        {"id":1,"a":1,"b":2,"capacity_gbps":100,"medium":"ethernet"}]})";
    args = { "simulate", lone };
    args.insert(args.end(), alltoall.begin(), alltoall.end());
    QCOMPARE(routingOf(args), std::string("routing ecmp"));
}

void TestCliSimulate::torusNamesItsIdealBoundAndRankOrder()
{
    // All-to-all on the 4x4x4 cube: 16 S across a middle cut of 32 links (1.6 TB/s) outlasts
    // the 63/64 S each chip injects over its six links (300 GB/s).
    Result r = cli({ "simulate", mTorus, "--collective", "alltoall", "--bytes", "16MiB",
        "--routing", "dor", "--report", path("a2a.json") });
    QVERIFY2(r.code == 0, r.err.c_str());
    QVERIFY2(
        r.out.find("Ideal bound: bisection bound is the tighter: injection") != std::string::npos,
        r.out.c_str());
    std::ifstream in(path("a2a.json"));
    const nlohmann::json a2a = nlohmann::json::parse(in);
    QCOMPARE(a2a["ideal_bound"].get<std::string>(), std::string("bisection"));
    QVERIFY(a2a["ideal_bound_detail"].get<std::string>().find("across") != std::string::npos);
    QCOMPARE(a2a["rank_order"].get<std::string>(), std::string("packed"));

    r = cli({ "simulate", mTorus, "--collective", "allreduce", "--algorithm", "ring", "--bytes",
        "16MiB", "--routing", "dor", "--report", path("ring.json") });
    QVERIFY2(r.code == 0, r.err.c_str());
    QVERIFY2(r.out.find("Rank order:  snake (a Hamiltonian cycle of the torus: every ring step "
                        "is one hop)")
            != std::string::npos,
        r.out.c_str());
    // Part of the torus: the ring closes over several hops, which it must not deny.
    const Result part = cli({ "simulate", mTorus, "--collective", "allreduce", "--algorithm",
        "ring", "--bytes", "16MiB", "--routing", "dor", "--ranks", "20" });
    QVERIFY2(part.code == 0, part.err.c_str());
    QVERIFY2(part.out.find("snake (the first 20 chips") != std::string::npos, part.out.c_str());
    QVERIFY2(part.out.find("every ring step is one hop") == std::string::npos, part.out.c_str());
    std::ifstream ringIn(path("ring.json"));
    const nlohmann::json ring = nlohmann::json::parse(ringIn);
    QCOMPARE(ring["rank_order"].get<std::string>(), std::string("snake"));
    QCOMPARE(ring["ideal_bound"].get<std::string>(), std::string());
    // On a neighbour ring of 64 chips: within 10% of 2(p-1)/p S/B.
    QVERIFY(ring["of_ideal"].get<double>() > 0.9);
}

void TestCliSimulate::showsProgressWhenAsked()
{
    const std::vector<std::string> run = { "simulate", mFatTree, "--collective", "alltoall",
        "--bytes", "64MiB", "--routing", "ecmp" };
    const Result quiet = cli(run);
    QVERIFY2(quiet.code == 0, quiet.err.c_str());
    QVERIFY2(quiet.err.empty(), quiet.err.c_str()); // scripts reading stderr see nothing new
    std::vector<std::string> asked = run;
    asked.push_back("--progress");
    const Result r = cli(asked);
    QVERIFY2(r.code == 0, r.err.c_str());
    QCOMPARE(r.out, quiet.out);
    // Not a terminal: whole lines for a log, from 0% to 100%, never going back.
    QVERIFY2(r.err.find('\r') == std::string::npos, r.err.c_str());
    std::istringstream lines(r.err);
    std::vector<std::string> shown;
    for (std::string line; std::getline(lines, line);)
        shown.push_back(line);
    QVERIFY2(shown.size() >= 2, r.err.c_str());
    QCOMPARE(shown.front(), std::string("simulating: 0%"));
    QVERIFY2(
        shown.back().starts_with("simulating: 100% (") && shown.back().ends_with(" simulated)"),
        shown.back().c_str());
    int last = -1;
    for (const std::string &line : shown) {
        QVERIFY2(line.starts_with("simulating: "), line.c_str());
        const int percent = std::stoi(line.substr(std::string("simulating: ").size()));
        QVERIFY2(percent >= last, r.err.c_str());
        last = percent;
    }
}

QTEST_GUILESS_MAIN(TestCliSimulate)
#include "tst_cli_simulate.moc"
