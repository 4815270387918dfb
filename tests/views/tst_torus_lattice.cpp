// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The lattice view of a TPU torus: chips at their grid places, each OCS circuit one arc between
// the chips it joins (a twisted one landing shifted, with a caption that says by how much), the
// OCS off the canvas but listed in the OCS panel, and loads colouring the arcs.

#include "canvas/canvaslabels.h"
#include "canvas/fabriccanvas.h"
#include "canvas/ocspanel.h"
#include "canvas/scenedata.h"
#include "export/canvasexport.h"
#include "generators/registry.h"
#include "generators/tpuspares.h"
#include "generators/tputorus.h"
#include "layout/layoutengine.h"
#include "layout/toruscircuits.h"
#include "playback/loadsampler.h"
#include "screenshotfolder.h"
#include "simfixture.h"
#include "style/legend.h"
#include "style/palette.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>

using namespace fabric;
using namespace fabric::views;

namespace {

Fabric slice(bool twisted)
{
    return gen::generate("tpu-torus", nlohmann::json{{"x", 4}, {"y", 4}, {"z", 8}, {"twisted", twisted}});
}

int coord(const Node &n, int d) { return d == 0 ? n.hints.x : d == 1 ? n.hints.y : n.hints.z; }

/// The end of @p s that is not @p via.
QPointF farEnd(const QLineF &s, const QPointF &via)
{
    return QLineF(s.p1(), via).length() < QLineF(s.p2(), via).length() ? s.p2() : s.p1();
}

bool near(const QPointF &a, const QPointF &b) { return QLineF(a, b).length() < 1e-6; }

/// The texts the canvas shows of @p f fitted @p widthPx wide with @p margin (scene units)
/// around it.
std::vector<CanvasLabel> labelsFitted(const Fabric &f, double widthPx, const QMarginsF &margin)
{
    const FabricLayout l = computeLayout(f);
    SceneData data;
    data.build(f, l);
    const QRectF all = data.contentBounds().marginsAdded(margin);
    data.plan = data.planFor(widthPx / all.width(), all, 1.0);
    return canvasLabels(data, all);
}

/// @p canvas showing @p f at @p size, fitted; false when its window never showed.
bool shownFitted(FabricCanvas &canvas, const Fabric &f, const QSize &size)
{
    canvas.resize(size);
    canvas.setFabric(&f);
    canvas.show();
    if (!QTest::qWaitForWindowExposed(&canvas))
        return false;
    canvas.zoomToFit();
    return true;
}

} // namespace

class TestTorusLattice : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void chipsAtGridPlaces();
    void twistedArcsLandShifted();
    void plainTorusHasNoTwist();
    void podStepsToTheNextRowAreStubs();
    void twistedZWrapAroundsAreNamedStubs();
    void stubNamesHangClearOfThePlanes();
    void zStepsLeaveTheXLinksInSight();
    void circuitsPassOverNoChip();
    void thinnedArcsKeepBothHalves();
    void ocsHiddenButListed();
    void planeTitlesReadOverTheWrapArounds();
    void captionStaysInANarrowView();
    void presentedPodNamesItsPlanesOverThem();
    void spareCubeIsTitledInTheWindowsFit();
    void loadsColourArcs();
    void screenshots();
};

void TestTorusLattice::chipsAtGridPlaces()
{
    const Fabric f = slice(true);
    const FabricLayout l = computeLayout(f);
    QCOMPARE(l.name, QStringLiteral("torus-lattice"));
    auto at = [&](int x, int y, int z) {
        QPointF found(qQNaN(), qQNaN());
        f.forEachNode([&](const Node &n) {
            if (n.kind == NodeKind::Gpu && n.hints.x == x && n.hints.y == y && n.hints.z == z)
                found = l.positions[static_cast<std::size_t>(n.id)];
        });
        return found;
    };
    const double pitch = at(1, 0, 0).x() - at(0, 0, 0).x();
    QVERIFY(pitch > 0);
    int chips = 0;
    f.forEachNode([&](const Node &n) {
        if (n.kind != NodeKind::Gpu)
            return;
        ++chips;
        // x to the right and y down inside the chip's Z plane; planes in z order, left to
        // right, then on a new row under the previous one.
        const QPointF origin = at(0, 0, n.hints.z);
        QVERIFY(near(l.positions[static_cast<std::size_t>(n.id)],
                     origin + QPointF(n.hints.x * pitch, n.hints.y * pitch)));
        QCOMPARE(l.blockOf[static_cast<std::size_t>(n.id)], n.hints.z);
        if (n.hints.z > 0) {
            const QPointF before = at(3, 3, n.hints.z - 1);
            const bool nextInRow = origin.x() > before.x() + pitch && origin.y() == at(0, 0, n.hints.z - 1).y();
            const bool nextRow = origin.y() > before.y() + pitch && origin.x() == at(0, 0, 0).x();
            QVERIFY(nextInRow || nextRow);
        }
    });
    QCOMPARE(chips, 128);
}

void TestTorusLattice::twistedArcsLandShifted()
{
    const Fabric f = slice(true);
    const FabricLayout l = computeLayout(f);
    SceneData data;
    data.build(f, l);
    const TorusCircuits circuits = torusCircuits(f);
    int twisted = 0, stubs = 0;
    std::set<std::pair<double, double>> stubEnds;
    for (const TorusCircuit &c : circuits.circuits) {
        const auto a = static_cast<std::size_t>(c.fibreA), b = static_cast<std::size_t>(c.fibreB);
        const QPointF via = l.linkVia[a];
        if (!near(via, l.linkVia[b])) {
            // A plain Z step to the other row of planes: two stubs, out of the right of chip
            // A's plane and into the left of chip B's, each in the channel under its chip's
            // row (the chips' bottom edge 5 under it, the next row's top 17 under).
            QCOMPARE(c.dim, 2);
            QCOMPARE(c.shift[0] + c.shift[1], 0);
            const QPointF pa = data.pos[static_cast<std::size_t>(c.chipA)];
            const QPointF pb = data.pos[static_cast<std::size_t>(c.chipB)];
            QVERIFY(pa.y() != pb.y());
            QVERIFY(via.y() > pa.y() + 5 && via.y() < pa.y() + 17);
            QVERIFY(via.x() > pa.x());
            QVERIFY(l.linkVia[b].y() > pb.y() + 5 && l.linkVia[b].y() < pb.y() + 17);
            QVERIFY(l.linkVia[b].x() < pb.x());
            QVERIFY(data.isCubic(c.fibreA) && data.isCubic(c.fibreB));
            stubEnds.insert({ via.x(), via.y() });
            stubEnds.insert({ l.linkVia[b].x(), l.linkVia[b].y() });
            ++stubs;
            continue;
        }
        // One arc: the two fibres meet at one point and their far ends are the circuit's chips.
        QVERIFY(near(farEnd(data.segment[a], via), data.pos[static_cast<std::size_t>(c.chipA)]));
        QVERIFY(near(farEnd(data.segment[b], via), data.pos[static_cast<std::size_t>(c.chipB)]));
        if (c.wraps)
            QVERIFY(data.isCurved(c.fibreA) && data.isCurved(c.fibreB));
        if (!c.wraps || c.dim == 2)
            continue;
        // 4x4x8 twisted: the X and Y wrap-arounds land 4 planes on.
        const Node &from = f.node(c.chipA), &to = f.node(c.chipB);
        QCOMPARE(coord(from, c.dim), 3);
        QCOMPARE(coord(to, c.dim), 0);
        QCOMPARE((to.hints.z - from.hints.z + 8) % 8, 4);
        QCOMPARE(c.shift[2], 4);
        QCOMPARE(data.linkColour[a], static_cast<std::uint8_t>(SceneData::kTwistColour));
        ++twisted;
    }
    QCOMPARE(twisted, 2 * 4 * 8); // X: 4 rows in each of 8 planes; as many Y wraps
    // Two rows of 4 planes: the steps from z = 3 to 4 and from 7 back to 0 are stubs, each
    // end in a lane of its own (along one line, they lay on one another).
    QCOMPARE(stubs, 2 * 16);
    QCOMPARE(stubEnds.size(), std::size_t(2 * stubs));
    const auto twists = circuits.twists();
    QCOMPARE(twists.size(), std::size_t(2));
    for (const TwistShift &t : twists) {
        QCOMPARE(t.along, 2);
        QCOMPARE(t.by, 4);
        QCOMPARE(t.circuits, 32);
    }
    QStringList captions;
    for (const LayoutLabel &label : l.labels)
        if (label.caption)
            captions << label.text;
    const QString caption = captions.join('|');
    QVERIFY2(
        caption.contains(QStringLiteral("twisted: X and Y wrap-arounds land shifted by 4 in Z")),
        qPrintable(caption));
    // Alone, or shifting differently, each has its own phrase.
    QCOMPARE(
        twistCaption({ twists.front() }), QStringLiteral("X wrap-around lands shifted by 4 in Z"));
    QCOMPARE(twistCaption({ { 0, 1, 4, 16 }, { 1, 2, 8, 16 } }),
        QStringLiteral(
            "X wrap-around lands shifted by 4 in Y; Y wrap-around lands shifted by 8 in Z"));
    // A k x 2k x 2k slice: one landing, shifted in two dimensions, in one phrase.
    QCOMPARE(twistCaption({ { 0, 1, 4, 64 }, { 0, 2, 4, 64 } }),
        QStringLiteral("X wrap-around lands shifted by 4 in Y and by 4 in Z"));
    QCOMPARE(twistCaption({ { 0, 1, 4, 64 }, { 0, 2, 4, 64 } }, CaptionLength::Short),
        QStringLiteral("X wrap-around +4 in Y, +4 in Z"));
}

void TestTorusLattice::plainTorusHasNoTwist()
{
    const Fabric f = slice(false);
    const TorusCircuits circuits = torusCircuits(f);
    QVERIFY(circuits.twists().empty());
    for (const TorusCircuit &c : circuits.circuits) {
        QVERIFY(c.dim >= 0);
        QCOMPARE(c.shift[0] + c.shift[1] + c.shift[2], 0);
    }
    for (const LayoutLabel &label : computeLayout(f).labels)
        QVERIFY(!label.text.contains(QStringLiteral("shifted")));
}

void TestTorusLattice::podStepsToTheNextRowAreStubs()
{
    // The full pod: 16 planes in two rows of 8. The 256 Z steps from plane 7 to 8 and the 256
    // wrap-arounds from 15 to 0 would each cross the whole picture; they are stubs with their
    // ends named, and a fit shows every stub.
    const Fabric f = gen::generate("tpu-torus", nlohmann::json{});
    const FabricLayout l = computeLayout(f);
    SceneData data;
    data.build(f, l);
    int stubs = 0;
    double widest = 0;
    for (const TorusCircuit &c : torusCircuits(f).circuits) {
        const auto a = static_cast<std::size_t>(c.fibreA), b = static_cast<std::size_t>(c.fibreB);
        if (!near(l.linkVia[a], l.linkVia[b]))
            ++stubs;
        for (std::size_t fibre : {a, b}) {
            widest = std::max(widest, std::abs(data.segment[fibre].dx()));
            QVERIFY(data.contentBounds().contains(data.segment[fibre].p1()));
            QVERIFY(data.contentBounds().contains(data.segment[fibre].p2()));
        }
    }
    QCOMPARE(stubs, 2 * 256);
    // No fibre reaches further than the next plane (16 chips 22 apart, and the gap).
    QVERIFY2(widest < 2 * 16 * 22, qPrintable(QString::number(widest)));
    QStringList texts;
    for (const LayoutLabel &label : l.labels)
        texts << label.text;
    for (const char *name : {"to z = 8", "from z = 7", "to z = 0", "from z = 15"})
        QVERIFY2(texts.contains(QLatin1String(name)), name);
}

void TestTorusLattice::twistedZWrapAroundsAreNamedStubs()
{
    // An 8x8x4 slice, twisted: its Z wrap-arounds land 4 on in X and in Y. As arcs from plane
    // 3 back to plane 0 they were a magenta mass over both planes' chips; they are stubs, in
    // the twist's colour, and their ends say where they land.
    const Fabric f = gen::generate(
        "tpu-torus", nlohmann::json { { "x", 8 }, { "y", 8 }, { "z", 4 }, { "twisted", true } });
    const FabricLayout l = computeLayout(f);
    SceneData data;
    data.build(f, l);
    int stubs = 0;
    for (const TorusCircuit &c : torusCircuits(f).circuits) {
        if (c.dim != 2 || !c.wraps)
            continue;
        QCOMPARE(c.shift[0], 4);
        QCOMPARE(c.shift[1], 4);
        const auto a = static_cast<std::size_t>(c.fibreA), b = static_cast<std::size_t>(c.fibreB);
        QVERIFY(!near(l.linkVia[a], l.linkVia[b]));
        QVERIFY(l.linkVia[a].x() > data.pos[static_cast<std::size_t>(c.chipA)].x());
        QVERIFY(l.linkVia[b].x() < data.pos[static_cast<std::size_t>(c.chipB)].x());
        QCOMPARE(data.linkColour[a], static_cast<std::uint8_t>(SceneData::kTwistColour));
        ++stubs;
    }
    QCOMPARE(stubs, 64);
    QStringList texts;
    for (const LayoutLabel &label : l.labels)
        texts << label.text;
    for (const char *name : { "to z = 0 (+4 in X, +4 in Y)", "from z = 3 (+4 in X, +4 in Y)" })
        QVERIFY2(texts.contains(QLatin1String(name)), qPrintable(texts.join('|')));
    // A lesson's canvas on a 1280x720 projector has no room for the shift: the names take
    // their plain form rather than vanish (they did), and the caption keeps the shift.
    QStringList narrow;
    for (const CanvasLabel &label : labelsFitted(f, 480, QMarginsF(20, 60, 20, 60)))
        narrow << label.text;
    for (const char *name : { "to z = 0", "from z = 3" })
        QVERIFY2(narrow.contains(QLatin1String(name)), qPrintable(narrow.join('|')));
}

void TestTorusLattice::stubNamesHangClearOfThePlanes()
{
    // A name keeps its text size at any zoom: standing on a point under its plane, it covered
    // the plane's bottom chips and stubs once the pod was fitted to a window. It hangs from
    // under the last lanes instead, clear of every plane.
    const Fabric pod = gen::generate("tpu-torus", nlohmann::json {});
    FabricCanvas canvas;
    QVERIFY(shownFitted(canvas, pod, QSize(1400, 700)));
    const FabricLayout layout = computeLayout(pod);
    int names = 0;
    for (const auto &[text, box] : canvas.shownLabels()) {
        if (!text.startsWith(QLatin1String("to z")) && !text.startsWith(QLatin1String("from z")))
            continue;
        ++names;
        for (const LayoutBlock &plane : layout.blocks)
            QVERIFY2(!box.intersects(canvas.mapFromScene(plane.rect).boundingRect()),
                qPrintable(text + QStringLiteral(" over ") + plane.title));
    }
    QCOMPARE(names, 4);
}

void TestTorusLattice::zStepsLeaveTheXLinksInSight()
{
    // 16 planes in two rows of 8: Z steps inside a cube are ICI links, the step from plane 3
    // to 4 an OCS circuit, both between planes side by side. Drawn straight along their chip
    // row, they lay on the row's X links, and the X dimension looked unwired.
    const Fabric f
        = gen::generate("tpu-torus", nlohmann::json { { "x", 4 }, { "y", 4 }, { "z", 16 } });
    const FabricLayout l = computeLayout(f);
    SceneData data;
    data.build(f, l);
    const auto chips = [&](const Link &link) {
        const Node &a = f.node(link.a), &b = f.node(link.b);
        return a.kind == NodeKind::Gpu && b.kind == NodeKind::Gpu ? std::pair(&a, &b)
                                                                  : std::pair(nullptr, nullptr);
    };
    std::vector<QPointF> xMiddles;
    f.forEachLink([&](const Link &link) {
        const auto [a, b] = chips(link);
        if (a && a->hints.z == b->hints.z && a->hints.y == b->hints.y)
            xMiddles.push_back(data.segment[static_cast<std::size_t>(link.id)].center());
    });
    std::vector<LinkId> zSteps;
    f.forEachLink([&](const Link &link) {
        const auto [a, b] = chips(link);
        if (a && a->hints.z / 8 == b->hints.z / 8 && a->hints.z != b->hints.z)
            zSteps.push_back(link.id);
    });
    int circuitSteps = 0;
    for (const TorusCircuit &c : torusCircuits(f).circuits)
        if (c.dim == 2 && !c.wraps) {
            const int za = f.node(c.chipA).hints.z, zb = f.node(c.chipB).hints.z;
            if (za / 8 == zb / 8) {
                zSteps.push_back(c.fibreA);
                zSteps.push_back(c.fibreB);
                ++circuitSteps;
            }
        }
    QCOMPARE(xMiddles.size(), std::size_t(16 * 4 * 3));
    QCOMPARE(circuitSteps, 2 * 16); // planes 3-4 and 11-12, 16 chips each
    QCOMPARE(zSteps.size(), std::size_t(2 * 6 * 16 + 2 * circuitSteps));
    // Nor over the chips beside its ends, as if wired to them.
    std::vector<QRectF> chipRects;
    f.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Gpu)
            chipRects.push_back(data.rect[static_cast<std::size_t>(n.id)].adjusted(-1, -1, 1, 1));
    });
    for (const LinkId z : zSteps) {
        QPainterPath path;
        data.addLinkPath(path, z);
        const QLineF &ends = data.segment[static_cast<std::size_t>(z)];
        for (int i = 0; i <= 40; ++i) {
            const QPointF p = path.pointAtPercent(i / 40.0);
            for (const QPointF &m : xMiddles)
                if (QLineF(p, m).length() <= 3)
                    QFAIL(qPrintable(QStringLiteral("link %1 over an X link at (%2, %3)")
                                         .arg(z)
                                         .arg(m.x())
                                         .arg(m.y())));
            for (const QRectF &chip : chipRects)
                if (chip.contains(p) && !chip.contains(ends.p1()) && !chip.contains(ends.p2()))
                    QFAIL(qPrintable(QStringLiteral("link %1 over the chip at (%2, %3)")
                                         .arg(z)
                                         .arg(chip.center().x())
                                         .arg(chip.center().y())));
        }
    }
}

void TestTorusLattice::circuitsPassOverNoChip()
{
    // A circuit drawn over chips on its way reads as wired to them: the wrap-arounds leave the
    // edge of their plane outwards, the stubs to another row of planes run between chip rows,
    // and each must clear every chip but the one or two it joins. Tried on the slices the
    // lessons and the docs show, on a cube and a one-row slice (their Z wrap-arounds stay in
    // the row), on the other twisted shape (k x 2k x 2k), and on a twist of 8 planes.
    const auto torus = [](int x, int y, int z, bool twisted) {
        return gen::generate("tpu-torus",
            nlohmann::json { { "x", x }, { "y", y }, { "z", z }, { "twisted", twisted } });
    };
    const std::vector<std::pair<QString, Fabric>> fabrics = { { "plain 4x4x8", slice(false) },
        { "twisted 4x4x8", slice(true) }, { "plain 4x4x4", torus(4, 4, 4, false) },
        { "plain 4x8x8", torus(4, 8, 8, false) }, { "twisted 4x8x8", torus(4, 8, 8, true) },
        { "twisted 8x16x16", torus(8, 16, 16, true) }, { "twisted 8x8x16", torus(8, 8, 16, true) },
        { "twisted 8x8x4", torus(8, 8, 4, true) } };
    for (const auto &[shape, f] : fabrics) {
        const FabricLayout l = computeLayout(f);
        SceneData data;
        data.build(f, l);
        std::vector<QRectF> chips;
        f.forEachNode([&](const Node &n) {
            if (n.kind == NodeKind::Gpu)
                chips.push_back(data.rect[static_cast<std::size_t>(n.id)].adjusted(-1, -1, 1, 1));
        });
        int arcs = 0;
        for (const TorusCircuit &c : torusCircuits(f).circuits) {
            arcs += data.isCurved(c.fibreA) ? 1 : 0;
            const QRectF ends[] = { data.rect[static_cast<std::size_t>(c.chipA)],
                data.rect[static_cast<std::size_t>(c.chipB)] };
            for (const LinkId fibre : { c.fibreA, c.fibreB }) {
                for (int i = 0; i <= 200; ++i) {
                    const QPointF p = data.curveAt(fibre, i / 200.0);
                    const auto over
                        = std::find_if(chips.begin(), chips.end(), [&](const QRectF &chip) {
                              return chip.contains(p) && !chip.contains(ends[0])
                                  && !chip.contains(ends[1]);
                          });
                    if (over != chips.end())
                        QFAIL(
                            qPrintable(QStringLiteral(
                                "%1: the circuit %2 -> %3 runs over the chip at (%4, %5)")
                                           .arg(shape, QString::fromStdString(f.node(c.chipA).name),
                                               QString::fromStdString(f.node(c.chipB).name))
                                           .arg(over->center().x())
                                           .arg(over->center().y())));
                }
            }
        }
        QVERIFY(arcs >= 2 * 4 * 4); // at least the X and Y wrap-arounds of a 4x4x4
    }
}

void TestTorusLattice::thinnedArcsKeepBothHalves()
{
    // A pod fitted to a window draws one link in k: each fibre drawn or not on its own left
    // hundreds of half arcs ending in mid-air. A circuit's two fibres are drawn together.
    const Fabric f = gen::generate("tpu-torus", nlohmann::json {});
    const FabricLayout l = computeLayout(f);
    SceneData data;
    data.build(f, l);
    const QRectF all = data.contentBounds();
    data.plan = data.planFor(1900 / all.width(), all, 1.0);
    QVERIFY2(data.plan.globalSample > 1, "the fit must thin the links for this test");
    int drawn = 0, arcs = 0;
    for (const TorusCircuit &c : torusCircuits(f).circuits) {
        if (!near(l.linkVia[static_cast<std::size_t>(c.fibreA)],
                l.linkVia[static_cast<std::size_t>(c.fibreB)]))
            continue; // a stub pair: each end named on its own
        ++arcs;
        QCOMPARE(data.drawsLink(c.fibreA), data.drawsLink(c.fibreB));
        drawn += data.drawsLink(c.fibreA) ? 1 : 0;
    }
    QVERIFY(drawn > 0 && drawn < arcs);
}

void TestTorusLattice::ocsHiddenButListed()
{
    const Fabric f = slice(true);
    FabricCanvas canvas;
    canvas.resize(1200, 800);
    canvas.setFabric(&f);
    canvas.zoomToFit();
    int ocs = 0, circuits = 0;
    const TorusCircuits table = torusCircuits(f);
    f.forEachNode([&](const Node &n) {
        if (n.kind != NodeKind::Ocs)
            return;
        ++ocs;
        circuits += static_cast<int>(n.circuits.size());
        QCOMPARE(canvas.nodeAt(canvas.nodePosition(n.id)), kNoNode);
    });
    QCOMPARE(ocs, 48);
    QCOMPARE(static_cast<int>(table.circuits.size()), circuits);
    const auto legend = canvas.legendEntries();
    QVERIFY(std::none_of(legend.begin(), legend.end(),
                         [](const LegendEntry &e) { return e.label == QLatin1String("Optical circuit switch"); }));
    QVERIFY(std::any_of(legend.begin(), legend.end(), [](const LegendEntry &e) {
        return e.label == QLatin1String("Twisted X wrap-around: lands shifted by 4 in Z");
    }));
    // A 4x8x8's X wrap-around lands shifted in Y and in Z at once: one entry, not two that
    // read as two kinds of arcs.
    const Fabric wide = gen::generate(
        "tpu-torus", nlohmann::json { { "x", 4 }, { "y", 8 }, { "z", 8 }, { "twisted", true } });
    canvas.setFabric(&wide);
    QStringList twistEntries;
    for (const LegendEntry &e : canvas.legendEntries())
        if (e.label.startsWith(QStringLiteral("Twisted ")))
            twistEntries << e.label;
    QCOMPARE(twistEntries.filter(QStringLiteral("Twisted X ")).size(), 1);
    QVERIFY2(twistEntries.filter(QStringLiteral("Twisted X "))
                 .front()
                 .contains(QStringLiteral(" and by ")),
        qPrintable(twistEntries.join(QLatin1Char('|'))));
    canvas.setFabric(&f);
    // The panel lists every circuit, naming the chips each joins.
    OcsPanel panel;
    panel.setFabric(&f);
    QCOMPARE(panel.topLevelItemCount(), ocs);
    int listed = 0;
    for (int i = 0; i < panel.topLevelItemCount(); ++i)
        listed += panel.topLevelItem(i)->childCount();
    QCOMPARE(listed, circuits);
    // Hovering an arc names its OCS and circuit.
    const TorusCircuit &c = table.circuits.front();
    const QString text = canvas.describeLink(c.fibreA);
    QVERIFY2(text.contains(QString::fromStdString(f.node(c.ocs).name)), qPrintable(text));
    QVERIFY(text.contains(QString::fromStdString(f.node(c.chipA).name)));
    QVERIFY(text.contains(QString::fromStdString(f.node(c.chipB).name)));

    // Rewiring the OCS (the app's undoable edit) redraws the arcs: the twist goes.
    Fabric live = f;
    canvas.setFabric(&live);
    gen::reconfigureTpu(live, gen::TpuShape{4, 4, 8}, false);
    canvas.applyChange({ChangeEvent::Type::CircuitsChanged, {}, {}});
    const auto untwisted = canvas.legendEntries();
    QVERIFY(std::none_of(untwisted.begin(), untwisted.end(),
                         [](const LegendEntry &e) { return e.label.contains(QLatin1String("shifted")); }));
}

void TestTorusLattice::planeTitlesReadOverTheWrapArounds()
{
    // The twisted slice's wrap-arounds leave each plane through its corner, under "z = 4", and
    // pass under "from z = 7": those texts get a white backing (a halo) or they cannot be read
    // (seen in the twisted-torus lesson at 1920x1080).
    const Fabric f = slice(true);
    // The whole picture with room around it for the texts under its planes, 1,000 px wide.
    QStringList planes, ends;
    for (const CanvasLabel &label : labelsFitted(f, 1000, QMarginsF(100, 100, 100, 100))) {
        if (label.text.startsWith(QLatin1String("z = ")))
            planes << label.text;
        else if (label.text.startsWith(QLatin1String("from z")) || label.text.startsWith(QLatin1String("to z")))
            ends << label.text;
        else
            continue;
        QVERIFY2(label.halo, qPrintable(label.text));
    }
    QCOMPARE(planes.size(), 8);
    QCOMPARE(ends.size(), 4);
}

void TestTorusLattice::presentedPodNamesItsPlanesOverThem()
{
    // The pod presented at 1280x720 (its canvas about 740 px wide, text half as large again):
    // "z = 10" to "z = 15" were left out, held to their planes' width, and a title that did
    // not fit over its plane went under it, over the plane of the row below.
    const Fabric pod = gen::generate("tpu-torus", nlohmann::json {});
    FabricCanvas canvas;
    canvas.setPresentationMode(true);
    QVERIFY(shownFitted(canvas, pod, QSize(740, 560)));
    const FabricLayout layout = computeLayout(pod);
    QStringList named;
    for (const auto &[text, box] : canvas.shownLabels()) {
        if (!text.startsWith(QLatin1String("z = ")))
            continue;
        named << text;
        const int z = text.mid(4).toInt();
        const QRectF plane = layout.blocks[std::size_t(z)].rect;
        const double top = canvas.mapFromScene(plane.topLeft()).y();
        QVERIFY2(box.bottom() <= top + 1, qPrintable(text + " is not over its plane"));
    }
    for (int z = 10; z < 16; ++z)
        QVERIFY2(named.contains(QStringLiteral("z = %1").arg(z)), qPrintable(named.join('|')));
}

void TestTorusLattice::captionStaysInANarrowView()
{
    // A lesson's canvas on a 1280x720 projector is about 500 px wide: the caption that says
    // where the twist goes must still be there, in its short form (it was left out).
    const Fabric f = slice(true);
    const auto captionAt = [&](double widthPx) {
        for (const CanvasLabel &label : labelsFitted(f, widthPx, QMarginsF(20, 60, 20, 60)))
            if (label.text.contains(QLatin1String("wrap-arounds")))
                return label.text;
        return QString();
    };
    QCOMPARE(captionAt(1000),
        QStringLiteral("4×4×8 torus, twisted: X and Y wrap-arounds land shifted by 4 in Z"));
    QCOMPARE(captionAt(480), QStringLiteral("Twisted: X, Y wrap-arounds +4 in Z"));

    // On a canvas 700 px wide, the legend's button in its corner: the long form fits the view
    // but would run under the button (it did), so the short one is drawn, and nothing is under
    // the button.
    FabricCanvas canvas;
    canvas.setLegendVisible(true);
    QVERIFY(shownFitted(canvas, f, QSize(700, 305)));
    const auto *legend = canvas.findChild<LegendWidget *>();
    QVERIFY(legend && legend->isVisible());
    QStringList shown;
    for (const auto &[text, box] : canvas.shownLabels()) {
        shown << text;
        QVERIFY2(!box.intersects(QRectF(legend->geometry())), qPrintable(text));
    }
    QVERIFY2(shown.contains(QStringLiteral("Twisted: X, Y wrap-arounds +4 in Z")),
        qPrintable(shown.join('|')));
    QCOMPARE(twistCaption({ { 0, 1, 4, 16 }, { 1, 2, 8, 16 } }, CaptionLength::Short),
        QStringLiteral("X wrap-around +4 in Y; Y wrap-around +8 in Z"));
}

void TestTorusLattice::spareCubeIsTitledInTheWindowsFit()
{
    // The window's canvas beside its docks is about 700 px wide at 1920x1080. The spare row's
    // title was held to a quarter of the fabric's drawn width, like a node's name, and left
    // out there; an export 1920 px wide drew it.
    Fabric f = gen::generate("tpu-torus",
        nlohmann::json {
            { "x", 4 }, { "y", 4 }, { "z", 8 }, { "twisted", true }, { "spare_cubes", 1 } });
    const auto titled = [&](const QString &title) {
        for (const CanvasLabel &label : labelsFitted(f, 700, QMarginsF(20, 60, 20, 60)))
            if (label.text == title)
                return true;
        return false;
    };
    QVERIFY(titled(QStringLiteral("Spare cube (spare0, on standby)")));
    const gen::SpareCubeOutcome swapped
        = gen::replaceFailedCubes(f, std::vector { parseFault("chip-1-1-5") });
    QVERIFY(swapped.replaced.size() == 1);
    QVERIFY(titled(QStringLiteral("Cube switched out of the slice (on standby)")));
}

void TestTorusLattice::loadsColourArcs()
{
    const Fabric f = slice(true);
    const FabricLayout l = computeLayout(f);
    SceneData data;
    data.build(f, l);
    const TorusCircuits circuits = torusCircuits(f);
    const auto it = std::find_if(circuits.circuits.begin(), circuits.circuits.end(),
                                 [](const TorusCircuit &c) { return c.wraps && c.dim == 0; });
    QVERIFY(it != circuits.circuits.end());
    // Traffic on one direction of one fibre: both halves of the arc take its colour.
    data.loads.assign(2 * f.linkIdBound(), 0.f);
    data.loads[2 * static_cast<std::size_t>(it->fibreB) + 1] = 0.9f;
    data.applyLoads();
    const auto hot = static_cast<std::uint8_t>(SceneData::loadColour(0.9f));
    QCOMPARE(data.linkColour[static_cast<std::size_t>(it->fibreA)], hot);
    QCOMPARE(data.linkColour[static_cast<std::size_t>(it->fibreB)], hot);
    const TorusCircuit &other = circuits.circuits.back();
    QCOMPARE(data.linkColour[static_cast<std::size_t>(other.fibreA)],
             static_cast<std::uint8_t>(SceneData::kIdleColour));

    // On screen: the arc's pixels turn the hot colour.
    FabricCanvas canvas;
    canvas.setLegendVisible(false);
    QVERIFY(shownFitted(canvas, f, QSize(1400, 800)));
    std::vector<float> loads(2 * f.linkIdBound(), 0.f);
    loads[2 * static_cast<std::size_t>(it->fibreA)] = 0.9f;
    canvas.setLinkLoads(loads);
    const QImage image = canvas.viewport()->grab().toImage();
    const QRgb colour = data.linkColours[hot].rgb() & 0xffffff;
    for (const LinkId fibre : {it->fibreA, it->fibreB}) {
        const auto pieces = data.linkPieces(fibre);
        const QPoint p = canvas.mapFromScene(pieces[pieces.size() / 2].p1());
        bool found = false;
        for (int dy = -2; dy <= 2 && !found; ++dy)
            for (int dx = -2; dx <= 2 && !found; ++dx)
                found = image.rect().contains(p + QPoint(dx, dy))
                    && (image.pixel(p + QPoint(dx, dy)) & 0xffffff) == colour;
        QVERIFY2(found, qPrintable(QStringLiteral("fibre %1 at %2,%3").arg(fibre).arg(p.x()).arg(p.y())));
    }
    // The legend gives the arcs no colour of their own now: the optical amber beside the
    // viridis ramp read as "yellow = an OCS circuit" on arcs yellow with load.
    const QColor amber = palette::medium(Medium::Optical);
    const auto legend = canvas.legendEntries();
    for (const LegendEntry &e : legend)
        QVERIFY2(e.symbol == LegendEntry::Symbol::Heading || e.color != amber, qPrintable(e.label));
    QVERIFY(std::any_of(legend.begin(), legend.end(), [](const LegendEntry &e) {
        return e.label.startsWith(QLatin1String("Arc: OCS circuit"));
    }));
}

void TestTorusLattice::screenshots()
{
    // The user guide's pictures of the lattice view (docs/testing.md: FABRICSCOPE_SCREENSHOTS
    // writes the docs' copies): a twisted 8x8x16 slice, the plain 16x16x16 pod, and a ring
    // all-reduce playing on a twisted 4x4x8 slice with its particles.
    const testing::ScreenshotFolder folder;
    const QSize size(1920, 1080);
    auto shoot = [&](const Fabric &f, const QString &name, const QString &title,
                     const std::function<void(FabricCanvas &)> &prepare = {}) {
        FabricCanvas canvas;
        canvas.resize(size);
        canvas.setFabric(&f);
        if (prepare)
            prepare(canvas);
        canvas.zoomToFit();
        const QString problem = folder.save(canvas.renderImage(size, title), name);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    };
    const Fabric twisted = gen::generate("tpu-torus", nlohmann::json{{"x", 8}, {"y", 8}, {"z", 16}, {"twisted", true}});
    shoot(twisted, QStringLiteral("canvas-tpu-torus-lattice-twisted.png"),
          QStringLiteral("TPU v4 twisted torus 8×8×16 · lattice view"));
    const Fabric pod = gen::generate("tpu-torus", nlohmann::json::object());
    shoot(pod, QStringLiteral("canvas-tpu-torus-lattice.png"), QStringLiteral("TPU v4 pod 16×16×16 · lattice view"));
    const Fabric small = slice(true);
    const auto run = testing::ringRun(small, route::Policy::Ecmp, 4e6, 1);
    LoadSampler sampler(run->result);
    shoot(small, QStringLiteral("canvas-tpu-torus-lattice-loads.png"),
          QStringLiteral("Ring traffic on a twisted 4×4×8 slice · lattice view, loads and particles"),
          [&](FabricCanvas &canvas) {
              canvas.setParticlesEnabled(true);
              canvas.setParticlePhase(0.4);
              showLoadsAt(canvas, *run, sampler, run->result.completionS / 3);
          });
}

QTEST_MAIN(TestTorusLattice)
#include "tst_torus_lattice.moc"
