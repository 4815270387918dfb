// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabricbuilder.h"

#include <stdexcept>

namespace fabric::gen {

FabricBuilder::FabricBuilder(double cableLatencyNs, double switchLatencyNs)
    : mCableLatencyNs(cableLatencyNs)
    , mSwitchLatencyNs(switchLatencyNs)
{
}

FabricBuilder FabricBuilder::fromParams(const nlohmann::json &params)
{
    return FabricBuilder(params.at("cable_latency_ns").get<double>(),
                         params.at("switch_latency_ns").get<double>());
}

void FabricBuilder::addHosts(int hostCount, int gpusPerHost, const HostNamer &namer)
{
    if (mFabric.nodeIdBound() != 0)
        throw std::logic_error("FabricBuilder::addHosts must come first");
    const int gpuCount = hostCount * gpusPerHost;
    std::vector<Node> hosts(static_cast<std::size_t>(hostCount));
    for (int h = 0; h < hostCount; ++h) {
        Node &host = hosts[static_cast<std::size_t>(h)];
        host.id = gpuCount + h;
        host.kind = NodeKind::Host;
        host.hints.tier = 1;
        namer(h, host.name, host.hints);
        for (int i = 0; i < gpusPerHost; ++i) {
            Node gpu;
            gpu.kind = NodeKind::Gpu;
            gpu.host = host.id;
            gpu.name.reserve(host.name.size() + 8);
            gpu.name = host.name;
            gpu.name += "-gpu";
            gpu.name += std::to_string(i);
            gpu.hints.tier = 0;
            gpu.hints.pod = host.hints.pod;
            gpu.hints.rail = i;
            gpu.hints.index = i;
            mFabric.addNode(std::move(gpu));
        }
    }
    for (Node &host : hosts)
        mFabric.addNode(std::move(host));
    for (NodeId g = 0; g < gpuCount; ++g)
        connect(g, gpuCount + g / gpusPerHost, kNvLinkGbps, Medium::NvLink);
}

NodeId FabricBuilder::addSwitch(
    std::string name, SwitchRole role, const LayoutHints &hints, int ports)
{
    Node n;
    n.kind = NodeKind::Switch;
    n.role = role;
    n.name = std::move(name);
    n.hints = hints;
    n.ports = ports;
    n.switchLatencyNs = mSwitchLatencyNs;
    return mFabric.addNode(std::move(n));
}

NodeId FabricBuilder::addNode(Node node)
{
    return mFabric.addNode(std::move(node));
}

int FabricBuilder::allocatePort(NodeId node)
{
    const NodeKind kind = mFabric.node(node).kind;
    if (kind != NodeKind::Switch && kind != NodeKind::Ocs)
        return -1;
    const auto index = static_cast<std::size_t>(node);
    if (index >= mNextPort.size())
        mNextPort.resize(std::max(index + 1, mFabric.nodeIdBound()), 0);
    return mNextPort[index]++;
}

LinkId FabricBuilder::connect(NodeId a, NodeId b, double capacityGbps, Medium medium, int plane)
{
    return connectPorts(a, allocatePort(a), b, allocatePort(b), capacityGbps, medium, plane);
}

LinkId FabricBuilder::connectPorts(
    NodeId a, int portA, NodeId b, int portB, double capacityGbps, Medium medium, int plane)
{
    Link l;
    l.a = a;
    l.b = b;
    l.portA = portA;
    l.portB = portB;
    l.capacityGbps = capacityGbps;
    l.latencyNs = mCableLatencyNs;
    l.medium = medium;
    l.plane = plane;
    return mFabric.addLink(l);
}

void FabricBuilder::setSharpOnSwitches()
{
    for (std::size_t i = 0; i < mFabric.nodeIdBound(); ++i) {
        Node &n = mFabric.node(static_cast<NodeId>(i));
        if (n.id != kNoNode && n.kind == NodeKind::Switch)
            n.sharpCapable = true;
    }
}

Fabric FabricBuilder::take(std::string family, nlohmann::json params, std::string title)
{
    mFabric.generator().family = std::move(family);
    mFabric.generator().params = std::move(params);
    mFabric.metadata()["title"] = std::move(title);
    return std::move(mFabric);
}

int uppersNeeded(int lowers, int uplinks, int upperPorts)
{
    const long long demand = static_cast<long long>(lowers) * uplinks;
    for (int s = 1; s <= uplinks; ++s)
        if (uplinks % s == 0 && static_cast<long long>(s) * upperPorts >= demand)
            return s;
    return uplinks;
}

} // namespace fabric::gen
