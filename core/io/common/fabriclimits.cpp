// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabriclimits.h"

#include "cleantext.h"

#include "io/native/readlimits.h"

#include <cmath>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace fabric::io {
namespace {

/// "" when @p v is within [@p min, @p max], else why not.
std::string outOfRange(long long v, long long min, long long max)
{
    if (v >= min && v <= max)
        return {};
    return std::to_string(v) + " is out of range (allowed " + std::to_string(min) + " to "
        + std::to_string(max) + ")";
}

std::string realOutOfRange(double v, double min, double max)
{
    if (std::isfinite(v) && v >= min && v <= max)
        return {};
    return numberBeside(v, v < min ? min : max) + " is out of range (allowed " + shortNumber(min)
        + " to " + shortNumber(max) + ")";
}

/// An OCS circuit's port: numbered from 0, below the node's port count when it has one.
std::string circuitPortOutOfRange(int port, const Node &n)
{
    if (std::string why = outOfRange(port, 0, limits::kMaxPorts - 1); !why.empty())
        return why;
    if (n.ports > 0 && port >= n.ports)
        return "port " + std::to_string(port) + " is out of range (the ocs has ports 0 to "
            + std::to_string(n.ports - 1) + ")";
    return {};
}

/// How a message names a node: "'g0'", or "node 7" for a name too long to quote or none (a
/// native file refers to nodes by id).
std::string named(const Node &n)
{
    return n.name.empty() || limits::tooLong(n.name) ? "node " + std::to_string(n.id)
                                                     : "'" + n.name + "'";
}

/// "node 'g0'", or "node 7" as named() says it.
std::string describedNode(const Node &n)
{
    return n.name.empty() || limits::tooLong(n.name) ? named(n) : "node " + named(n);
}

/// A link's port (-1: not modelled). Numbered from 0 (generators, OCS) or from 1 (InfiniBand:
/// a 36-port switch has ports 1 to 36), so up to the node's port count when it has one.
std::string linkPortOutOfRange(int port, const Node &n)
{
    if (std::string why = outOfRange(port, -1, limits::kMaxPorts - 1); !why.empty())
        return why;
    if (n.ports > 0 && port > n.ports)
        return "port " + std::to_string(port) + " is out of range (" + named(n) + " has "
            + std::to_string(n.ports) + (n.ports == 1 ? " port)" : " ports)");
    return {};
}

std::optional<FabricFault> nodeFault(const Fabric &fabric, const Node &n)
{
    const auto fault = [&](std::string field, std::string message) {
        return FabricFault { false, int(n.id), std::move(field), std::move(message) };
    };
    const LayoutHints &h = n.hints;
    const std::pair<const char *, int> hints[] = { { "tier", h.tier }, { "pod", h.pod },
        { "plane", h.plane }, { "rail", h.rail }, { "index", h.index } };
    for (const auto &[key, value] : hints)
        if (std::string why = outOfRange(value, -1, limits::kMaxHint); !why.empty())
            return fault(std::string("hints/") + key, why);
    const std::pair<const char *, int> coordinates[] = { { "x", h.x }, { "y", h.y }, { "z", h.z } };
    for (const auto &[key, value] : coordinates)
        if (std::string why = outOfRange(value, -1, limits::kMaxCoordinate); !why.empty())
            return fault(std::string("hints/") + key, why);
    if (h.position)
        for (const double v : { h.position->first, h.position->second })
            if (std::string why = realOutOfRange(v, -limits::kMaxPosition, limits::kMaxPosition);
                !why.empty())
                return fault("hints/position", why);
    if (limits::tooLong(n.name))
        return fault("name", limits::longerThanLimit("a string"));
    if (std::string why = outOfRange(n.ports, 0, limits::kMaxPorts); !why.empty())
        return fault("ports", why);
    if (std::string why = realOutOfRange(n.switchLatencyNs, 0.0, limits::kMaxLatencyNs);
        !why.empty())
        return fault("switch_latency_ns", why);
    if (n.standby && n.kind != NodeKind::Gpu)
        return fault("standby", "only a gpu node can be on standby");
    if (n.host != kNoNode) {
        if (!fabric.hasNode(n.host))
            return fault("host", "no node with id " + std::to_string(n.host));
        if (fabric.node(n.host).kind != NodeKind::Host)
            return fault("host",
                named(fabric.node(n.host)) + " is a "
                    + std::string(toString(fabric.node(n.host).kind)) + ", not a host");
    }
    if (!n.circuits.empty() && n.kind != NodeKind::Ocs)
        return fault("circuits", "only an ocs node has circuits");
    std::vector<int> usedBy; // port -> circuit index + 1
    for (std::size_t i = 0; i < n.circuits.size(); ++i) {
        const auto [p, q] = n.circuits[i];
        const std::string field = "circuits/" + std::to_string(i);
        if (p == q)
            return fault(field,
                "a circuit joins two different ports (found " + std::to_string(p) + " twice)");
        for (const int port : { p, q }) {
            if (std::string why = circuitPortOutOfRange(port, n); !why.empty())
                return fault(field, why);
            if (std::size_t(port) >= usedBy.size())
                usedBy.resize(std::size_t(port) + 1, 0);
            int &owner = usedBy[std::size_t(port)];
            if (owner)
                return fault(field,
                    "port " + std::to_string(port) + " is already in circuit "
                        + std::to_string(owner - 1));
            owner = int(i) + 1;
        }
    }
    return std::nullopt;
}

std::optional<FabricFault> linkFault(const Fabric &fabric, const Link &l)
{
    const auto fault = [&](std::string field, std::string message) {
        return FabricFault { true, int(l.id), std::move(field), std::move(message) };
    };
    if (std::string why
        = realOutOfRange(l.capacityGbps, limits::kMinCapacityGbps, limits::kMaxCapacityGbps);
        !why.empty())
        return fault("capacity_gbps", why);
    if (std::string why = realOutOfRange(l.latencyNs, 0.0, limits::kMaxLatencyNs); !why.empty())
        return fault("latency_ns", why);
    if (std::string why = outOfRange(l.plane, -1, limits::kMaxPlane); !why.empty())
        return fault("plane", why);
    const std::pair<int, NodeId> ends[] = { { l.portA, l.a }, { l.portB, l.b } };
    for (int i = 0; i < 2; ++i)
        if (std::string why = linkPortOutOfRange(ends[i].first, fabric.node(ends[i].second));
            !why.empty())
            return fault("ports/" + std::to_string(i), why);
    return std::nullopt;
}

/// Whatever reads torus coordinates stores the grid densely, so the grid they span must be in
/// proportion to the chips that have them (a 1000 x 1000 x 300 grid of two chips is not).
/// Coordinates are in range (nodeFault()), so the cell count cannot overflow.
std::optional<FabricFault> torusGridFault(const Fabric &fabric)
{
    long long extent[3] = { 0, 0, 0 };
    long long chips = 0;
    NodeId widest = kNoNode;
    fabric.forEachNode([&](const Node &n) {
        const LayoutHints &h = n.hints;
        if (h.x < 0 || h.y < 0 || h.z < 0)
            return;
        ++chips;
        const long long c[3] = { h.x, h.y, h.z };
        for (int d = 0; d < 3; ++d)
            if (c[d] + 1 > extent[d]) {
                extent[d] = c[d] + 1;
                widest = n.id;
            }
    });
    const long long cells = extent[0] * extent[1] * extent[2];
    const long long allowed = limits::kMaxTorusCellsPerChip * chips + limits::kSpareTorusCells;
    if (chips == 0)
        return std::nullopt;
    if (cells <= allowed) {
        // Two chips in one place: the torus keeps one of them, and a run over it simulated
        // 0 flows in 0 s without a word.
        std::unordered_map<long long, NodeId> chipAt;
        std::optional<FabricFault> twice;
        fabric.forEachNode([&](const Node &n) {
            const LayoutHints &h = n.hints;
            if (twice || !n.isEndpoint() || h.x < 0 || h.y < 0 || h.z < 0)
                return;
            const long long cell = h.x + extent[0] * (h.y + extent[1] * h.z);
            const auto [at, fresh] = chipAt.try_emplace(cell, n.id);
            if (!fresh)
                twice = FabricFault { false, int(n.id), "hints",
                    "torus coordinates (" + std::to_string(h.x) + ", " + std::to_string(h.y) + ", "
                        + std::to_string(h.z) + ") are those of "
                        + describedNode(fabric.node(at->second))
                        + " too: each chip needs its own" };
        });
        return twice;
    }
    return FabricFault { false, int(widest), "hints",
        "torus coordinates span " + std::to_string(extent[0]) + " x " + std::to_string(extent[1])
            + " x " + std::to_string(extent[2]) + " for " + std::to_string(chips)
            + " chips (the limit is " + std::to_string(limits::kMaxTorusCellsPerChip)
            + " cells per chip + " + std::to_string(limits::kSpareTorusCells) + ")" };
}

} // namespace

std::optional<FabricFault> findFabricFault(const Fabric &fabric)
{
    std::optional<FabricFault> found;
    fabric.forEachNode([&](const Node &n) {
        if (!found)
            found = nodeFault(fabric, n);
    });
    fabric.forEachLink([&](const Link &l) {
        if (!found)
            found = linkFault(fabric, l);
    });
    return found ? found : torusGridFault(fabric);
}

std::string describeFault(const Fabric &fabric, const FabricFault &fault)
{
    std::string what;
    if (fault.isLink) {
        const Link &l = fabric.link(LinkId(fault.id));
        what = "link " + named(fabric.node(l.a)) + " -- " + named(fabric.node(l.b));
    } else {
        what = describedNode(fabric.node(NodeId(fault.id)));
    }
    return what + ": " + fault.field + ": " + fault.message;
}

} // namespace fabric::io
