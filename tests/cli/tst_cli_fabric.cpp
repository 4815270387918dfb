// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "generators/registry.h"
#include "cli/cli.h"
#include "clirun.h"
#include "io/fabricfile.h"
#include "io/formatregistry.h"

#include <QProcess>
#include <QSet>
#include <QtTest>

#include <fstream>
#include <sstream>

using namespace fabric;

class TestCliFabric : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void helpListsTheCommands();
    void generateWritesJsonToStandardOutput();
    void generateWritesAFile();
    void generateRejectsBadInput_data();
    void generateRejectsBadInput();
    void infoJsonHasTheMetrics();
    void infoTextIsForPeople();
    void infoReadsImportedDumps();
    void infoRejectsBadFiles();
    void familiesListsEveryParameter();
    void unknownParameterListsEveryKnownOne();
    void convertBetweenFormats();
    void convertRejectsBadUsage();
    void realBinaryExitCodes();

private:
    QTemporaryDir mDir;
};

namespace {

using Result = testing::CliResult;
using testing::runCli;

bool oneLine(const std::string &s)
{
    return !s.empty() && s.find('\n') == s.size() - 1;
}

const std::vector<std::string> kSmallTree = {"generate", "ib-fat-tree", "--set", "radix=8",
                                             "--set",    "tiers=2"};

} // namespace

void TestCliFabric::helpListsTheCommands()
{
    const Result r = runCli({"--help"});
    QCOMPARE(r.code, 0);
    for (const char *c : {"generate", "info", "families", "convert"})
        QVERIFY2(r.out.find(std::string("  ") + c + " ") != std::string::npos, c);
    QCOMPARE(runCli({}).code, 2);
    const Result bad = runCli({"frobnicate"});
    QCOMPARE(bad.code, 2);
    QVERIFY(oneLine(bad.err));
    const Result genHelp = runCli({"generate", "--help"});
    QCOMPARE(genHelp.code, 0);
    QVERIFY(genHelp.out.find("--set KEY=VALUE") != std::string::npos);
    // help COMMAND is that command's help (it printed the command list); an unknown one is
    // refused as running it would be.
    const Result simHelp = runCli({ "help", "simulate" });
    QCOMPARE(simHelp.code, 0);
    QVERIFY2(
        simHelp.out.starts_with("Usage: fabricscope-cli simulate FABRIC"), simHelp.out.c_str());
    const Result noSuch = runCli({ "help", "validate" });
    QCOMPARE(noSuch.code, 2);
    QVERIFY2(
        noSuch.err.find("unknown command 'validate'") != std::string::npos, noSuch.err.c_str());
    QVERIFY(r.out.find("--version") != std::string::npos);
    // A command without what it acts on is bad usage: lesson without list or run too.
    const Result lesson = runCli({ "lesson" });
    QCOMPARE(lesson.code, 2);
    QVERIFY(lesson.out.empty());
}

void TestCliFabric::generateWritesJsonToStandardOutput()
{
    const Result r = runCli(kSmallTree);
    QCOMPARE(r.code, 0);
    QVERIFY(r.err.empty());
    std::istringstream in(r.out);
    const Fabric f = io::findFormat("native")->read(in, "stdout");
    QCOMPARE(f.endpoints().size(), std::size_t(32)); // k^2/2
    QVERIFY(f == gen::generate("ib-fat-tree", gen::ParamText{{"radix", "8"}, {"tiers", "2"}}));
}

void TestCliFabric::generateWritesAFile()
{
    const std::string path = mDir.filePath("gen.fabric.json").toStdString();
    std::vector<std::string> args = kSmallTree;
    args.insert(args.end(), {"-o", path});
    const Result r = runCli(args);
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.empty());
    const Fabric f = io::loadFabric(path);
    QCOMPARE(f.generator().family, std::string("ib-fat-tree"));
    QCOMPARE(f.generator().params.at("radix"), nlohmann::json(8));

    // --output=FILE and a DOT file by extension
    const std::string dot = mDir.filePath("gen.dot").toStdString();
    args = kSmallTree;
    args.push_back("--output=" + dot);
    QCOMPARE(runCli(args).code, 0);
    std::ifstream in(dot);
    std::string first;
    std::getline(in, first);
    QCOMPARE(first, std::string("graph fabric {"));
}

void TestCliFabric::generateRejectsBadInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown family") << QStringList{"generate", "butterfly"}
                                    << "unknown family 'butterfly' (known: ib-fat-tree";
    QTest::newRow("no family") << QStringList{"generate"} << "missing FAMILY";
    QTest::newRow("odd radix") << QStringList{"generate", "ib-fat-tree", "--set", "radix=7"}
                               << "radix";
    QTest::newRow("unknown key") << QStringList{"generate", "ib-fat-tree", "--set", "colour=red"}
                                 << "colour";
    QTest::newRow("no equals") << QStringList{"generate", "ib-fat-tree", "--set", "radix"}
                               << "--set: expected KEY=VALUE, got 'radix'";
    QTest::newRow("key twice") << QStringList{"generate", "ib-fat-tree", "--set", "radix=8",
                                              "--set", "radix=16"}
                               << "--set: radix is given more than once";
    QTest::newRow("unknown option") << QStringList{"generate", "ib-fat-tree", "--frob"}
                                    << "unknown option '--frob'";
    QTest::newRow("missing value") << QStringList{"generate", "ib-fat-tree", "-o"}
                                   << "--output needs a value (FILE)";
    QTest::newRow("bad format") << QStringList{"generate", "ib-fat-tree", "--format", "xls"}
                                << "unknown output format 'xls'";
    // A format known the other way round was called unknown.
    QTest::newRow("read-only format") << QStringList { "generate", "ib-fat-tree", "--format",
        "ibnetdiscover" } << "format 'ibnetdiscover' can be read, not written";
    QTest::newRow("unwritable") << QStringList{"generate", "tpu-torus", "--set", "x=4", "--set",
                                               "y=4", "--set", "z=4", "-o", "/no/such/dir/t.fabric.json"}
                                << "/no/such/dir/t.fabric.json: cannot write";
}

void TestCliFabric::generateRejectsBadInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    std::vector<std::string> a;
    for (const QString &s : args)
        a.push_back(s.toStdString());
    const Result r = runCli(a);
    QCOMPARE(r.code, 2);
    QVERIFY(r.out.empty());
    QVERIFY2(oneLine(r.err), r.err.c_str());
    QVERIFY2(QString::fromStdString(r.err).contains(message), r.err.c_str());
}

void TestCliFabric::infoJsonHasTheMetrics()
{
    const std::string path = mDir.filePath("info.fabric.json").toStdString();
    std::vector<std::string> args = kSmallTree;
    args.insert(args.end(), {"-o", path});
    QCOMPARE(runCli(args).code, 0);
    const Result r = runCli({"info", path, "--json"});
    QCOMPARE(r.code, 0);
    const nlohmann::json j = nlohmann::json::parse(r.out);
    QCOMPARE(j.at("endpoints").get<int>(), 32);
    QCOMPARE(j.at("switches").get<int>(), 12); // 8 leaves + 4 spines
    QCOMPARE(j.at("ocs").get<int>(), 0);
    QCOMPARE(j.at("hosts").get<int>(), 4);
    QVERIFY(j.at("links").get<int>() > 0);
    QCOMPARE(j.at("bisection_gbps").get<double>(), 16 * 400.0); // N/2 x B, non-blocking
    QCOMPARE(j.at("diameter_hops").get<int>(), 4);
    const nlohmann::json &tiers = j.at("tiers");
    QVERIFY(tiers.is_array() && !tiers.empty());
    const nlohmann::json &leaf = tiers.at(0);
    QCOMPARE(leaf.at("role").get<std::string>(), std::string("leaf"));
    QCOMPARE(leaf.at("switches").get<int>(), 8);
    QCOMPARE(leaf.at("oversubscription").get<double>(), 1.0);
    QCOMPARE(leaf.at("oversubscription_text").get<std::string>(), std::string("1:1"));
    QCOMPARE(j.at("generator").at("family").get<std::string>(), std::string("ib-fat-tree"));
    QCOMPARE(j.at("generator").at("modified").get<bool>(), false);
}

void TestCliFabric::infoTextIsForPeople()
{
    const std::string path = std::string(FABRICSCOPE_TOPOLOGIES) + "/meta-2-zones.fabric.json";
    const Result r = runCli({"info", path});
    QCOMPARE(r.code, 0);
    const QString text = QString::fromStdString(r.out);
    QVERIFY2(text.contains(QRegularExpression("Endpoints: +6,144 ")), r.out.c_str());
    QVERIFY(text.contains("Bisection:") && text.contains("Tb/s"));
    QVERIFY(text.contains("hops between endpoints"));
    QVERIFY2(text.contains(QRegularExpression("tier 2 leaf +384 switches .* oversubscription 1:1")),
             r.out.c_str());
    QVERIFY2(text.contains(QRegularExpression("tier 3 spine .* oversubscription [67](\\.[0-9]+)?:1")),
             r.out.c_str()); // about the zones' 1:7
    // The tier rows are a table: their columns line up.
    QSet<qsizetype> downColumns;
    for (const QString &line : text.split(QLatin1Char('\n')))
        if (line.startsWith(QStringLiteral("  tier ")))
            downColumns << line.indexOf(QStringLiteral(" down "));
    QCOMPARE(downColumns.size(), 1);
}

void TestCliFabric::infoReadsImportedDumps()
{
    // One HCA on one switch: counts of one read in the singular, and the columns still align.
    const Result one = runCli({ "info",
        std::string(FABRICSCOPE_TEST_DATA) + "/ibnetdiscover/jabl_ibtopotool_tests_4.topo" });
    QCOMPARE(one.code, 0);
    const QString said = QString::fromStdString(one.out);
    QVERIFY2(said.contains(QRegularExpression("Endpoints: +1 GPU/accelerator\n")), one.out.c_str());
    QVERIFY2(said.contains(QRegularExpression("tier 2 leaf +1 switch    down ")), one.out.c_str());

    const Result r = runCli({"info", "--json",
                          std::string(FABRICSCOPE_TEST_DATA)
                              + "/ibnetdiscover/edr_2level_fattree_6sw_96hca.ibnetdiscover.switches.txt"});
    QCOMPARE(r.code, 0);
    const nlohmann::json j = nlohmann::json::parse(r.out);
    QCOMPARE(j.at("endpoints").get<int>(), 96);
    QCOMPARE(j.at("switches").get<int>(), 6);
    QCOMPARE(j.at("tiers").at(0).at("oversubscription_text").get<std::string>(),
             std::string("2.04:1")); // 96 x 100 down, 47 x 100 + 16 up: 2:1 and a degraded cable
}

void TestCliFabric::infoRejectsBadFiles()
{
    const Result missing = runCli({"info", "/no/such.fabric.json"});
    QCOMPARE(missing.code, 2);
    QCOMPARE(
        missing.err, std::string("fabricscope-cli info: /no/such.fabric.json: does not exist\n"));

    const std::string bad = mDir.filePath("bad.fabric.json").toStdString();
    std::ofstream(bad) << R"({"format":"fabricscope-fabric","version":1,"nodes":[{"id":0,"kind":"gpu"}],)"
                       << R"("links":[{"id":0,"a":0,"b":99,"capacity_gbps":1,"medium":"ici"}]})";
    const Result r = runCli({"info", bad});
    QCOMPARE(r.code, 2);
    QCOMPARE(r.err, "fabricscope-cli info: " + bad + ": /links/0/b: no node with id 99\n");
}

void TestCliFabric::familiesListsEveryParameter()
{
    const Result r = runCli({"families"});
    QCOMPARE(r.code, 0);
    for (const gen::FamilyInfo &f : gen::families()) {
        QVERIFY2(r.out.find(f.name + " - " + f.title) != std::string::npos, f.name.c_str());
        for (const gen::ParamSpec &p : f.params)
            QVERIFY2(r.out.find("    " + p.key + " ") != std::string::npos, p.key.c_str());
    }
    QVERIFY(r.out.find("default 64 ports; an even number from") != std::string::npos);
    // Numbers as people write them, like the ranges: not JSON's "50.0 ns".
    QVERIFY2(r.out.find("default 50 ns; a number from 0 to") != std::string::npos, r.out.c_str());
    QVERIFY(r.out.find(".0 ns") == std::string::npos);
    // A count agrees with its noun, as in the app's forms: the dragonfly's one GPU per host read
    // "default 1 GPUs".
    QVERIFY2(
        r.out.find("default 1 GPU; an integer from 1 to 16") != std::string::npos, r.out.c_str());
    QVERIFY2(
        r.out.find("default 8 GPUs; an integer from 1 to 16") != std::string::npos, r.out.c_str());
    QVERIFY2(r.out.find(" 1 GPUs") == std::string::npos, r.out.c_str());

    const Result json = runCli({"families", "--json"});
    QCOMPARE(json.code, 0);
    const nlohmann::json j = nlohmann::json::parse(json.out);
    QCOMPARE(j.size(), gen::families().size());
    QCOMPARE(j.at(0).at("params").at(0).at("key").get<std::string>(),
             gen::families().at(0).params.at(0).key);
}

void TestCliFabric::unknownParameterListsEveryKnownOne()
{
    // The CLI's one-line limit cut the middle out of HPN's list of 12 parameters
    // ("..., pods, dual_plane, agg..._port_gbps, ..."), the names the user was looking for.
    for (const gen::FamilyInfo &family : gen::families()) {
        const testing::CliResult r = runCli({ "generate", family.name, "--set", "segmnts=2" });
        QCOMPARE(r.code, 2);
        std::string known;
        for (const gen::ParamSpec &p : family.params)
            known += (known.empty() ? "" : ", ") + p.key;
        QVERIFY2(r.err.find(
                     "unknown parameter 'segmnts' for " + family.name + "; known: " + known + "\n")
                != std::string::npos,
            r.err.c_str());
    }
}

void TestCliFabric::convertBetweenFormats()
{
    const std::string dump = std::string(FABRICSCOPE_TEST_DATA)
        + "/ibnetdiscover/psmn_X5.ibnetdiscover.topofile";
    const std::string native = mDir.filePath("x5.fabric.json").toStdString();
    const std::string graphml = mDir.filePath("x5.graphml").toStdString();
    QCOMPARE(runCli({"convert", dump, "-o", native}).code, 0);
    QVERIFY(io::loadFabric(native) == io::loadFabric(dump));
    QCOMPARE(runCli({"convert", native, "-o", graphml}).code, 0);
    std::ifstream in(graphml);
    const std::string xml{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    QCOMPARE(QString::fromStdString(xml).count("<node id="), 89 + 11);
    QCOMPARE(QString::fromStdString(xml).count("<edge id="), 159);
    QVERIFY(xml.find("x5570comp1") != std::string::npos);
    // To standard output in a named format
    const Result dot = runCli({"convert", native, "-o", "-", "--to", "dot"});
    QCOMPARE(dot.code, 0);
    QVERIFY(dot.out.rfind("graph fabric {", 0) == 0);
}

void TestCliFabric::convertRejectsBadUsage()
{
    const std::string native = std::string(FABRICSCOPE_TOPOLOGIES) + "/tpu-v4-cube.fabric.json";
    Result r = runCli({"convert", native});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.find("missing -o OUT (the file to write)") != std::string::npos);
    // Its usage line says so too: it showed "[--output OUT]", as if it could be left out.
    r = runCli({ "convert", "--help" });
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.rfind("Usage: fabricscope-cli convert IN -o OUT [--from NAME]", 0) == 0,
        r.out.c_str());
    r = runCli({"convert", native, "-o", mDir.filePath("x.xlsx").toStdString()});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.find("unknown extension (writable: .fabric.json ") != std::string::npos,
        r.err.c_str());
    r = runCli({"convert", native, "-o", mDir.filePath("x.topo").toStdString()});
    QCOMPARE(r.code, 2); // ibnetdiscover is import only
    r = runCli({"convert", native, "a", "-o", "b.dot"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.find("unexpected argument 'a'") != std::string::npos);
}

void TestCliFabric::realBinaryExitCodes()
{
    QProcess p;
    p.start(FABRICSCOPE_CLI, {"generate", "dragonfly", "--set", "routers_per_group=2"});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
    QVERIFY(p.readAllStandardOutput().contains("\"format\": \"fabricscope-fabric\""));

    p.start(FABRICSCOPE_CLI, {"generate", "ib-fat-tree", "--set", "radix=7"});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 2);
    const QByteArray err = p.readAllStandardError();
    QCOMPARE(err.count('\n'), 1);
    QVERIFY(err.contains("radix"));
    QVERIFY(p.readAllStandardOutput().isEmpty());
}

QTEST_GUILESS_MAIN(TestCliFabric)
#include "tst_cli_fabric.moc"
