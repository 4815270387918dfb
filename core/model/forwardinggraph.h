// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fabric.h"

#include <cstdint>
#include <span>
#include <vector>

namespace fabric {

/// One usable hop of a ForwardingGraph: to a neighbour over one link, or over two fibres joined
/// by an OCS circuit (one optical hop).
struct ForwardingArc
{
    NodeId to = kNoNode;
    LinkId link = kNoLink; ///< The link leaving the arc's source.
    LinkId circuitLink = kNoLink; ///< For an OCS circuit: the link arriving at `to`; else kNoLink.
    NodeId ocs = kNoNode; ///< For an OCS circuit: the OCS; else kNoNode.
    double capacityGbps = 0; ///< Per direction (the smaller fibre for a circuit).
};

/**
 * A fabric as the path searches see it (diameter, path counts, bisection, routing): the
 * forwarding rule of transit.h compiled once into a compact adjacency indexed by node id.
 *
 *  - OCS nodes vanish: each circuit becomes one arc between the nodes at its two fibres, so a
 *    chip -> OCS -> chip path is one hop (and ocsPeer() is not searched per step).
 *  - A host keeps only its links to its own GPUs (it forwards nowhere else).
 *  - isTransit() says whether a path may pass through a node; other nodes are path ends.
 *
 * Arcs come in both directions (links are full duplex); parallel links give parallel arcs.
 * The graph is a snapshot: rebuild it after editing the fabric.
 *
 * @p deadDirections (index = directed link id, non-zero = failed; empty = none) leaves out every
 * arc that would travel a failed direction, so the graph is what survives a fault set
 * (faults.h). Arcs then need not come in both directions.
 */
class ForwardingGraph
{
public:
    explicit ForwardingGraph(
        const Fabric &fabric, std::span<const std::uint8_t> deadDirections = {});

    const Fabric &fabric() const { return *mFabric; }
    std::size_t nodeIdBound() const { return mTransit.size(); }

    std::span<const ForwardingArc> arcsOf(NodeId id) const
    {
        const auto i = static_cast<std::size_t>(id);
        return { mArcs.data() + mOffsets[i], mArcs.data() + mOffsets[i + 1] };
    }
    /// A path may pass through @p id: a switch, a host (between its own GPUs) or a chip that
    /// forwards (Node::forwards).
    bool isTransit(NodeId id) const { return mTransit[static_cast<std::size_t>(id)] != 0; }
    /// Live endpoints (GPUs) in id order.
    const std::vector<NodeId> &endpoints() const { return mEndpoints; }
    /// Some link or circuit lost one direction only (a one-way fault), so the capacity between
    /// two parts of the fabric may differ each way.
    bool hasOneWayArcs() const { return mOneWayArcs; }

private:
    const Fabric *mFabric;
    std::vector<std::uint32_t> mOffsets; // index = node id; arcs of n: [offsets[n], offsets[n+1])
    std::vector<ForwardingArc> mArcs;
    std::vector<std::uint8_t> mTransit;
    std::vector<NodeId> mEndpoints;
    bool mOneWayArcs = false;
};

} // namespace fabric
