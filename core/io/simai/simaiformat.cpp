// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "simaiformat.h"

#include "io/common/textutil.h"
#include "model/error.h"
#include "model/units.h"

#include <algorithm>
#include <ostream>
#include <string>

namespace fabric::io {
namespace {

/// Simulator ids: GPUs first (the ranks, 0..G-1, as both simulators expect), then hosts as
/// NVSwitches, then packet switches. OCS nodes get none: their circuits become links. Nor do
/// standby chips (a TPU slice's spare cubes), which are never ranks: both simulators would
/// make every GPU id one.
struct Numbering
{
    std::vector<int> of; ///< model node id -> simulator id, -1 for none
    std::vector<NodeId> gpus, hosts, switches;
};

Numbering numberNodes(const Fabric &fabric)
{
    Numbering n;
    n.of.assign(fabric.nodeIdBound(), -1);
    fabric.forEachNode([&](const Node &node) {
        switch (node.kind) {
        case NodeKind::Gpu:
            if (node.isEndpoint())
                n.gpus.push_back(node.id);
            break;
        case NodeKind::Host:
            n.hosts.push_back(node.id);
            break;
        case NodeKind::Switch:
            n.switches.push_back(node.id);
            break;
        case NodeKind::Ocs:
            break;
        }
    });
    int next = 0;
    for (const auto *group : { &n.gpus, &n.hosts, &n.switches })
        for (NodeId id : *group)
            n.of[std::size_t(id)] = next++;
    return n;
}

std::string linkLine(int a, int b, double gbps, double latencyNs)
{
    // ns-3 parses "400Gbps" as a DataRate and "0.0005ms" as a Time (plain decimals, as the
    // generators SimAI ships write them: not every Time parser takes an exponent); error rate 0.
    return std::to_string(a) + " " + std::to_string(b) + " " + plainNumber(gbps) + "Gbps "
        + units::formatDecimal(latencyNs / 1e6, 9) + "ms 0";
}

std::vector<std::string> linkLines(const Fabric &fabric, const Numbering &n)
{
    std::vector<std::string> lines;
    fabric.forEachLink([&](const Link &l) {
        const bool ocsA = fabric.node(l.a).kind == NodeKind::Ocs;
        const bool ocsB = fabric.node(l.b).kind == NodeKind::Ocs;
        if (!ocsA && !ocsB) {
            const int a = n.of[std::size_t(l.a)], b = n.of[std::size_t(l.b)];
            if (a >= 0 && b >= 0) // not a link of a standby chip
                lines.push_back(linkLine(a, b, l.capacityGbps, l.latencyNs));
            return;
        }
        if (ocsA && ocsB)
            return; // OCS-to-OCS fibre: only meaningful inside a circuit chain, not modelled
        // A circuit: this fibre, through the OCS, to the fibre on the peer port. Written once,
        // from the lower link id.
        const NodeId ocs = ocsA ? l.a : l.b;
        const LinkId peer = fabric.ocsPeer(ocs, l.id);
        if (peer == kNoLink || peer < l.id)
            return;
        const Link &p = fabric.link(peer);
        const int from = n.of[std::size_t(l.other(ocs))], to = n.of[std::size_t(p.other(ocs))];
        if (from >= 0 && to >= 0 && from != to)
            lines.push_back(linkLine(
                from, to, std::min(l.capacityGbps, p.capacityGbps), l.latencyNs + p.latencyNs));
    });
    return lines;
}

/// GPUs per server for SimAI's header, which groups GPU ids server by server: every host must
/// hold the same number of GPUs and they must be numbered host by host.
int gpusPerServer(const Fabric &fabric, const Numbering &n)
{
    if (n.hosts.empty())
        return 1;
    if (n.gpus.size() % n.hosts.size() != 0)
        throw UserError("SimAI needs the same number of GPUs in every host ("
            + std::to_string(n.gpus.size()) + " GPUs in " + std::to_string(n.hosts.size())
            + " hosts)");
    const std::size_t k = n.gpus.size() / n.hosts.size();
    for (std::size_t i = 0; i < n.gpus.size(); ++i)
        if (fabric.node(n.gpus[i]).host != n.hosts[i / k])
            throw UserError("SimAI numbers GPUs server by server, but GPU '"
                + fabric.node(n.gpus[i]).name + "' is not in host '"
                + fabric.node(n.hosts[i / k]).name + "'; use the ns3 format");
    return static_cast<int>(k);
}

} // namespace

void SimaiFormat::write(const Fabric &fabric, std::ostream &out) const
{
    const Numbering n = numberNodes(fabric);
    if (n.gpus.empty())
        throw UserError("the fabric has no GPUs to simulate");
    const std::vector<std::string> lines = linkLines(fabric, n);
    const std::size_t total = n.gpus.size() + n.hosts.size() + n.switches.size();
    if (mFlavour == Flavour::SimAI) {
        // SimAI picks its NVLink model by GPU type; the model does not know it unless told.
        // One field of a line split at blanks: "A100 80GB" is written A100_80GB (a newline in
        // it wrote a line of its own, read as a link).
        std::string gpuType = oneWord(metadataText(fabric.metadata(), "gpu_type", "H100"),
            [](char c) { return static_cast<unsigned char>(c) <= 0x20 || c == '\x7f'; });
        if (gpuType.empty())
            gpuType = "H100";
        out << total << " " << gpusPerServer(fabric, n) << " " << n.hosts.size() << " "
            << n.switches.size() << " " << lines.size() << " " << gpuType << "\n";
    } else {
        out << total << " " << n.hosts.size() + n.switches.size() << " " << lines.size() << "\n";
    }
    for (std::size_t id = n.gpus.size(); id < total; ++id)
        out << (id == n.gpus.size() ? "" : " ") << id;
    out << "\n";
    for (const std::string &line : lines)
        out << line << "\n";
}

} // namespace fabric::io
