// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/fabricfile.h"
#include "io/formatregistry.h"
#include "io/ibnetdiscover/ibnetdiscoverformat.h"
#include "model/error.h"

#include <QtTest>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace fabric;

class TestIoIbnetdiscover : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void dataRates();
    void importsEveryReferenceDump_data();
    void importsEveryReferenceDump();
    void x5RolesComeFromTheSpineFile();
    void x5NamesComeFromTheMapFile();
    void mapFileNamesMayBeQuoted();
    void edrFatTreeStructure();
    void survivesTheLeadingErrorLine();
    void dualPortCaGivesTwoEndpoints();
    void errorsNameFileAndLine_data();
    void errorsNameFileAndLine();
    void importRoundTripsThroughNative();
};

namespace {

std::string fixture(const char *name)
{
    return std::string(FABRICSCOPE_TEST_DATA) + "/ibnetdiscover/" + name;
}

struct Counts
{
    int switches = 0, endpoints = 0, links = 0;
    std::map<double, int> linksByGbps;
    std::map<SwitchRole, int> roles;
};

Counts countsOf(const Fabric &f)
{
    Counts c;
    f.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Switch) {
            ++c.switches;
            ++c.roles[n.role];
        }
        if (n.isEndpoint())
            ++c.endpoints;
    });
    f.forEachLink([&](const Link &l) {
        ++c.links;
        ++c.linksByGbps[l.capacityGbps];
        QVERIFY(l.medium == Medium::InfiniBand);
    });
    return c;
}

Fabric readText(const std::string &text)
{
    std::istringstream in(text);
    return io::IbnetdiscoverFormat::readWith(in, "t.topo", {});
}

} // namespace

void TestIoIbnetdiscover::dataRates()
{
    QCOMPARE(io::ibDataRateGbps(4, "SDR"), 8.0);
    QCOMPARE(io::ibDataRateGbps(1, "SDR"), 2.0);
    QCOMPARE(io::ibDataRateGbps(4, "DDR"), 16.0);
    QCOMPARE(io::ibDataRateGbps(4, "QDR"), 32.0); // 40 Gb/s signalling, 8b/10b
    QCOMPARE(io::ibDataRateGbps(4, "FDR10"), 40.0);
    QVERIFY(qAbs(io::ibDataRateGbps(4, "FDR") - 54.545454) < 1e-4); // 56.25 x 64/66
    QCOMPARE(io::ibDataRateGbps(4, "EDR"), 100.0);
    QCOMPARE(io::ibDataRateGbps(4, "HDR"), 200.0);
    QCOMPARE(io::ibDataRateGbps(4, "NDR"), 400.0);
    QCOMPARE(io::ibDataRateGbps(4, "XDR"), 800.0);
    QCOMPARE(io::ibDataRateGbps(12, "QDR"), 96.0);
    QCOMPARE(io::ibDataRateGbps(4, "QQR"), 0.0);
}

void TestIoIbnetdiscover::importsEveryReferenceDump_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("switches");
    QTest::addColumn<int>("endpoints");
    QTest::addColumn<int>("links");
    // Counts from tests/data/ibnetdiscover/README.md.
    QTest::newRow("X5") << "psmn_X5.ibnetdiscover.topofile" << 11 << 89 << 159;
    QTest::newRow("EDR") << "edr_2level_fattree_6sw_96hca.ibnetdiscover.switches.txt" << 6 << 96
                         << 144;
    QTest::newRow("man page") << "jabl_ibtopotool_tests_1.topo" << 2 << 5 << 7;
    QTest::newRow("IBM") << "jabl_ibtopotool_tests_2.topo" << 1 << 2 << 2;
    QTest::newRow("NVIDIA") << "jabl_ibtopotool_tests_3.topo" << 2 << 6 << 7;
    QTest::newRow("Oracle") << "jabl_ibtopotool_tests_4.topo" << 1 << 1 << 1;
}

void TestIoIbnetdiscover::importsEveryReferenceDump()
{
    QFETCH(QString, file);
    QFETCH(int, switches);
    QFETCH(int, endpoints);
    QFETCH(int, links);
    // Through the registry, as the CLI and GUI do: the .txt dump is recognised by content.
    const Fabric f = io::loadFabric(fixture(file.toUtf8().constData()));
    const Counts c = countsOf(f);
    QCOMPARE(c.switches, switches);
    QCOMPARE(c.endpoints, endpoints);
    QCOMPARE(c.links, links);
    f.forEachLink([&](const Link &l) { QVERIFY(l.portA >= 0 && l.portB >= 0); });
    QCOMPARE(f.metadata().at("source"), nlohmann::json("ibnetdiscover"));
}

void TestIoIbnetdiscover::x5RolesComeFromTheSpineFile()
{
    const Fabric f = io::loadFabric(fixture("psmn_X5.ibnetdiscover.topofile"));
    const Counts c = countsOf(f);
    QCOMPARE(c.roles.at(SwitchRole::Spine), 5);
    QCOMPARE(c.roles.at(SwitchRole::Leaf), 6);
    // 272 link lines at 4xQDR and 46 at 4xDDR, each cable listed from both ends.
    QCOMPARE(c.linksByGbps.at(32.0), 136);
    QCOMPARE(c.linksByGbps.at(16.0), 23);
    const NodeId spine = f.findNode("Voltaire 4036 # 4036-8C5C");
    QVERIFY(spine != kNoNode);
    QVERIFY(f.node(spine).role == SwitchRole::Spine);
    QCOMPARE(f.node(spine).ports, 36);
    QCOMPARE(f.node(spine).hints.tier, 3);

    // Without the side file the structure decides: switches with CA links are leaves.
    std::ifstream in(fixture("psmn_X5.ibnetdiscover.topofile"));
    const Fabric plain = io::IbnetdiscoverFormat::readWith(in, "X5", {});
    Counts p = countsOf(plain);
    QCOMPARE(p.roles[SwitchRole::Leaf] + p.roles[SwitchRole::Spine] + p.roles[SwitchRole::Core],
             11);
    QVERIFY(p.roles[SwitchRole::Leaf] >= 6);
}

void TestIoIbnetdiscover::x5NamesComeFromTheMapFile()
{
    const Fabric f = io::loadFabric(fixture("psmn_X5.ibnetdiscover.topofile"));
    QVERIFY(f.findNode("x5570comp1") != kNoNode);
    QVERIFY(f.findNode("r510gluster1") != kNoNode);
    // Names stay unique even where node descriptions repeat.
    std::set<std::string> names;
    f.forEachNode([&](const Node &n) { QVERIFY2(names.insert(n.name).second, n.name.c_str()); });
}

void TestIoIbnetdiscover::mapFileNamesMayBeQuoted()
{
    // infiniband-diags' node-name-map quotes names with spaces: the name was cut at its first
    // space and kept its opening quote.
    std::istringstream in("# names\n0x0008f10500108c5c \"Spine A / U1\"  # a comment\n"
                          "H-003048c74e4a0000 x5570comp1\n"
                          "0002c90300080e84   two words # rest\n");
    io::IbnetdiscoverOptions options;
    io::IbnetdiscoverFormat::readMapFile(in, "x.map", options);
    QCOMPARE(options.names.at("0008f10500108c5c"), std::string("Spine A / U1"));
    QCOMPARE(options.names.at("003048c74e4a0000"), std::string("x5570comp1"));
    QCOMPARE(options.names.at("0002c90300080e84"), std::string("two words"));

    const auto error = [](const std::string &text) {
        std::istringstream bad(text);
        io::IbnetdiscoverOptions o;
        try {
            io::IbnetdiscoverFormat::readMapFile(bad, "x.map", o);
        } catch (const UserError &e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    QCOMPARE(error("0x01 a\n\n0x1 b\n"),
        std::string("x.map: line 3: GUID 0000000000000001 is already named on line 1"));
    QCOMPARE(
        error("0x01 \"open\n"), std::string("x.map: line 1: the name's closing '\"' is missing"));
    QCOMPARE(
        error("0x01\n"), std::string("x.map: line 1: expected 'GUID NAME' or 'GUID \"NAME\"'"));
}

void TestIoIbnetdiscover::edrFatTreeStructure()
{
    const Fabric f = io::loadFabric(
        fixture("edr_2level_fattree_6sw_96hca.ibnetdiscover.switches.txt"));
    const Counts c = countsOf(f);
    QCOMPARE(c.roles.at(SwitchRole::Leaf), 4);
    QCOMPARE(c.roles.at(SwitchRole::Spine), 2);
    QCOMPARE(c.linksByGbps.at(16.0), 1); // the degraded 4xDDR cable
    QCOMPARE(c.linksByGbps.at(100.0), 143);
    f.forEachNode([&](const Node &n) {
        if (n.role != SwitchRole::Leaf)
            return;
        int down = 0, up = 0;
        for (LinkId l : f.linksOf(n.id))
            (f.node(f.link(l).other(n.id)).isEndpoint() ? down : up)++;
        QCOMPARE(down, 24);
        QCOMPARE(up, 12);
    });
    const NodeId gpu = f.findNode("node018 HCA-1");
    QVERIFY(gpu != kNoNode);
    QCOMPARE(f.node(gpu).hints.tier, 0);
    // The degraded cable joins leaf ...8480 port 11 and spine ...8200 port 11.
    bool found = false;
    f.forEachLink([&](const Link &l) {
        if (l.capacityGbps == 16.0) {
            found = l.portA == 11 && l.portB == 11;
            QCOMPARE(f.node(l.a).role == SwitchRole::Leaf, f.node(l.b).role == SwitchRole::Spine);
        }
    });
    QVERIFY(found);
}

void TestIoIbnetdiscover::survivesTheLeadingErrorLine()
{
    const Fabric f = io::loadFabric(fixture("jabl_ibtopotool_tests_3.topo"));
    QCOMPARE(f.metadata().at("skipped_loopback_cables"), nlohmann::json(3));
    Counts c = countsOf(f);
    QCOMPARE(c.linksByGbps[32.0], 2);  // 4xQDR
    QCOMPARE(c.linksByGbps[100.0], 1); // 4xEDR
    QCOMPARE(c.linksByGbps[8.0], 1);   // 4xSDR
    QCOMPARE(c.linksByGbps.size(), std::size_t(4)); // and 3 at 4xFDR
}

void TestIoIbnetdiscover::dualPortCaGivesTwoEndpoints()
{
    const Fabric f = io::loadFabric(fixture("jabl_ibtopotool_tests_1.topo"));
    QVERIFY(f.findNode("MT23108 InfiniHost Mellanox Technologies (H-0008f10403960558) port 1")
            != kNoNode);
    QVERIFY(f.findNode("MT23108 InfiniHost Mellanox Technologies (H-0008f10403960558) port 2")
            != kNoNode);
    Counts c = countsOf(f);
    QCOMPARE(c.linksByGbps[2.0], 2); // the two 1xSDR cables
}

void TestIoIbnetdiscover::errorsNameFileAndLine_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    const QString rec = "Switch 36 \"S-0000000000000001\" # \"sw\" base port 0 lid 1 lmc 0\n";
    QTest::newRow("empty") << "" << "t.topo: no ibnetdiscover node records";
    QTest::newRow("link first") << "[1] \"H-02\"[1] # \"x\" lid 2 4xEDR\n"
                                << "t.topo: line 1: a link line before any Switch or Ca record";
    QTest::newRow("bad port count") << "Switch x \"S-01\"\n" << "t.topo: line 1: expected the port count";
    QTest::newRow("bad guid") << "Switch 36 \"S-zz\"\n" << "line 1: expected the node name \"S-<guid>\"";
    QTest::newRow("no rate") << rec + "[1] \"H-02\"[1] # \"x\" lid 2\n"
                             << "t.topo: line 2: no link width and speed";
    QTest::newRow("unknown rate") << rec + "[1] \"H-02\"[1] # \"x\" lid 2 4xQQR\n"
                                  << "line 2: unknown link width and speed '4xQQR'";
    QTest::newRow("width InfiniBand lacks") << rec + "[1] \"H-02\"[1] # \"x\" lid 2 3xSDR\n"
                                            << "line 2: unknown link width and speed '3xSDR'";
    QTest::newRow("bad peer") << rec + "[1] H-02[1] # 4xEDR\n" << "line 2: expected the peer";
    // Only a switch's loopback cables are skipped: an adapter cabled to itself, on a port
    // already cabled to a switch, was taken.
    QTest::newRow("adapter cabled to itself")
        << rec + "[1] \"H-02\"[1] # 4xEDR\n\nCa 2 \"H-02\" # \"h\"\n[1] \"H-02\"[2] # 4xEDR\n"
        << "t.topo: line 5: port 1 of 0000000000000002 is cabled to its own port 2";
    QTest::newRow("loopback port cabled elsewhere")
        << rec + "[1] \"S-01\"[2] # 4xEDR\n[2] \"H-02\"[1] # 4xEDR\n"
        << "t.topo: line 3: port 2 of 0000000000000001 is already linked to";
    // Read and then written, a port past the switch's count made a native file that would not
    // open again: refused here, as the native reader does.
    QTest::newRow("port past the switch's")
        << rec + "[37] \"H-02\"[1] # 4xEDR\n"
        << "t.topo: line 2: port 37 of S-0000000000000001, which has 36 ports (its record is on "
           "line 1)";
    // Listed from both ends, the port past the count was reported as "already linked" on the
    // other end's line; from the end read before the record, on a correct line of the record.
    QTest::newRow("port past the switch's, record after the link")
        << "Ca 1 \"H-02\" # \"h\"\n[1] \"S-01\"[37] # 4xEDR\n\n" + rec
        << "t.topo: line 4: line 2 names port 37 of S-0000000000000001, which has 36 ports (its "
           "record is on line 4)";
    QTest::newRow("port 0") << rec + "[0] \"H-02\"[1] # 4xEDR\n"
                            << "t.topo: line 2: port 0: cabled ports are numbered from 1";
    QTest::newRow("adapter port 0") << rec + "[1] \"H-02\"[0] # 4xEDR\n"
                                    << "t.topo: line 2: port 0: cabled ports are numbered from 1";
    // A second record of a GUID renamed the first and took its links, without a word.
    QTest::newRow("record twice") << rec
            + "[1] \"H-02\"[1] # 4xEDR\n\nSwitch 36 \"S-01\" # \"other\"\n[2] \"H-03\"[1] # 4xEDR\n"
                                  << "t.topo: line 4: \"S-01\" has a record already, on line 1";
    // A record type this reader does not know ends the record above it: its links were added
    // to that switch, on ports it did not have in the dump.
    QTest::newRow("unknown record")
        << rec + "[2] \"H-02\"[1] # 4xEDR\n\nRouter 8 \"R-05\" # \"r\"\n[2] \"H-03\"[1] # 4xEDR\n"
        << "t.topo: line 5: a link line under line 4, which is no Switch, Ca or Rt record";
    QTest::newRow("description too long")
        << "Switch 36 \"S-01\" # \"" + QString(70000, QLatin1Char('d'))
            + "\" lid 1\n"
              "[1] \"H-02\"[1] # 4xEDR\n"
        << "t.topo: line 1: node 0: name: a string longer than 65536 bytes (the limit)";
    QTest::newRow("port reused") << rec + "[1] \"H-02\"[1] # 4xEDR\n[1] \"H-03\"[1] # 4xEDR\n"
                                 << "line 3: port 1 of 0000000000000001 is already linked to "
                                    "0000000000000002 port 1 (line 2)";
}

void TestIoIbnetdiscover::errorsNameFileAndLine()
{
    QFETCH(QString, text);
    QFETCH(QString, message);
    try {
        readText(text.toStdString());
        QFAIL("no error");
    } catch (const UserError &e) {
        QVERIFY2(QString::fromStdString(e.what()).contains(message), e.what());
    }
}

void TestIoIbnetdiscover::importRoundTripsThroughNative()
{
    const Fabric f = io::loadFabric(fixture("psmn_X5.ibnetdiscover.topofile"));
    std::stringstream s;
    io::findFormat("native")->write(f, s);
    QVERIFY(io::findFormat("native")->read(s, "x.fabric.json") == f);
    // And on to Slurm, as ibtopotool does from a dump: its switches are named after their
    // description, with blanks Slurm cannot read, and no import could be written.
    std::stringstream conf;
    io::findFormat("slurm")->write(f, conf);
    QVERIFY(conf.str().find("SwitchName=") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestIoIbnetdiscover)
#include "tst_io_ibnetdiscover.moc"
