// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "iofixture.h"

#include "generators/registry.h"
#include "io/slurm/hostlist.h"
#include "model/error.h"

#include <QtTest>

#include <map>
#include <sstream>

using namespace fabric;
using testing::writtenAs;

namespace {

/// The ids of @p f's packet switches, in id order.
std::vector<NodeId> switchesOf(const Fabric &f)
{
    std::vector<NodeId> switches;
    f.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Switch)
            switches.push_back(n.id);
    });
    return switches;
}

} // namespace

class TestIoSlurm : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void compressesHostLists();
    void writesTheFixture();
    void everyHostUnderALeafAndEveryLeafUnderASpine();
    void joinsSeparateTreesUnderATop();
    void refusesFabricsWithoutSwitches();
    void namesSwitchesSlurmCouldNotRead();
    void everySwitchHasItsOwnName();
};

void TestIoSlurm::compressesHostLists()
{
    using io::slurm::compressHostList;
    QCOMPARE(compressHostList({ "host01", "host02", "host03", "host07", "n8", "n12", "login" }),
        std::string("host[01-03,07],n8,n12,login"));
    QCOMPARE(compressHostList({ "r2", "r1", "r3", "r1" }), std::string("r[1-3]"));
    QCOMPARE(compressHostList({ "leaf9" }), std::string("leaf9"));
    QCOMPARE(compressHostList({ "sl390lin101", "sl390lin102" }), std::string("sl390lin[101-102]"));
}

void TestIoSlurm::writesTheFixture()
{
    QCOMPARE(
        writtenAs("slurm", testing::smallClos()), testing::dataFile("slurm/small.topology.conf"));
}

void TestIoSlurm::everyHostUnderALeafAndEveryLeafUnderASpine()
{
    const Fabric f = gen::generate("ib-fat-tree", { { "radix", 8 } });
    const std::string conf = writtenAs("slurm", f);
    std::size_t nodeLines = 0, switchLines = 0;
    std::istringstream in(conf);
    for (std::string line; std::getline(in, line);) {
        nodeLines += line.find(" Nodes=") != std::string::npos;
        switchLines += line.find(" Switches=") != std::string::npos;
    }
    std::size_t leaves = 0, upper = 0;
    f.forEachNode([&](const Node &n) {
        leaves += n.role == SwitchRole::Leaf;
        upper += n.kind == NodeKind::Switch && n.role != SwitchRole::Leaf;
    });
    QCOMPARE(nodeLines, leaves);
    QCOMPARE(switchLines, upper);
    QVERIFY(conf.find("fabric-top") == std::string::npos); // spines join the leaves already
}

void TestIoSlurm::joinsSeparateTreesUnderATop()
{
    const std::string conf
        = writtenAs("slurm", gen::generate("dragonfly", nlohmann::json::object()));
    QVERIFY2(conf.find("\nSwitchName=fabric-top Switches=") != std::string::npos, conf.c_str());
}

void TestIoSlurm::refusesFabricsWithoutSwitches()
{
    try {
        writtenAs("slurm", gen::generate("tpu-torus", nlohmann::json::object()));
        QFAIL("wrote a torus");
    } catch (const UserError &e) {
        QVERIFY2(QString(e.what()).contains("no packet switch"), e.what());
    }
    Fabric bad = testing::smallClos();
    bad.node(bad.findNode("h01")).name = "h 01";
    QVERIFY_THROWS_EXCEPTION(UserError, writtenAs("slurm", bad));
    // Slurm drops backslashes, and one ending a line joins the next to it: "h01\" was written.
    bad.node(bad.findNode("h 01")).name = "h01\\";
    QVERIFY_THROWS_EXCEPTION(UserError, writtenAs("slurm", bad));
}

void TestIoSlurm::namesSwitchesSlurmCouldNotRead()
{
    // An ibnetdiscover import names switches after their description ("Voltaire 4036 #
    // 4036-86A2"), so no import could be written: a switch only names the tree, and gets a
    // name Slurm reads; a name taken gets the switch's id. Hosts keep theirs (Slurm matches them).
    Fabric f = testing::smallClos();
    const std::vector<NodeId> switches = switchesOf(f);
    QVERIFY(switches.size() >= 3);
    f.node(switches[0]).name = "Voltaire 4036 # 4036-86A2";
    f.node(switches[1]).name = "Voltaire 4036, 4036=86A2";
    f.node(switches.back()).name = "spine\\"; // Slurm would join the next line to it
    const std::string conf = writtenAs("slurm", f);
    QVERIFY2(conf.find('\\') == std::string::npos, conf.c_str());
    QVERIFY2(conf.find("SwitchName=Voltaire_4036_4036-86A2 ") != std::string::npos
            || conf.find("SwitchName=Voltaire_4036_4036-86A2\n") != std::string::npos,
        conf.c_str());
    QVERIFY2(conf.find("Voltaire_4036_4036_86A2") != std::string::npos, conf.c_str());
    // Every word of every line is KEY=VALUE, as Slurm splits them.
    std::istringstream in(conf);
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with("#"))
            continue;
        std::istringstream words(line);
        for (std::string word; words >> word;)
            QVERIFY2(word.find('=') != std::string::npos, line.c_str());
    }
}

void TestIoSlurm::everySwitchHasItsOwnName()
{
    // Names need not be unique in a fabric. Two switches "x" were one switch to Slurm, with
    // both's children; "fabric-top" is the joining switch's; a carriage return ended the line.
    Fabric f = testing::smallClos();
    const std::vector<NodeId> switches = switchesOf(f);
    QCOMPARE(switches.size(), std::size_t(3));
    f.node(switches[0]).name = "x";
    f.node(switches[1]).name = "x";
    f.node(switches[2]).name = "fabric-top";
    f.node(0).name = "h01\r";
    const std::string conf = writtenAs("slurm", f);
    std::map<std::string, int> named;
    std::istringstream in(conf);
    for (std::string line; std::getline(in, line);) {
        QVERIFY2(std::none_of(line.begin(), line.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x20; }),
            line.c_str());
        if (line.starts_with("SwitchName="))
            ++named[line.substr(11, line.find(' ') - 11)];
    }
    QCOMPARE(named.size(), std::size_t(3));
    for (const auto &[name, lines] : named)
        QVERIFY2(lines == 1, (name + ": " + conf).c_str());
    QVERIFY(named.contains("x"));
    QVERIFY(!named.contains("fabric-top"));
}

QTEST_GUILESS_MAIN(TestIoSlurm)
#include "tst_io_slurm.moc"
