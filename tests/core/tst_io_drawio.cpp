// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "iofixture.h"

#include "io/xml/xmlreader.h"

#include <QtTest>

#include <map>

using namespace fabric;
using testing::writtenAs;

class TestIoDrawio : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void isAnMxGraphDocument();
    void groupsNodesByPod();
    void placesNodesAtTheirPositions();
    void bowsLinksOverTheNodesOfTheirRow();
};

namespace {

/// Every mxCell of a document, by id: its attributes and its geometry's.
struct Cells final : io::xml::Handler
{
    std::map<std::string, std::map<std::string, std::string>> cells;
    std::vector<std::string> path;
    std::string current;
    void startElement(
        std::string_view name, const std::vector<io::xml::Attribute> &attributes, int) override
    {
        path.emplace_back(name);
        if (name == "mxPoint") { // an edge's waypoint
            for (const auto &a : attributes)
                cells[current]["point." + std::string(a.name)] = a.value;
            return;
        }
        if (name != "mxCell" && name != "mxGeometry")
            return;
        std::map<std::string, std::string> values;
        for (const auto &a : attributes)
            values[a.name] = a.value;
        if (name == "mxCell") {
            current = values["id"];
            cells[current] = values;
        } else {
            for (const auto &[k, v] : values)
                cells[current]["geometry." + k] = v;
        }
    }
    void endElement(std::string_view, int) override { path.pop_back(); }
    void text(std::string_view, int) override { }
};

Cells parsedCells(const Fabric &f)
{
    Cells c;
    io::xml::parse(writtenAs("drawio", f), "x.drawio", c);
    return c;
}

} // namespace

void TestIoDrawio::isAnMxGraphDocument()
{
    const std::string xml = writtenAs("drawio", testing::smallClos());
    const auto at = [&](const char *s) { return xml.find(s); };
    QVERIFY(at("<mxfile") < at("<diagram") && at("<diagram") < at("<mxGraphModel")
        && at("<mxGraphModel") < at("<root>"));
    QVERIFY(at("<root>\n        <mxCell id=\"0\"/>\n        <mxCell id=\"1\" parent=\"0\"/>")
        != std::string::npos);
    const Cells c = parsedCells(testing::smallClos()); // well-formed XML
    std::size_t edges = 0, vertices = 0;
    for (const auto &[id, cell] : c.cells) {
        edges += cell.count("edge") != 0;
        vertices += cell.count("vertex") != 0 && id[0] == 'n';
    }
    QCOMPARE(vertices, std::size_t(9));
    QCOMPARE(edges, std::size_t(11)); // parallel leaf1-spine1 links stay two edges
    QCOMPARE(c.cells.at("e8").at("source"), std::string("n6"));
    QCOMPARE(c.cells.at("e9").at("source"), std::string("n6"));
    QCOMPARE(c.cells.at("e9").at("target"), std::string("n8"));
    // A name's line break and tab go as references: raw in an attribute, XML reads blanks, and
    // draw.io showed "new line".
    Fabric named = testing::smallClos();
    named.node(0).name = "new\nline\ttab";
    const std::string text = writtenAs("drawio", named);
    QVERIFY2(text.find("value=\"new&#10;line&#9;tab\"") != std::string::npos, text.c_str());
}

void TestIoDrawio::groupsNodesByPod()
{
    const Cells c = parsedCells(testing::smallClos());
    for (const char *group : { "g0", "g1" }) {
        const auto &cell = c.cells.at(group);
        QVERIFY(cell.at("style").find("container=1") != std::string::npos);
        QCOMPARE(cell.at("parent"), std::string("1"));
    }
    QCOMPARE(c.cells.at("g0").at("value"), std::string("Pod 0"));
    QCOMPARE(c.cells.at("n0").at("parent"), std::string("g0")); // h01-gpu0
    QCOMPARE(c.cells.at("n5").at("parent"), std::string("g1")); // h02
    QCOMPARE(c.cells.at("n8").at("parent"), std::string("1")); // spine1: no pod
}

void TestIoDrawio::placesNodesAtTheirPositions()
{
    Fabric f = testing::smallClos();
    f.forEachNode([&](const Node &n) {
        f.node(n.id).hints.position = std::pair { 100.0 * n.id, 50.0 * n.hints.tier };
    });
    const Cells c = parsedCells(f);
    // A child's geometry is relative to its container: add the container's corner back.
    auto centre = [&](const std::string &id) {
        const auto &cell = c.cells.at(id);
        double x = std::stod(cell.at("geometry.x")) + std::stod(cell.at("geometry.width")) / 2;
        double y = std::stod(cell.at("geometry.y")) + std::stod(cell.at("geometry.height")) / 2;
        if (cell.at("parent") != "1") {
            x += std::stod(c.cells.at(cell.at("parent")).at("geometry.x"));
            y += std::stod(c.cells.at(cell.at("parent")).at("geometry.y"));
        }
        return std::pair { x, y };
    };
    // Scene units are drawn 3 pixels each.
    QCOMPARE(centre("n8"), (std::pair { 2400.0, 450.0 }));
    QCOMPARE(centre("n3"), (std::pair { 900.0, 0.0 }));
    QCOMPARE(centre("n6"), (std::pair { 1800.0, 300.0 }));
}

void TestIoDrawio::bowsLinksOverTheNodesOfTheirRow()
{
    // A ring of four switches in a row (a torus's X ring) and a column of three GPUs, as the
    // canvas places them (scene units, drawn 3 pixels each).
    Fabric f;
    NodeId s[4], g[3];
    for (int i = 0; i < 4; ++i) {
        s[i] = testing::addNode(f, NodeKind::Switch, "s" + std::to_string(i));
        f.node(s[i]).hints.position = std::pair { 30.0 * i, 0.0 };
    }
    for (int i = 0; i < 3; ++i) {
        g[i] = testing::addNode(f, NodeKind::Gpu, "g" + std::to_string(i));
        f.node(g[i]).hints.position = std::pair { 200.0, 10.0 + 20.0 * i };
    }
    std::vector<LinkId> straight;
    for (int i = 0; i < 3; ++i)
        straight.push_back(testing::addLink(f, s[i], s[i + 1], 400));
    const LinkId wrap = testing::addLink(f, s[3], s[0], 400);
    straight.push_back(testing::addLink(f, g[0], g[1], 400));
    const LinkId down = testing::addLink(f, g[0], g[2], 400);
    straight.push_back(testing::addLink(f, s[3], g[0], 400)); // diagonal: nothing in between
    const Cells c = parsedCells(f);
    auto cell = [&](LinkId l) { return c.cells.at("e" + std::to_string(l)); };
    for (LinkId l : straight) {
        QVERIFY2(!cell(l).count("point.x"), qPrintable(QString::number(l)));
        QVERIFY(cell(l).at("style").find("curved") == std::string::npos);
    }
    // The wrap-around goes over the row, not along it through s1 and s2: a curve through a
    // point above the middle, clear of the switches (30 px tall).
    QCOMPARE(std::stod(cell(wrap).at("point.x")), 135.0);
    QVERIFY(std::stod(cell(wrap).at("point.y")) < -15 - 12);
    QVERIFY(cell(wrap).at("style").find("curved=1") != std::string::npos);
    // The column's long link goes left of g1.
    QVERIFY(std::stod(cell(down).at("point.x")) < 600 - 12 - 12);
    QCOMPARE(std::stod(cell(down).at("point.y")), 90.0);
}

QTEST_GUILESS_MAIN(TestIoDrawio)
#include "tst_io_drawio.moc"
