// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "graphmlformat.h"

#include "graphmlkeys.h"
#include "io/common/textutil.h"
#include "io/native/nativeformat.h"

#include <ostream>

namespace fabric::io {
namespace {

class DataWriter
{
public:
    explicit DataWriter(std::ostream &out)
        : mOut(out)
    {}
    void text(const char *key, std::string_view value)
    {
        mOut << "      <data key=\"" << key << "\">" << xmlEscaped(value) << "</data>\n";
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
    std::ostream &mOut;
};

} // namespace

std::string graphml::circuitsText(const std::vector<std::pair<int, int>> &circuits)
{
    std::string out;
    for (const auto &[a, b] : circuits)
        out += (out.empty() ? "" : " ") + std::to_string(a) + ":" + std::to_string(b);
    return out;
}

void GraphmlFormat::write(const Fabric &fabric, std::ostream &out) const
{
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\"\n"
           "    xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"\n"
           "    xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns "
           "http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n";
    for (const graphml::Key &k : graphml::kKeys)
        out << "  <key id=\"" << k.id << "\" for=\"" << k.domain << "\" attr.name=\"" << k.name
            << "\" attr.type=\"" << k.type << "\"/>\n";
    out << "  <graph id=\"fabric\" edgedefault=\"undirected\">\n";
    DataWriter data(out);
    // Graph-level data so a read-back fabric is the same document, not only the same graph.
    if (!fabric.generator().family.empty()) {
        data.text("generator_family", fabric.generator().family);
        data.text("generator_params", fabric.generator().params.dump());
        data.flag("generator_modified", fabric.generator().modified);
    }
    // GraphML has no place of its own for scenarios: they ride in the metadata text.
    nlohmann::json metadata = fabric.metadata();
    if (!fabric.scenarios().is_null() && metadata.is_object())
        metadata[std::string(kScenariosKey)] = fabric.scenarios();
    if (!metadata.empty())
        data.text("metadata", metadata.dump());
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
            data.text("switch_latency_ns", shortestNumber(n.switchLatencyNs));
        data.flag("sharp", n.sharpCapable);
        data.flag("forwards", n.forwards);
        data.flag("standby", n.standby);
        data.integer("host", n.host);
        if (n.hints.position) {
            data.text("position_x", shortestNumber(n.hints.position->first));
            data.text("position_y", shortestNumber(n.hints.position->second));
        }
        if (!n.circuits.empty())
            data.text("circuits", graphml::circuitsText(n.circuits));
        out << "    </node>\n";
    });
    fabric.forEachLink([&](const Link &l) {
        out << "    <edge id=\"e" << l.id << "\" source=\"n" << l.a << "\" target=\"n" << l.b
            << "\">\n";
        data.text("capacity_gbps", shortestNumber(l.capacityGbps));
        data.text("latency_ns", shortestNumber(l.latencyNs));
        data.text("medium", toString(l.medium));
        data.integer("link_plane", l.plane);
        data.integer("port_a", l.portA);
        data.integer("port_b", l.portB);
        out << "    </edge>\n";
    });
    out << "  </graph>\n</graphml>\n";
}

} // namespace fabric::io
