// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "flowcheck.h"

#include "model/error.h"
#include "model/fabric.h"

#include <cmath>
#include <string>

namespace fabric::sim {

namespace {
[[noreturn]] void fail(std::size_t flow, const std::string &what)
{
    throw UserError("flow " + std::to_string(flow) + ": " + what);
}

bool nonNegative(double x) { return std::isfinite(x) && x >= 0.0; }

void checkPath(const Fabric &fabric, const FlowSpec &spec, const Path &path, std::size_t flow)
{
    NodeId at = spec.src;
    for (DirLinkId d : path.links) {
        const LinkId l = linkOf(d);
        if (d < 0 || !fabric.hasLink(l))
            fail(flow, "path uses directed link " + std::to_string(d) + ", which does not exist");
        const Link &link = fabric.link(l);
        if (!(link.capacityGbps > 0.0))
            fail(flow, "path crosses link " + std::to_string(l) + ", which has no capacity");
        const NodeId from = fabric.from(d);
        if (at != kNoNode && from != at)
            fail(flow, "path is not a chain: directed link " + std::to_string(d)
                           + " does not leave node " + std::to_string(at));
        at = link.other(from);
    }
    if (!path.links.empty() && spec.dst != kNoNode && at != spec.dst)
        fail(flow, "path does not end at the destination node " + std::to_string(spec.dst));
}
} // namespace

void checkFlows(const Fabric &fabric, std::span<const FlowSpec> flows)
{
    const std::size_t n = flows.size();
    std::vector<std::int32_t> pending(n, 0);
    std::vector<std::vector<std::size_t>> dependents(n);
    for (std::size_t i = 0; i < n; ++i) {
        const FlowSpec &f = flows[i];
        if (!nonNegative(f.bytes))
            fail(i, "bytes must be a finite number >= 0");
        if (!nonNegative(f.latencyS) || !nonNegative(f.releaseDelayS) || !nonNegative(f.notBeforeS))
            fail(i, "latency and start times must be finite and >= 0");
        if (f.split == Split::Single && f.paths.size() > 1)
            fail(i, "a single-path flow has " + std::to_string(f.paths.size()) + " paths");
        if (f.split == Split::Weighted) {
            if (f.weights.size() != f.paths.size())
                fail(i, "weights and paths differ in number");
            double sum = 0.0;
            for (double w : f.weights) {
                if (!nonNegative(w))
                    fail(i, "weights must be finite and >= 0");
                sum += w;
            }
            if (!f.paths.empty() && !(sum > 0.0))
                fail(i, "weights sum to 0");
        }
        for (const Path &p : f.paths)
            checkPath(fabric, f, p, i);
        for (FlowId a : f.after) {
            if (a < 0 || std::size_t(a) >= n || std::size_t(a) == i)
                fail(i, "depends on flow " + std::to_string(a) + ", which is not another flow");
            dependents[std::size_t(a)].push_back(i);
            ++pending[i];
        }
    }
    // Kahn: whatever is never freed sits on a cycle.
    std::vector<std::size_t> ready;
    for (std::size_t i = 0; i < n; ++i)
        if (pending[i] == 0)
            ready.push_back(i);
    std::size_t freed = 0;
    while (!ready.empty()) {
        const std::size_t i = ready.back();
        ready.pop_back();
        ++freed;
        for (std::size_t d : dependents[i])
            if (--pending[d] == 0)
                ready.push_back(d);
    }
    if (freed != n)
        for (std::size_t i = 0; i < n; ++i)
            if (pending[i] > 0)
                fail(i, "its dependencies form a cycle, so it could never start");
}

} // namespace fabric::sim
