// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Reads *.fabric.json. nlohmann's parser callback hands over each element of `nodes` and `links`
// as a small object, which is converted and then dropped, so a 270K-link file never exists as
// one DOM. Element faults found before the header has been checked are held back, so a file of
// a newer version reports its version rather than a field it does not know.
#include "boundedjson.h"
#include "duplicatekeys.h"
#include "jsonfields.h"
#include "jsonpath.h"
#include "nativeformat.h"
#include "readlimits.h"

#include "io/common/cleantext.h"
#include "io/common/fabriclimits.h"
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
    f.fail(key, "unknown " + std::string(what) + " " + quotedInput(text) + " (allowed: "
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

std::pair<long long, long long> intPair(const json &v, long long min, long long max)
{
    if (!v.is_array() || v.size() != 2)
        JsonFields::failHere("expected a pair [p, q], found " + JsonFields::describeType(v));
    return {within(index(0), [&] { return JsonFields::integerAt(v[0], min, max); }),
            within(index(1), [&] { return JsonFields::integerAt(v[1], min, max); })};
}

double coordinate(const json &v)
{
    return JsonFields::numberAt(v, -limits::kMaxPosition, false, limits::kMaxPosition);
}

LayoutHints readHints(const json &v)
{
    LayoutHints h;
    const JsonFields f(v);
    f.allowOnly({"tier", "pod", "plane", "rail", "index", "x", "y", "z", "position"});
    auto hint = [&](std::string_view key, long long max) {
        return static_cast<int>(f.integer(key, -1, max, -1));
    };
    h.tier = hint("tier", limits::kMaxHint);
    h.pod = hint("pod", limits::kMaxHint);
    h.plane = hint("plane", limits::kMaxHint);
    h.rail = hint("rail", limits::kMaxHint);
    h.index = hint("index", limits::kMaxHint);
    h.x = hint("x", limits::kMaxCoordinate);
    h.y = hint("y", limits::kMaxCoordinate);
    h.z = hint("z", limits::kMaxCoordinate);
    if (const json *p = f.find("position")) {
        within(segment("position"), [&] {
            if (!p->is_array() || p->size() != 2)
                JsonFields::failHere("expected [x, y], found " + JsonFields::describeType(*p));
            h.position = std::make_pair(
                within(index(0), [&] { return coordinate((*p)[0]); }),
                within(index(1), [&] { return coordinate((*p)[1]); }));
        });
    }
    return h;
}

/// The pairs' shape and integer range only: which ports the ocs has, a port in two circuits and
/// circuits on a node that is no ocs are checked once the fabric is whole (findFabricFault).
std::vector<std::pair<int, int>> readCircuits(const json &v)
{
    if (!v.is_array())
        JsonFields::failHere("expected an array of [p, q], found " + JsonFields::describeType(v));
    std::vector<std::pair<int, int>> circuits;
    for (std::size_t i = 0; i < v.size(); ++i) {
        within(index(i), [&] {
            const auto [p, q] = intPair(v[i], 0, limits::kMaxPorts - 1);
            circuits.emplace_back(static_cast<int>(p), static_cast<int>(q));
        });
    }
    return circuits;
}

Node readNode(const json &v)
{
    const JsonFields f(v);
    f.allowOnly({"id", "kind", "name", "role", "hints", "ports", "switch_latency_ns", "sharp",
                 "forwards", "standby", "host", "circuits"});
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
    n.ports = static_cast<int>(f.integer("ports", 0, limits::kMaxPorts, 0));
    n.switchLatencyNs = f.number("switch_latency_ns", 0, false, limits::kMaxLatencyNs, 0.0);
    n.sharpCapable = f.boolean("sharp", false);
    n.forwards = f.boolean("forwards", false);
    n.standby = f.boolean("standby", false);
    n.host = static_cast<NodeId>(f.integer("host", 0, kMaxId, kNoNode));
    if (const json *c = f.find("circuits"))
        n.circuits = within(segment("circuits"), [&] { return readCircuits(*c); });
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
        const auto [pa, pb] =
            within(segment("ports"), [&] { return intPair(*p, -1, limits::kMaxPorts - 1); });
        l.portA = static_cast<int>(pa);
        l.portB = static_cast<int>(pb);
    }
    l.capacityGbps = f.number("capacity_gbps", limits::kMinCapacityGbps, false,
                              limits::kMaxCapacityGbps);
    l.latencyNs = f.number("latency_ns", 0, false, limits::kMaxLatencyNs, 0.0);
    l.medium = enumField<Medium>(f, "medium", mediumFromString, 5, "medium");
    l.plane = static_cast<int>(f.integer("plane", -1, limits::kMaxPlane, -1));
    return l;
}

/// The parse state; operator() is nlohmann's parser callback.
class NativeReader
{
public:
    explicit NativeReader(std::string fileName)
        : mFileName(std::move(fileName))
    {}

    Fabric read(std::istream &in)
    {
        std::ostringstream buffer;
        buffer << in.rdbuf(); // block copies, not a char at a time
        const std::string text = std::move(buffer).str();
        if (in.bad())
            throw UserError(mFileName + ": reading failed");
        refuseNul(text, mFileName);
        json root;
        try {
            try {
                root = json::parse(text, [this](int d, json::parse_event_t e, json &v) {
                    return onEvent(d, e, v);
                });
            } catch (const json::exception &e) {
                // parse_error (syntax, truncation) and out_of_range (number overflow: 1e999)
                throw UserError(mFileName + ": " + describeJsonParseError(e));
            }
            return assemble(root);
        } catch (const JsonFaultError &e) {
            throw UserError(mFileName + ": " + e.what());
        }
    }

private:
    enum class Section { None, Nodes, Links };

    bool onEvent(int depth, json::parse_event_t event, json &value)
    {
        checkLimits(depth, event, value);
        using E = json::parse_event_t;
        if (depth == 1) {
            if (event == E::key) {
                mTopKey = value.get<std::string>();
                guard([&] { checkTopKey(); });
            } else if (event == E::array_start) {
                mSection = mTopKey == "nodes" ? Section::Nodes
                    : mTopKey == "links"       ? Section::Links
                                                : Section::None;
                mIndex = 0;
            } else if (event == E::array_end || event == E::object_end || event == E::value) {
                mSection = Section::None;
                checkHeaderField(value);
            }
            return true;
        }
        const bool elementDone = event == E::object_end || event == E::array_end
            || event == E::value;
        if (depth != 2 || mSection == Section::None || !elementDone)
            return true;
        const std::size_t index = mIndex++;
        const bool nodes = mSection == Section::Nodes;
        if (static_cast<long long>(index) >= (nodes ? limits::kMaxNodes : limits::kMaxLinks))
            failAt(nodes ? "/nodes" : "/links",
                   "more than " + std::to_string(nodes ? limits::kMaxNodes : limits::kMaxLinks)
                       + (nodes ? " nodes" : " links") + " (the limit)");
        guard([&] {
            within([&] { return (nodes ? "/nodes/" : "/links/") + std::to_string(index); },
                   [&] {
                       if (nodes)
                           mNodes.emplace_back(readNode(value), index);
                       else
                           mLinks.emplace_back(readLink(value), index);
                   });
        });
        return false; // converted: drop it from the DOM
    }

    // Resource limits stop the parse at once, header or not: they guard memory and the stack
    // of everything that later walks the kept metadata (dump, compare, destroy).
    void checkLimits(int depth, json::parse_event_t event, const json &value)
    {
        using E = json::parse_event_t;
        if (event == E::key)
            mPath.onEvent(depth, event, value);
        if (mDuplicates.isDuplicate(event, value))
            failAt(
                mPath.path(depth), "the key is given twice (the second would replace the first)");
        if ((event == E::object_start || event == E::array_start) && depth >= limits::kMaxDepth)
            failAt(mPath.path(depth), "nested deeper than " + std::to_string(limits::kMaxDepth)
                                           + " levels (the limit)");
        if ((event == E::key || event == E::value) && value.is_string()
            && limits::tooLong(value.get_ref<const std::string &>()))
            failAt(
                mPath.path(depth), limits::longerThanLimit(event == E::key ? "a key" : "a string"));
        if (event == E::value && mSection == Section::None && ++mOtherValues > limits::kMaxOtherValues)
            failAt(mPath.path(depth), "more than " + std::to_string(limits::kMaxOtherValues)
                                           + " values outside nodes and links (the limit)");
        if (event != E::key)
            mPath.onEvent(depth, event, value);
    }

    // Runs @p f; a fault before the header is known is kept for later (see the file comment).
    template<typename F> void guard(F &&f)
    {
        try {
            f();
        } catch (const JsonFaultError &e) {
            if (headerChecked())
                throw;
            if (!mPending)
                mPending = e.fault();
        }
    }

    bool headerChecked() const { return mFormatSeen && mVersionSeen; }

    void checkTopKey() const
    {
        static constexpr std::string_view kKeys[] = {"format", "version", "generator", "metadata",
                                                     "scenarios", "nodes", "links"};
        for (std::string_view k : kKeys)
            if (mTopKey == k)
                return;
        throw JsonFaultError({"/" + mTopKey, "unknown field (allowed: format, version, generator,"
                                           " metadata, scenarios, nodes, links)"});
    }

    void checkHeaderField(const json &value)
    {
        if (mTopKey == "format") {
            if (!value.is_string() || value.get<std::string>() != kNativeFormatName)
                failAt("/format", "expected \"" + std::string(kNativeFormatName)
                                       + "\", found " + JsonFields::describeType(value)
                                       + (value.is_string() ? " " + quotedInput(value.get<std::string>())
                                                            : std::string()));
            mFormatSeen = true;
        } else if (mTopKey == "version") {
            const long long version = within([] { return std::string("/version"); },
                                             [&] { return JsonFields::integerAt(value, 1, kMaxInt); });
            if (version > kNativeVersion)
                failAt("/version", "version " + std::to_string(version)
                                       + " is newer than this FabricScope reads ("
                                       + std::to_string(kNativeVersion) + ")");
            mVersionSeen = true;
        }
    }

    Fabric assemble(const json &root)
    {
        const JsonFields top(root);
        if (!mFormatSeen)
            failAt("/format", "missing: this is not a FabricScope fabric file");
        if (!mVersionSeen)
            failAt("/version", "missing");
        if (mPending)
            throw JsonFaultError(*mPending);

        Fabric fabric;
        if (const json *g = top.find("generator")) {
            within(segment("generator"), [&] {
                const JsonFields gen(*g);
                gen.allowOnly({"family", "params", "modified"});
                fabric.generator().family = gen.string("family", "");
                fabric.generator().modified = gen.boolean("modified", false);
                if (const json *p = gen.find("params")) {
                    if (!p->is_object())
                        gen.fail("params", "expected an object, found " + JsonFields::describeType(*p));
                    fabric.generator().params = *p;
                }
            });
        }
        if (const json *m = top.find("metadata")) {
            // Anything else was kept until the next save, which wrote no metadata.
            if (!m->is_object())
                top.fail("metadata", "expected an object, found " + JsonFields::describeType(*m));
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
            fabric.scenarios() = *s;
        }
        for (std::string_view key : {"nodes", "links"})
            if (const json *v = top.find(key); v && !v->is_array())
                top.fail(key, "expected an array, found " + JsonFields::describeType(*v));
        addNodes(fabric);
        addLinks(fabric);
        checkAcrossElements(fabric);
        return fabric;
    }

    template<typename T>
    static void checkIds(const std::vector<std::pair<T, std::size_t>> &items, const char *section)
    {
        const std::size_t bound = limits::maxIdFor(items.size());
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
        checkIds(mNodes, "nodes");
        fabric.reserve(mNodes.size(), mLinks.size());
        for (auto &[node, index] : mNodes)
            fabric.addNode(std::move(node));
    }

    void addLinks(Fabric &fabric)
    {
        checkIds(mLinks, "links");
        for (const auto &[link, index] : mLinks) {
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

    /// What needs two elements (a link's port against its node's port count): the fields were
    /// checked alone as they were read.
    void checkAcrossElements(const Fabric &fabric) const
    {
        const auto fault = findFabricFault(fabric);
        if (!fault)
            return;
        if (fault->isLink) {
            for (const auto &[link, index] : mLinks)
                if (link.id == LinkId(fault->id))
                    failAt("/links/" + std::to_string(index) + "/" + fault->field, fault->message);
        } else {
            for (const auto &[node, index] : mNodes)
                if (node.id == NodeId(fault->id))
                    failAt("/nodes/" + std::to_string(index) + "/" + fault->field, fault->message);
        }
        failAt("", describeFault(fabric, *fault));
    }

    std::string mFileName;
    std::string mTopKey;
    Section mSection = Section::None;
    std::size_t mIndex = 0;
    bool mFormatSeen = false;
    bool mVersionSeen = false;
    std::optional<JsonFault> mPending;
    JsonPathTracker mPath;
    DuplicateKeys mDuplicates;
    long long mOtherValues = 0;
    std::vector<std::pair<Node, std::size_t>> mNodes;
    std::vector<std::pair<Link, std::size_t>> mLinks;
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
