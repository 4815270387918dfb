// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The CLI's side of the file formats: GraphML reads back to the same metrics, write-only
// formats are named in errors, draw.io gets the canvas's layout, htsim gets a scenario's flows.
#include "clirun.h"

#include "io/fabricfile.h"
#include "io/formatregistry.h"
#include "layout/layoutpositions.h"

#include <QtTest>

#include <fstream>
#include <sstream>

using namespace fabric;
using testing::runCli;

class TestCliFormats : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void graphmlRoundTripKeepsInfo_data();
    void graphmlRoundTripKeepsInfo();
    void infoNamesWriteOnlyFormats();
    void formatErrorsListEveryFormat_data();
    void formatErrorsListEveryFormat();
    void drawioHasTheCanvasLayout();
    void exportWritesHtsimFlows();
    void slurmRefusesATorus();

private:
    std::string path(const char *name) const { return mDir.filePath(name).toStdString(); }
    QTemporaryDir mDir;
};

namespace {

std::string contents(const std::string &file)
{
    std::ifstream in(file, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

/// `info` output without its first line (the file name).
std::string infoBody(const std::string &file)
{
    const testing::CliResult r = runCli({ "info", file });
    if (r.code != 0)
        return "error: " + r.err;
    return r.out.substr(r.out.find('\n') + 1);
}

} // namespace

void TestCliFormats::graphmlRoundTripKeepsInfo_data()
{
    QTest::addColumn<QString>("family");
    QTest::addColumn<QString>("settings");
    QTest::newRow("ib-fat-tree") << "ib-fat-tree"
                                 << "radix=8";
    QTest::newRow("hpn") << "hpn"
                         << "segments=2";
    QTest::newRow("tpu-torus") << "tpu-torus"
                               << "";
}

void TestCliFormats::graphmlRoundTripKeepsInfo()
{
    QFETCH(QString, family);
    QFETCH(QString, settings);
    const std::string native = path("rt.fabric.json"), graphml = path("rt.graphml");
    std::vector<std::string> generate { "generate", family.toStdString(), "-o", native };
    if (!settings.isEmpty())
        generate.insert(generate.end(), { "--set", settings.toStdString() });
    const testing::CliResult made = runCli(generate);
    QVERIFY2(made.code == 0, made.err.c_str());
    QCOMPARE(runCli({ "convert", native, "-o", graphml }).code, 0);
    const std::string before = infoBody(native), after = infoBody(graphml);
    QVERIFY2(before.find("Endpoints:") != std::string::npos, before.c_str());
    QCOMPARE(after, before);
}

void TestCliFormats::infoNamesWriteOnlyFormats()
{
    const std::string dot = path("x.dot");
    std::ofstream(dot) << "graph fabric {\n}\n";
    const testing::CliResult r = runCli({ "info", dot });
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.find("x.dot: Graphviz DOT can be written, not read") != std::string::npos,
        r.err.c_str());
    QVERIFY(r.err.find("unknown file format") == std::string::npos);
}

void TestCliFormats::formatErrorsListEveryFormat_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<bool>("extensions"); // the list names extensions rather than formats
    QTest::addColumn<bool>("writable"); // the formats that can be written rather than read
    // Names of an everyday length: the line must not lose the middle of its list to the CLI's
    // one-line limit (it read "native (*.fabric.... (*.topo", "dot (*.dot *.gv...f *.conf)").
    const QString fabric = QStringLiteral("cluster-b-fat-tree.fabric.json");
    QTest::newRow("unknown input")
        << QStringList { "info", "jabl_ibtopotool_tests_notes.rst" } << false << false;
    QTest::newRow("write-only input")
        << QStringList { "info", "psmn_X5.topology.conf" } << false << false;
    QTest::newRow("--to") << QStringList { "convert", fabric, "--to", "bogus", "-o", "-" } << false
                          << true;
    QTest::newRow("--format") << QStringList { "generate", "ib-fat-tree", "--format", "xlsx" }
                              << false << true;
    QTest::newRow("output extension")
        << QStringList { "convert", fabric, "-o", "cluster-b-fat-tree-for-the-slides.xyz" } << true
        << true;
    QTest::newRow("read-only output")
        << QStringList { "convert", fabric, "-o", "cluster-b-fat-tree-for-the-switches.topo" }
        << false << true;
}

void TestCliFormats::formatErrorsListEveryFormat()
{
    QFETCH(QStringList, args);
    QFETCH(bool, extensions);
    QFETCH(bool, writable);
    QCOMPARE(runCli({ "generate", "ib-fat-tree", "--set", "radix=8", "-o",
                        path("cluster-b-fat-tree.fabric.json") })
                 .code,
        0);
    std::ofstream(path("jabl_ibtopotool_tests_notes.rst")) << "Notes\n=====\nNo fabric here.\n";
    std::ofstream(path("psmn_X5.topology.conf")) << "SwitchName=s1 Nodes=n[1-4]\n";
    std::vector<std::string> argv;
    for (const QString &a : args)
        argv.push_back(
            a.contains('.') && !a.startsWith('-') ? path(qPrintable(a)) : a.toStdString());
    const testing::CliResult r = runCli(argv);
    QCOMPARE(r.code, 2);
    const io::Access access = writable ? io::Access::Write : io::Access::Read;
    const std::string list = extensions ? io::formatExtensions(access) : io::formatNames(access);
    QVERIFY2(r.err.find("(" + list + ")") != std::string::npos
            || r.err.find(": " + list + ")") != std::string::npos,
        r.err.c_str());
}

void TestCliFormats::drawioHasTheCanvasLayout()
{
    const std::string native = path("d.fabric.json"), drawio = path("d.drawio");
    QCOMPARE(runCli({ "generate", "ib-fat-tree", "--set", "radix=8", "-o", native }).code, 0);
    QCOMPARE(runCli({ "convert", native, "-o", drawio }).code, 0);
    const Fabric f = io::loadFabric(native);
    std::ostringstream expected;
    io::findFormat("drawio")->write(views::withLayoutPositions(f), expected);
    QCOMPARE(contents(drawio), expected.str());
    std::ostringstream fallback; // without the layout: rows by tier, not the canvas
    io::findFormat("drawio")->write(f, fallback);
    QVERIFY(fallback.str() != expected.str());
    const testing::CliResult out = runCli({ "convert", native, "-o", "-", "--to", "drawio" });
    QCOMPARE(out.out, expected.str());
}

void TestCliFormats::exportWritesHtsimFlows()
{
    const std::string native = path("h.fabric.json"), cm = path("ring.cm");
    QCOMPARE(runCli({ "generate", "ib-fat-tree", "--set", "radix=8", "-o", native }).code, 0);
    const std::string scenario = R"({"collective":"allreduce","algorithm":"ring","bytes":65536})";
    const testing::CliResult r = runCli({ "export", native, "--scenario", scenario, "-o", cm });
    QVERIFY2(r.code == 0, r.err.c_str());
    const std::size_t gpus = io::loadFabric(native).endpoints().size();
    std::istringstream in(contents(cm));
    std::size_t nodes = 0, connections = 0, triggers = 0, flowLines = 0, triggerLines = 0;
    for (std::string line; std::getline(in, line);) {
        std::sscanf(line.c_str(), "Nodes %zu", &nodes);
        std::sscanf(line.c_str(), "Connections %zu", &connections);
        std::sscanf(line.c_str(), "Triggers %zu", &triggers);
        flowLines += line.find("->") != std::string::npos;
        triggerLines += line.rfind("trigger id ", 0) == 0;
    }
    QCOMPARE(nodes, gpus);
    // A ring all-reduce: 2(p-1) steps of p flows, every step after the first triggered.
    QCOMPARE(connections, 2 * (gpus - 1) * gpus);
    QCOMPARE(flowLines, connections);
    QVERIFY(triggers > 0);
    QCOMPARE(triggerLines, triggers);
    const testing::CliResult none = runCli({ "export", native, "--format", "htsim", "-o", cm });
    QCOMPARE(none.code, 2);
    QVERIFY(none.err.find("give --scenario") != std::string::npos);
}

void TestCliFormats::slurmRefusesATorus()
{
    const std::string native = path("t.fabric.json");
    QCOMPARE(runCli({ "generate", "tpu-torus", "-o", native }).code, 0);
    const testing::CliResult r = runCli({ "convert", native, "-o", path("t.topology.conf") });
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.find("no packet switch") != std::string::npos, r.err.c_str());
    QCOMPARE(runCli({ "convert", native, "-o", path("t.ns3.txt") }).code, 0);
}

QTEST_MAIN(TestCliFormats)
#include "tst_cli_formats.moc"
