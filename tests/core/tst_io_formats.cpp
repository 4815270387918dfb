// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/fabricfile.h"
#include "io/formatregistry.h"
#include "model/error.h"

#include <QtTest>

#include <sstream>

using namespace fabric;

class TestIoFormats : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void registryPicksFormatsByExtension();
    void unknownContentIsAClearError();
    void knownFormatsSayWhatTheyCanDo();
    void newFormatsAreRegistered();
    void graphmlHasEveryNodeAndEdge();
    void dotHasEveryNodeAndEdge();
};

namespace {

Fabric smallFabric()
{
    Fabric f;
    Node s;
    s.kind = NodeKind::Switch;
    s.role = SwitchRole::Leaf;
    s.name = "leaf <0> & \"co\"";
    const NodeId a = f.addNode(s);
    Node g;
    g.kind = NodeKind::Gpu;
    g.name = "gpu0";
    const NodeId b = f.addNode(g);
    Link l;
    l.a = a;
    l.b = b;
    l.capacityGbps = 400;
    l.latencyNs = 50;
    l.medium = Medium::InfiniBand;
    f.addLink(l);
    return f;
}

std::string written(const char *format, const Fabric &f)
{
    std::ostringstream out;
    io::findFormat(format)->write(f, out);
    return out.str();
}

} // namespace

void TestIoFormats::registryPicksFormatsByExtension()
{
    using io::Access;
    QCOMPARE(io::formats().front()->name(), std::string_view("native"));
    QCOMPARE(io::formatForFile("a/b.fabric.json", Access::Read)->name(), std::string_view("native"));
    QCOMPARE(io::formatForFile("B.FABRIC.JSON", Access::Write)->name(), std::string_view("native"));
    QCOMPARE(io::formatForFile("x.topo", Access::Read)->name(), std::string_view("ibnetdiscover"));
    QVERIFY(io::formatForFile("x.topo", Access::Write) == nullptr); // import only
    QCOMPARE(io::formatForFile("x.graphml", Access::Write)->name(), std::string_view("graphml"));
    QCOMPARE(io::formatForFile("x.graphml", Access::Read)->name(), std::string_view("graphml"));
    QCOMPARE(io::formatForFile("x.gv", Access::Write)->name(), std::string_view("dot"));
    QVERIFY(io::formatForFile("x.fabricjson", Access::Read) == nullptr);
    QVERIFY(io::formatForFile("x.txt", Access::Read) == nullptr);
    // By content when the extension says nothing
    QCOMPARE(io::formatForContent("dump.txt", "vendid=0x2c9\nswitchguid=0x1(1)\n")->name(),
             std::string_view("ibnetdiscover"));
    QCOMPARE(io::formatForContent("f.txt", "{\"format\": \"fabricscope-fabric\"")->name(),
             std::string_view("native"));
    const std::string all = io::describeFormats(Access::Write);
    QVERIFY2(all.find("native (*.fabric.json *.json)") != std::string::npos, all.c_str());
    // Titles and export names: the file's name without its folder and its format's extension
    // (the longest one), dots before it kept.
    QCOMPARE(io::fabricNameOf("topologies/meta-2-zones.fabric.json"), std::string("meta-2-zones"));
    QCOMPARE(io::fabricNameOf("/a.b/review.v2.json"), std::string("review.v2"));
    QCOMPARE(io::fabricNameOf("dump.TOPO"), std::string("dump"));
    QCOMPARE(io::fabricNameOf("notes.txt"), std::string("notes.txt"));
    QCOMPARE(io::fabricNameOf(".fabric.json"), std::string(".fabric.json"));
}

void TestIoFormats::unknownContentIsAClearError()
{
    std::istringstream in("just some text\n");
    try {
        io::readFabric(in, "notes.txt");
        QFAIL("read an unknown format");
    } catch (const UserError &e) {
        QVERIFY2(QString(e.what()).startsWith(
                     "notes.txt: unknown file format: neither its extension nor "
                     "its content is one FabricScope reads (native, "),
            e.what());
    }
    std::istringstream graphml("<graphml/>");
    QVERIFY_THROWS_EXCEPTION(UserError, io::readFabric(graphml, "x.graphml"));
}

void TestIoFormats::knownFormatsSayWhatTheyCanDo()
{
    auto readError = [](const char *file) {
        std::istringstream in("digraph {}\n");
        try {
            io::readFabric(in, file);
        } catch (const UserError &e) {
            return std::string(e.what());
        }
        return std::string("(read)");
    };
    const std::string dot = readError("x.dot");
    QVERIFY2(dot.rfind("x.dot: Graphviz DOT can be written, not read (readable: native, ", 0) == 0,
        dot.c_str());
    QVERIFY(readError("x.drawio").rfind("x.drawio: draw.io diagram can be written, not read", 0)
            == 0);
    QVERIFY(readError("t.topology.conf").find("Slurm topology.conf can be written")
            != std::string::npos);
    QVERIFY(readError("t.cm").find("unknown") == std::string::npos);
    try {
        io::saveFabric(smallFabric(), "x.topo");
        QFAIL("wrote an ibnetdiscover dump");
    } catch (const UserError &e) {
        QVERIFY2(QString(e.what()).startsWith("x.topo: InfiniBand ibnetdiscover topology can be "
                                              "read, not written"),
                 e.what());
    }
}

void TestIoFormats::newFormatsAreRegistered()
{
    using io::Access;
    const std::pair<const char *, const char *> byFile[] = {
        {"x.graphml", "graphml"},     {"x.drawio", "drawio"}, {"x.simai.txt", "simai"},
        {"x.ns3.txt", "ns3"},         {"topology.conf", "slurm"}, {"a/x.cm", "htsim"}};
    for (const auto &[file, name] : byFile)
        QCOMPARE(io::formatForFile(file, Access::Write)->name(), std::string_view(name));
    QCOMPARE(io::formatForFile("x.graphml", Access::Read)->name(), std::string_view("graphml"));
    QCOMPARE(io::formatForContent("x.xml", "<?xml?>\n<graphml xmlns=...>")->name(),
             std::string_view("graphml"));
    QVERIFY(io::findFormat("htsim")->needsScenario());
    QVERIFY(io::findFormat("drawio")->usesPositions());
    const std::string written = io::describeFormats(Access::Write);
    for (const char *name :
         {"drawio (", "simai (", "ns3 (", "slurm (", "htsim (*.cm, from a scenario"})
        QVERIFY2(written.find(name) != std::string::npos, written.c_str());
    QVERIFY(io::describeFormats(Access::Read).find("graphml (*.graphml)") != std::string::npos);
}

void TestIoFormats::graphmlHasEveryNodeAndEdge()
{
    const std::string xml = written("graphml", smallFabric());
    QVERIFY(xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", 0) == 0);
    QVERIFY(xml.find("<node id=\"n0\">") != std::string::npos);
    QVERIFY(xml.find("<edge id=\"e0\" source=\"n0\" target=\"n1\">") != std::string::npos);
    QVERIFY(xml.find("leaf &lt;0&gt; &amp; &quot;co&quot;") != std::string::npos);
    QVERIFY(xml.find("<data key=\"capacity_gbps\">400</data>") != std::string::npos);
    QVERIFY(xml.find("<data key=\"role\">leaf</data>") != std::string::npos);
    QVERIFY(xml.find("attr.name=\"capacity_gbps\" attr.type=\"double\"") != std::string::npos);
    QVERIFY(xml.rfind("</graphml>\n") == xml.size() - 11);
}

void TestIoFormats::dotHasEveryNodeAndEdge()
{
    const std::string dot = written("dot", smallFabric());
    QVERIFY(dot.rfind("graph fabric {", 0) == 0);
    QVERIFY(dot.find("n0 [label=\"leaf <0> & \\\"co\\\"\"") != std::string::npos);
    QVERIFY(dot.find("n0 -- n1 [id=0 capacity_gbps=400 latency_ns=50 medium=infiniband")
            != std::string::npos);
    // Graphviz numerals have no exponent ("1e+06" is a syntax error), and a NUL ends its
    // strings.
    Fabric large = smallFabric();
    large.link(0).capacityGbps = 1e6;
    large.link(0).latencyNs = 0.000001;
    large.node(0).name = std::string("a\0b", 3);
    const std::string plain = written("dot", large);
    QVERIFY2(plain.find("capacity_gbps=1000000 latency_ns=0.000001 ") != std::string::npos,
        plain.c_str());
    QVERIFY(plain.find('\0') == std::string::npos);
    QVERIFY(plain.find("[label=\"ab\"") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestIoFormats)
#include "tst_io_formats.moc"
