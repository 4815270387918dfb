// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace fabric {
class Fabric;
struct Node;
}

namespace fabric::route {

/// A routing policy: how a flow's path(s) are chosen among the equal-cost shortest paths.
/// docs/simulation.md describes each exactly as modelled.
enum class Policy {
    Ecmp, ///< Per-switch hash of the 5-tuple with the switch's own seed.
    EcmpPolarized, ///< One hash and seed at every switch: tier choices are correlated.
    Static, ///< Destination-based d-mod-k, as the InfiniBand Subnet Manager computes it.
    Adaptive, ///< All equal-cost paths, each its own max-min share (Split::Adaptive).
    Spray, ///< All equal-cost paths, equal fixed shares (Split::Weighted).
    Dor, ///< Dimension-order routing on a torus, shortest direction, ties split.
};

/// "ecmp", "ecmp-polarized", "static", "adaptive", "spray", "dor".
std::string_view toString(Policy policy);
std::optional<Policy> policyFromString(std::string_view name);
/// Every policy name, in the order above.
const std::vector<std::string_view> &policyNames();

/// Ecmp and EcmpPolarized: a hash picks each flow's one path, so flows can pile onto one link
/// while an equal path next to it stays dark (what the canvas dashes and the explanation names).
bool hashes(Policy policy);
/// Ecmp, EcmpPolarized and Static: each flow takes one of its equal-cost paths, whatever the
/// others do, so a collision may be the choice's fault or the fabric's (one path only).
bool picksOnePath(Policy policy);

/// A chip `dor` routes through: a GPU that forwards, with torus coordinates. A fabric with
/// one is a torus, where `dor` is allowed and the default.
bool isTorusChip(const Node &node);

/**
 * The routing a run on @p fabric gets when none is chosen: `dor` on a torus (chips that
 * Torus::detect() finds: two or more, their coordinates not too sparse),
 * as TPU interconnects route by static dimension-ordered tables; `ecmp` elsewhere, as
 * switches hash. A scenario file without a "routing" key still means `ecmp`: this default
 * applies where the fabric is known (the CLI without --routing, the simulation dock on a new
 * file).
 */
Policy defaultPolicy(const Fabric &fabric);

} // namespace fabric::route
