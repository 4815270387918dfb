// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The run report is a contract: reports the CLI writes fit docs/report-schema.json, every key
// of the schema is described in docs/report.md, `simulate --report` and `export --format json`
// write the same document (and `--links-csv` and `export --format csv` the same table), and node
// names with commas or quotes stay in their CSV column.
#include "cli/cli.h"
#include "clirun.h"
#include "jsonschema.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>
#include <sstream>

using namespace fabric;

namespace {

const std::string kDocs = FABRICSCOPE_TOPOLOGIES "/../docs/";

std::string readAll(const std::string &file)
{
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

/// Splits CSV text into rows of fields (RFC 4180: quoted fields, doubled quotes).
std::vector<std::vector<std::string>> parseCsv(const std::string &text)
{
    std::vector<std::vector<std::string>> rows(1);
    std::string field;
    bool quoted = false, wasQuoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"' && field.empty() && !wasQuoted) {
            quoted = wasQuoted = true;
        } else if (c == ',') {
            rows.back().push_back(std::move(field));
            field.clear();
            wasQuoted = false;
        } else if (c == '\n') {
            rows.back().push_back(std::move(field));
            field.clear();
            wasQuoted = false;
            rows.emplace_back();
        } else {
            field += c;
        }
    }
    if (rows.back().empty())
        rows.pop_back();
    return rows;
}

} // namespace

class TestCliReport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void reportsFitTheSchema_data();
    void reportsFitTheSchema();
    void schemaRefusesOtherShapes_data();
    void schemaRefusesOtherShapes();
    void everyKeyIsDocumented();
    void simulateAndExportWriteOneDocument();
    void csvKeepsNamesInTheirColumns();

private:
    using Result = testing::CliResult;
    static Result cli(const std::vector<std::string> &args) { return testing::runCli(args); }
    std::string path(const std::string &name) const
    {
        return mDir.filePath(QString::fromStdString(name)).toStdString();
    }
    /// The report `simulate` writes for @p options on @p fabric, with every flow.
    nlohmann::json simulateReport(const std::string &fabric, std::vector<std::string> options);

    QTemporaryDir mDir;
    std::string mFatTree, mTorus;
    nlohmann::json mSchema;
};

void TestCliReport::initTestCase()
{
    QVERIFY(mDir.isValid());
    mFatTree = path("ft.fabric.json");
    mTorus = path("cube.fabric.json");
    Result r = cli({"generate", "ib-fat-tree", "--set", "tiers=2", "--set", "radix=8", "-o",
                    mFatTree});
    QVERIFY2(r.code == 0, r.err.c_str());
    r = cli({"generate", "tpu-torus", "--set", "x=4", "--set", "y=4", "--set", "z=4", "-o",
             mTorus});
    QVERIFY2(r.code == 0, r.err.c_str());
    std::ifstream in(kDocs + "report-schema.json");
    QVERIFY2(in, "docs/report-schema.json is missing");
    mSchema = nlohmann::json::parse(in);
    QCOMPARE(mSchema["$schema"].get<std::string>(),
             std::string("https://json-schema.org/draft/2020-12/schema"));
}

nlohmann::json TestCliReport::simulateReport(const std::string &fabric,
                                             std::vector<std::string> options)
{
    const std::string report = path("report.json");
    std::vector<std::string> args = {"simulate", fabric, "--report", report, "--flows"};
    args.insert(args.end(), options.begin(), options.end());
    const Result r = cli(args);
    if (r.code != 0)
        return nlohmann::json(r.err);
    return nlohmann::json::parse(readAll(report));
}

void TestCliReport::reportsFitTheSchema_data()
{
    QTest::addColumn<bool>("torus");
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("shows"); // a key or value this run must have
    QTest::newRow("ring, ecmp") << false
                                << QStringList{"--algorithm", "ring", "--routing", "ecmp"}
                                << "bottlenecks";
    QTest::newRow("sharp") << false << QStringList{"--algorithm", "sharp", "--routing", "static"}
                           << "sharp_tree";
    QTest::newRow("split flows") << false << QStringList{"--routing", "adaptive", "--qps", "2"}
                                 << "paths";
    QTest::newRow("tree, chunks") << false << QStringList{"--algorithm", "tree"} << "chunks";
    QTest::newRow("custom traffic") << false << QStringList{"--traffic", "TRAFFIC"} << "flows";
    QTest::newRow("torus all-to-all")
        << true << QStringList{"--collective", "alltoall", "--routing", "dor"} << "bisection";
    QTest::newRow("torus ring") << true << QStringList{"--routing", "dor"} << "snake";
    QTest::newRow("coarse all-to-all")
        << false << QStringList{"--collective", "alltoall", "--fidelity", "coarse"}
        << "coarse run";
}

void TestCliReport::reportsFitTheSchema()
{
    QFETCH(bool, torus);
    QFETCH(QStringList, options);
    QFETCH(QString, shows);
    {
        std::ofstream csv(path("traffic.csv"));
        csv << "src,dst,bytes,start_s\nh0-gpu0,h1-gpu0,64MB\nh2-gpu0,h1-gpu0,64MB,0.001\n";
    }
    // The traffic file gives its flows' sizes (--bytes is refused with it).
    std::vector<std::string> args;
    if (!options.contains(QStringLiteral("--traffic")))
        args = { "--bytes", "4MiB" };
    for (const QString &o : options)
        args.push_back(o == QStringLiteral("TRAFFIC") ? path("traffic.csv") : o.toStdString());
    const nlohmann::json report = simulateReport(torus ? mTorus : mFatTree, args);
    QVERIFY2(report.is_object(), report.dump().c_str());
    const std::vector<std::string> errors = testing::JsonSchema(mSchema).errors(report);
    QVERIFY2(errors.empty(), errors.empty() ? "" : errors.front().c_str());
    // The run shows what the row is about (so each row covers a part of the schema).
    QVERIFY2(report.dump().find(shows.toStdString()) != std::string::npos, qPrintable(shows));
    QVERIFY(!report["flows"].empty());
    // A split flow's path weights mean what the docs say: shares summing to 1 for a weighted
    // split, 0 for adaptive, whose paths take what max-min gives them (the router's equal
    // shares, which the engine ignores, were written as if they were the split).
    int split = 0;
    for (const nlohmann::json &flow : report["flows"]) {
        if (!flow.contains("paths"))
            continue;
        ++split;
        double sum = 0;
        for (const nlohmann::json &p : flow["paths"])
            sum += p["weight"].get<double>();
        if (flow["split"] == "adaptive")
            QCOMPARE(sum, 0.0);
        else
            QVERIFY2(std::abs(sum - 1) < 1e-9, flow.dump().c_str());
    }
    QVERIFY(shows != QStringLiteral("paths") || split > 0);
}

void TestCliReport::schemaRefusesOtherShapes_data()
{
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("value"); // JSON; "remove" removes the key
    // The shapes the app's own export used to write, and plain mistakes.
    QTest::newRow("bottleneck as a number") << "/bottlenecks/0" << "133";
    QTest::newRow("paths as a count") << "/flows/0/paths" << "1";
    QTest::newRow("extra key") << "/label" << "\"ring\"";
    QTest::newRow("missing key") << "/links" << "remove";
    QTest::newRow("link without dir_link") << "/links/0/dir_link" << "remove";
    QTest::newRow("negative bytes") << "/links/0/bytes" << "-1";
    QTest::newRow("unknown routing") << "/scenario/routing" << "\"random\"";
    QTest::newRow("algbw as text") << "/algbw_GBps" << "\"12 GB/s\"";
}

void TestCliReport::schemaRefusesOtherShapes()
{
    QFETCH(QString, pointer);
    QFETCH(QString, value);
    nlohmann::json report = simulateReport(mFatTree, {"--bytes", "4MiB", "--routing", "ecmp"});
    QVERIFY2(report.is_object(), report.dump().c_str());
    const testing::JsonSchema schema(mSchema);
    QVERIFY(schema.errors(report).empty());
    const nlohmann::json::json_pointer at(pointer.toStdString());
    if (value == QStringLiteral("remove"))
        report[at.parent_pointer()].erase(at.back());
    else
        report[at] = nlohmann::json::parse(value.toStdString());
    QVERIFY2(!schema.errors(report).empty(), qPrintable(pointer));
}

void TestCliReport::everyKeyIsDocumented()
{
    const std::string doc = readAll(kDocs + "report.md");
    QVERIFY2(!doc.empty(), "docs/report.md is missing");
    std::vector<const nlohmann::json *> objects = {&mSchema, &mSchema["$defs"]["link"],
                                                   &mSchema["$defs"]["flow"],
                                                   &mSchema["properties"]["scenario"]};
    objects.push_back(&mSchema["$defs"]["flow"]["properties"]["paths"]["items"]);
    for (const nlohmann::json *o : objects)
        for (const auto &[key, value] : (*o)["properties"].items()) {
            QVERIFY2(doc.find("`" + key + "`") != std::string::npos, key.c_str());
            QVERIFY2(value.contains("description") || value.contains("$ref"), key.c_str());
        }
}

void TestCliReport::simulateAndExportWriteOneDocument()
{
    const std::string scenario = R"({"collective":"allreduce","algorithm":"ring",)"
                                 R"("bytes":4194304,"routing":"ecmp","qps":2})";
    Result r = cli({"simulate", mFatTree, "--collective", "allreduce", "--algorithm", "ring",
                    "--bytes", "4MiB", "--routing", "ecmp", "--qps", "2", "--report",
                    path("simulate.json"), "--flows", "--links-csv", path("simulate.csv")});
    QVERIFY2(r.code == 0, r.err.c_str());
    r = cli({"export", mFatTree, "--scenario", scenario, "--format", "json", "-o",
             path("export.json")});
    QVERIFY2(r.code == 0, r.err.c_str());
    r = cli({"export", mFatTree, "--scenario", scenario, "--format", "csv", "-o",
             path("export.csv")});
    QVERIFY2(r.code == 0, r.err.c_str());

    const std::string simulated = readAll(path("simulate.json"));
    const std::string exported = readAll(path("export.json"));
    QVERIFY(!simulated.empty());
    const nlohmann::json a = nlohmann::json::parse(simulated), b = nlohmann::json::parse(exported);
    // Name the first differing key before comparing the bytes, so a failure says what differs.
    for (const auto &[key, value] : a.items())
        QVERIFY2(b.contains(key) && b[key] == value, key.c_str());
    for (const auto &[key, value] : b.items())
        QVERIFY2(a.contains(key), key.c_str());
    QCOMPARE(exported, simulated);
    const std::string csv = readAll(path("simulate.csv"));
    QVERIFY2(!csv.empty(), "simulate wrote no CSV"); // two missing files would compare equal
    QCOMPARE(readAll(path("export.csv")), csv);
}

void TestCliReport::csvKeepsNamesInTheirColumns()
{
    // Names are free text: give a GPU and its leaf names with a comma and with quotes.
    nlohmann::json fabric = nlohmann::json::parse(readAll(mFatTree));
    const std::string gpu = "rack 1, \"gpu\" 0", leaf = "leaf,0";
    for (auto &node : fabric["nodes"]) {
        if (node["name"] == "h0-gpu0")
            node["name"] = gpu;
        if (node["name"] == "leaf0")
            node["name"] = leaf;
    }
    const std::string file = path("names.fabric.json");
    std::ofstream(file) << fabric.dump();
    const Result r = cli({"simulate", file, "--bytes", "4MiB", "--routing", "static",
                          "--links-csv", path("names.csv"), "--report", path("names.json")});
    QVERIFY2(r.code == 0, r.err.c_str());

    const auto rows = parseCsv(readAll(path("names.csv")));
    QVERIFY(rows.size() > 1);
    const std::vector<std::string> &header = rows.front();
    const nlohmann::json links = nlohmann::json::parse(readAll(path("names.json")))["links"];
    QCOMPARE(rows.size() - 1, links.size());
    bool sawGpu = false, sawLeaf = false;
    for (std::size_t i = 1; i < rows.size(); ++i) {
        QCOMPARE(rows[i].size(), header.size());
        // Each row holds what the report's link holds, column by column.
        for (std::size_t c = 0; c < header.size(); ++c) {
            const nlohmann::json &expected = links[i - 1][header[c]];
            if (expected.is_string())
                QCOMPARE(rows[i][c], expected.get<std::string>());
            else
                QCOMPARE(std::stod(rows[i][c]), expected.get<double>());
        }
        sawGpu = sawGpu || rows[i][1] == gpu || rows[i][2] == gpu;
        sawLeaf = sawLeaf || rows[i][1] == leaf || rows[i][2] == leaf;
    }
    QVERIFY(sawGpu && sawLeaf);
}

QTEST_GUILESS_MAIN(TestCliReport)
#include "tst_cli_report.moc"
