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

QTEST_GUILESS_MAIN(TestIoSimai)
#include "tst_io_simai.moc"
