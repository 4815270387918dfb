// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile input to the native reader and what it reaches: every number finite and in its stated
// range, nesting, string and count limits named by JSON path, a torus grid in proportion to its
// chips, integer overflow-free torus detection and bisection, a clock that cannot become
// infinite, and clean error text (escaped, cut, BOM skipped, binary named).
#include "iofixture.h"

#include "io/common/cleantext.h"
#include "io/common/fabriclimits.h"
#include "io/fabricfile.h"
#include "model/error.h"
#include "model/fabric.h"
#include "model/metrics.h"
#include "route/router.h"
#include "sim/engine.h"

#include <QtTest>

#include <sstream>

using namespace fabric;

namespace {

const std::string kHead = R"({"format":"fabricscope-fabric","version":1,)";

/// A file of two GPUs with hints @p h0 and @p h1 and one link of @p linkFields.
std::string twoGpus(const std::string &h0, const std::string &h1,
                    const std::string &linkFields = R"("capacity_gbps":100,"latency_ns":100)")
{
    return kHead + R"("nodes":[{"id":0,"kind":"gpu","hints":)" + h0
        + R"(},{"id":1,"kind":"gpu","hints":)" + h1
        + R"(}],"links":[{"id":0,"a":0,"b":1,"medium":"ici",)" + linkFields + "}]}";
}

/// The UserError reading @p text gives, or "" when it reads.
QString readError(const std::string &text)
{
    std::istringstream in(text);
    try {
        io::readFabric(in, "x.fabric.json");
    } catch (const UserError &e) {
        return QString::fromStdString(e.what());
    }
    return QString();
}

std::string nested(int depth)
{
    return std::string(static_cast<std::size_t>(depth), '[')
        + std::string(static_cast<std::size_t>(depth), ']');
}

} // namespace

class TestIoLimits : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void refuses_data();
    void refuses();
    void acceptsTheEdges_data();
    void acceptsTheEdges();
    void skipsBom();
    void trimsAsciiWhiteSpaceOnly();
    void torusDetectionIgnoresSparseCoordinates();
    void bisectionOfHugeCoordinates();
    void infiniteClockIsAnError();
    void escapesAndCuts();
    void faultsNameNamelessNodesById();
};

void TestIoLimits::refuses_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("message");
    auto row = [](const char *name, const std::string &text, const char *message) {
        QTest::newRow(name) << QByteArray::fromStdString(text) << QString(message);
    };
    const std::string plain = R"({"tier":0})";
    row("coordinate INT_MAX", twoGpus(R"({"x":0,"y":0,"z":0})", R"({"x":2147483647,"y":0,"z":0})"),
        "x.fabric.json: /nodes/1/hints/x: 2147483647 is out of range (allowed -1 to 4095)");
    row("sparse torus", twoGpus(R"({"x":0,"y":0,"z":0})", R"({"x":999,"y":999,"z":299})"),
        "x.fabric.json: /nodes/1/hints: torus coordinates span 1000 x 1000 x 300 for 2 chips");
    // Two chips in one cell: the torus kept one, and a run simulated 0 flows in 0 s.
    row("two chips in one place", twoGpus(R"({"x":0,"y":0,"z":0})", R"({"x":0,"y":0,"z":0})"),
        "x.fabric.json: /nodes/1/hints: torus coordinates (0, 0, 0) are those of node 0 too");
    row("hint too large", twoGpus(R"({"pod":1048576})", plain),
        "/nodes/0/hints/pod: 1048576 is out of range (allowed -1 to 1048575)");
    row("position", twoGpus(R"({"position":[0,1e300]})", plain),
        "/nodes/0/hints/position/1: must be at most 1e+09");
    row("latency 1e308", twoGpus(plain, plain, R"("capacity_gbps":100,"latency_ns":1e308)"),
        "x.fabric.json: /links/0/latency_ns: must be at most 1e+09 (found 1e+308)");
    row("capacity 5e-324", twoGpus(plain, plain, R"("capacity_gbps":5e-324)"),
        "/links/0/capacity_gbps: must be at least 0.001 (found 4.94066e-324)");
    row("capacity 1e300", twoGpus(plain, plain, R"("capacity_gbps":1e300)"),
        "/links/0/capacity_gbps: must be at most 1e+06");
    // Printed as short as the limit, the value read as the limit itself.
    row("capacity just above", twoGpus(plain, plain, R"("capacity_gbps":1000000.5)"),
        "/links/0/capacity_gbps: must be at most 1e+06 (found 1000000.5)");
    row("link port", twoGpus(plain, plain, R"("capacity_gbps":1,"ports":[0,65536])"),
        "/links/0/ports/1: 65536 is out of range (allowed -1 to 65535)");
    row("link plane", twoGpus(plain, plain, R"("capacity_gbps":1,"plane":1024)"),
        "/links/0/plane: 1024 is out of range (allowed -1 to 1023)");
    // A link's port against its node's port count (InfiniBand numbers ports from 1, so a
    // 4-port switch may have port 4, not 5): docs/format.md said so, the reader did not check.
    row("link port past the node's",
        kHead + R"("nodes":[{"id":0,"kind":"switch","ports":4},)"
            + R"({"id":1,"kind":"gpu"}],"links":[{"id":0,"a":0,"b":1,"medium":"ethernet",)"
            + R"("capacity_gbps":100,"ports":[5,-1]}]})",
        "x.fabric.json: /links/0/ports/0: port 5 is out of range (node 0 has 4 ports)");
    // nlohmann keeps the last of two equal keys: the first "nodes" was lost without a word.
    row("nodes twice", kHead + R"("nodes":[{"id":0,"kind":"gpu"}],"nodes":[]})",
        "x.fabric.json: /nodes: the key is given twice (the second would replace the first)");
    row("a node's key twice", kHead + R"("nodes":[{"id":0,"kind":"gpu","name":"a","name":"b"}]})",
        "x.fabric.json: /nodes/0/name: the key is given twice");
    row("switch latency", kHead + R"("nodes":[{"id":0,"kind":"switch","switch_latency_ns":2e9}]})",
        "/nodes/0/switch_latency_ns: must be at most 1e+09");
    row("ports", kHead + R"("nodes":[{"id":0,"kind":"switch","ports":65537}]})",
        "/nodes/0/ports: 65537 is out of range (allowed 0 to 65536)");
    row("circuit port INT_MAX", kHead + R"("nodes":[{"id":0,"kind":"ocs","circuits":[[0,2147483647]]}]})",
        "x.fabric.json: /nodes/0/circuits/0/1: 2147483647 is out of range (allowed 0 to 65535)");
    row("deep metadata", kHead + R"("metadata":{"a":)" + nested(100000) + "}}",
        "x.fabric.json: /metadata/a/0/0/.../0/0: nested deeper than 64 levels (the limit)");
    row("deep scenarios", kHead + R"("scenarios":)" + nested(100000) + "}",
        "/scenarios/0/0/0/.../0/0: nested deeper than 64 levels (the limit)");
    row("deep params", kHead + R"("generator":{"params":{"p":)" + nested(100000) + "}}}",
        "/generator/params/p/0/.../0/0: nested deeper than 64 levels (the limit)");
    row("deep node", kHead + R"("nodes":[{"id":0,"kind":"gpu","name":)" + nested(200) + "}]}",
        "/nodes/0/name/0/.../0/0: nested deeper than 64 levels (the limit)");
    row("long string", kHead + R"("metadata":{"title":")" + std::string(65537, 'x') + "\"}}",
        "x.fabric.json: /metadata/title: a string longer than 65536 bytes (the limit)");
    row("long key", kHead + R"("metadata":{")" + std::string(65537, 'k') + "\":1}}",
        "a key longer than 65536 bytes (the limit)");
    std::string many = "0";
    for (int i = 0; i < 1000000; ++i)
        many += ",0";
    row("many values", kHead + R"("metadata":{"a":[)" + many + "]}}",
        "values outside nodes and links (the limit)");
    row("binary", std::string("\x89PNG\r\n\x1a\n\0\0", 10), "x.fabric.json: a binary file, not a fabric");
    // Neither is a truncated file, which is what the JSON parser's words said.
    row("empty", " \n\n", "x.fabric.json: the file is empty");
    row("number overflow", kHead + R"("metadata":{"a":1e400}})",
        "x.fabric.json: a number too large to read: number overflow parsing '1e400'");
    row("escaped kind", kHead + R"("nodes":[{"id":0,"kind":"\u001b[31m)" + std::string(100, 'k') + "\"}]}",
        "/nodes/0/kind: unknown kind '\\x1b[31mkkkkkkkkkkkkkkkkkkkkkkkkkkkkk...' (allowed");
}

void TestIoLimits::refuses()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    const QString error = readError(text.toStdString());
    QVERIFY2(error.contains(message), qPrintable(error.left(300)));
    QVERIFY(!error.contains(QLatin1Char('\x1b')));
    QVERIFY2(error.size() < 200, qPrintable(error));
}

void TestIoLimits::acceptsTheEdges_data()
{
    QTest::addColumn<QByteArray>("text");
    auto row = [](const char *name, const std::string &text) {
        QTest::newRow(name) << QByteArray::fromStdString(text);
    };
    row("dense torus", twoGpus(R"({"x":0,"y":0,"z":0})", R"({"x":4095,"y":0,"z":0})"));
    row("range ends", twoGpus(R"({"pod":1048575,"position":[-1e9,1e9]})", R"({})",
                              R"("capacity_gbps":1e6,"latency_ns":1e9,"ports":[65535,-1])"));
    row("slowest link", twoGpus("{}", "{}", R"("capacity_gbps":0.001)"));
    row("InfiniBand port numbering",
        kHead + R"("nodes":[{"id":0,"kind":"switch","ports":4},)"
            + R"({"id":1,"kind":"gpu"}],"links":[{"id":0,"a":0,"b":1,"medium":"infiniband",)"
            + R"("capacity_gbps":100,"ports":[4,1]}]})");
    row("nested 60", kHead + R"("metadata":{"a":)" + nested(60) + "}}");
    row("string at the limit", kHead + R"("metadata":{"t":")" + std::string(65536, 'x') + "\"}}");
}

void TestIoLimits::acceptsTheEdges()
{
    QFETCH(QByteArray, text);
    const QString error = readError(text.toStdString());
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestIoLimits::skipsBom()
{
    std::istringstream in("\xEF\xBB\xBF" + kHead + R"("nodes":[{"id":0,"kind":"gpu","name":"g"}]})");
    const Fabric f = io::readFabric(in, "bom.fabric.json");
    QCOMPARE(f.nodeCount(), std::size_t(1));
}

void TestIoLimits::trimsAsciiWhiteSpaceOnly()
{
    // The readers trim fields alike: the CRLF of a Windows file, tabs, XML's white space, and
    // nothing else (a no-break space is part of a name).
    QCOMPARE(io::trimmed(" \tleaf0\r"), std::string_view("leaf0"));
    QCOMPARE(io::trimmed("\n  a b \n"), std::string_view("a b"));
    QCOMPARE(io::trimmed(" \t\r\n"), std::string_view());
    QCOMPARE(io::trimmed("\xC2\xA0g0"), std::string_view("\xC2\xA0g0"));
    QCOMPARE(io::trimmed("#x#", "#"), std::string_view("x"));
}

namespace {

/// Two GPUs joined by one link, the second at coordinates @p x, @p y, @p z.
Fabric pairAt(int x, int y, int z, double gbps = 100)
{
    Fabric f;
    Node a;
    a.kind = NodeKind::Gpu;
    a.hints.x = a.hints.y = a.hints.z = 0;
    Node b = a;
    b.hints.x = x;
    b.hints.y = y;
    b.hints.z = z;
    const NodeId first = f.addNode(a);
    testing::addLink(f, first, f.addNode(b), gbps, 0, Medium::Ici);
    return f;
}

} // namespace

void TestIoLimits::torusDetectionIgnoresSparseCoordinates()
{
    // Fabrics built in code bypass the reader: detection itself must not overflow or allocate
    // a grid of gigabytes.
    for (const Fabric &f : {pairAt(2147483647, 0, 0), pairAt(999, 999, 299)}) {
        const route::Router r(f, {});
        QVERIFY(!r.torus());
    }
    const Fabric dense = pairAt(1, 0, 0);
    const route::Router r(dense, {});
    QVERIFY(r.torus());
}

void TestIoLimits::bisectionOfHugeCoordinates()
{
    const auto [left, right] = metrics::bisectionHalves(pairAt(2147483647, 0, 0));
    QCOMPARE(left.size(), std::size_t(1));
    QCOMPARE(right.size(), std::size_t(1));
}

void TestIoLimits::infiniteClockIsAnError()
{
    // A rate that underflows, and a start time that overflows (release delay plus latency).
    for (const double gbps : {5e-324, 100.0}) {
        const Fabric f = pairAt(1, 0, 0, gbps);
        sim::FlowSpec flow;
        flow.src = 0;
        flow.dst = 1;
        flow.bytes = 1e9;
        flow.latencyS = gbps < 1 ? 0.0 : 1e308;
        flow.notBeforeS = gbps < 1 ? 0.0 : 1e308;
        flow.paths.push_back({{dirLink(0, true)}});
        try {
            sim::simulate(f, {flow});
            QFAIL("simulated with an infinite clock");
        } catch (const UserError &e) {
            QVERIFY2(QString(e.what()).contains("simulated time became infinite"), e.what());
        }
    }
}

void TestIoLimits::escapesAndCuts()
{
    QCOMPARE(io::quotedInput("a\x1b[2Jb\n\x7f"), std::string("'a\\x1b[2Jb\\n\\x7f'"));
    QCOMPARE(io::quotedInput("\xC2\x9B" "c"), std::string("'\\u009bc'"));
    const std::string cut = io::quotedInput(std::string(5000000, 'x'));
    QCOMPARE(cut.size(), io::kMaxQuoted + 2);
    QVERIFY(cut.find("...'") != std::string::npos);
    // Cut between characters, never inside one.
    QCOMPARE(io::escapedText("\xC3\xA9\xC3\xA9\xC3\xA9", 5), std::string("\xC3\xA9..."));
    const std::string line = io::oneLine("start " + std::string(5000000, 'y') + " the end");
    QVERIFY(line.size() <= io::kMaxErrorLine);
    QVERIFY(line.rfind("start ", 0) == 0 && line.size() > 20
            && line.substr(line.size() - 8) == " the end");
    QCOMPARE(io::oneLine("short\r\nline"), std::string("short\\r\\nline"));
    QCOMPARE(io::bomLength("\xEF\xBB\xBFx"), std::size_t(3));
    QCOMPARE(io::bomLength("x"), std::size_t(0));
    for (const auto &[text, rest] : {std::pair<std::string, std::string>{"\xEF\xBB\xBF" "ab", "ab"},
                                     {"\xEF\xBBx", "\xEF\xBBx"},
                                     {"plain", "plain"}}) {
        std::istringstream in(text);
        io::skipBom(in);
        std::string read;
        std::getline(in, read);
        QCOMPARE(read, rest);
    }
    QCOMPARE(io::binaryOffset(std::string("ab\0", 3)), std::optional<std::size_t>(2));
    QCOMPARE(io::binaryOffset("text\r\n\t"), std::nullopt);
}

// A link between two nodes without names read "link '' -- ''".
void TestIoLimits::faultsNameNamelessNodesById()
{
    Fabric f;
    Node sw;
    sw.kind = NodeKind::Switch;
    sw.ports = 4;
    const NodeId a = f.addNode(sw);
    sw.name = "leaf";
    const NodeId b = f.addNode(sw);
    Link l;
    l.a = a;
    l.b = b;
    l.capacityGbps = 100;
    l.portA = 9;
    f.addLink(l);
    const auto fault = io::findFabricFault(f);
    QVERIFY(fault);
    QCOMPARE(io::describeFault(f, *fault),
        std::string("link node 0 -- 'leaf': ports/0: port 9 is out of range (node 0 has 4 ports)"));
}

QTEST_GUILESS_MAIN(TestIoLimits)
#include "tst_io_limits.moc"
