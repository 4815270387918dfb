// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "faults.h"

#include "error.h"
#include "nodenameindex.h"
#include "units.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <set>
#include <utility>

namespace fabric {
namespace {

std::string inQuotes(std::string_view text)
{
    return "'" + std::string(text) + "'";
}

bool parseInt(std::string_view s, int &out)
{
    if (s.empty() || s.size() > 9)
        return false;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size() && out >= 0;
}

/// SplitMix64: the draw of randomFaults() must be the same on every standard library, which
/// std::shuffle and the std distributions do not promise.
std::uint64_t splitmix(std::uint64_t &state)
{
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

} // namespace

std::string toString(const Fault &f)
{
    std::string s;
    switch (f.kind) {
    case Fault::Kind::Node:
        s = f.node;
        break;
    case Fault::Kind::Link:
        s = f.node + (f.oneWay ? "->" : "--") + f.peer;
        break;
    case Fault::Kind::Port:
        s = f.node + ":" + std::to_string(f.port);
        break;
    case Fault::Kind::Circuit:
        s = f.node + ":" + std::to_string(f.port) + "-" + std::to_string(f.port2);
        break;
    }
    if (!f.failed())
        s += "@" + units::formatSignificant(f.kept, 6);
    return s;
}

Fault parseFault(std::string_view text)
{
    const auto bad
        = [&](const std::string &why) { return UserError("fault " + inQuotes(text) + ": " + why); };
    Fault f;
    std::string_view body = text;
    if (const auto at = body.rfind('@'); at != std::string_view::npos) {
        const std::string_view num = body.substr(at + 1);
        double v = 0;
        const auto [end, ec] = std::from_chars(num.data(), num.data() + num.size(), v);
        if (num.empty() || ec != std::errc() || end != num.data() + num.size() || !std::isfinite(v)
            || !(v > 0.0) || !(v < 1.0))
            throw bad("the part after @ must be the fraction of capacity kept, above 0 and "
                      "below 1 (such as @0.25)");
        f.kept = v;
        body = body.substr(0, at);
    }
    if (body.empty())
        throw bad("no element named");
    const auto linkSep = [&](std::string_view sep, bool oneWay) {
        const auto p = body.find(sep);
        if (p == std::string_view::npos)
            return false;
        f.kind = Fault::Kind::Link;
        f.node = std::string(body.substr(0, p));
        f.peer = std::string(body.substr(p + sep.size()));
        f.oneWay = oneWay;
        if (f.node.empty() || f.peer.empty())
            throw bad("a link is NAME--NAME (both directions) or NAME->NAME (one)");
        return true;
    };
    if (linkSep("--", false) || linkSep("->", true))
        return f;
    if (const auto colon = body.rfind(':'); colon != std::string_view::npos && colon > 0) {
        const std::string_view ports = body.substr(colon + 1);
        const auto dash = ports.find('-');
        int p = 0, q = 0;
        if (dash == std::string_view::npos && parseInt(ports, p)) {
            f.kind = Fault::Kind::Port;
            f.port = p;
        } else if (dash != std::string_view::npos && parseInt(ports.substr(0, dash), p)
            && parseInt(ports.substr(dash + 1), q)) {
            f.kind = Fault::Kind::Circuit;
            f.port = p;
            f.port2 = q;
        } else {
            // Not a port: the colon is part of the name, as in the node descriptions of an
            // ibnetdiscover dump ("MF0;switch-de779e:SX6012/U1"), which a resilience sweep's
            // rows give back and --fail refused.
            f.node = std::string(body);
            return f;
        }
        f.node = std::string(body.substr(0, colon));
        return f;
    }
    f.node = std::string(body);
    return f;
}

std::vector<Fault> parseFaultList(std::string_view text)
{
    std::vector<Fault> out;
    while (!text.empty()) {
        const auto comma = text.find(',');
        const std::string_view item = text.substr(0, comma);
        if (!item.empty())
            out.push_back(parseFault(item));
        if (comma == std::string_view::npos)
            break;
        text.remove_prefix(comma + 1);
    }
    return out;
}

std::vector<std::uint8_t> FaultEffect::deadDirections() const
{
    std::vector<std::uint8_t> out;
    if (kept.empty())
        return out;
    out.resize(kept.size());
    for (std::size_t d = 0; d < kept.size(); ++d)
        out[d] = kept[d] <= 0.0 ? 1 : 0;
    return out;
}

FaultEffect resolveFaults(const Fabric &fabric, std::span<const Fault> faults)
{
    FaultEffect e;
    if (faults.empty())
        return e;
    e.kept.assign(2 * fabric.linkIdBound(), 1.0);
    const NodeNameIndex byName(fabric);

    for (const Fault &f : faults) {
        const auto bad = [&](const std::string &why) {
            return UserError("fault " + inQuotes(toString(f)) + ": " + why);
        };
        const auto nodeNamed = [&](const std::string &name) {
            const NodeId node = byName.find(name, "fault " + inQuotes(toString(f)) + ": ");
            if (node == kNoNode)
                throw bad("the fabric has no node named " + inQuotes(name));
            return node;
        };
        // Both directions of @p l, or the one leaving @p from.
        const auto hit = [&](LinkId l, NodeId from) {
            const Link &link = fabric.link(l);
            for (const bool forward : { true, false }) {
                if (from != kNoNode && (forward ? link.a : link.b) != from)
                    continue;
                double &k = e.kept[static_cast<std::size_t>(dirLink(l, forward))];
                k = std::min(k, f.kept);
            }
        };
        const NodeId n = nodeNamed(f.node);
        switch (f.kind) {
        case Fault::Kind::Node:
            for (LinkId l : fabric.linksOf(n))
                hit(l, kNoNode);
            break;
        case Fault::Kind::Link: {
            const NodeId m = nodeNamed(f.peer);
            bool any = false;
            for (LinkId l : fabric.linksOf(n))
                if (fabric.link(l).other(n) == m) {
                    hit(l, f.oneWay ? n : kNoNode);
                    any = true;
                }
            if (!any)
                throw bad("no link joins " + inQuotes(f.node) + " and " + inQuotes(f.peer));
            break;
        }
        case Fault::Kind::Port: {
            bool any = false;
            for (LinkId l : fabric.linksOf(n))
                if (fabric.link(l).portAt(n) == f.port) {
                    hit(l, kNoNode);
                    any = true;
                }
            if (!any)
                throw bad(inQuotes(f.node) + " has no link on port " + std::to_string(f.port));
            break;
        }
        case Fault::Kind::Circuit: {
            const Node &ocs = fabric.node(n);
            const auto &c = ocs.circuits;
            const bool has = ocs.kind == NodeKind::Ocs
                && std::any_of(c.begin(), c.end(), [&](const std::pair<int, int> &pq) {
                       return (pq.first == f.port && pq.second == f.port2)
                           || (pq.first == f.port2 && pq.second == f.port);
                   });
            if (!has)
                throw bad(ocs.kind == NodeKind::Ocs
                        ? inQuotes(f.node) + " has no circuit joining ports "
                            + std::to_string(f.port) + " and " + std::to_string(f.port2)
                        : inQuotes(f.node) + " is not an OCS");
            for (LinkId l : fabric.linksOf(n)) {
                const int p = fabric.link(l).portAt(n);
                if (p == f.port || p == f.port2)
                    hit(l, kNoNode);
            }
            break;
        }
        }
    }
    fabric.forEachLink([&](const Link &l) {
        const double lost = 2.0 - e.kept[static_cast<std::size_t>(dirLink(l.id, true))]
            - e.kept[static_cast<std::size_t>(dirLink(l.id, false))];
        if (lost > 0) {
            e.capacityLostGbps += l.capacityGbps * lost / 2.0;
            e.links.push_back(l.id);
        }
    });
    return e;
}

FaultImpact faultImpact(const Fabric &fabric, const FaultEffect &e)
{
    FaultImpact out;
    if (e.empty())
        return out;
    const auto failed
        = [&](LinkId l) { return e.dead(dirLink(l, true)) || e.dead(dirLink(l, false)); };
    for (LinkId l : e.links)
        ++(failed(l) ? out.linksFailed : out.linksDegraded);
    fabric.forEachNode([&](const Node &n) {
        if (!n.isEndpoint())
            return;
        std::size_t ports = 0, dead = 0;
        for (LinkId l : fabric.linksOf(n.id)) {
            if (fabric.link(l).medium == Medium::NvLink)
                continue;
            ++ports;
            dead += failed(l) ? 1 : 0;
        }
        if (ports > 0 && dead == ports)
            ++out.gpusCutOff;
        else if (dead > 0)
            ++out.gpusLostPort;
    });
    return out;
}

const std::vector<std::string_view> &faultRoles()
{
    static const std::vector<std::string_view> roles
        = { "leaf", "tor", "spine", "aggregation", "core", "router", "ocs", "link" };
    return roles;
}

namespace {

using NodePick = bool (*)(const Node &);

/// The nodes a role other than `link` names; nullptr for `link`. Throws for an unknown role.
NodePick nodesOfRole(std::string_view role)
{
    if (role == "leaf" || role == "tor")
        return
            [](const Node &n) { return n.kind == NodeKind::Switch && n.role == SwitchRole::Leaf; };
    if (role == "spine" || role == "aggregation")
        return
            [](const Node &n) { return n.kind == NodeKind::Switch && n.role == SwitchRole::Spine; };
    if (role == "core")
        return
            [](const Node &n) { return n.kind == NodeKind::Switch && n.role == SwitchRole::Core; };
    if (role == "router")
        return [](const Node &n) {
            return n.kind == NodeKind::Switch && n.role == SwitchRole::Router;
        };
    if (role == "ocs")
        return [](const Node &n) { return n.kind == NodeKind::Ocs; };
    if (role == "link")
        return nullptr;
    std::string names;
    for (std::string_view r : faultRoles())
        names += (names.empty() ? "" : "|") + std::string(r);
    throw UserError("unknown role " + inQuotes(role) + "; use " + names);
}

/// Whether the `link` role covers @p link (fabric links; NVLink stays inside a host).
bool failableLink(const Link &link)
{
    return link.medium != Medium::NvLink;
}

} // namespace

std::vector<Fault> faultCandidates(const Fabric &fabric, std::string_view role)
{
    std::vector<Fault> out;
    if (const NodePick pick = nodesOfRole(role)) {
        fabric.forEachNode([&](const Node &n) {
            if (!pick(n))
                return;
            Fault f;
            f.node = n.name;
            out.push_back(std::move(f));
        });
        return out;
    }
    std::set<std::pair<NodeId, NodeId>> seen;
    fabric.forEachLink([&](const Link &l) {
        if (!failableLink(l) || !seen.emplace(std::minmax(l.a, l.b)).second)
            return;
        Fault f;
        f.kind = Fault::Kind::Link;
        f.node = fabric.node(l.a).name;
        f.peer = fabric.node(l.b).name;
        out.push_back(std::move(f));
    });
    return out;
}

bool hasFaultCandidates(const Fabric &fabric, std::string_view role)
{
    bool any = false;
    if (const NodePick pick = nodesOfRole(role))
        fabric.forEachNode([&](const Node &n) { any = any || pick(n); });
    else
        fabric.forEachLink([&](const Link &l) { any = any || failableLink(l); });
    return any;
}

std::vector<Fault> randomFaults(
    const Fabric &fabric, std::string_view role, std::size_t count, std::uint64_t seed)
{
    std::vector<Fault> all = faultCandidates(fabric, role);
    if (count > all.size())
        throw UserError("cannot fail " + std::to_string(count) + " random elements of role "
            + inQuotes(role) + ": the fabric has " + std::to_string(all.size()));
    std::uint64_t state = seed;
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t j = i + std::size_t(splitmix(state) % (all.size() - i));
        std::swap(all[i], all[j]);
    }
    all.resize(count);
    return all;
}

} // namespace fabric
