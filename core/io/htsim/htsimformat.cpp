// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "htsimformat.h"

#include "model/error.h"

#include <cmath>
#include <limits>
#include <map>
#include <ostream>

namespace fabric::io {
namespace {

/// htsim reads sizes with stoi.
constexpr double kMaxFlowBytes = std::numeric_limits<std::int32_t>::max();

/// Dependencies as triggers: the trigger each flow waits for (0 = none) and, per flow, the
/// triggers it fires when done (htsim has two slots per flow: send done and receive done).
struct Triggers
{
    std::vector<int> waitsFor;
    std::vector<std::vector<int>> fires;
    std::vector<std::size_t> sizes; ///< trigger id - 1 -> flows it waits for
    bool expressible = true;
};

Triggers triggersOf(const std::vector<sim::FlowSpec> &flows)
{
    Triggers t;
    t.waitsFor.assign(flows.size(), 0);
    t.fires.resize(flows.size());
    std::map<std::vector<sim::FlowId>, int> bySet;
    for (std::size_t i = 0; i < flows.size(); ++i) {
        const std::vector<sim::FlowId> &after = flows[i].after;
        if (after.empty())
            continue;
        const auto [it, fresh] = bySet.try_emplace(after, int(t.sizes.size()) + 1);
        t.waitsFor[i] = it->second;
        if (!fresh)
            continue;
        t.sizes.push_back(after.size());
        for (sim::FlowId d : after) {
            std::vector<int> &fires = t.fires[std::size_t(d)];
            fires.push_back(it->second);
            t.expressible = t.expressible && fires.size() <= 2;
        }
    }
    return t;
}

long long picoseconds(double seconds)
{
    return std::llround(seconds * 1e12);
}

} // namespace

void HtsimFormat::write(const Fabric &, std::ostream &) const
{
    throw UserError("an htsim connection matrix holds a scenario's flows; write it with "
                    "fabricscope-cli export FABRIC --scenario FILE.json --format htsim -o FILE.cm");
}

void writeConnectionMatrix(
    const Fabric &fabric, const std::vector<sim::FlowSpec> &flows, std::ostream &out)
{
    std::vector<int> host(fabric.nodeIdBound(), -1);
    const std::vector<NodeId> endpoints = fabric.endpoints();
    for (std::size_t i = 0; i < endpoints.size(); ++i)
        host[std::size_t(endpoints[i])] = int(i);
    const Triggers t = triggersOf(flows);

    std::size_t written = 0;
    for (const sim::FlowSpec &f : flows)
        written += t.expressible || f.after.empty();
    out << "# htsim connection matrix written by FabricScope: hosts are the fabric's GPUs in "
           "id order\n";
    if (!t.expressible)
        out << "# Only the first step is written: a flow here has more successors than htsim's "
               "two done-triggers per flow can start\n";
    out << "Nodes " << endpoints.size() << "\nConnections " << written << "\n";
    if (t.expressible && !t.sizes.empty())
        out << "Triggers " << t.sizes.size() << "\n";
    for (std::size_t i = 0; i < flows.size(); ++i) {
        const sim::FlowSpec &f = flows[i];
        if (!t.expressible && !f.after.empty())
            continue;
        if (f.bytes > kMaxFlowBytes)
            throw UserError("flow " + std::to_string(i + 1) + " moves "
                + std::to_string(std::llround(f.bytes))
                + " bytes, more than htsim's 32-bit flow size; use smaller bytes");
        // htsim's size 0 means "forever": a flow of less than a byte still moves one.
        const long long bytes = std::max(1LL, std::llround(f.bytes));
        out << host[std::size_t(f.src)] << "->" << host[std::size_t(f.dst)] << " id " << i + 1;
        if (t.expressible && t.waitsFor[i] != 0)
            out << " trigger " << t.waitsFor[i];
        else
            out << " start " << picoseconds(f.notBeforeS + f.releaseDelayS);
        out << " size " << bytes;
        if (t.expressible) {
            const std::vector<int> &fires = t.fires[i];
            if (!fires.empty())
                out << " send_done_trigger " << fires[0];
            if (fires.size() > 1)
                out << " recv_done_trigger " << fires[1];
        }
        out << "\n";
    }
    if (!t.expressible)
        return;
    for (std::size_t id = 1; id <= t.sizes.size(); ++id) {
        const std::size_t count = t.sizes[id - 1];
        out << "trigger id " << id
            << (count == 1 ? " oneshot" : " barrier count " + std::to_string(count)) << "\n";
    }
}

} // namespace fabric::io
