// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "iofixture.h"

#include "io/fabricfile.h"
#include "io/htsim/htsimformat.h"
#include "model/error.h"

#include <QtTest>

#include <sstream>

using namespace fabric;

class TestIoHtsim : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void dependenciesBecomeTriggers();
    void tooManySuccessorsWritesTheFirstStep();
    void refusesWhatHtsimCannotHold();
};

namespace {

sim::FlowSpec flow(NodeId src, NodeId dst, std::vector<sim::FlowId> after = {})
{
    sim::FlowSpec f;
    f.src = src;
    f.dst = dst;
    f.bytes = 1000;
    f.after = std::move(after);
    return f;
}

std::string matrix(const std::vector<sim::FlowSpec> &flows)
{
    std::ostringstream out;
    io::writeConnectionMatrix(testing::smallClos(), flows, out);
    return out.str();
}

} // namespace

void TestIoHtsim::dependenciesBecomeTriggers()
{
    std::vector<sim::FlowSpec> flows { flow(0, 1), flow(1, 2), flow(2, 3, { 0, 1 }),
        flow(3, 0, { 0 }), flow(0, 2, { 0, 1 }) };
    flows[1].notBeforeS = 1e-6; // 1 us = 10^6 ps
    QCOMPARE(matrix(flows), testing::dataFile("htsim/dependencies.cm"));
}

void TestIoHtsim::tooManySuccessorsWritesTheFirstStep()
{
    // Flow 0 starts three different sets: htsim's two done-triggers cannot start them all.
    const std::string cm = matrix(
        { flow(0, 1), flow(1, 2), flow(2, 3, { 0 }), flow(3, 0, { 0, 1 }), flow(0, 2, { 0, 2 }) });
    QVERIFY2(cm.find("# Only the first step is written") != std::string::npos, cm.c_str());
    QVERIFY(cm.find("Connections 2\n0->1 id 1 start 0 size 1000\n1->2 id 2 start 0 size 1000\n")
        != std::string::npos);
    for (const char *trigger : {"Triggers", " trigger ", "_trigger", "\ntrigger id"})
        QVERIFY2(cm.find(trigger) == std::string::npos, trigger);
}

void TestIoHtsim::refusesWhatHtsimCannotHold()
{
    sim::FlowSpec big = flow(0, 1);
    big.bytes = 3e9;
    QVERIFY_THROWS_EXCEPTION(UserError, matrix({ big }));
    // A fabric alone has no flows: the registered format says how to write one.
    try {
        testing::writtenAs("htsim", testing::smallClos());
        QFAIL("wrote a connection matrix without flows");
    } catch (const UserError &e) {
        QVERIFY2(QString(e.what()).contains("--scenario"), e.what());
    }
}

QTEST_GUILESS_MAIN(TestIoHtsim)
#include "tst_io_htsim.moc"
