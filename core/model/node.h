// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ids.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fabric {

/// What a node is. Endpoints (the ranks of a collective) are the Gpu nodes not on standby.
enum class NodeKind {
    Gpu,    ///< A GPU or accelerator chip (TPU chips too): a traffic endpoint.
    Host,   ///< A server grouping GPUs; it stands for the NVLink domain (an NVSwitch-like hub).
    Switch, ///< A packet switch; see SwitchRole.
    Ocs,    ///< An optical circuit switch: forwards no packets, only joins port pairs.
};

/// The role of a switch in its fabric. Tier numbers travel separately in LayoutHints.
enum class SwitchRole {
    None,
    Leaf,   ///< Leaf / ToR / rack switch (RTSW): endpoints attach here.
    Spine,  ///< Spine / aggregation / cluster switch (CTSW).
    Core,   ///< Core / aggregation-between-zones (ATSW).
    Router, ///< Dragonfly router (endpoints and intra-/inter-group links on one switch).
};

/// Where a node sits in its family's structure. -1 means "not set". The views lay fabrics out
/// from these; generators fill in what their family has.
struct LayoutHints
{
    int tier = -1;  ///< 0 = GPUs, 1 = hosts, then switch tiers upwards (leaf, spine, core).
    int pod = -1;   ///< Pod, AI zone, HPN segment, dragonfly group, TPU cube.
    int plane = -1; ///< HPN plane (0/1), rail-plane, or -1.
    int rail = -1;  ///< Rail (the GPU's index inside its host) for rail-optimised fabrics.
    int index = -1; ///< Position among its peers (e.g. leaf number inside a pod).
    int x = -1, y = -1, z = -1; ///< Torus coordinates of a chip.
    /// Position set by a user or a force-directed layout, in scene units; empty = automatic.
    std::optional<std::pair<double, double>> position;

    bool operator==(const LayoutHints &) const = default;
};

/// A node of a fabric. Plain data; Fabric keeps them and their adjacency.
struct Node
{
    NodeId id = kNoNode;
    NodeKind kind = NodeKind::Switch;
    SwitchRole role = SwitchRole::None;
    std::string name;
    LayoutHints hints;
    /// Port count (switch radix, OCS ports); 0 = unlimited / not modelled.
    int ports = 0;
    /// Forwarding latency of a switch, added once per hop through it.
    double switchLatencyNs = 0.0;
    /// Switch can aggregate in the network (SHARP).
    bool sharpCapable = false;
    /// For a Gpu: relays traffic for other chips (a TPU chip's ICI router). GPUs behind NICs
    /// never forward.
    bool forwards = false;
    /// For a Gpu: a standby chip, wired into the fabric but not (yet) part of the job: never a
    /// rank, an endpoint or a torus coordinate. A TPU slice's spare cubes are standby until the
    /// OCS switches them in for a failed cube (gen::replaceFailedCubes).
    bool standby = false;
    /// For a Gpu: the host it belongs to (kNoNode when it has none).
    NodeId host = kNoNode;
    /// For an Ocs: the circuit table, pairs of port numbers joined by a circuit.
    std::vector<std::pair<int, int>> circuits;

    bool isEndpoint() const { return kind == NodeKind::Gpu && !standby; }
    bool operator==(const Node &) const = default;
};

std::string_view toString(NodeKind kind);
std::string_view toString(SwitchRole role);
/// Parses the names toString() gives; nullopt for anything else.
std::optional<NodeKind> nodeKindFromString(std::string_view s);
std::optional<SwitchRole> switchRoleFromString(std::string_view s);

} // namespace fabric
