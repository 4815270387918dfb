// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Writes *.fabric.json as a stream: one node or link per line, defaults left out, so a
// 270K-link fabric is written without building a DOM.
#include "jsonline.h"
#include "nativeformat.h"

#include "model/error.h"

#include <ostream>
#include <stdexcept>

namespace fabric::io {
namespace {

void addHints(JsonLine &line, const LayoutHints &h)
{
    if (h == LayoutHints{})
        return;
    std::string text = "{";
    auto add = [&](std::string_view key, int value) {
        if (value == -1)
            return;
        if (text.size() > 1)
            text.push_back(',');
        JsonLine::appendString(text, key);
        text.push_back(':');
        text.append(std::to_string(value));
    };
    add("tier", h.tier);
    add("pod", h.pod);
    add("plane", h.plane);
    add("rail", h.rail);
    add("index", h.index);
    add("x", h.x);
    add("y", h.y);
    add("z", h.z);
    if (h.position) {
        if (text.size() > 1)
            text.push_back(',');
        text.append("\"position\":[");
        JsonLine::appendNumber(text, h.position->first);
        text.push_back(',');
        JsonLine::appendNumber(text, h.position->second);
        text.push_back(']');
    }
    text.push_back('}');
    line.rawField("hints", text);
}

std::string circuitsText(const std::vector<std::pair<int, int>> &circuits)
{
    std::string text = "[";
    for (const auto &[p, q] : circuits) {
        if (text.size() > 1)
            text.push_back(',');
        text.append("[" + std::to_string(p) + "," + std::to_string(q) + "]");
    }
    text.push_back(']');
    return text;
}

void writeNode(JsonLine &line, const Node &n)
{
    line.clear();
    line.field("id", n.id);
    line.field("kind", toString(n.kind));
    if (!n.name.empty())
        line.field("name", n.name);
    if (n.role != SwitchRole::None)
        line.field("role", toString(n.role));
    addHints(line, n.hints);
    if (n.ports != 0)
        line.field("ports", n.ports);
    if (n.switchLatencyNs != 0.0)
        line.field("switch_latency_ns", n.switchLatencyNs);
    if (n.sharpCapable)
        line.field("sharp", true);
    if (n.forwards)
        line.field("forwards", true);
    if (n.standby)
        line.field("standby", true);
    if (n.host != kNoNode)
        line.field("host", n.host);
    if (!n.circuits.empty())
        line.rawField("circuits", circuitsText(n.circuits));
}

void writeLink(JsonLine &line, const Link &l)
{
    line.clear();
    line.field("id", l.id);
    line.field("a", l.a);
    line.field("b", l.b);
    if (l.portA != -1 || l.portB != -1)
        line.rawField("ports", "[" + std::to_string(l.portA) + "," + std::to_string(l.portB) + "]");
    line.field("capacity_gbps", l.capacityGbps);
    if (l.latencyNs != 0.0)
        line.field("latency_ns", l.latencyNs);
    line.field("medium", toString(l.medium));
    if (l.plane != -1)
        line.field("plane", l.plane);
}

// Writes every live element with @p writeOne, one per line, as a JSON array body.
template<typename Each, typename WriteOne>
void writeArray(std::ostream &out, std::string_view key, std::string_view singular, Each &&forEach,
                WriteOne &&writeOne, bool last)
{
    out << "\"" << key << "\": [";
    JsonLine line;
    bool first = true;
    forEach([&](const auto &element) {
        try {
            writeOne(line, element);
        } catch (const std::invalid_argument &e) {
            throw UserError("cannot save: " + std::string(singular) + " "
                            + std::to_string(element.id) + " has " + e.what());
        }
        out << (first ? "\n" : ",\n") << line.finish();
        first = false;
    });
    out << (first ? "]" : "\n]") << (last ? "\n" : ",\n");
}

} // namespace

void NativeFormat::write(const Fabric &fabric, std::ostream &out) const
{
    using nlohmann::json;
    const json metadata = fabric.metadata().is_object() ? fabric.metadata() : json::object();
    const json &scenarios = fabric.scenarios();

    out << "{\n\"format\": \"" << kNativeFormatName << "\",\n\"version\": " << kNativeVersion
        << ",\n";
    const GeneratorInfo &gen = fabric.generator();
    if (!gen.family.empty() || !gen.params.empty()) {
        json g = json::object();
        g["family"] = gen.family;
        g["params"] = gen.params;
        if (gen.modified)
            g["modified"] = true;
        out << "\"generator\": " << g.dump(-1, ' ', false, json::error_handler_t::replace)
            << ",\n";
    }
    if (!metadata.empty())
        out << "\"metadata\": " << metadata.dump(-1, ' ', false, json::error_handler_t::replace)
            << ",\n";
    if (!scenarios.is_null())
        out << "\"scenarios\": " << scenarios.dump(-1, ' ', false, json::error_handler_t::replace)
            << ",\n";
    writeArray(
        out, "nodes", "node", [&](auto &&f) { fabric.forEachNode(f); }, writeNode, false);
    writeArray(
        out, "links", "link", [&](auto &&f) { fabric.forEachLink(f); }, writeLink, true);
    out << "}\n";
}

} // namespace fabric::io
