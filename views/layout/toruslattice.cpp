// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "toruslattice.h"

#include "sparecubes.h"
#include "toruscircuits.h"

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <utility>

namespace fabric::views {

namespace {

constexpr double kChip = 10, kPitch = 22;
/// The widest the planes may spread (width over height): more planes wrap to a new row. About
/// a 16:9 screen less its legend, so a slice fills the window instead of a thin strip: 8 planes
/// go in two rows of 4, 16 planes in two rows of 8 (plane z + 8 right under plane z, so a
/// twist of 8 in Z lands straight below).
constexpr double kMaxAspect = 3.2;

/// Where the planes go: enough room between them for the arcs that loop round their sides.
struct Planes
{
    int extent[3] = {1, 1, 1};
    int columns = 1;
    double width = 0, height = 0, gapX = 0, gapY = 0;

    QPointF origin(int z) const
    {
        return QPointF((z % columns) * (width + gapX), (z / columns) * (height + gapY));
    }
    QPointF chip(int x, int y, int z) const { return origin(z) + QPointF(x * kPitch, y * kPitch); }
    int rows() const { return (extent[2] + columns - 1) / columns; }
    int row(int z) const { return z / columns; }
};

/// An X or Y arc as two cubic halves, from chip A and from chip B, that meet at the via.
struct EdgeArc
{
    QPointF via;
    QPointF byChipA, byViaA; ///< The half from chip A: its control points by the chip, by the via.
    QPointF byChipB, byViaB;
};

/// The arc of an X or Y wrap-around from @p a, the last chip along @p dim, to @p b, the first.
/// It goes round the landing chip's plane: X arcs over its top, Y arcs round its left side, so
/// a plain wrap-around is a loop on its own plane and a twisted one visibly travels to the
/// plane it lands on. Each half leaves its chip square to the plane's edge, outwards, and turns
/// only out there, so it clears the chips beside it on that edge (an arc that set off at a
/// slant ran over them, as if wired to them). Nested by row (X) or column (Y) so the arcs of
/// one plane do not cross, and higher the farther they reach.
EdgeArc edgeArc(
    const Planes &p, int dim, const Node &a, const Node &b, const QPointF &pa, const QPointF &pb)
{
    // In (across the edge, along it) terms: X arcs leave sideways, Y arcs downwards.
    const bool alongY = dim == 0;
    const auto across = [&](const QPointF &q) { return alongY ? q.x() : q.y(); };
    const auto along = [&](const QPointF &q) { return alongY ? q.y() : q.x(); };
    const auto point = [&](double acrossEdge, double alongEdge) {
        return alongY ? QPointF(acrossEdge, alongEdge) : QPointF(alongEdge, acrossEdge);
    };
    const double reach = std::hypot(pb.x() - pa.x(), pb.y() - pa.y());
    const int lane = alongY ? a.hints.y : a.hints.x;
    // An X arc between planes side by side rises the higher the more planes it passes over, so
    // its turns stay clear of the planes between. (A Y arc goes round the left of its column.)
    // And one from the other row of planes rises higher the taller the way up, so it has
    // turned off the edge of the plane it lands on before it passes that plane's corner.
    const double over = alongY ? std::max(0.0, std::abs(pa.x() - pb.x()) - p.width) : 0.0;
    const double climb = alongY ? 0.1 * std::abs(pa.y() - pb.y()) : 0.0;
    const double side = over / 5 + climb
        + (alongY ? 14 + 3 * lane + 0.1 * std::min(reach, 4 * p.height)
                  : 14 + 3 * lane + 0.04 * std::min(reach, 4 * p.width));
    const double viaAlong = along(p.origin(b.hints.z)) - side;
    // How far out a half goes before it turns: farther for the outer lanes, and for a long way
    // along the edge, so the turn is wide enough to clear the edge's chips; within half the
    // gap to the next plane, whose own arcs leave into the other half.
    const double gap = alongY ? p.gapX : p.gapY;
    const int lanes = std::max(2, p.extent[alongY ? 1 : 0]);
    const auto out = [&](const QPointF &chip) {
        return 10 + 0.25 * gap * lane / (lanes - 1)
            + std::min(std::abs(along(chip) - viaAlong) / 8, 0.4 * gap);
    };
    const double acrossA = across(pa) + out(pa), acrossB = across(pb) - out(pb);
    const double viaAcross = (acrossA + acrossB) / 2;
    // A half whose last leg runs back past its chip (a twisted arc to a plane on the far side
    // of its own) would cut the corner across its plane: its control by the via moves
    // outwards, so the curve keeps to the outside of the corner.
    const double span = alongY ? p.width : p.height; // the plane across its edge
    const auto pushed = [&](double acrossFrom, double outwards) {
        const double back = (acrossFrom - viaAcross) * outwards;
        return acrossFrom + outwards * 0.5 * std::max(0.0, back - span / 4);
    };
    EdgeArc arc;
    arc.via = point(viaAcross, viaAlong);
    arc.byChipA = point(acrossA, along(pa));
    arc.byViaA = point(pushed(acrossA, 1), viaAlong);
    arc.byChipB = point(acrossB, along(pb));
    arc.byViaB = point(pushed(acrossB, -1), viaAlong);
    return arc;
}

/// A cubic curve: its ends and its two control points.
struct Cubic
{
    QPointF p0, c1, c2, p3;

    /// Its first or its second half, split at its middle (de Casteljau).
    Cubic half(bool first) const
    {
        const QPointF middle = cubicAt(p0, c1, c2, p3, 0.5);
        return first ? Cubic { p0, (p0 + c1) / 2, (p0 + 2 * c1 + c2) / 4, middle }
                     : Cubic { middle, (c1 + 2 * c2 + p3) / 4, (c2 + p3) / 2, p3 };
    }
    Cubic reversed() const { return { p3, c2, c1, p0 }; }
};

/// A Z step between planes side by side, from the chip at @p from to the one at @p to, in
/// place @p x of its chip row. Drawn straight, it lay on the row's X links and hid them (the X
/// dimension looked unwired); a plain bow ran over the chips beside its ends. It arches up
/// between chip rows instead: its controls stand a little behind its chips, so it rises clear
/// of the chips beside them before it turns along, and its top stays under the next chip row
/// up (its chips' bottom edge 17 units above), 3 units or more from every X link's middle.
/// Higher the farther right its chip, so the steps of one row do not lie on one another.
/// (Checked for rows of 2 to 16 chips.)
Cubic zStepArch(const Planes &p, int x, const QPointF &from, const QPointF &to)
{
    const int chips = p.extent[0];
    const double lowest = std::min(21.0, 8.0 + chips), highest = 21;
    const double rise = lowest + (highest - lowest) * x / double(std::max(1, chips - 1));
    const double back = to.x() > from.x() ? -10 : 10;
    return { from, from + QPointF(back, -rise), to + QPointF(-back, -rise), to };
}

/// A Z stub's way from its chip to @p edgeX, beside the plane: it drops into the channel under
/// the chip's row, in lane @p lane of as many as the row has chips, and runs along it. Straight
/// along the chip row, a plane's stubs lay on the chips beside them and on one another.
struct StubPath
{
    QPointF turn; ///< Both control points of its cubic: the curve leaves the chip downwards.
    QPointF end;
};

/// Lane 0 is nearest the chip row: the chip with no other chip between it and the edge takes
/// it, so no stub's drop crosses another stub's run. The lanes fill the channel between the
/// chips' bottom edge (5 under the row) and the next row's top (17 under), keeping 1 from each.
StubPath stubPath(const Planes &p, const QPointF &chip, double edgeX, int lane)
{
    const double drop = 0.5 * kChip + 1 + (lane + 0.5) * (kPitch - kChip - 2) / p.extent[0];
    // Off to the side as it drops, so it leaves the chip clear of the Y link under it.
    const double side = (edgeX > chip.x() ? 0.4 : -0.4) * drop;
    return { chip + QPointF(side, drop), QPointF(edgeX, chip.y() + drop) };
}

/// What a Z stub's ends say about a twist: "" for a plain step, " (+4 in X, +4 in Y)" for a
/// wrap-around that lands shifted.
QString landingShift(const TorusCircuit &c)
{
    QStringList parts;
    for (int d = 0; d < 2; ++d)
        if (c.shift[d] != 0)
            parts << QStringLiteral("+%1 in %2").arg(c.shift[d]).arg(dimensionName(d));
    return parts.isEmpty() ? QString()
                           : QStringLiteral(" (%1)").arg(parts.join(QStringLiteral(", ")));
}

} // namespace

FabricLayout torusLattice(const Fabric &f)
{
    FabricLayout out;
    out.name = QStringLiteral("torus-lattice");
    out.nodePitch = kPitch;
    out.resize(f.nodeIdBound());
    out.hidden.assign(f.nodeIdBound(), false);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    out.linkVia.assign(f.linkIdBound(), QPointF(nan, nan));
    out.linkBend.assign(f.linkIdBound(), QPointF(nan, nan));

    const TorusCircuits circuits = torusCircuits(f);
    Planes planes;
    for (int d = 0; d < 3; ++d)
        planes.extent[d] = std::max(1, circuits.extent[d]);
    planes.width = (planes.extent[0] - 1) * kPitch;
    planes.height = (planes.extent[1] - 1) * kPitch;
    // Room on the left of each plane for its Y arcs, under each row of planes for the Z arcs.
    planes.gapX = std::max(70.0, 0.55 * planes.width + 40);
    planes.gapY = std::max(120.0, 0.9 * planes.height + 90);
    planes.columns = planes.extent[2];
    while (planes.columns > 1 && planes.columns * (planes.width + planes.gapX)
                                     > kMaxAspect * planes.rows() * (planes.height + planes.gapY))
        planes.columns = (planes.columns + 1) / 2;
    // A twist by half of Z lands a plane's wrap-arounds on the plane half the planes on: in
    // two rows of that many, that is the one straight below, and its arcs pass over no other
    // plane (in one row they crossed the edges of the planes between).
    const std::vector<TwistShift> shifts = circuits.twists();
    for (const TwistShift &t : shifts)
        if (t.along == 2 && 2 * t.by == planes.extent[2])
            planes.columns = t.by;

    for (int z = 0; z < planes.extent[2]; ++z) {
        LayoutBlock block;
        block.kind = LayoutBlock::Kind::Plane;
        block.rect = QRectF(planes.origin(z), QSizeF(planes.width, planes.height)).adjusted(-10, -10, 10, 10);
        block.title = QStringLiteral("z = %1").arg(z);
        block.detail = QStringLiteral("%1×%2 chips").arg(planes.extent[0]).arg(planes.extent[1]);
        out.blocks.push_back(block);
    }
    std::vector<NodeId> others;
    f.forEachNode([&](const Node &n) {
        const auto id = static_cast<std::size_t>(n.id);
        if (n.kind == NodeKind::Gpu && n.hints.x >= 0 && n.hints.y >= 0 && n.hints.z >= 0) {
            out.positions[id] = planes.chip(n.hints.x, n.hints.y, n.hints.z);
            out.sizes[id] = QSizeF(kChip, kChip);
            out.blockOf[id] = n.hints.z;
        } else if (n.kind == NodeKind::Ocs) {
            out.hidden[id] = true;
        } else if (!isSpareChip(n)) {
            others.push_back(n.id);
        }
    });
    // Each circuit: fibre A from chip A to the arc's middle, fibre B from there to chip B. The
    // middle is where the two halves meet with one tangent, so the arc is smooth.
    // A Z step between planes in different rows (the step to the next row, the wrap-around
    // from the last plane to the first) would cross the whole picture, hundreds of them side
    // by side on a pod: each is drawn as two stubs instead, out of the right of its plane and
    // into the left of the next, each end named ("to z = 8", "from z = 7"). So is a Z
    // wrap-around within one row of planes (a cube, a one-row slice), which would run under
    // the whole row; twisted, such arcs ran over the chips of the planes at both ends.
    const double stub = 0.4 * planes.gapX;
    const auto zStub = [&](const TorusCircuit &c, const Node &a, const Node &b) {
        return c.dim == 2 && (c.wraps || planes.row(a.hints.z) != planes.row(b.hints.z));
    };
    const auto sameRowZStep = [&](const Node &a, const Node &b) {
        return a.hints.z != b.hints.z && planes.row(a.hints.z) == planes.row(b.hints.z)
            && a.hints.x == b.hints.x && a.hints.y == b.hints.y;
    };
    out.linkBend2.assign(f.linkIdBound(), QPointF(nan, nan));
    QRectF cubicExtent; // of the curves themselves: their control points lie well outside
    // A link's cubic, given from the end at node @p from: linkBend goes by the link's first end.
    const auto setCubic = [&](LinkId link, NodeId from, const Cubic &curve) {
        const auto i = static_cast<std::size_t>(link);
        const Cubic ab = f.link(link).a == from ? curve : curve.reversed();
        out.linkBend[i] = ab.c1;
        out.linkBend2[i] = ab.c2;
        for (int k = 0; k <= 16; ++k)
            cubicExtent
                |= QRectF(cubicAt(ab.p0, ab.c1, ab.c2, ab.p3, k / 16.0), QSizeF(0.01, 0.01));
    };
    // By (from z, to z): the shift the stubs' ends name, empty when they land unshifted or
    // do not all land alike.
    std::map<std::pair<int, int>, QString> stubbedSteps;
    for (const TorusCircuit &c : circuits.circuits) {
        const Node &a = f.node(c.chipA), &b = f.node(c.chipB);
        const QPointF pa = out.positions[static_cast<std::size_t>(a.id)];
        const QPointF pb = out.positions[static_cast<std::size_t>(b.id)];
        if (zStub(c, a, b)) {
            const double outOfA = planes.origin(a.hints.z).x() + planes.width + stub;
            const double intoB = planes.origin(b.hints.z).x() - stub;
            const StubPath toNext = stubPath(planes, pa, outOfA, planes.extent[0] - 1 - a.hints.x);
            const StubPath fromLast = stubPath(planes, pb, intoB, b.hints.x);
            out.linkVia[static_cast<std::size_t>(c.fibreA)] = toNext.end;
            out.linkVia[static_cast<std::size_t>(c.fibreB)] = fromLast.end;
            setCubic(c.fibreA, a.id, { pa, toNext.turn, toNext.turn, toNext.end });
            setCubic(c.fibreB, b.id, { pb, fromLast.turn, fromLast.turn, fromLast.end });
            const QString shift = landingShift(c);
            const auto [step, first] = stubbedSteps.try_emplace({ a.hints.z, b.hints.z }, shift);
            if (!first && step->second != shift)
                step->second.clear();
            continue;
        }
        QPointF via = (pa + pb) / 2;
        if (c.dim == 2 && !c.wraps && sameRowZStep(a, b)) {
            // The arch of a direct Z link (below), made of two halves.
            const Cubic arch = zStepArch(planes, a.hints.x, pa, pb);
            via = arch.half(true).p3;
            setCubic(c.fibreA, a.id, arch.half(true));
            setCubic(c.fibreB, b.id, arch.half(false).reversed());
        } else if (c.dim < 2 && (c.wraps || a.hints.z != b.hints.z)) {
            const EdgeArc arc = edgeArc(planes, c.dim, a, b, pa, pb);
            via = arc.via;
            setCubic(c.fibreA, a.id, { pa, arc.byChipA, arc.byViaA, via });
            setCubic(c.fibreB, b.id, { pb, arc.byChipB, arc.byViaB, via });
        }
        out.linkVia[static_cast<std::size_t>(c.fibreA)] = via;
        out.linkVia[static_cast<std::size_t>(c.fibreB)] = via;
    }
    f.forEachLink([&](const Link &l) {
        const Node &a = f.node(l.a), &b = f.node(l.b);
        if (a.kind == NodeKind::Gpu && b.kind == NodeKind::Gpu && !isSpareChip(a) && !isSpareChip(b)
            && sameRowZStep(a, b))
            setCubic(l.id, a.id,
                zStepArch(planes, a.hints.x, out.positions[static_cast<std::size_t>(a.id)],
                    out.positions[static_cast<std::size_t>(b.id)]));
    });
    // Under the stubs' ends, reading inwards, so the text stays within the picture's bounds;
    // hanging from just under the lanes of the plane's last chip row, so the text covers
    // neither those stubs nor, zoomed out, the chips. Where a twisted landing makes the name
    // too long for a small view, the plain one (the caption gives the shift).
    for (const auto &[step, shift] : stubbedSteps) {
        const auto [from, to] = step;
        const double underLanes = kPitch - 0.5 * kChip + 2;
        const QString toText = QStringLiteral("to z = %1").arg(to);
        const QString fromText = QStringLiteral("from z = %1").arg(from);
        const auto plain = [&](const QString &text) {
            return shift.isEmpty() ? QStringList() : QStringList { text };
        };
        out.labels.push_back({ QPointF(planes.origin(from).x() + planes.width + stub,
                                   planes.origin(from).y() + planes.height + underLanes),
            toText + shift, true, false, plain(toText), true });
        out.labels.push_back({ QPointF(planes.origin(to).x() - stub,
                                   planes.origin(to).y() + planes.height + underLanes),
            fromText + shift, false, false, plain(fromText), true });
    }
    // Hidden OCS keep a place (fibres outside any circuit end there) but take no room.
    const double below = planes.rows() * (planes.height + planes.gapY);
    f.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Ocs)
            out.positions[static_cast<std::size_t>(n.id)] = QPointF(-planes.gapX / 2, below);
    });
    const double right = planes.columns * (planes.width + planes.gapX) - planes.gapX;
    placeSpareCubes(f, out, QPointF(0, below), kPitch, kChip);
    for (std::size_t i = 0; i < others.size(); ++i) {
        const auto id = static_cast<std::size_t>(others[i]);
        const double step = std::max(30.0, right / static_cast<double>(others.size()));
        out.positions[id] = QPointF((static_cast<double>(i) + 0.5) * step, below);
        out.sizes[id] = QSizeF(24, 12);
    }
    // The caption, one line (its text keeps its size at any zoom, so lines could collide): the
    // shape, then each twist as the circuits make it.
    const QString twists = twistCaption(shifts);
    const QString shape = QStringLiteral("%1×%2×%3 torus").arg(planes.extent[0]).arg(planes.extent[1]).arg(planes.extent[2]);
    const double top = std::min(-20.0, cubicExtent.isNull() ? 0.0 : cubicExtent.top());
    // The short form drops the shape (the planes show it) for a narrow view: a lesson's canvas
    // on a 1280x720 projector is about 500 px wide, the legend's button in its corner, where
    // the long form would be left out.
    out.labels.push_back({ QPointF(-planes.gapX / 2, top - 8),
        twists.isEmpty()
            ? shape + QStringLiteral(" · no twist: every wrap-around loops back to its own plane")
            : shape + QStringLiteral(", twisted: ") + twists,
        false, true,
        { twists.isEmpty()
                ? QStringLiteral("No twist")
                : QStringLiteral("Twisted: ") + twistCaption(shifts, CaptionLength::Short) } });
    out.updateBounds();
    out.bounds |= cubicExtent;
    return out;
}

} // namespace fabric::views
