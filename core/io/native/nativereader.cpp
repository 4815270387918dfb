// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Reads *.fabric.json. nlohmann's parser callback hands over each element of `nodes` and `links`
// as a small object, which is converted and then dropped, so a 270K-link file never exists as
// one DOM. Element faults found before the header has been checked are held back, so a file of
// a newer version reports its version rather than a field it does not know.
#include "jsonfields.h"
#include "nativeformat.h"

#include "model/error.h"

#include <climits>
#include <istream>
#include <sstream>
#include <optional>

namespace fabric::io {
namespace {

using nlohmann::json;

constexpr long long kMaxId = INT_MAX - 1;
constexpr long long kMaxInt = INT_MAX;

[[noreturn]] void failAt(std::string path, std::string message)
{
    throw JsonFaultError({std::move(path), std::move(message)});
}

template<typename E> std::string allowedNames(int count)
{
    std::string out;
    for (int i = 0; i < count; ++i)
        out += (i ? ", " : "") + std::string(toString(static_cast<E>(i)));
    return out;
}

template<typename E, typename Parse>
E enumField(const JsonFields &f, std::string_view key, Parse parse, int count, const char *what)
{
    const nlohmann::json *v = f.find(key);
    if (v && v->is_string()) // the common case, without copying the text
        if (const std::optional<E> value = parse(v->get_ref<const std::string &>()))
            return *value;
    const std::string text = f.string(key);
    f.fail(key, "unknown " + std::string(what) + " '" + text + "' (allowed: "
                    + allowedNames<E>(count) + ")");
}

auto index(std::size_t i)
{
    return [i] { return "/" + std::to_string(i); };
}

auto segment(std::string_view key)
{
    return [key] { return "/" + std::string(key); };
}

std::pair<long long, long long> intPair(const json &v, long long min)
{
    if (!v.is_array() || v.size() != 2)
        JsonFields::failHere("expected a pair [p, q], found " + JsonFields::describeType(v));
    return {within(index(0), [&] { return JsonFields::integerAt(v[0], min, kMaxInt); }),
            within(index(1), [&] { return JsonFields::integerAt(v[1], min, kMaxInt); })};
}

LayoutHints readHints(const json &v)
{
    LayoutHints h;
    const JsonFields f(v);
    f.allowOnly({"tier", "pod", "plane", "rail", "index", "x", "y", "z", "position"});
    auto hint = [&](std::string_view key) {
        return static_cast<int>(f.integer(key, -1, kMaxInt, -1));
    };
    h.tier = hint("tier");
    h.pod = hint("pod");
    h.plane = hint("plane");
    h.rail = hint("rail");
    h.index = hint("index");
    h.x = hint("x");
    h.y = hint("y");
    h.z = hint("z");
    if (const json *p = f.find("position")) {
        within(segment("position"), [&] {
            if (!p->is_array() || p->size() != 2)
                JsonFields::failHere("expected [x, y], found " + JsonFields::describeType(*p));
            h.position = std::make_pair(
                within(index(0), [&] { return JsonFields::numberAt((*p)[0], -1e300, false); }),
                within(index(1), [&] { return JsonFields::numberAt((*p)[1], -1e300, false); }));
        });
    }
    return h;
}

std::vector<std::pair<int, int>> readCircuits(const json &v, const Node &n)
{
    std::vector<std::pair<int, int>> circuits;
    if (n.kind != NodeKind::Ocs)
        JsonFields::failHere("only an ocs node has circuits");
    if (!v.is_array())
        JsonFields::failHere("expected an array of [p, q], found " + JsonFields::describeType(v));
    std::vector<int> usedBy; // port -> circuit index + 1
    for (std::size_t i = 0; i < v.size(); ++i) {
        within(index(i), [&] {
            const auto [p, q] = intPair(v[i], 0);
            if (p == q)
                JsonFields::failHere("a circuit joins two different ports (found "
                                     + std::to_string(p) + " twice)");
            for (long long port : {p, q}) {
                if (n.ports > 0 && port >= n.ports)
                    JsonFields::failHere("port " + std::to_string(port)
                                         + " is out of range (the ocs has ports 0 to "
                                         + std::to_string(n.ports - 1) + ")");
                if (static_cast<std::size_t>(port) >= usedBy.size())
                    usedBy.resize(static_cast<std::size_t>(port) + 1, 0);
                int &owner = usedBy[static_cast<std::size_t>(port)];
                if (owner)
                    JsonFields::failHere("port " + std::to_string(port)
                                         + " is already in circuit " + std::to_string(owner - 1));
                owner = static_cast<int>(i) + 1;
            }
            circuits.emplace_back(static_cast<int>(p), static_cast<int>(q));
        });
    }
    return circuits;
}

Node readNode(const json &v)
{
    const JsonFields f(v);
    f.allowOnly({"id", "kind", "name", "role", "hints", "ports", "switch_latency_ns", "sharp",
                 "forwards", "host", "circuits"});
    Node n;
    n.id = static_cast<NodeId>(f.integer("id", 0, kMaxId));
    n.kind = enumField<NodeKind>(f, "kind", nodeKindFromString, 4, "kind");
    if (const json *name = f.find("name"); name && name->is_string())
        n.name = name->get_ref<const std::string &>();
    else
        n.name = f.string("name", "");
    if (f.find("role"))
        n.role = enumField<SwitchRole>(f, "role", switchRoleFromString, 5, "role");
    if (const json *h = f.find("hints"))
        n.hints = within(segment("hints"), [&] { return readHints(*h); });
    n.ports = static_cast<int>(f.integer("ports", 0, kMaxInt, 0));
    n.switchLatencyNs = f.number("switch_latency_ns", 0, false, 0.0);
    n.sharpCapable = f.boolean("sharp", false);
    n.forwards = f.boolean("forwards", false);
    n.host = static_cast<NodeId>(f.integer("host", 0, kMaxId, kNoNode));
    if (const json *c = f.find("circuits"))
        n.circuits = within(segment("circuits"), [&] { return readCircuits(*c, n); });
    return n;
}

Link readLink(const json &v)
{
    const JsonFields f(v);
    f.allowOnly({"id", "a", "b", "ports", "capacity_gbps", "latency_ns", "medium", "plane"});
    Link l;
    l.id = static_cast<LinkId>(f.integer("id", 0, kMaxId));
    l.a = static_cast<NodeId>(f.integer("a", 0, kMaxId));
    l.b = static_cast<NodeId>(f.integer("b", 0, kMaxId));
    if (const json *p = f.find("ports")) {
        const auto [pa, pb] = within(segment("ports"), [&] { return intPair(*p, -1); });
        l.portA = static_cast<int>(pa);
        l.portB = static_cast<int>(pb);
    }
    l.capacityGbps = f.number("capacity_gbps", 0, true);
    l.latencyNs = f.number("latency_ns", 0, false, 0.0);
    l.medium = enumField<Medium>(f, "medium", mediumFromString, 5, "medium");
    l.plane = static_cast<int>(f.integer("plane", -1, kMaxInt, -1));
    return l;
}

/// Ids may have gaps (removed elements), but storage is dense: bound how sparse they may be.
std::size_t maxIdFor(std::size_t count)
{
    return 4 * count + 65536;
}

/// The parse state; operator() is nlohmann's parser callback.
class NativeReader
{
public:
    explicit NativeReader(std::string fileName)
        : m_fileName(std::move(fileName))
    {}

    Fabric read(std::istream &in)
    {
        std::ostringstream buffer;
        buffer << in.rdbuf(); // block copies, not a char at a time
        const std::string text = std::move(buffer).str();
        if (in.bad())
            throw UserError(m_fileName + ": reading failed");
        json root;
        try {
            try {
                root = json::parse(text, [this](int d, json::parse_event_t e, json &v) {
                    return onEvent(d, e, v);
                });
            } catch (const json::exception &e) {
                // parse_error (syntax, truncation) and out_of_range (number overflow: 1e999)
                throw UserError(m_fileName + ": " + describeParseError(e));
            }
            return assemble(root);
        } catch (const JsonFaultError &e) {
            throw UserError(m_fileName + ": " + e.what());
        }
    }

private:
    enum class Section { None, Nodes, Links };

    bool onEvent(int depth, json::parse_event_t event, json &value)
    {
        using E = json::parse_event_t;
        if (depth == 1) {
            if (event == E::key) {
                m_topKey = value.get<std::string>();
                guard([&] { checkTopKey(); });
            } else if (event == E::array_start) {
                m_section = m_topKey == "nodes" ? Section::Nodes
                    : m_topKey == "links"       ? Section::Links
                                                : Section::None;
                m_index = 0;
            } else if (event == E::array_end || event == E::object_end || event == E::value) {
                m_section = Section::None;
                checkHeaderField(value);
            }
            return true;
        }
        const bool elementDone = event == E::object_end || event == E::array_end
            || event == E::value;
        if (depth != 2 || m_section == Section::None || !elementDone)
            return true;
        const std::size_t index = m_index++;
        guard([&] {
            const bool nodes = m_section == Section::Nodes;
            within([&] { return (nodes ? "/nodes/" : "/links/") + std::to_string(index); },
                   [&] {
                       if (nodes)
                           m_nodes.emplace_back(readNode(value), index);
                       else
                           m_links.emplace_back(readLink(value), index);
                   });
        });
        return false; // converted: drop it from the DOM
    }

    // Runs @p f; a fault before the header is known is kept for later (see the file comment).
    template<typename F> void guard(F &&f)
    {
        try {
            f();
        } catch (const JsonFaultError &e) {
            if (headerChecked())
                throw;
            if (!m_pending)
                m_pending = e.fault();
        }
    }

    bool headerChecked() const { return m_formatSeen && m_versionSeen; }

    void checkTopKey() const
    {
        static constexpr std::string_view kKeys[] = {"format", "version", "generator", "metadata",
                                                     "scenarios", "nodes", "links"};
        for (std::string_view k : kKeys)
            if (m_topKey == k)
                return;
        throw JsonFaultError({"/" + m_topKey, "unknown field (allowed: format, version, generator,"
                                           " metadata, scenarios, nodes, links)"});
    }

    void checkHeaderField(const json &value)
    {
        if (m_topKey == "format") {
            if (!value.is_string() || value.get<std::string>() != kNativeFormatName)
                failAt("/format", "expected \"" + std::string(kNativeFormatName)
                                       + "\", found " + JsonFields::describeType(value)
                                       + (value.is_string() ? " '" + value.get<std::string>() + "'"
                                                            : std::string()));
            m_formatSeen = true;
        } else if (m_topKey == "version") {
            const long long version = within([] { return std::string("/version"); },
                                             [&] { return JsonFields::integerAt(value, 1, kMaxInt); });
            if (version > kNativeVersion)
                failAt("/version", "version " + std::to_string(version)
                                       + " is newer than this FabricScope reads ("
                                       + std::to_string(kNativeVersion) + ")");
            m_versionSeen = true;
        }
    }

    static std::string describeParseError(const json::exception &e)
    {
        std::string what = e.what();
        const std::size_t at = what.find(" at line ");
        if (at != std::string::npos)
            what = what.substr(at + 4);
        else if (const std::size_t close = what.find("] "); close != std::string::npos)
            what = what.substr(close + 2);
        return "not valid JSON (truncated?): " + what;
    }

    Fabric assemble(const json &root)
    {
        const JsonFields top(root);
        if (!m_formatSeen)
            failAt("/format", "missing: this is not a FabricScope fabric file");
        if (!m_versionSeen)
            failAt("/version", "missing");
        if (m_pending)
            throw JsonFaultError(*m_pending);

        Fabric fabric;
        if (const json *g = top.find("generator")) {
            within(segment("generator"), [&] {
                const JsonFields gen(*g);
                gen.allowOnly({"family", "params"});
                fabric.generator().family = gen.string("family", "");
                if (const json *p = gen.find("params")) {
                    if (!p->is_object())
                        gen.fail("params", "expected an object, found " + JsonFields::describeType(*p));
                    fabric.generator().params = *p;
                }
            });
        }
        if (const json *m = top.find("metadata")) {
            within(segment("metadata"), [&] {
                const JsonFields meta(*m);
                if (meta.find(kScenariosKey))
                    meta.fail(kScenariosKey, "reserved: scenarios live at the top level");
            });
            fabric.metadata() = *m;
        }
        if (const json *s = top.find("scenarios")) {
            if (!s->is_array())
                top.fail("scenarios", "expected an array, found " + JsonFields::describeType(*s));
            fabric.metadata()[std::string(kScenariosKey)] = *s;
        }
        for (std::string_view key : {"nodes", "links"})
            if (const json *v = top.find(key); v && !v->is_array())
                top.fail(key, "expected an array, found " + JsonFields::describeType(*v));
        addNodes(fabric);
        addLinks(fabric);
        return fabric;
    }

    template<typename T>
    static void checkIds(const std::vector<std::pair<T, std::size_t>> &items, const char *section)
    {
        const std::size_t bound = maxIdFor(items.size());
        std::vector<std::size_t> firstIndex;
        for (const auto &[item, index] : items) {
            const std::string path = std::string("/") + section + "/" + std::to_string(index);
            const auto id = static_cast<std::size_t>(item.id);
            if (id >= bound)
                failAt(path + "/id", "id " + std::to_string(id) + " is too large for "
                                       + std::to_string(items.size()) + " " + section
                                       + " (ids must be below " + std::to_string(bound) + ")");
            if (id >= firstIndex.size())
                firstIndex.resize(id + 1, 0);
            if (firstIndex[id])
                failAt(path + "/id", "duplicate id " + std::to_string(id) + " (also at /"
                                       + section + "/" + std::to_string(firstIndex[id] - 1) + ")");
            firstIndex[id] = index + 1;
        }
    }

    void addNodes(Fabric &fabric)
    {
        checkIds(m_nodes, "nodes");
        fabric.reserve(m_nodes.size(), m_links.size());
        for (auto &[node, index] : m_nodes)
            fabric.addNode(std::move(node));
        for (const auto &[node, index] : m_nodes) {
            const NodeId host = fabric.node(node.id).host;
            if (host == kNoNode)
                continue;
            const std::string path = "/nodes/" + std::to_string(index) + "/host";
            if (!fabric.hasNode(host))
                failAt(path, "no node with id " + std::to_string(host));
            if (fabric.node(host).kind != NodeKind::Host)
                failAt(path, "node " + std::to_string(host) + " is a "
                                       + std::string(toString(fabric.node(host).kind))
                                       + ", not a host");
        }
    }

    void addLinks(Fabric &fabric)
    {
        checkIds(m_links, "links");
        for (const auto &[link, index] : m_links) {
            const std::string path = "/links/" + std::to_string(index);
            for (const auto &[end, key] : {std::pair{link.a, "/a"}, std::pair{link.b, "/b"}})
                if (!fabric.hasNode(end))
                    failAt(path + key, "no node with id " + std::to_string(end));
            if (link.a == link.b)
                failAt(path, "a link from node " + std::to_string(link.a)
                                       + " to itself");
            fabric.addLink(link);
        }
    }

    std::string m_fileName;
    std::string m_topKey;
    Section m_section = Section::None;
    std::size_t m_index = 0;
    bool m_formatSeen = false;
    bool m_versionSeen = false;
    std::optional<JsonFault> m_pending;
    std::vector<std::pair<Node, std::size_t>> m_nodes;
    std::vector<std::pair<Link, std::size_t>> m_links;
};

} // namespace

bool NativeFormat::probe(std::string_view head) const
{
    return head.find(kNativeFormatName) != std::string_view::npos;
}

Fabric NativeFormat::read(std::istream &in, const std::string &fileName) const
{
    return NativeReader(fileName).read(in);
}

} // namespace fabric::io
