// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <utility>
#include <vector>

/// The <key> declarations FabricScope's GraphML writer emits; the reader matches keys by
/// attr.name, so files from other tools with the same names read the same.
namespace fabric::io::graphml {

struct Key
{
    const char *id;
    const char *domain; ///< "node", "edge" or "graph".
    const char *name; ///< attr.name
    const char *type; ///< attr.type
};

inline constexpr Key kKeys[] = {
    { "generator_family", "graph", "generator_family", "string" },
    { "generator_params", "graph", "generator_params", "string" },
    { "generator_modified", "graph", "generator_modified", "boolean" },
    { "metadata", "graph", "metadata", "string" },
    { "kind", "node", "kind", "string" },
    { "name", "node", "name", "string" },
    { "role", "node", "role", "string" },
    { "tier", "node", "tier", "int" },
    { "pod", "node", "pod", "int" },
    { "plane", "node", "plane", "int" },
    { "rail", "node", "rail", "int" },
    { "index", "node", "index", "int" },
    { "x", "node", "x", "int" },
    { "y", "node", "y", "int" },
    { "z", "node", "z", "int" },
    { "ports", "node", "ports", "int" },
    { "switch_latency_ns", "node", "switch_latency_ns", "double" },
    { "sharp", "node", "sharp", "boolean" },
    { "forwards", "node", "forwards", "boolean" },
    { "standby", "node", "standby", "boolean" },
    { "host", "node", "host", "int" },
    { "position_x", "node", "position_x", "double" },
    { "position_y", "node", "position_y", "double" },
    { "circuits", "node", "circuits", "string" },
    { "capacity_gbps", "edge", "capacity_gbps", "double" },
    { "latency_ns", "edge", "latency_ns", "double" },
    { "medium", "edge", "medium", "string" },
    { "link_plane", "edge", "plane", "int" },
    { "port_a", "edge", "port_a", "int" },
    { "port_b", "edge", "port_b", "int" },
};

/// An OCS circuit table as one string, "0:1 2:3" (GraphML data holds scalars only).
std::string circuitsText(const std::vector<std::pair<int, int>> &circuits);

} // namespace fabric::io::graphml
