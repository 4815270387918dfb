// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "tst_gen_helpers.h"

#include "generators/tputorus.h"

#include <QtTest>

#include <array>
#include <set>

using namespace fabric;
using namespace gentest;

class TestGenTpuTorus : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void fullPodCounts();
    void everyChipHasItsSixTorusNeighbours_data();
    void everyChipHasItsSixTorusNeighbours();
    void twistShiftsTheShortWrapAround();
    void idOrderHalvesTheLongestDimension();
    void reconfigureChangesOnlyCircuitsAndCoordinates();
    void modelConventions();
    void rejectsBadParameters();

private:
    Fabric mPod;
};

namespace {
using Coord = std::array<int, 3>;

Coord coordOf(const Fabric &f, NodeId chip)
{
    const Node &n = f.node(chip);
    return { n.hints.x, n.hints.y, n.hints.z };
}

/// The chips one hop from @p chip: over an ICI link, or over a fibre and the OCS circuit.
std::set<Coord> torusNeighbours(const Fabric &f, NodeId chip)
{
    std::set<Coord> out;
    for (LinkId l : f.linksOf(chip)) {
        const NodeId other = f.link(l).other(chip);
        if (f.node(other).kind == NodeKind::Gpu) {
            out.insert(coordOf(f, other));
        } else if (f.node(other).kind == NodeKind::Ocs) {
            const LinkId peer = f.ocsPeer(other, l);
            if (peer != kNoLink)
                out.insert(coordOf(f, f.link(peer).other(other)));
        }
    }
    return out;
}

std::set<Coord> expectedNeighbours(const Coord &c, const Coord &shape)
{
    std::set<Coord> out;
    for (int d = 0; d < 3; ++d)
        for (int step : { -1, 1 }) {
            Coord n = c;
            n[d] = (n[d] + step + shape[d]) % shape[d];
            out.insert(n);
        }
    return out;
}

NodeId chipAt(const Fabric &f, const Coord &c)
{
    return f.findNode(
        "chip-" + std::to_string(c[0]) + "-" + std::to_string(c[1]) + "-" + std::to_string(c[2]));
}

/// Neighbour of @p c one step + along @p dim, found through the fabric.
Coord plusNeighbour(const Fabric &f, const Coord &c, int dim)
{
    const NodeId chip = chipAt(f, c);
    const int port = 2 * dim + 1;
    for (LinkId l : f.linksOf(chip)) {
        const Link &link = f.link(l);
        if ((link.a == chip ? link.portA : link.portB) != port)
            continue;
        const NodeId other = link.other(chip);
        if (f.node(other).kind == NodeKind::Ocs)
            return coordOf(f, f.link(f.ocsPeer(other, l)).other(other));
        return coordOf(f, other);
    }
    return { -1, -1, -1 };
}
} // namespace

void TestGenTpuTorus::initTestCase()
{
    mPod = generated("tpu-torus");
}

void TestGenTpuTorus::fullPodCounts()
{
    QCOMPARE(mPod.endpoints().size(), std::size_t(4096));
    const auto ocs = nodesWhere(mPod, [](const Node &n) { return n.kind == NodeKind::Ocs; });
    QCOMPARE(ocs.size(), std::size_t(48));
    int fibres = 0, ici = 0;
    mPod.forEachLink([&](const Link &l) {
        fibres += l.medium == Medium::Optical;
        ici += l.medium == Medium::Ici;
    });
    QCOMPARE(fibres, 6144);
    QCOMPARE(ici, 64 * 3 * 48); // 48 electrical links per dimension inside each cube
    std::size_t circuits = 0;
    for (NodeId o : ocs) {
        QCOMPARE(mPod.linksOf(o).size(), std::size_t(128));
        QCOMPARE(mPod.node(o).ports, 136);
        circuits += mPod.node(o).circuits.size();
    }
    QCOMPARE(circuits, std::size_t(3072));
    std::set<int> cubes;
    for (NodeId c : mPod.endpoints())
        cubes.insert(mPod.node(c).hints.pod);
    QCOMPARE(cubes.size(), std::size_t(64));
}

void TestGenTpuTorus::everyChipHasItsSixTorusNeighbours_data()
{
    QTest::addColumn<int>("x");
    QTest::addColumn<int>("y");
    QTest::addColumn<int>("z");
    QTest::newRow("pod") << 16 << 16 << 16;
    QTest::newRow("cube") << 4 << 4 << 4;
    QTest::newRow("4x4x8") << 4 << 4 << 8;
    QTest::newRow("12x8x4") << 12 << 8 << 4;
}

void TestGenTpuTorus::everyChipHasItsSixTorusNeighbours()
{
    QFETCH(int, x);
    QFETCH(int, y);
    QFETCH(int, z);
    const Fabric f = (x == 16 && y == 16 && z == 16)
        ? mPod
        : generated("tpu-torus",
            { { "x", std::to_string(x) }, { "y", std::to_string(y) }, { "z", std::to_string(z) } });
    QCOMPARE(f.endpoints().size(), std::size_t(x * y * z));
    for (NodeId chip : f.endpoints()) {
        const auto got = torusNeighbours(f, chip);
        QCOMPARE(got.size(), std::size_t(6));
        if (got != expectedNeighbours(coordOf(f, chip), { x, y, z }))
            QFAIL(("wrong neighbours for " + f.node(chip).name).c_str());
    }
}

void TestGenTpuTorus::twistShiftsTheShortWrapAround()
{
    const Fabric plain = generated("tpu-torus", { { "x", "4" }, { "y", "4" }, { "z", "8" } });
    const Fabric twisted
        = generated("tpu-torus", { { "x", "4" }, { "y", "4" }, { "z", "8" }, { "twisted", "true" } });
    // Short dimensions (x, y: k = 4) wrap onto the other half of the long one (z: 2k = 8).
    QCOMPARE(plusNeighbour(plain, { 3, 1, 2 }, 0), (Coord { 0, 1, 2 }));
    QCOMPARE(plusNeighbour(twisted, { 3, 1, 2 }, 0), (Coord { 0, 1, 6 }));
    QCOMPARE(plusNeighbour(twisted, { 2, 3, 5 }, 1), (Coord { 2, 0, 1 }));
    // The long dimension's wrap-around and every non-wrapping step stay as they were.
    QCOMPARE(plusNeighbour(twisted, { 1, 2, 7 }, 2), (Coord { 1, 2, 0 }));
    QCOMPARE(plusNeighbour(twisted, { 1, 2, 3 }, 2), (Coord { 1, 2, 4 }));
    // k x 2k x 2k: the short wrap shifts along both long dimensions.
    const Fabric diag
        = generated("tpu-torus", { { "x", "4" }, { "y", "8" }, { "z", "8" }, { "twisted", "true" } });
    QCOMPARE(plusNeighbour(diag, { 3, 1, 2 }, 0), (Coord { 0, 5, 6 }));
    for (NodeId chip : twisted.endpoints())
        QCOMPARE(torusNeighbours(twisted, chip).size(), std::size_t(6));
}

void TestGenTpuTorus::idOrderHalvesTheLongestDimension()
{
    const Fabric f = generated("tpu-torus", { { "x", "8" }, { "y", "4" }, { "z", "4" } });
    const auto chips = f.endpoints();
    for (std::size_t i = 0; i < chips.size(); ++i)
        QCOMPARE(f.node(chips[i]).hints.x < 4, i < chips.size() / 2);
}

void TestGenTpuTorus::reconfigureChangesOnlyCircuitsAndCoordinates()
{
    Fabric f = generated("tpu-torus", { { "x", "4" }, { "y", "4" }, { "z", "8" } });
    const std::size_t links = f.linkCount();
    gen::reconfigureTpu(f, { 4, 4, 8 }, true);
    QCOMPARE(f.linkCount(), links);
    QCOMPARE(plusNeighbour(f, { 3, 1, 2 }, 0), (Coord { 0, 1, 6 }));
    QCOMPARE(f.generator().params.at("twisted"), nlohmann::json(true));

    gen::reconfigureTpu(f, { 8, 4, 4 }, false); // the same two cubes side by side along x
    QCOMPARE(f.generator().params.at("x"), nlohmann::json(8));
    for (NodeId chip : f.endpoints())
        QCOMPARE(torusNeighbours(f, chip), expectedNeighbours(coordOf(f, chip), { 8, 4, 4 }));
    QVERIFY_THROWS_EXCEPTION(UserError, gen::reconfigureTpu(f, { 8, 8, 4 }, false));
    Fabric other = generated("ib-fat-tree", { { "gpus", "256" } });
    QVERIFY_THROWS_EXCEPTION(UserError, gen::reconfigureTpu(other, { 4, 4, 8 }, false));
}

void TestGenTpuTorus::modelConventions()
{
    QCOMPARE(mPod.generator().family, std::string("tpu-torus"));
    bool ok = true;
    mPod.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Gpu)
            ok = ok && n.forwards && n.host == kNoNode && n.hints.tier == 0 && n.hints.x >= 0;
        if (n.kind == NodeKind::Ocs)
            ok = ok && n.switchLatencyNs == 0.0;
    });
    QVERIFY(ok);
    mPod.forEachLink([&](const Link &l) {
        ok = ok && l.capacityGbps == 400.0;
        if (l.medium == Medium::Optical)
            ok = ok && mPod.node(l.b).kind == NodeKind::Ocs && l.portB >= 0 && l.portB < 128;
    });
    QVERIFY(ok);
    QVERIFY(mPod.findNode("ocs-x-5") != kNoNode);
    QVERIFY(mPod.findNode("chip-3-0-15") != kNoNode);
}

void TestGenTpuTorus::rejectsBadParameters()
{
    QCOMPARE(errorOf("tpu-torus", { { "x", "6" } }),
        std::string("x: must be a multiple of 4 from 4 to 16, got 6"));
    QCOMPARE(errorOf("tpu-torus", { { "z", "20" } }),
        std::string("z: must be a multiple of 4 from 4 to 16, got 20"));
    QCOMPARE(errorOf("tpu-torus", { { "y", "0" } }),
        std::string("y: must be a multiple of 4 from 4 to 16, got 0"));
    QVERIFY(errorOf("tpu-torus", { { "twisted", "true" } })
                .starts_with(
                    "twisted: must be false for this shape: a twisted torus needs k x k x 2k"));
    QVERIFY(
        errorOf("tpu-torus", { { "x", "4" }, { "y", "8" }, { "z", "12" }, { "twisted", "true" } })
            .starts_with("twisted:"));
    QVERIFY_THROWS_EXCEPTION(UserError, gen::tpuCircuits({ 4, 4, 16 }, true));
}

QTEST_GUILESS_MAIN(TestGenTpuTorus)
#include "tst_gen_tputorus.moc"
