// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "handmadefabric.h"
#include "iofixture.h"

#include "generators/registry.h"
#include "io/fabricfile.h"
#include "model/error.h"

#include <QtTest>

#include <sstream>

using namespace fabric;
using testing::dataFile;

class TestIoGraphml : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void roundTripKeepsEveryField();
    void roundTripKeepsGeneratedFabrics_data();
    void roundTripKeepsGeneratedFabrics();
    void roundTripKeepsTheIdsOfAnEditedFabric();
    void charactersXmlCannotHoldAreLeftOut();
    void readsNetworkxFile();
    void readsYedFile();
    void errorsNameFileAndLine_data();
    void errorsNameFileAndLine();
};

namespace {

Fabric readBack(const std::string &text, const std::string &name = "x.graphml")
{
    std::istringstream in(text);
    return io::readFabric(in, name);
}

Fabric readData(const std::string &relative)
{
    return readBack(dataFile(relative), relative);
}

NodeId named(const Fabric &f, const char *name)
{
    const NodeId id = f.findNode(name);
    if (id == kNoNode)
        throw std::runtime_error(std::string("no node ") + name);
    return id;
}

} // namespace

void TestIoGraphml::roundTripKeepsEveryField()
{
    Fabric f = testing::smallClos();
    Node &leaf = f.node(f.findNode("leaf1"));
    leaf.name = "leaf <1> & \"co\"";
    leaf.ports = 64;
    leaf.switchLatencyNs = 125.5;
    leaf.sharpCapable = true;
    leaf.hints.position = std::pair { 12.5, -3.0 };
    Node ocs;
    ocs.kind = NodeKind::Ocs;
    ocs.name = "ocs";
    ocs.circuits = { { 0, 1 }, { 2, 3 } };
    f.addNode(ocs);
    f.generator().family = "hand";
    f.generator().params = { { "k", 2 } };
    f.generator().modified = true;
    f.metadata() = { { "title", "small" } };
    // GraphML has no place for saved scenarios: they ride in the metadata text and come back
    // out of it (back == f compares both).
    f.scenarios() = nlohmann::json::array({ { { "name", "ring" }, { "bytes", 1024 } } });
    const Fabric back = readBack(testing::writtenAs("graphml", f));
    QVERIFY(back == f);
}

void TestIoGraphml::roundTripKeepsGeneratedFabrics_data()
{
    testing::addSmallFamilies({ "ib-fat-tree", "hpn", "tpu-torus", "dragonfly" });
}

void TestIoGraphml::roundTripKeepsGeneratedFabrics()
{
    const Fabric f = testing::smallGeneratedFabric();
    const Fabric back = readBack(testing::writtenAs("graphml", f));
    QCOMPARE(back.nodeCount(), f.nodeCount());
    QCOMPARE(back.linkCount(), f.linkCount());
    QVERIFY(back == f);
}

void TestIoGraphml::roundTripKeepsTheIdsOfAnEditedFabric()
{
    // What is left of a fabric after deleting most of it: its ids start far from 0. The
    // reader kept ids only below 4 x nodes + 1,024 (the native format allows 65,536 more), so
    // it numbered the nodes afresh and a GPU's host, written as an id, named no node.
    Fabric f;
    for (int i = 0; i < 3000; ++i)
        testing::addNode(f, NodeKind::Switch, "gone" + std::to_string(i));
    const NodeId h = testing::addNode(f, NodeKind::Host, "h0");
    const NodeId leaf = testing::addNode(f, NodeKind::Switch, "leaf");
    for (int g = 0; g < 2; ++g) {
        const NodeId id = testing::addNode(f, NodeKind::Gpu, "h0-gpu" + std::to_string(g));
        f.node(id).host = h;
        testing::addLink(f, id, h, 900, 0, Medium::NvLink);
        testing::addLink(f, id, leaf, 400);
    }
    for (NodeId n = 0; n < 3000; ++n)
        f.removeNode(n);
    const Fabric back = readBack(testing::writtenAs("graphml", f));
    QCOMPARE(back.node(named(back, "h0-gpu1")).host, h);
    QCOMPARE(named(back, "leaf"), leaf);
    QVERIFY(back == f);
}

void TestIoGraphml::charactersXmlCannotHoldAreLeftOut()
{
    // XML 1.0 holds no control characters but tab and newline, nor U+FFFE and U+FFFF:
    // xmllint, NetworkX and yEd refused the file.
    Fabric f = testing::smallClos();
    f.node(0).name = "h\x01\xEF\xBF\xBE"
                     "a\xEF\xBF\xBF\xE2\x82\xAC";
    for (const char *format : { "graphml", "drawio" }) {
        const std::string xml = testing::writtenAs(format, f);
        QVERIFY2(xml.find("\xEF\xBF\xBE") == std::string::npos, format);
        QVERIFY2(xml.find("\xEF\xBF\xBF") == std::string::npos, format);
        QVERIFY2(xml.find('\x01') == std::string::npos, format);
        QVERIFY2(xml.find("ha\xE2\x82\xAC") != std::string::npos, format); // the euro stays
    }
    QCOMPARE(
        readBack(testing::writtenAs("graphml", f)).node(0).name, std::string("ha\xE2\x82\xAC"));
}

void TestIoGraphml::readsNetworkxFile()
{
    const Fabric f = readData("graphml/networkx.graphml");
    QCOMPARE(f.nodeCount(), std::size_t(7));
    QCOMPARE(f.linkCount(), std::size_t(6));
    const Node &spine = f.node(named(f, "spine1"));
    QVERIFY(spine.kind == NodeKind::Switch);
    QVERIFY(spine.role == SwitchRole::Spine);
    QCOMPARE(spine.hints.tier, 3);
    QVERIFY(f.node(named(f, "gpu2")).kind == NodeKind::Gpu); // "GPU": case does not matter
    QVERIFY(f.node(named(f, "gpu3")).kind == NodeKind::Gpu); // no kind, one link: an endpoint
    QCOMPARE(f.endpoints().size(), std::size_t(4));
    const NodeId s = named(f, "spine1"), l1 = named(f, "leaf1"), g0 = named(f, "gpu0");
    for (LinkId id : f.linksOf(s)) {
        const Link &l = f.link(id);
        // The first edge says no capacity: the key's <default> of 800 applies.
        QCOMPARE(l.capacityGbps, l.other(s) == l1 ? 800.0 : 400.0);
        QVERIFY(l.medium == Medium::Ethernet);
    }
    const Link &down = f.link(f.linksOf(g0).front());
    QCOMPARE(down.latencyNs, 250.0);
    QCOMPARE(down.other(g0), l1);
}

void TestIoGraphml::readsYedFile()
{
    const Fabric f = readData("graphml/yed.graphml");
    // The group node (the rack) is a drawing aid, not a fabric node.
    QCOMPARE(f.nodeCount(), std::size_t(3));
    QCOMPARE(f.linkCount(), std::size_t(2));
    QVERIFY(f.findNode("Rack & Row 1") == kNoNode);
    const NodeId tor = named(f, "tor-a");
    QVERIFY(f.node(tor).kind == NodeKind::Switch); // from the key's default
    QVERIFY(f.node(named(f, "node-01")).kind == NodeKind::Gpu);
    QVERIFY(f.node(named(f, "node-02")).kind == NodeKind::Gpu);
    for (LinkId id : f.linksOf(tor))
        QCOMPARE(f.link(id).capacityGbps, 200.0);
}

void TestIoGraphml::errorsNameFileAndLine_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    const QString head = "<graphml>\n<key id=\"c\" for=\"edge\" attr.name=\"capacity_gbps\"/>\n"
                         "<graph>\n<node id=\"a\"/>\n<node id=\"b\"/>\n";
    QTest::newRow("undeclared key") << head
            + "<edge source=\"a\" target=\"b\"><data key=\"q\">1"
              "</data></edge></graph></graphml>"
                                    << "bad.graphml:6: <data key=\"q\"> names no <key>";
    QTest::newRow("bad number")
        << head
            + "<edge source=\"a\" target=\"b\">\n<data key=\"c\">fast"
              "</data></edge></graph></graphml>"
        << "bad.graphml:6: edge 'a' -- 'b': capacity_gbps 'fast' is not a number";
    QTest::newRow("missing node") << head + "<edge source=\"a\" target=\"z\"/></graph></graphml>"
                                  << "bad.graphml:6: edge 'a' -- 'z': 'z' is not a node";
    QTest::newRow("self loop") << head + "<edge source=\"a\" target=\"a\"/></graph></graphml>"
                               << "bad.graphml:6: edge 'a' -- 'a': a link from a node to itself";
    QTest::newRow("edge with an id")
        << head + "<edge id=\"e7\" source=\"a\" target=\"a\"/></graph></graphml>"
        << "bad.graphml:6: edge 'e7': a link from a node to itself";
    QTest::newRow("hyperedge") << head + "<hyperedge/></graph></graphml>"
                               << "bad.graphml:6: <hyperedge> cannot be read";
    QTest::newRow("no graph") << "<graphml/>"
                              << "bad.graphml: no <graph> element";
    QTest::newRow("not graphml") << "<svg/>"
                                 << "bad.graphml:1: the root element is <svg>";
    QTest::newRow("bad kind")
        << "<graphml><key id=\"k\" for=\"node\" attr.name=\"kind\"/><graph>\n<node id=\"a\">"
           "<data key=\"k\">router</data></node></graph></graphml>"
        << "bad.graphml:2: node 'a': kind 'router' is not gpu, host, switch or ocs";
    // The native format's limits and cross-checks, at the element's line: GraphML read them
    // as they came, so `convert` wrote native files the app then refused to open, and a
    // 1e300 Gb/s link printed its capacity with 300 digits.
    QTest::newRow("capacity too large") << head
            + "<edge source=\"a\" target=\"b\">\n<data key=\"c\">1e12</data></edge>"
              "</graph></graphml>"
                                        << "bad.graphml:6: edge 'a' -- 'b': capacity_gbps: 1e+12 "
                                           "is out of range (allowed 0.001 to 1e+06)";
    QTest::newRow("capacity just too large")
        << head
            + "<edge source=\"a\" target=\"b\">\n<data key=\"c\">1000001</data></edge>"
              "</graph></graphml>"
        << "bad.graphml:6: edge 'a' -- 'b': capacity_gbps: 1000001 is "
           "out of range (allowed 0.001 to 1e+06)";
    QTest::newRow("plane too large")
        << "<graphml><key id=\"p\" for=\"edge\" attr.name=\"plane\"/><graph>\n<node id=\"a\"/>"
           "<node id=\"b\"/>\n<edge source=\"a\" target=\"b\"><data key=\"p\">5000</data>"
           "</edge></graph></graphml>"
        << "bad.graphml:3: edge 'a' -- 'b': plane: 5000 is out of range (allowed -1 to 1023)";
    QTest::newRow("host not a host")
        << "<graphml><key id=\"k\" for=\"node\" attr.name=\"kind\"/>"
           "<key id=\"h\" for=\"node\" attr.name=\"host\"/><graph>\n"
           "<node id=\"g\"><data key=\"k\">gpu</data><data key=\"h\">s</data></node>\n"
           "<node id=\"s\"><data key=\"k\">switch</data></node></graph></graphml>"
        << "bad.graphml:2: node 'g': host: 's' is a switch, not a host";
    QTest::newRow("port in two circuits")
        << "<graphml><key id=\"k\" for=\"node\" attr.name=\"kind\"/>"
           "<key id=\"c\" for=\"node\" attr.name=\"circuits\"/><graph>\n"
           "<node id=\"o\"><data key=\"k\">ocs</data><data key=\"c\">0:1 1:2</data></node>"
           "</graph></graphml>"
        << "bad.graphml:2: node 'o': circuits/1: port 1 is already in circuit 0";
    // Each of these converted to a native file that the app then refused to open.
    const QString graphKeys
        = "<graphml><key id=\"f\" for=\"graph\" attr.name=\"generator_family\"/>"
          "<key id=\"g\" for=\"graph\" attr.name=\"generator_params\"/>"
          "<key id=\"m\" for=\"graph\" attr.name=\"metadata\"/>"
          "<key id=\"x\" for=\"node\" attr.name=\"x\"/>"
          "<key id=\"y\" for=\"node\" attr.name=\"y\"/>"
          "<key id=\"z\" for=\"node\" attr.name=\"z\"/>";
    QTest::newRow("name too long") << "<graphml><graph>\n<node id=\""
            + QString(70000, QLatin1Char('n')) + "\"/></graph></graphml>"
                                   << "bad.graphml:2: node 'nnnn";
    QTest::newRow("family too long")
        << graphKeys + "<graph>\n<data key=\"f\">" + QString(70000, QLatin1Char('f'))
            + "</data></graph></graphml>"
        << "bad.graphml:2: <graph>: generator_family: a string longer than 65536 bytes";
    QTest::newRow("params not an object")
        << graphKeys + "<graph><data key=\"g\">[1,2]</data></graph></graphml>"
        << "bad.graphml:1: <graph>: generator_params: expected a JSON object, found an array";
    QTest::newRow("metadata not an object")
        << graphKeys + "<graph><data key=\"m\">5</data></graph></graphml>"
        << "bad.graphml:1: <graph>: metadata: expected a JSON object, found the integer 5";
    // Named at the line of its <data>, not of the file's start.
    QTest::newRow("scenarios not an array")
        << graphKeys + "<graph>\n\n<data key=\"m\">{\"scenarios\":5}</data></graph></graphml>"
        << "bad.graphml:3: <graph>: metadata: scenarios: expected an array, found the integer 5";
    const QString tierKey = "<graphml><key id=\"t\" for=\"node\" attr.name=\"tier\"/><graph>\n";
    QTest::newRow("tier out of range")
        << tierKey + "<node id=\"a\"><data key=\"t\">99999999999</data></node></graph></graphml>"
        << "bad.graphml:2: node 'a': tier '99999999999' is out of range";
    QTest::newRow("tier not whole")
        << tierKey + "<node id=\"a\"><data key=\"t\">1.5</data></node></graph></graphml>"
        << "bad.graphml:2: node 'a': tier '1.5' is not a whole number";
    // 63 levels under the metadata's own object: 64 from a native file's root.
    QTest::newRow("metadata as deep as the limit")
        << graphKeys + "<graph><data key=\"m\">" + QString("{\"a\":").repeated(63) + "{}"
            + QString("}").repeated(63) + "</data></graph></graphml>"
        << "bad.graphml:1: <graph>: metadata: /a/a/a/";
    QTest::newRow("sparse torus")
        << graphKeys
            + "<graph>\n<node id=\"a\"><data key=\"x\">0</data><data key=\"y\">0</data>"
              "<data key=\"z\">0</data></node>\n<node id=\"b\"><data key=\"x\">4095</data>"
              "<data key=\"y\">4095</data><data key=\"z\">4095</data></node></graph></graphml>"
        << "bad.graphml:3: node 'b': hints: torus coordinates span 4096 x 4096 x 4096 for 2 chips";
    QTest::newRow("entity") << "<!DOCTYPE x [<!ENTITY a \"b\">]><graphml/>"
                            << "bad.graphml:1: DOCTYPE and ENTITY declarations are not accepted";
}

void TestIoGraphml::errorsNameFileAndLine()
{
    QFETCH(QString, text);
    QFETCH(QString, error);
    try {
        readBack(text.toStdString(), "bad.graphml");
        QFAIL("read a bad file");
    } catch (const UserError &e) {
        QVERIFY2(QString(e.what()).startsWith(error), e.what());
    }
}

QTEST_GUILESS_MAIN(TestIoGraphml)
#include "tst_io_graphml.moc"
