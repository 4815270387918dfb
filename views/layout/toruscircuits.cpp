// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "toruscircuits.h"

#include <QStringList>

#include <algorithm>
#include <map>
#include <tuple>

namespace fabric::views {

namespace {

bool isChip(const Node &n)
{
    return n.kind == NodeKind::Gpu && n.hints.x >= 0 && n.hints.y >= 0 && n.hints.z >= 0;
}

int coord(const Node &n, int d) { return d == 0 ? n.hints.x : d == 1 ? n.hints.y : n.hints.z; }

} // namespace

TorusCircuits torusCircuits(const Fabric &f)
{
    TorusCircuits out;
    out.byFibre.assign(f.linkIdBound(), -1);
    f.forEachNode([&](const Node &n) {
        if (isChip(n))
            for (int d = 0; d < 3; ++d)
                out.extent[d] = std::max(out.extent[d], coord(n, d) + 1);
    });
    if (out.extent[0] == 0)
        return out;
    f.forEachNode([&](const Node &ocs) {
        if (ocs.kind != NodeKind::Ocs)
            return;
        std::map<int, LinkId> byPort;
        for (LinkId l : f.linksOf(ocs.id)) {
            const Link &link = f.link(l);
            byPort[link.a == ocs.id ? link.portA : link.portB] = l;
        }
        for (const auto &[p, q] : ocs.circuits) {
            const auto a = byPort.find(p), b = byPort.find(q);
            if (a == byPort.end() || b == byPort.end())
                continue;
            TorusCircuit c{ocs.id, p, q, a->second, b->second,
                           f.link(a->second).other(ocs.id), f.link(b->second).other(ocs.id)};
            if (!isChip(f.node(c.chipA)) || !isChip(f.node(c.chipB)))
                continue;
            // The dimension is the one the chips are neighbours along, cyclically; with a
            // twist the wrap-around also moves along others, so look for the ring's ends first.
            for (int d = 0; d < 3 && c.dim < 0; ++d) {
                const int ca = coord(f.node(c.chipA), d), cb = coord(f.node(c.chipB), d);
                const int last = out.extent[d] - 1;
                if (last > 1 && ((ca == last && cb == 0) || (cb == last && ca == 0))) {
                    c.dim = d;
                    c.wraps = true;
                    if (ca == 0)
                        std::swap(c.chipA, c.chipB), std::swap(c.fibreA, c.fibreB),
                            std::swap(c.portA, c.portB);
                } else if (std::abs(ca - cb) == 1) {
                    c.dim = d;
                    if (ca > cb)
                        std::swap(c.chipA, c.chipB), std::swap(c.fibreA, c.fibreB),
                            std::swap(c.portA, c.portB);
                }
            }
            for (int d = 0; d < 3; ++d) {
                const int delta = coord(f.node(c.chipB), d) - coord(f.node(c.chipA), d);
                c.shift[d] = d == c.dim ? 0 : ((delta % out.extent[d]) + out.extent[d]) % out.extent[d];
            }
            out.byFibre[static_cast<std::size_t>(c.fibreA)] = static_cast<int>(out.circuits.size());
            out.byFibre[static_cast<std::size_t>(c.fibreB)] = static_cast<int>(out.circuits.size());
            out.circuits.push_back(c);
        }
    });
    return out;
}

std::vector<TwistShift> TorusCircuits::twists() const
{
    // (dim, along, by) -> circuits; and wrap-arounds per dim.
    std::map<std::tuple<int, int, int>, int> count;
    int wraps[3] = {0, 0, 0};
    for (const TorusCircuit &c : circuits) {
        if (!c.wraps)
            continue;
        ++wraps[c.dim];
        for (int e = 0; e < 3; ++e)
            if (c.shift[e] != 0)
                ++count[{c.dim, e, c.shift[e]}];
    }
    std::vector<TwistShift> out;
    for (const auto &[key, n] : count) {
        const auto [dim, along, by] = key;
        if (2 * n > wraps[dim])
            out.push_back({dim, along, by, n});
    }
    return out;
}

QString dimensionName(int dim)
{
    return dim == 0 ? QStringLiteral("X") : dim == 1 ? QStringLiteral("Y") : QStringLiteral("Z");
}

QString twistCaption(const std::vector<TwistShift> &twists, CaptionLength length)
{
    // Each dimension's shifts, in the order they come: a k x 2k x 2k slice's X wrap-around
    // lands shifted in Y and in Z, one landing, said in one phrase (as two, it named X twice).
    std::vector<std::pair<int, std::vector<std::pair<int, int>>>> byDim; // dim -> (along, by)
    for (const TwistShift &t : twists) {
        auto it = std::find_if(
            byDim.begin(), byDim.end(), [&](const auto &d) { return d.first == t.dim; });
        if (it == byDim.end())
            it = byDim.insert(byDim.end(), { t.dim, {} });
        it->second.emplace_back(t.along, t.by);
    }
    // Dimensions whose wrap-arounds shift alike share a phrase ("X and Y wrap-arounds ...").
    std::vector<std::pair<std::vector<std::pair<int, int>>, QStringList>> alike;
    for (const auto &[dim, shifts] : byDim) {
        auto it = std::find_if(
            alike.begin(), alike.end(), [&](const auto &a) { return a.first == shifts; });
        if (it == alike.end())
            it = alike.insert(alike.end(), { shifts, QStringList() });
        it->second << dimensionName(dim);
    }
    const bool full = length == CaptionLength::Full;
    QStringList phrases;
    for (const auto &[shifts, dims] : alike) {
        const bool one = dims.size() == 1;
        const QString who = one || !full ? dims.join(QStringLiteral(", "))
                                         : dims.mid(0, dims.size() - 1).join(QStringLiteral(", "))
                + QStringLiteral(" and ") + dims.back();
        const QString wraps = one ? QStringLiteral("wrap-around") : QStringLiteral("wrap-arounds");
        QStringList moves;
        for (const auto &[along, by] : shifts)
            moves << (full ? QStringLiteral("by %1 in %2") : QStringLiteral("+%1 in %2"))
                         .arg(by)
                         .arg(dimensionName(along));
        phrases << (full
                ? QStringLiteral("%1 %2 %3 shifted %4")
                      .arg(who, wraps, one ? QStringLiteral("lands") : QStringLiteral("land"),
                          moves.join(QStringLiteral(" and ")))
                : QStringLiteral("%1 %2 %3").arg(who, wraps, moves.join(QStringLiteral(", "))));
    }
    return phrases.join(QStringLiteral("; "));
}

} // namespace fabric::views
