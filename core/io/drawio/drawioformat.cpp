// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "drawioformat.h"

#include "io/common/textutil.h"

#include <algorithm>
#include <map>
#include <ostream>

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
    // Each link is its own edge, parallel ones included, so counts match the fabric.
    fabric.forEachLink([&](const Link &l) {
        out << "        <mxCell id=\"e" << l.id
            << "\" style=\"endArrow=none;strokeColor=" << mediumColour(l.medium)
            << ";\" edge=\"1\" parent=\"1\" source=\"n" << l.a << "\" target=\"n" << l.b
            << "\"><mxGeometry relative=\"1\" as=\"geometry\"/>"
            << "</mxCell>\n";
    });
    out << "      </root>\n    </mxGraphModel>\n  </diagram>\n</mxfile>\n";
}

} // namespace fabric::io
