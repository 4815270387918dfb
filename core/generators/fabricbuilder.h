// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <vector>

namespace fabric::gen {

/// NVLink 4: 900 GB/s bidirectional per H100, so 450 GB/s = 3600 Gb/s per direction.
inline constexpr double kNvLinkGbps = 3600.0;

/**
 * The common steps of every generator: hosts with their GPUs and NVLink links, switches with
 * the family's latency, and links with the cable latency and automatic port numbers on
 * switches and OCS (ports count up from 0 in the order links are added).
 */
class FabricBuilder
{
public:
    FabricBuilder(double cableLatencyNs, double switchLatencyNs);
    /// A builder with the latencies of the resolved parameters `cable_latency_ns` and
    /// `switch_latency_ns`, which every packet-switched family has.
    static FabricBuilder fromParams(const nlohmann::json &params);

    void reserve(std::size_t nodes, std::size_t links) { mFabric.reserve(nodes, links); }

    /// Called per host: fills the host's name (GPU names append "-gpuI") and its layout hints.
    using HostNamer = std::function<void(int host, std::string &name, LayoutHints &hints)>;

    /**
     * Adds @p hostCount hosts of @p gpusPerHost GPUs each, on an empty fabric. GPU ids come
     * first, 0..N-1 in host order (so a GPU's id is its rank), then host ids N..N+H-1; link
     * ids 0..N-1 are the NVLink links, link g joining GPU g to its host.
     * GPU hints copy the host's pod and set tier 0, rail = index = GPU index in the host.
     */
    void addHosts(int hostCount, int gpusPerHost, const HostNamer &namer);

    /// Adds a packet switch with the builder's switch latency and @p ports ports.
    NodeId addSwitch(std::string name, SwitchRole role, const LayoutHints &hints, int ports);
    /// Adds any node as given (TPU chips, OCS).
    NodeId addNode(Node node);

    /// Joins @p a and @p b; switch and OCS ends get their next free port number.
    LinkId connect(NodeId a, NodeId b, double capacityGbps, Medium medium, int plane = -1);

    /// Joins @p a and @p b on the given ports (-1 = not modelled).
    LinkId connectPorts(NodeId a, int portA, NodeId b, int portB, double capacityGbps,
        Medium medium, int plane = -1);

    /// The next free port of a switch or OCS (-1 for other nodes), as connect() would take it.
    int allocatePort(NodeId node);

    /// Marks every switch SHARP-capable.
    void setSharpOnSwitches();

    Fabric &fabric() { return mFabric; }
    /// Finishes: records the generator, returns the fabric.
    Fabric take(std::string family, nlohmann::json params, std::string title);

private:
    Fabric mFabric;
    std::vector<int> mNextPort; // index = node id
    double mCableLatencyNs;
    double mSwitchLatencyNs;
};

/// The smallest divisor s of @p uplinks with s * upperPorts >= lowers * uplinks: how many upper
/// switches @p lowers switches with @p uplinks uplinks each need when every lower joins every
/// upper with uplinks / s parallel links and an upper has @p upperPorts ports.
int uppersNeeded(int lowers, int uplinks, int upperPorts);

} // namespace fabric::gen
