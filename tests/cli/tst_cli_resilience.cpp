// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `simulate --fail / --fail-random / --allow-partial` and `resilience`.
#include "cli/cli.h"
#include "clirun.h"
#include "jsonschema.h"

#include "generators/registry.h"
#include "io/fabricfile.h"
#include "model/faults.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <sstream>

using namespace fabric;

class TestCliResilience : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void failedLeafIsAnErrorNamingThePairs();
    void allowPartialReportsThem();
    void aFabricInTwoPartsNamesEveryPair();
    void degradedLinkAndRandomFaults();
    void badFaultsAreRefused_data();
    void badFaultsAreRefused();
    void hpnTorSweep();
    void superPodSpineSweep();
    void sweepSkipsWhatEveryRunFails();
    void tableColumnsLineUp();
    void resilienceNeedsARole();
    void ocsRerouteSwapsInASpareCube();

private:
    using Result = testing::CliResult;
    static Result cli(const std::vector<std::string> &args) { return testing::runCli(args); }
    std::string path(const char *name) const { return mDir.filePath(name).toStdString(); }
    static nlohmann::json readJson(const std::string &file)
    {
        std::ifstream in(file);
        return nlohmann::json::parse(in);
    }

    QTemporaryDir mDir;
    std::string mFlat, mHpn;
};

void TestCliResilience::initTestCase()
{
    QVERIFY(mDir.isValid());
    mFlat = path("flat.fabric.json");
    mHpn = path("hpn.fabric.json");
    // k = 8, one GPU per host, not rail-optimised: leaf0 holds h0..h3.
    io::saveFabric(gen::generate("ib-fat-tree",
                       gen::ParamText { { "radix", "8" }, { "gpus_per_host", "1" },
                           { "rail_optimised", "false" } }),
        mFlat);
    io::saveFabric(gen::generate("hpn",
                       gen::ParamText { { "segments", "1" }, { "hosts_per_segment", "16" },
                           { "aggs_per_plane", "4" } }),
        mHpn);
}

void TestCliResilience::failedLeafIsAnErrorNamingThePairs()
{
    const Result r = cli({ "simulate", mFlat, "--bytes", "16MiB", "--fail", "leaf0" });
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.find("5 rank pairs have no path left: h0-gpu0 -> h1-gpu0") != std::string::npos,
        r.err.c_str());
    QVERIFY2(r.err.find("--allow-partial") != std::string::npos, r.err.c_str());
}

void TestCliResilience::allowPartialReportsThem()
{
    const Result r = cli({ "simulate", mFlat, "--bytes", "16MiB", "--fail", "leaf0",
        "--allow-partial", "--report", path("partial.json") });
    QVERIFY2(r.code == 0, r.err.c_str());
    // The ring cannot complete: the time is that of the traffic that could run, and no
    // figure derived from it is given (it read "busbw 450 GB/s", "Slowdown: 0.037x").
    for (const char *text : { "Faults:", "leaf0", "Unreachable:", "5 rank pairs,",
             "3.2 Tb/s of link capacity (8 links failed", "4 lost every port",
             "only the traffic that could run", "busbw:       n/a",
             "Slowdown:    n/a (rank pairs cut off: the collective cannot complete)" })
        QVERIFY2(r.out.find(text) != std::string::npos, text);
    const nlohmann::json j = readJson(path("partial.json"));
    QCOMPARE(j.at("faults"), nlohmann::json::array({ "leaf0" }));
    QCOMPARE(j.at("unreachable_pairs").size(), std::size_t(5));
    QCOMPARE(j.at("unreachable_pairs")[0], nlohmann::json::array({ "h0-gpu0", "h1-gpu0" }));
    // 4 GPU links and 4 uplinks of 400 Gb/s.
    QCOMPARE(j.at("capacity_lost_gbps").get<double>(), 8 * 400.0);
    QVERIFY(j.at("healthy_completion_s").get<double>() > 0);
    QVERIFY(j.at("slowdown").is_null());
    QVERIFY(j.at("busbw_GBps").is_null());
    // The scenario saved in the report holds the fault.
    QCOMPARE(j.at("scenario").at("faults"), nlohmann::json::array({ "leaf0" }));
    // The fault keys are part of the report's schema.
    const nlohmann::json schema
        = readJson(std::string(FABRICSCOPE_TOPOLOGIES) + "/../docs/report-schema.json");
    const std::vector<std::string> errors = testing::JsonSchema(schema).errors(j);
    QVERIFY2(errors.empty(), errors.empty() ? "" : errors.front().c_str());
}

void TestCliResilience::aFabricInTwoPartsNamesEveryPair()
{
    // Two leaves with two GPUs each and nothing between them, no fault: the router stopped at
    // the first pair ("no path from 'c' to 'b'"), and --allow-partial made no difference.
    const std::string parts = path("parts.fabric.json");
    std::ofstream(parts) << R"({"format":"fabricscope-fabric","version":1,"nodes":[
{"id":0,"kind":"gpu","name":"a"},{"id":1,"kind":"gpu","name":"b"},
{"id":2,"kind":"gpu","name":"c"},{"id":3,"kind":"gpu","name":"d"},
{"id":4,"kind":"switch","name":"s1","role":"leaf"},{"id":5,"kind":"switch","name":"s2","role":"leaf"}],
"links":[{"id":0,"a":0,"b":4,"capacity_gbps":100,"medium":"ethernet"},
{"id":1,"a":1,"b":5,"capacity_gbps":100,"medium":"ethernet"},
{"id":2,"a":2,"b":4,"capacity_gbps":100,"medium":"ethernet"},
{"id":3,"a":3,"b":5,"capacity_gbps":100,"medium":"ethernet"}]})";
    Result r = cli({ "simulate", parts, "--bytes", "1MiB" });
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.find("2 rank pairs have no path left: c -> b, d -> a (--allow-partial")
            != std::string::npos,
        r.err.c_str());
    r = cli({ "simulate", parts, "--bytes", "1MiB", "--allow-partial" });
    QVERIFY2(r.code == 0, r.err.c_str());
    QVERIFY2(r.out.find("Unreachable: 2 rank pairs, their traffic skipped: c -> b, d -> a")
            != std::string::npos,
        r.out.c_str());
    QVERIFY2(r.out.find("busbw:       n/a") != std::string::npos, r.out.c_str());
}

void TestCliResilience::degradedLinkAndRandomFaults()
{
    // h0's only NIC link at a quarter: the ring's two hops through it run 4x slower.
    Result r = cli({ "simulate", mFlat, "--bytes", "64MiB", "--routing", "static", "--fail",
        "h0-gpu0--leaf0@0.25", "--report", path("degraded.json") });
    QVERIFY2(r.code == 0, r.err.c_str());
    nlohmann::json j = readJson(path("degraded.json"));
    QCOMPARE(j.at("faults"), nlohmann::json::array({ "h0-gpu0--leaf0@0.25" }));
    QCOMPARE(j.at("capacity_lost_gbps").get<double>(), 300.0);
    QVERIFY2(j.at("slowdown").get<double>() > 3.5, j.dump().c_str());
    QVERIFY(j.at("unreachable_pairs").empty());

    // Two random spines out of four, the same two for the same seed; the ring still runs.
    r = cli({ "simulate", mFlat, "--bytes", "16MiB", "--fail-random", "2", "--fail-role", "spine",
        "--seed", "5", "--report", path("random.json") });
    QVERIFY2(r.code == 0, r.err.c_str());
    j = readJson(path("random.json"));
    QCOMPARE(j.at("faults").size(), std::size_t(2));
    for (const auto &f : j.at("faults"))
        QVERIFY(f.get<std::string>().starts_with("spine"));
    const Result again = cli({ "simulate", mFlat, "--bytes", "16MiB", "--fail-random", "2",
        "--fail-role", "spine", "--seed", "5", "--report", path("random2.json") });
    QCOMPARE(readJson(path("random2.json")).at("faults"), j.at("faults"));
}

void TestCliResilience::badFaultsAreRefused_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown node") << QStringList { "--fail", "leaf99" } << "no node named 'leaf99'";
    QTest::newRow("no such link") << QStringList { "--fail", "leaf0--leaf1" }
                                  << "no link joins 'leaf0' and 'leaf1'";
    QTest::newRow("bad fraction") << QStringList { "--fail", "leaf0@2" } << "above 0 and below 1";
    QTest::newRow("role without draw")
        << QStringList { "--fail-role", "spine" } << "give --fail-random N";
    QTest::newRow("too many") << QStringList { "--fail-random", "9", "--fail-role", "spine" }
                              << "the fabric has 4";
    QTest::newRow("unknown role") << QStringList { "--fail-random", "1", "--fail-role", "rack" }
                                  << "unknown role 'rack'";
}

void TestCliResilience::badFaultsAreRefused()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    std::vector<std::string> a { "simulate", mFlat, "--bytes", "1MiB" };
    for (const QString &s : args)
        a.push_back(s.toStdString());
    const Result r = cli(a);
    QCOMPARE(r.code, 2);
    QVERIFY2(QString::fromStdString(r.err).contains(message), r.err.c_str());
}

void TestCliResilience::hpnTorSweep()
{
    // 16 hosts of 8 GPUs: 8 rails x 2 planes = 16 ToRs. A ring's host-to-host hops run from
    // rail 7 to rail 0, so failing a ToR of rail 0 or 7 slows it (its GPUs keep one port),
    // the others do not; no ToR failure cuts a host off.
    const Result r = cli({ "resilience", mHpn, "--collective", "allreduce", "--bytes", "64MiB",
        "--qps", "2", "--role", "tor", "--report", path("res.json"), "--csv", path("res.csv") });
    QVERIFY2(r.code == 0, r.err.c_str());
    for (const char *text : { "16 single tor failures", "Healthy:", "slowdown", "worst" })
        QVERIFY2(r.out.find(text) != std::string::npos, text);
    const nlohmann::json j = readJson(path("res.json"));
    QCOMPARE(j.at("role").get<std::string>(), std::string("tor"));
    QVERIFY(j.at("healthy_completion_s").get<double>() > 0);
    const nlohmann::json &rows = j.at("rows");
    QCOMPARE(rows.size(), std::size_t(16));
    for (std::size_t i = 0; i < rows.size(); ++i) {
        QCOMPARE(rows[i].at("unreachable_pairs").get<int>(), 0);
        if (i > 0)
            QVERIFY(
                rows[i - 1].at("slowdown").get<double>() >= rows[i].at("slowdown").get<double>());
    }
    for (std::size_t i = 0; i < 4; ++i) {
        const std::string failed = rows[i].at("failed").get<std::string>();
        QVERIFY2(failed.starts_with("s0-tor0-") || failed.starts_with("s0-tor7-"), failed.c_str());
        QVERIFY(rows[i].at("slowdown").get<double>() > 1.2);
    }
    QCOMPARE(rows[4].at("slowdown").get<double>(), 1.0);
    std::ifstream csv(path("res.csv"));
    std::string header, first;
    std::getline(csv, header);
    std::getline(csv, first);
    QCOMPARE(header, std::string("failed,completion_s,slowdown,unreachable_pairs"));
    QVERIFY(first.starts_with(rows[0].at("failed").get<std::string>() + ","));
}

void TestCliResilience::superPodSpineSweep()
{
    const std::string superpod = std::string(FABRICSCOPE_TOPOLOGIES) + "/superpod-256.fabric.json";
    const Result r = cli({ "resilience", superpod, "--collective", "allreduce", "--bytes", "64MiB",
        "--role", "spine", "--report", path("spod.json"), "--progress" });
    QVERIFY2(r.code == 0, r.err.c_str());
    const nlohmann::json j = readJson(path("spod.json"));
    QVERIFY(!j.at("rows").empty());
    // --progress: a line per tenth on stderr, the last one counting every run.
    const std::string runs = std::to_string(j.at("rows").size());
    QVERIFY2(r.err.starts_with("sweeping: 0%\n"), r.err.c_str());
    QVERIFY2(
        r.err.ends_with("sweeping: 100% (" + runs + " of " + runs + " runs)\n"), r.err.c_str());
    for (const auto &row : j.at("rows")) {
        QCOMPARE(row.at("unreachable_pairs").get<int>(), 0);
        QVERIFY(row.at("slowdown").get<double>() >= 1.0 - 1e-9);
    }
    // The four spines slow the ring alike: a tie, in name order (the last bits of the
    // slowdowns put spine0 last).
    std::vector<std::string> names;
    for (const auto &row : j.at("rows"))
        names.push_back(row.at("failed").get<std::string>());
    QCOMPARE(names, (std::vector<std::string> { "spine0", "spine1", "spine2", "spine3" }));
}

void TestCliResilience::sweepSkipsWhatEveryRunFails()
{
    // With --fail spine0,spine1 the rows of spine0 and spine1 read 1.000x, counted among the
    // failures that cost nothing: they failed nothing that was not down already.
    Result r = cli({ "resilience", mFlat, "--bytes", "16MiB", "--role", "spine", "--fail",
        "spine0,spine1", "--report", path("skip.json") });
    QVERIFY2(r.code == 0, r.err.c_str());
    QVERIFY2(r.out.find("2 single spine failures") != std::string::npos, r.out.c_str());
    QVERIFY2(
        r.out.find("Not swept, failed in every run already: spine0, spine1\n") != std::string::npos,
        r.out.c_str());
    nlohmann::json j = readJson(path("skip.json"));
    QCOMPARE(j.at("rows").size(), std::size_t(2));
    for (const auto &row : j.at("rows"))
        QVERIFY(row.at("failed") != "spine0" && row.at("failed") != "spine1");
    QCOMPARE(j.at("already_failed"), nlohmann::json({ "spine0", "spine1" }));
    // Degraded is not down: failing it outright is a failure worth a row.
    r = cli({ "resilience", mFlat, "--bytes", "16MiB", "--role", "spine", "--fail", "spine0@0.5",
        "--report", path("degraded.json") });
    QVERIFY2(r.code == 0, r.err.c_str());
    j = readJson(path("degraded.json"));
    QCOMPARE(j.at("rows").size(), std::size_t(4));
    QVERIFY(j.at("already_failed").empty());
}

void TestCliResilience::tableColumnsLineUp()
{
    // A failed leaf cuts its GPUs off and ends in microseconds: "348 µs" is 7 bytes for 6
    // characters, and padding by bytes moved the rest of the row one column left of the header.
    const std::string superpod = std::string(FABRICSCOPE_TOPOLOGIES) + "/superpod-256.fabric.json";
    const Result r = cli({ "resilience", superpod, "--bytes", "64MiB", "--role", "leaf" });
    QVERIFY2(r.code == 0, r.err.c_str());
    std::istringstream lines(r.out);
    std::string line, header;
    // The byte where character @p wanted of @p text starts (UTF-8).
    const auto byteOf = [](const std::string &text, std::size_t wanted) {
        std::size_t chars = 0;
        for (std::size_t i = 0; i < text.size(); ++i)
            if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80 && chars++ == wanted)
                return i;
        return std::string::npos;
    };
    std::size_t slowdownColumn = 0;
    int rows = 0, micro = 0;
    while (std::getline(lines, line)) {
        if (line.starts_with("failed")) {
            header = line;
            slowdownColumn = header.find("slowdown"); // ASCII: bytes are characters
            continue;
        }
        if (header.empty() || line.empty())
            continue;
        if (line.starts_with("Elements"))
            break;
        ++rows;
        micro += line.find("\u00b5s") != std::string::npos;
        // The slowdown ("n/a", "1.000x") starts in the header's column, after a space.
        const std::size_t at = byteOf(line, slowdownColumn);
        QVERIFY2(at != std::string::npos && at > 0, line.c_str());
        QVERIFY2(line[at] != ' ' && line[at - 1] == ' ', (header + "\n" + line).c_str());
    }
    QCOMPARE(rows, 8);
    QVERIFY(micro > 0);
}

void TestCliResilience::resilienceNeedsARole()
{
    Result r = cli({ "resilience", mFlat });
    QCOMPARE(r.code, 2);
    QCOMPARE(r.err,
        std::string("fabricscope-cli resilience: missing --role ROLE (what fails: "
                    "leaf|tor|spine|aggregation|core|router|ocs|link)\n"));
    // --help shows it as required too: it showed "[--role ROLE]".
    r = cli({ "resilience", "--help" });
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.find(" --role ROLE ") != std::string::npos
            && r.out.find("[--role ROLE]") == std::string::npos,
        r.out.c_str());
    r = cli({ "resilience", mFlat, "--role", "ocs" });
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.find("no such element") != std::string::npos, r.err.c_str());
    // Faults in every run that already cut GPUs off leave nothing to measure: every row read
    // "n/a" against a cut-off run printed as "Healthy".
    r = cli({ "resilience", mFlat, "--role", "spine", "--bytes", "1MiB", "--fail", "leaf0" });
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.find("(leaf0) already leave") != std::string::npos, r.err.c_str());
    QVERIFY2(r.out.empty(), r.out.c_str());
    // Faults that cut nothing off are the baseline, named as such.
    r = cli({ "resilience", mFlat, "--role", "leaf", "--bytes", "1MiB", "--fail", "spine0" });
    QVERIFY2(r.code == 0, r.err.c_str());
    QVERIFY2(r.out.find("With spine0 failed: ") != std::string::npos, r.out.c_str());
    QVERIFY2(r.out.find("Healthy") == std::string::npos, r.out.c_str());
    r = cli({ "resilience", "--help" });
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.find("--role") != std::string::npos);
    // The command list (and the man page made from it) names every role: it lacked router.
    r = cli({ "--help" });
    std::string roles;
    for (const std::string_view role : faultRoles())
        roles += (roles.empty() ? "" : "|") + std::string(role);
    QVERIFY2(r.out.find("--role " + roles) != std::string::npos, r.out.c_str());
}

void TestCliResilience::ocsRerouteSwapsInASpareCube()
{
    const std::string slice = std::string(FABRICSCOPE_TOPOLOGIES) + "/tpu-4x4x8-twisted-spare.fabric.json";
    const std::vector<std::string> run { "simulate", slice, "--collective", "alltoall", "--bytes",
        "4MiB", "--routing", "dor", "--fail", "chip-2-0-6" };
    // The spare's 64 chips are no endpoints, and info says so.
    const Result info = cli({ "info", slice });
    QVERIFY2(info.out.find("128 GPUs/accelerators (and 64 more on standby)") != std::string::npos,
        info.out.c_str());
    const Result infoJson = cli({ "info", slice, "--json" });
    QCOMPARE(nlohmann::json::parse(infoJson.out).at("standby_chips").get<int>(), 64);
    // Without the option, the failed chip's pairs are cut off: the error names them.
    const Result cut = cli(run);
    QCOMPARE(cut.code, 2);
    QVERIFY2(cut.err.find("no path left") != std::string::npos, cut.err.c_str());

    std::vector<std::string> rerouted = run;
    rerouted.insert(rerouted.end(), { "--ocs-reroute", "--report", path("spare.json") });
    const Result r = cli(rerouted);
    QVERIFY2(r.code == 0, r.err.c_str());
    // A TPU chip is no GPU: its ports are its ICI links and optical fibres.
    QVERIFY2(r.out.find("\nChips:       ") != std::string::npos
            && r.out.find("lost a port but not all, 1 lost every port\n") != std::string::npos
            && r.out.find("\nGPUs:") == std::string::npos,
        r.out.c_str());
    QVERIFY2(r.out.find("OCS reroute: cube 1 (chip-2-0-6 failed) replaced by spare cube 2 "
                        "(spare0-chip-0-0-0, 96 circuits re-pointed); 0 spare cubes left")
            != std::string::npos,
        r.out.c_str());
    // The twisted wrap-arounds of cube 1 reach cube 0, so all 96 of its circuits moved; DOR
    // does not hash on chip ids, so the spare gives exactly the healthy time.
    QVERIFY2(r.out.find("Slowdown:    1.000x") != std::string::npos, r.out.c_str());
    const nlohmann::json j = readJson(path("spare.json"));
    QCOMPARE(j.at("ocs_reroute").at("replaced").size(), std::size_t(1));
    QCOMPARE(j.at("ocs_reroute").at("replaced")[0].at("spare").get<std::string>(),
        std::string("spare0-chip-0-0-0"));
    QCOMPARE(j.at("ocs_reroute").at("slice_broken").get<bool>(), false);
    QVERIFY(j.at("unreachable_pairs").empty());
    const nlohmann::json schema
        = readJson(std::string(FABRICSCOPE_TOPOLOGIES) + "/../docs/report-schema.json");
    const std::vector<std::string> errors = testing::JsonSchema(schema).errors(j);
    QVERIFY2(errors.empty(), errors.empty() ? "" : errors.front().c_str());

    // Two cubes down and one spare: the slice is broken (exit 2), unless --allow-partial.
    std::vector<std::string> twoDown = rerouted;
    twoDown.insert(twoDown.end(), { "--fail", "chip-0-0-0" });
    const Result broken = cli(twoDown);
    QCOMPARE(broken.code, 2);
    QVERIFY2(broken.err.find("the slice is broken") != std::string::npos, broken.err.c_str());
    twoDown.push_back("--allow-partial");
    const Result partial = cli(twoDown);
    QVERIFY2(partial.code == 0, partial.err.c_str());
    QCOMPARE(readJson(path("spare.json")).at("ocs_reroute").at("slice_broken").get<bool>(), true);

    // Only a TPU slice has cubes to swap.
    const Result wrong = cli({ "simulate", mFlat, "--bytes", "1MiB", "--ocs-reroute" });
    QCOMPARE(wrong.code, 2);
    QVERIFY2(wrong.err.find("--ocs-reroute: " + mFlat + " is not a tpu-torus slice")
            != std::string::npos,
        wrong.err.c_str());
}

QTEST_GUILESS_MAIN(TestCliResilience)
#include "tst_cli_resilience.moc"
