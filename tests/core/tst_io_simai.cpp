// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "iofixture.h"

#include "generators/registry.h"
#include "model/error.h"

#include <QtTest>

#include <sstream>

using namespace fabric;
using testing::dataFile;
using testing::writtenAs;

class TestIoSimai : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void writesTheFixtures();
    void countsMatchTheLines_data();
    void countsMatchTheLines();
    void ocsCircuitsBecomeChipLinks();
    void simaiNeedsServerOrder();
    void writesWhatTheSimulatorsParse();
    void standbyChipsAreNoRanks();
};

void TestIoSimai::writesTheFixtures()
{
    QCOMPARE(writtenAs("ns3", testing::smallClos()), dataFile("simai/small.ns3.txt"));
    QCOMPARE(writtenAs("simai", testing::smallClos()), dataFile("simai/small.simai.txt"));
    Fabric typed = testing::smallClos();
    typed.metadata()["gpu_type"] = "A100";
    QVERIFY(writtenAs("simai", typed).rfind("9 2 2 3 11 A100\n", 0) == 0);
}

void TestIoSimai::countsMatchTheLines_data()
{
    testing::addSmallFamilies({ "ib-fat-tree", "hpn", "roce-clos" });
}

// The header's counts are what the simulators size their arrays by: they must match the body.
void TestIoSimai::countsMatchTheLines()
{
    const Fabric f = testing::smallGeneratedFabric();
    std::istringstream in(writtenAs("ns3", f));
    std::size_t nodes = 0, switches = 0, links = 0;
    in >> nodes >> switches >> links;
    QCOMPARE(nodes, f.nodeCount());
    QCOMPARE(links, f.linkCount());
    const std::size_t gpus = f.endpoints().size();
    QCOMPARE(switches, nodes - gpus);
    for (std::size_t i = 0; i < switches; ++i) {
        std::size_t id = 0;
        in >> id;
        QCOMPARE(id, gpus + i);
    }
    std::size_t lines = 0;
    std::string a, b, rate, delay, error;
    while (in >> a >> b >> rate >> delay >> error) {
        ++lines;
        QVERIFY2(rate.size() > 4 && rate.substr(rate.size() - 4) == "Gbps", rate.c_str());
        QVERIFY2(delay.size() > 2 && delay.substr(delay.size() - 2) == "ms", delay.c_str());
        QVERIFY(std::stoul(a) < nodes && std::stoul(b) < nodes);
    }
    QCOMPARE(lines, links);
}

void TestIoSimai::ocsCircuitsBecomeChipLinks()
{
    Fabric f;
    const NodeId a = testing::addNode(f, NodeKind::Gpu, "a");
    const NodeId b = testing::addNode(f, NodeKind::Gpu, "b");
    Node ocs;
    ocs.kind = NodeKind::Ocs;
    ocs.name = "ocs";
    ocs.circuits = { { 0, 1 } };
    const NodeId o = f.addNode(ocs);
    testing::addLink(f, a, o, 400, 100, Medium::Optical, -1, 0);
    testing::addLink(f, b, o, 200, 100, Medium::Optical, -1, 1);
    QCOMPARE(writtenAs("ns3", f), std::string("2 0 1\n\n0 1 200Gbps 0.0002ms 0\n"));
}

void TestIoSimai::simaiNeedsServerOrder()
{
    Fabric f = testing::smallClos();
    std::swap(f.node(1).host, f.node(2).host); // h01-gpu1 now in h02, h02-gpu0 in h01
    QVERIFY_THROWS_EXCEPTION(UserError, writtenAs("simai", f));
    QVERIFY(!writtenAs("ns3", f).empty()); // ns-3 numbers nothing by server
}

void TestIoSimai::writesWhatTheSimulatorsParse()
{
    // ns-3's DataRate takes the digits and '.' before its unit: "1e+05Gbps" has the unit
    // "e+05Gbps". SimAI splits its header at blanks: a gpu_type holding a newline wrote a line
    // of its own, read as a link.
    Fabric f = testing::smallClos();
    f.link(0).capacityGbps = 100000;
    f.link(0).latencyNs = 1e6;
    f.metadata()["gpu_type"] = "A100 80GB\n999 999 1Gbps 0ms 0";
    const std::string text = writtenAs("simai", f);
    QVERIFY2(text.rfind("9 2 2 3 11 A100_80GB_999_999_1Gbps_0ms_0\n", 0) == 0, text.c_str());
    QVERIFY2(text.find("100000Gbps 1ms 0\n") != std::string::npos, text.c_str());
    QVERIFY2(
        text.find("e+") == std::string::npos && text.find("e-") == std::string::npos, text.c_str());
    QCOMPARE(std::count(text.begin(), text.end(), '\n'), 2l + 11);
}

void TestIoSimai::standbyChipsAreNoRanks()
{
    // A slice with a spare cube: its 64 chips stand by, never ranks, and were numbered as GPUs.
    const Fabric f = gen::generate(
        "tpu-torus", nlohmann::json { { "x", 4 }, { "y", 4 }, { "z", 8 }, { "spare_cubes", 1 } });
    QCOMPARE(f.endpoints().size(), std::size_t(128));
    std::istringstream in(writtenAs("ns3", f));
    std::size_t nodes = 0, switches = 0, links = 0;
    in >> nodes >> switches >> links;
    QCOMPARE(nodes, std::size_t(128));
    QCOMPARE(switches, std::size_t(0));
    std::size_t lines = 0;
    std::string a, b, rate, delay, error;
    while (in >> a >> b >> rate >> delay >> error) {
        ++lines;
        QVERIFY(std::stoul(a) < nodes && std::stoul(b) < nodes);
    }
    QCOMPARE(lines, links);
    QCOMPARE(links, std::size_t(128 * 3)); // six neighbours a chip, each link counted once
}

QTEST_GUILESS_MAIN(TestIoSimai)
#include "tst_io_simai.moc"
