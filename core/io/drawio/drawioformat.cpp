// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "drawioformat.h"

#include "io/common/textutil.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <ostream>
#include <vector>

namespace fabric::io {
namespace {

/// Scene units (a GPU is 8 across on the canvas) to draw.io pixels, so labels fit.
constexpr double kScale = 3.0;
constexpr double kPadding = 12.0;
constexpr double kTitleHeight = 20.0;

struct Box
{
    double x = 0, y = 0, w = 0, h = 0; ///< Top-left corner and size, in pixels.
};

Box sizeOf(NodeKind kind)
{
    switch (kind) {
    case NodeKind::Gpu:
        return { 0, 0, 8 * kScale, 8 * kScale };
    case NodeKind::Host:
        return { 0, 0, 16 * kScale, 8 * kScale };
    case NodeKind::Switch:
    case NodeKind::Ocs:
        break;
    }
    return { 0, 0, 24 * kScale, 10 * kScale };
}

std::string_view styleOf(NodeKind kind)
{
    // No html=1: labels are plain text, so a name such as "<leaf>" shows as written.
    switch (kind) {
    case NodeKind::Gpu:
        return "rounded=0;fillColor=#dae8fc;strokeColor=#6c8ebf;fontSize=8;";
    case NodeKind::Host:
        return "shape=cube;size=4;fillColor=#f5f5f5;strokeColor=#666666;fontSize=8;";
    case NodeKind::Switch:
        return "ellipse;fillColor=#fff2cc;strokeColor=#d6b656;fontSize=9;";
    case NodeKind::Ocs:
        return "shape=hexagon;perimeter=hexagonPerimeter2;fillColor=#f8cecc;strokeColor=#b85450;"
               "fontSize=9;";
    }
    return "";
}

/// What a family calls its blocks, as the canvas titles them.
std::string blockWord(const Fabric &fabric)
{
    const std::string &family = fabric.generator().family;
    if (family.find("hpn") != std::string::npos)
        return "Segment";
    if (family.find("tpu") != std::string::npos || family.find("torus") != std::string::npos)
        return "Cube";
    if (family.find("dragonfly") != std::string::npos)
        return "Group";
    return "Pod";
}

/// Node boxes in pixels: the position when set, else a row per tier (top tier first).
std::vector<Box> boxes(const Fabric &fabric)
{
    std::vector<Box> out(fabric.nodeIdBound());
    int maxTier = 0;
    fabric.forEachNode([&](const Node &n) { maxTier = std::max(maxTier, n.hints.tier); });
    std::map<int, int> placedInTier;
    fabric.forEachNode([&](const Node &n) {
        Box b = sizeOf(n.kind);
        double cx = 0, cy = 0;
        if (n.hints.position) {
            cx = n.hints.position->first * kScale;
            cy = n.hints.position->second * kScale;
        } else {
            const int tier = std::max(n.hints.tier, 0);
            cx = placedInTier[tier]++ * 30 * kScale;
            cy = (maxTier - tier) * 40 * kScale;
        }
        b.x = cx - b.w / 2;
        b.y = cy - b.h / 2;
        out[std::size_t(n.id)] = b;
    });
    return out;
}

/**
 * Where links along a row (or a column) of nodes pass over the nodes between their ends (a
 * torus's wrap-around across its row, a link between two spines of one row), a waypoint
 * bowing each clear of them, above the row or left of the column, higher the longer the link,
 * as the canvas bows them; a straight edge there would lie on the links between neighbours.
 * Found as the canvas finds them: one sorted list of centres per row and per column, one
 * binary search per link.
 */
class RowBows
{
public:
    explicit RowBows(const Fabric &fabric, const std::vector<Box> &box)
        : mBox(box)
    {
        fabric.forEachNode([&](const Node &n) {
            const Box &b = box[std::size_t(n.id)];
            mRows[key(b.y + b.h / 2)].push_back(b.x + b.w / 2);
            mColumns[key(b.x + b.w / 2)].push_back(b.y + b.h / 2);
        });
        for (auto *lines : { &mRows, &mColumns })
            for (auto &[k, centres] : *lines)
                std::sort(centres.begin(), centres.end());
    }

    /// The waypoint of a link from @p a to @p b, if it needs one.
    std::optional<std::pair<double, double>> waypoint(NodeId a, NodeId b) const
    {
        const Box &p = mBox[std::size_t(a)], &q = mBox[std::size_t(b)];
        const double px = p.x + p.w / 2, py = p.y + p.h / 2, qx = q.x + q.w / 2, qy = q.y + q.h / 2;
        if (key(py) == key(qy) && between(mRows, py, px, qx)) {
            const double rise = std::max(p.h, q.h) / 2 + 12 + 0.12 * std::abs(qx - px);
            return std::pair { (px + qx) / 2, std::min(py, qy) - rise };
        }
        if (key(px) == key(qx) && between(mColumns, px, py, qy)) {
            const double side = std::max(p.w, q.w) / 2 + 12 + 0.12 * std::abs(qy - py);
            return std::pair { std::min(px, qx) - side, (py + qy) / 2 };
        }
        return std::nullopt;
    }

private:
    static long long key(double v) { return std::llround(v * 4); } // a quarter pixel

    /// Whether the line at @p at holds a centre strictly between @p from and @p to.
    static bool between(
        const std::map<long long, std::vector<double>> &lines, double at, double from, double to)
    {
        const auto it = lines.find(key(at));
        if (it == lines.end())
            return false;
        const double lo = std::min(from, to) + 0.5, hi = std::max(from, to) - 0.5;
        const auto first = std::upper_bound(it->second.begin(), it->second.end(), lo);
        return first != it->second.end() && *first < hi;
    }

    const std::vector<Box> &mBox;
    std::map<long long, std::vector<double>> mRows, mColumns; ///< Line -> centres along it.
};

void geometry(std::ostream &out, const Box &b, double dx = 0, double dy = 0)
{
    out << "<mxGeometry x=\"" << shortestNumber(b.x - dx) << "\" y=\"" << shortestNumber(b.y - dy)
        << "\" width=\"" << shortestNumber(b.w) << "\" height=\"" << shortestNumber(b.h)
        << "\" as=\"geometry\"/>";
}

} // namespace

void DrawioFormat::write(const Fabric &fabric, std::ostream &out) const
{
    const std::vector<Box> box = boxes(fabric);
    // One container per pod, around its nodes; children are placed relative to it.
    std::map<int, Box> groups;
    fabric.forEachNode([&](const Node &n) {
        if (n.hints.pod < 0)
            return;
        const Box &b = box[std::size_t(n.id)];
        auto [it, fresh] = groups.try_emplace(n.hints.pod, b);
        Box &g = it->second;
        if (!fresh) {
            const double right = std::max(g.x + g.w, b.x + b.w);
            const double bottom = std::max(g.y + g.h, b.y + b.h);
            g.x = std::min(g.x, b.x);
            g.y = std::min(g.y, b.y);
            g.w = right - g.x;
            g.h = bottom - g.y;
        }
    });
    for (auto &[pod, g] : groups) {
        g.x -= kPadding;
        g.y -= kPadding + kTitleHeight;
        g.w += 2 * kPadding;
        g.h += 2 * kPadding + kTitleHeight;
    }

    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<mxfile host=\"FabricScope\" type=\"device\">\n"
           "  <diagram id=\"fabric\" name=\""
        << xmlEscaped(metadataText(fabric.metadata(), "title", "Fabric")) << "\">\n"
        << "    <mxGraphModel grid=\"1\" gridSize=\"10\" guides=\"1\" tooltips=\"1\" "
           "connect=\"1\" arrows=\"0\" fold=\"1\" page=\"0\" math=\"0\" shadow=\"0\">\n"
           "      <root>\n"
           "        <mxCell id=\"0\"/>\n"
           "        <mxCell id=\"1\" parent=\"0\"/>\n";
    const std::string word = blockWord(fabric);
    for (const auto &[pod, g] : groups) {
        out << "        <mxCell id=\"g" << pod << "\" value=\"" << word << " " << pod
            << "\" style=\"rounded=1;arcSize=4;container=1;collapsible=0;fillColor=none;"
               "dashed=1;strokeColor=#999999;verticalAlign=top;align=left;spacingLeft=6;"
               "fontSize=11;\" vertex=\"1\" connectable=\"0\" parent=\"1\">";
        geometry(out, g);
        out << "</mxCell>\n";
    }
    fabric.forEachNode([&](const Node &n) {
        const Box &b = box[std::size_t(n.id)];
        const bool grouped = n.hints.pod >= 0;
        const Box origin = grouped ? groups.at(n.hints.pod) : Box {};
        out << "        <mxCell id=\"n" << n.id << "\" value=\"" << xmlEscaped(n.name)
            << "\" style=\"" << styleOf(n.kind) << "\" vertex=\"1\" parent=\""
            << (grouped ? "g" + std::to_string(n.hints.pod) : std::string("1")) << "\">";
        geometry(out, b, origin.x, origin.y);
        out << "</mxCell>\n";
    });
    // Each link is its own edge, parallel ones included, so counts match the fabric. Edges
    // belong to the root, so a waypoint is in page coordinates.
    const RowBows bows(fabric, box);
    fabric.forEachLink([&](const Link &l) {
        const auto via = bows.waypoint(l.a, l.b);
        out << "        <mxCell id=\"e" << l.id
            << "\" style=\"endArrow=none;strokeColor=" << mediumColour(l.medium)
            << (via ? ";curved=1" : "") << ";\" edge=\"1\" parent=\"1\" source=\"n" << l.a
            << "\" target=\"n" << l.b << "\"><mxGeometry relative=\"1\" as=\"geometry\"";
        if (via)
            out << "><Array as=\"points\"><mxPoint x=\"" << shortestNumber(via->first) << "\" y=\""
                << shortestNumber(via->second) << "\"/></Array></mxGeometry>";
        else
            out << "/>";
        out << "</mxCell>\n";
    });
    out << "      </root>\n    </mxGraphModel>\n  </diagram>\n</mxfile>\n";
}

} // namespace fabric::io
