// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "dotformat.h"

#include "io/common/textutil.h"

#include <ostream>

namespace fabric::io {
namespace {

std::string dotQuoted(std::string_view s)
{
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\')
            out.push_back('\\');
        // Graphviz ends a string at a NUL and reads other control characters as they come.
        if (c == '\n')
            out.push_back(' ');
        else if (static_cast<unsigned char>(c) >= 0x20 || c == '\t')
            out.push_back(c);
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
        out << "  n" << l.a << " -- n" << l.b << " [id=" << l.id
            << " capacity_gbps=" << plainNumber(l.capacityGbps)
            << " latency_ns=" << plainNumber(l.latencyNs) << " medium=" << toString(l.medium)
            << " color=\"" << mediumColour(l.medium) << "\"";
        if (l.plane >= 0)
            out << " plane=" << l.plane;
        out << "];\n";
    });
    out << "}\n";
}

} // namespace fabric::io
