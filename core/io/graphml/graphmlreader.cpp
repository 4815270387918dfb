// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// GraphML import: records (graphmldocument.h) -> Fabric. Attributes are matched by attr.name,
// so FabricScope's own files, NetworkX's write_graphml and yEd's custom properties read alike.
#include "graphmldocument.h"
#include "graphmlformat.h"
#include "io/common/cleantext.h"
#include "io/common/fabriclimits.h"
#include "io/native/boundedjson.h"
#include "io/native/jsonfields.h"
#include "io/native/nativeformat.h"
#include "io/native/readlimits.h"

#include "model/asciicase.h"
#include "model/error.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <iterator>
#include <sstream>
#include <type_traits>
#include <unordered_map>

namespace fabric::io {
namespace {

using graphml::Values;

/// Reads typed values of one element, naming the file, line and element in errors.
class Fields
{
public:
    Fields(const std::string &file, int line, std::string what, const Values &values)
        : mFile(file)
        , mLine(line)
        , mWhat(std::move(what))
        , mValues(values)
    {
    }

    /// The first of @p names present, or nullptr.
    const std::string *find(std::initializer_list<const char *> names) const
    {
        for (const char *name : names)
            if (const auto it = mValues.find(name); it != mValues.end())
                return &it->second;
        return nullptr;
    }

    [[noreturn]] void fail(const std::string &what) const
    {
        throw UserError(mFile + ":" + std::to_string(mLine) + ": " + mWhat + ": " + what);
    }

    template<typename T> T number(std::initializer_list<const char *> names, T fallback) const
    {
        const std::string *v = find(names);
        if (!v)
            return fallback;
        T out {};
        const auto r = std::from_chars(v->data(), v->data() + v->size(), out);
        const std::string quoted = std::string(*names.begin()) + " " + quotedInput(*v);
        if (r.ec == std::errc::result_out_of_range)
            fail(quoted + " is out of range");
        if (r.ec != std::errc() || r.ptr != v->data() + v->size()) {
            // "1.5" read as 1 and stopped at the point: a number, but not a whole one.
            double any = 0;
            const auto asReal = std::from_chars(v->data(), v->data() + v->size(), any);
            const bool real = std::is_integral_v<T> && asReal.ec == std::errc()
                && asReal.ptr == v->data() + v->size();
            fail(quoted + (real ? " is not a whole number" : " is not a number"));
        }
        return out;
    }

    bool flag(const char *name) const
    {
        const std::string *v = find({ name });
        if (!v)
            return false;
        if (*v == "true" || *v == "1" || *v == "True")
            return true;
        if (*v == "false" || *v == "0" || *v == "False")
            return false;
        fail(std::string(name) + " '" + *v + "' is not true or false");
    }

private:
    const std::string &mFile;
    int mLine;
    std::string mWhat;
    const Values &mValues;
};

/// How errors name an edge: by its id, or by its ends when it has none (GraphML makes the id
/// optional, and "edge ''" told the user nothing).
std::string edgeLabel(const graphml::EdgeRecord &r)
{
    return r.id.empty() ? "edge " + quotedInput(r.source) + " -- " + quotedInput(r.target)
                        : "edge " + quotedInput(r.id);
}

/// "n12" -> 12, or -1 when @p id is not FabricScope's own "<prefix><number>" form.
long ownId(const std::string &id, char prefix)
{
    if (id.size() < 2 || id[0] != prefix)
        return -1;
    long out = -1;
    const auto r = std::from_chars(id.data() + 1, id.data() + id.size(), out);
    return r.ec == std::errc() && r.ptr == id.data() + id.size() && out >= 0 ? out : -1;
}

/// Whether every record's id is "<prefix><number>", unique and small enough to keep as the
/// model's id (a hostile "n999999999" must not make a billion-slot vector): as sparse as a
/// native file may be, so a fabric with nodes deleted reads back with its ids.
template<typename Records> bool keepsIds(const Records &records, char prefix)
{
    std::vector<bool> seen(limits::maxIdFor(records.size()), false);
    for (const auto &r : records) {
        const long id = ownId(r.id, prefix);
        if (id < 0 || static_cast<std::size_t>(id) >= seen.size() || seen[std::size_t(id)])
            return false;
        seen[std::size_t(id)] = true;
    }
    return true;
}

std::vector<std::pair<int, int>> circuitsFrom(const std::string &text, const Fields &fields)
{
    std::vector<std::pair<int, int>> out;
    std::istringstream in(text);
    std::string pair;
    while (in >> pair) {
        const auto colon = pair.find(':');
        const char *end = pair.data() + pair.size();
        int a = -1, b = -1;
        const bool ok = colon != std::string::npos
            && std::from_chars(pair.data(), pair.data() + colon, a).ptr == pair.data() + colon
            && std::from_chars(pair.data() + colon + 1, end, b).ptr == end && a >= 0 && b >= 0;
        if (!ok)
            fields.fail("circuits '" + text + "' is not a list of PORT:PORT pairs");
        out.emplace_back(a, b);
    }
    return out;
}

Node nodeFrom(const graphml::NodeRecord &r, const Fields &f)
{
    Node n;
    n.name = r.id;
    if (const std::string *name = f.find({ "name", "label" }))
        n.name = *name;
    else if (!r.label.empty())
        n.name = r.label;
    if (const std::string *role = f.find({ "role" })) {
        const auto parsed = switchRoleFromString(asciiLowered(*role));
        if (!parsed)
            f.fail("role '" + *role + "' is not leaf, spine, core or router");
        n.role = *parsed;
    }
    n.hints.tier = f.number({ "tier" }, -1);
    n.hints.pod = f.number({ "pod" }, -1);
    n.hints.plane = f.number({ "plane" }, -1);
    n.hints.rail = f.number({ "rail" }, -1);
    n.hints.index = f.number({ "index" }, -1);
    n.hints.x = f.number({ "x" }, -1);
    n.hints.y = f.number({ "y" }, -1);
    n.hints.z = f.number({ "z" }, -1);
    if (f.find({ "position_x" }) && f.find({ "position_y" }))
        n.hints.position
            = std::pair { f.number({ "position_x" }, 0.0), f.number({ "position_y" }, 0.0) };
    n.ports = f.number({ "ports" }, 0);
    n.switchLatencyNs = f.number({ "switch_latency_ns" }, 0.0);
    n.sharpCapable = f.flag("sharp");
    n.forwards = f.flag("forwards");
    n.standby = f.flag("standby");
    if (const std::string *circuits = f.find({ "circuits" }))
        n.circuits = circuitsFrom(*circuits, f);
    return n;
}

} // namespace

bool GraphmlFormat::probe(std::string_view head) const
{
    return head.find("<graphml") != std::string_view::npos;
}

Fabric GraphmlFormat::read(std::istream &in, const std::string &fileName) const
{
    const std::string text { std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>() };
    const graphml::Document doc = graphml::readDocument(text, fileName);
    Fabric fabric;
    const Fields graph(fileName, 1, "<graph>", doc.graph);
    // A fault in one of the graph's values is reported at its <data>, not at line 1.
    const auto lineOf = [&](const char *key) {
        const auto line = doc.graphLines.find(key);
        return line == doc.graphLines.end() ? 1 : line->second;
    };
    const auto graphAt
        = [&](const char *key) { return Fields(fileName, lineOf(key), "<graph>", doc.graph); };
    const auto jsonWhat = [&](const char *key) {
        return fileName + ":" + std::to_string(lineOf(key)) + ": <graph>: " + key;
    };
    // What the native format would refuse is refused here: a converted file must open again.
    if (const std::string *family = graph.find({ "generator_family" })) {
        if (limits::tooLong(*family))
            graphAt("generator_family")
                .fail("generator_family: " + limits::longerThanLimit("a string"));
        fabric.generator().family = *family;
    }
    if (const std::string *params = graph.find({ "generator_params" })) {
        fabric.generator().params = parseBoundedJson(*params, jsonWhat("generator_params"), 2);
        if (!fabric.generator().params.is_object())
            graphAt("generator_params")
                .fail("generator_params: expected a JSON object, found "
                    + JsonFields::describeType(fabric.generator().params));
    }
    fabric.generator().modified = graphAt("generator_modified").flag("generator_modified");
    if (const std::string *metadata = graph.find({ "metadata" })) {
        fabric.metadata() = parseBoundedJson(*metadata, jsonWhat("metadata"), 1);
        if (!fabric.metadata().is_object())
            graphAt("metadata")
                .fail("metadata: expected a JSON object, found "
                    + JsonFields::describeType(fabric.metadata()));
        // The writer keeps scenarios in the metadata text (GraphML has no place for them).
        nlohmann::json &meta = fabric.metadata();
        if (auto it = meta.find(std::string(kScenariosKey)); it != meta.end()) {
            if (!it->is_array())
                graphAt("metadata")
                    .fail("metadata: " + std::string(kScenariosKey) + ": expected an array, found "
                        + JsonFields::describeType(*it));
            fabric.scenarios() = std::move(*it);
            meta.erase(it);
        }
    }

    const bool ownNodeIds = keepsIds(doc.nodes, 'n');
    std::unordered_map<std::string, NodeId> byId;
    std::vector<std::size_t> degree;
    struct Pending
    {
        const graphml::NodeRecord *record;
        NodeId id;
    };
    std::vector<Pending> pending;
    for (const graphml::NodeRecord &r : doc.nodes) {
        if (r.group)
            continue;
        const Fields f(fileName, r.line, "node '" + r.id + "'", r.values);
        Node n = nodeFrom(r, f);
        if (ownNodeIds)
            n.id = static_cast<NodeId>(ownId(r.id, 'n'));
        if (!byId.emplace(r.id, kNoNode).second)
            f.fail("a second node with this id");
        const NodeId id = fabric.addNode(std::move(n));
        byId[r.id] = id;
        pending.push_back({ &r, id });
    }

    const bool ownLinkIds = keepsIds(doc.edges, 'e');
    degree.assign(fabric.nodeIdBound(), 0);
    std::vector<std::pair<const graphml::EdgeRecord *, LinkId>> links;
    for (const graphml::EdgeRecord &r : doc.edges) {
        const Fields f(fileName, r.line, edgeLabel(r), r.values);
        const auto a = byId.find(r.source), b = byId.find(r.target);
        if (a == byId.end() || b == byId.end())
            f.fail("'" + (a == byId.end() ? r.source : r.target) + "' is not a node");
        if (a->second == b->second)
            f.fail("a link from a node to itself");
        Link l;
        if (ownLinkIds)
            l.id = static_cast<LinkId>(ownId(r.id, 'e'));
        l.a = a->second;
        l.b = b->second;
        l.capacityGbps = f.number(
            { "capacity_gbps", "capacity", "bandwidth_gbps", "bandwidth" }, kDefaultCapacityGbps);
        l.latencyNs = f.number({ "latency_ns", "latency" }, 0.0);
        l.portA = f.number({ "port_a" }, -1);
        l.portB = f.number({ "port_b" }, -1);
        l.plane = f.number({ "plane" }, -1);
        if (l.capacityGbps <= 0)
            f.fail("capacity must be more than 0 Gb/s");
        if (const std::string *medium = f.find({ "medium" })) {
            const auto parsed = mediumFromString(asciiLowered(*medium));
            if (!parsed)
                f.fail("medium '" + *medium
                    + "' is not nvlink, infiniband, ethernet, ici or "
                      "optical");
            l.medium = *parsed;
        }
        ++degree[std::size_t(l.a)];
        ++degree[std::size_t(l.b)];
        links.emplace_back(&r, fabric.addLink(l));
    }

    // Kinds and hosts need the whole graph: a missing kind is guessed from the degree.
    for (const Pending &p : pending) {
        const Fields f(fileName, p.record->line, "node '" + p.record->id + "'", p.record->values);
        Node &n = fabric.node(p.id);
        if (const std::string *kind = f.find({ "kind", "type" })) {
            const auto parsed = nodeKindFromString(asciiLowered(*kind));
            if (!parsed)
                f.fail("kind '" + *kind + "' is not gpu, host, switch or ocs");
            n.kind = *parsed;
        } else {
            n.kind = n.role == SwitchRole::None && degree[std::size_t(p.id)] == 1
                ? NodeKind::Gpu
                : NodeKind::Switch;
        }
        if (const std::string *host = f.find({ "host" })) {
            const auto named = byId.find(*host);
            const long own = ownNodeIds ? f.number({ "host" }, -1L) : -1;
            n.host = named != byId.end()                  ? named->second
                : own >= 0 && fabric.hasNode(NodeId(own)) ? NodeId(own)
                                                          : kNoNode;
            if (n.host == kNoNode)
                f.fail("host '" + *host + "' is not a node");
        }
    }
    // Without a medium, a GPU's link to its host is NVLink; everything else stays Ethernet.
    for (const auto &[record, id] : links) {
        if (record->values.count("medium"))
            continue;
        Link &l = fabric.link(id);
        const NodeKind ka = fabric.node(l.a).kind, kb = fabric.node(l.b).kind;
        if ((ka == NodeKind::Gpu && kb == NodeKind::Host)
            || (ka == NodeKind::Host && kb == NodeKind::Gpu))
            l.medium = Medium::NvLink;
    }
    // The native format's limits, named at the element's line: a file converted to native must
    // open, and nothing downstream may meet a 1e300 Gb/s link.
    if (const auto fault = findFabricFault(fabric)) {
        for (const Pending &p : pending)
            if (!fault->isLink && p.id == NodeId(fault->id))
                Fields(fileName, p.record->line, "node '" + p.record->id + "'", p.record->values)
                    .fail(fault->field + ": " + fault->message);
        for (const auto &[record, id] : links)
            if (fault->isLink && id == LinkId(fault->id))
                Fields(fileName, record->line, edgeLabel(*record), record->values)
                    .fail(fault->field + ": " + fault->message);
        throw UserError(fileName + ": " + describeFault(fabric, *fault));
    }
    return fabric;
}

} // namespace fabric::io
