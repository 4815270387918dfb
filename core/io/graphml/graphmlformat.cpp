// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "graphmlformat.h"

#include <charconv>
#include <ostream>

namespace fabric::io {
namespace {

std::string escaped(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        default:
            // Control characters other than tab/newline are not allowed in XML 1.0.
            if (static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n')
                out.push_back(c);
        }
    }
    return out;
}

std::string number(double v)
{
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

struct Key
{
    const char *id;
    const char *domain; // "node" or "edge"
    const char *type;   // GraphML attr.type
};

constexpr Key kKeys[] = {
    {"kind", "node", "string"},       {"name", "node", "string"},
    {"role", "node", "string"},       {"tier", "node", "int"},
    {"pod", "node", "int"},           {"plane", "node", "int"},
    {"rail", "node", "int"},          {"index", "node", "int"},
    {"x", "node", "int"},             {"y", "node", "int"},
    {"z", "node", "int"},             {"ports", "node", "int"},
    {"switch_latency_ns", "node", "double"}, {"sharp", "node", "boolean"},
    {"forwards", "node", "boolean"},  {"host", "node", "int"},
    {"capacity_gbps", "edge", "double"}, {"latency_ns", "edge", "double"},
    {"medium", "edge", "string"},     {"link_plane", "edge", "int"},
    {"port_a", "edge", "int"},        {"port_b", "edge", "int"},
};

class DataWriter
{
public:
    explicit DataWriter(std::ostream &out)
        : m_out(out)
    {}
    void text(const char *key, std::string_view value)
    {
        m_out << "      <data key=\"" << key << "\">" << escaped(value) << "</data>\n";
    }
    void integer(const char *key, int value, int unset = -1)
    {
        if (value != unset)
            text(key, std::to_string(value));
    }
    void flag(const char *key, bool value)
    {
        if (value)
            text(key, "true");
    }

private:
    std::ostream &m_out;
};

} // namespace

void GraphmlFormat::write(const Fabric &fabric, std::ostream &out) const
{
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\"\n"
           "    xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"\n"
           "    xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns "
           "http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n";
    for (const Key &k : kKeys)
        out << "  <key id=\"" << k.id << "\" for=\"" << k.domain << "\" attr.name=\""
            << (std::string_view(k.id) == "link_plane" ? "plane" : k.id) << "\" attr.type=\""
            << k.type << "\"/>\n";
    out << "  <graph id=\"fabric\" edgedefault=\"undirected\">\n";
    DataWriter data(out);
    fabric.forEachNode([&](const Node &n) {
        out << "    <node id=\"n" << n.id << "\">\n";
        data.text("kind", toString(n.kind));
        data.text("name", n.name);
        if (n.role != SwitchRole::None)
            data.text("role", toString(n.role));
        data.integer("tier", n.hints.tier);
        data.integer("pod", n.hints.pod);
        data.integer("plane", n.hints.plane);
        data.integer("rail", n.hints.rail);
        data.integer("index", n.hints.index);
        data.integer("x", n.hints.x);
        data.integer("y", n.hints.y);
        data.integer("z", n.hints.z);
        data.integer("ports", n.ports, 0);
        if (n.switchLatencyNs != 0)
            data.text("switch_latency_ns", number(n.switchLatencyNs));
        data.flag("sharp", n.sharpCapable);
        data.flag("forwards", n.forwards);
        data.integer("host", n.host);
        out << "    </node>\n";
    });
    fabric.forEachLink([&](const Link &l) {
        out << "    <edge id=\"e" << l.id << "\" source=\"n" << l.a << "\" target=\"n" << l.b
            << "\">\n";
        data.text("capacity_gbps", number(l.capacityGbps));
        data.text("latency_ns", number(l.latencyNs));
        data.text("medium", toString(l.medium));
        data.integer("link_plane", l.plane);
        data.integer("port_a", l.portA);
        data.integer("port_b", l.portB);
        out << "    </edge>\n";
    });
    out << "  </graph>\n</graphml>\n";
}

} // namespace fabric::io
