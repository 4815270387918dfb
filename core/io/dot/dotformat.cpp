// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "dotformat.h"

#include <ostream>

namespace fabric::io {
namespace {

std::string dotQuoted(std::string_view s)
{
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\')
            out.push_back('\\');
        out.push_back(c == '\n' ? ' ' : c);
    }
    out.push_back('"');
    return out;
}

std::string_view shapeOf(NodeKind kind)
{
    switch (kind) {
    case NodeKind::Gpu:
        return "box";
    case NodeKind::Host:
        return "box3d";
    case NodeKind::Switch:
        return "ellipse";
    case NodeKind::Ocs:
        return "doubleoctagon";
    }
    return "ellipse";
}

// Okabe-Ito colours: distinguishable with the common colour-vision deficiencies.
std::string_view colourOf(Medium medium)
{
    switch (medium) {
    case Medium::NvLink:
        return "#009E73";
    case Medium::InfiniBand:
        return "#0072B2";
    case Medium::Ethernet:
        return "#E69F00";
    case Medium::Ici:
        return "#CC79A7";
    case Medium::Optical:
        return "#D55E00";
    }
    return "#000000";
}

} // namespace

void DotFormat::write(const Fabric &fabric, std::ostream &out) const
{
    out << "graph fabric {\n  node [fontsize=10];\n";
    fabric.forEachNode([&](const Node &n) {
        out << "  n" << n.id << " [label=" << dotQuoted(n.name) << " shape=" << shapeOf(n.kind)
            << " kind=" << toString(n.kind);
        if (n.role != SwitchRole::None)
            out << " role=" << toString(n.role);
        if (n.hints.tier >= 0)
            out << " tier=" << n.hints.tier;
        if (n.hints.pod >= 0)
            out << " pod=" << n.hints.pod;
        if (n.hints.plane >= 0)
            out << " plane=" << n.hints.plane;
        out << "];\n";
    });
    fabric.forEachLink([&](const Link &l) {
        out << "  n" << l.a << " -- n" << l.b << " [id=" << l.id << " capacity_gbps="
            << l.capacityGbps << " latency_ns=" << l.latencyNs << " medium=" << toString(l.medium)
            << " color=\"" << colourOf(l.medium) << "\"";
        if (l.plane >= 0)
            out << " plane=" << l.plane;
        out << "];\n";
    });
    out << "}\n";
}

} // namespace fabric::io
