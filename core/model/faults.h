// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fabric.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fabric {

/**
 * One element of a fabric taken out of service, or slowed down, as a scenario stores it and the
 * CLI names it (docs/simulation.md, "Faults"). Its text form (toString(), parseFault()):
 *
 *  - `NAME`: a node of any kind (switch of any role, OCS, host, GPU): every link attached to it;
 *  - `A--B`: every link between nodes A and B, both directions;
 *  - `A->B`: the direction A to B of every link between A and B (B to A still works);
 *  - `NAME:P`: the link plugged into port P of NAME (a NIC port of a GPU, a switch port);
 *  - `OCS:P-Q`: the circuit of OCS joining its ports P and Q (both fibres);
 *  - any of these with `@F`, 0 < F < 1: degraded to the fraction F of its capacity (a link
 *    down-trained from 4x to 1x is `@0.25`) instead of failed.
 *
 * Names are resolved against a fabric only by resolveFaults().
 */
struct Fault
{
    enum class Kind {
        Node,
        Link,
        Port,
        Circuit,
    };
    Kind kind = Kind::Node;
    std::string node; ///< Node, Port, Circuit: the node (the OCS); Link: end A.
    std::string peer; ///< Link: end B.
    bool oneWay = false; ///< Link: only the direction A to B.
    int port = -1; ///< Port: the port; Circuit: its first port.
    int port2 = -1; ///< Circuit: its second port.
    double kept = 0.0; ///< Capacity kept: 0 = failed, 0 < kept < 1 = degraded.

    bool failed() const { return kept <= 0.0; }
    bool operator==(const Fault &) const = default;
};

/// The text form described at Fault ("leaf3--spine1@0.25").
std::string toString(const Fault &fault);
/// Parses one fault's text form. Throws UserError naming @p text when it is malformed.
Fault parseFault(std::string_view text);
/// Parses a comma-separated list (`--fail a,b--c,d@0.5`); empty items are skipped.
std::vector<Fault> parseFaultList(std::string_view text);

/**
 * What a fault set does to one fabric: the capacity each directed link keeps. Made by
 * resolveFaults(); the router leaves out the directions that keep nothing and the engine scales
 * the capacity of the others.
 */
struct FaultEffect
{
    /// Index = directed link id; 1 = whole, 0 = failed. Empty when there are no faults.
    std::vector<double> kept;
    /// Per-direction capacity taken away, summed over links and averaged over each link's two
    /// directions: a failed 400 Gb/s link counts 400, one direction of it 200, the link
    /// degraded to 0.25 counts 300. NVLink included.
    double capacityLostGbps = 0.0;
    /// Links that lost anything, in id order.
    std::vector<LinkId> links;

    bool empty() const { return kept.empty(); }
    bool dead(DirLinkId d) const
    {
        return !kept.empty() && kept[static_cast<std::size_t>(d)] <= 0.0;
    }
    /// Directed-link flags (non-zero = failed) for ForwardingGraph; empty without faults.
    std::vector<std::uint8_t> deadDirections() const;
};

/// What a fault set does to the endpoints, in the words of an explanation ("128 GPUs lost one
/// of their two ports; no host cut off"). A GPU's ports are its links other than NVLink.
struct FaultImpact
{
    std::size_t linksFailed = 0; ///< Links with a direction that carries nothing.
    std::size_t linksDegraded = 0; ///< Links slowed but not failed.
    std::size_t gpusLostPort = 0; ///< GPUs with a failed port and a working one left.
    std::size_t gpusCutOff = 0; ///< GPUs with ports, none of them working (or the GPU failed).
};
FaultImpact faultImpact(const Fabric &fabric, const FaultEffect &effect);

/// Resolves @p faults against @p fabric. Throws UserError naming the first fault whose node,
/// link, port or circuit the fabric does not have.
FaultEffect resolveFaults(const Fabric &fabric, std::span<const Fault> faults);

/// The role names faultCandidates() takes: leaf, tor, spine, aggregation, core, router, ocs,
/// link.
const std::vector<std::string_view> &faultRoles();

/**
 * Every element of @p role in @p fabric, each as the fault that fails it, in id order: switches
 * of that role (`leaf` and `tor` are the same switches, as are `spine` and `aggregation`), every
 * OCS (`ocs`), or every pair of nodes joined by fabric links (`link`: not NVLink; parallel
 * links between the pair are one element). Throws UserError for an unknown role.
 */
std::vector<Fault> faultCandidates(const Fabric &fabric, std::string_view role);
/// Whether faultCandidates(@p fabric, @p role) would have any element, without building them:
/// the GUI asks for every role on every fabric it opens, and listing the links of a 15K-GPU pod
/// costs about 46 ms.
bool hasFaultCandidates(const Fabric &fabric, std::string_view role);

/// @p count elements of faultCandidates(@p role) drawn without repetition from @p seed (the same
/// seed gives the same draw on every machine). Throws UserError when the role has fewer.
std::vector<Fault> randomFaults(
    const Fabric &fabric, std::string_view role, std::size_t count, std::uint64_t seed);

} // namespace fabric
