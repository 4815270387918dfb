// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Engine speed: the 256-GPU all-to-all with unequal sizes, and how time grows with flows and
// links. Prints a table; figures go to docs/performance.md.

#include "bench_engine_fabric.h"

#include "sim/engine.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

using namespace fabric;

namespace {
double seconds(std::chrono::steady_clock::time_point since)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

void runCase(const char *name, const Fabric &fabric, const std::vector<sim::FlowSpec> &flows,
             const sim::SimOptions &options)
{
    const auto t0 = std::chrono::steady_clock::now();
    const sim::SimResult r = sim::simulate(fabric, flows, options);
    const double wallS = seconds(t0);
    std::printf("%-34s %8zu %7zu %8zu %6zu %9.4f %10.3f %9.1f %8.1f\n", name, flows.size(),
                fabric.linkCount(), r.events, r.fullSolves, r.completionS * 1e3, wallS * 1e3,
                double(r.timeline.memoryBytes()) / 1e6,
                wallS > 0 ? double(r.events) / wallS / 1e3 : 0.0);
}
} // namespace

int main(int argc, char **argv)
{
    const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
    std::printf("%-34s %8s %7s %8s %6s %9s %10s %9s %8s\n", "case", "flows", "links", "events",
                "full", "sim_ms", "wall_ms", "tl_MB", "kev/s");
    sim::SimOptions withTimeline;
    sim::SimOptions bare;
    bare.recordTimeline = false;
    sim::SimOptions full = bare;
    full.solver = "full";

    // The headline: 256 GPUs (16 leaves x 16 GPUs, 16 spines, 400G), 65,280 flows.
    const bench::TwoTier t256 = bench::makeTwoTier(16, 16, 16);
    const auto a2a = bench::allToAll(t256, 1 << 20);
    runCase("alltoall-256 incremental", t256.fabric, a2a, bare);
    runCase("alltoall-256 incremental+timeline", t256.fabric, a2a, withTimeline);
    if (quick)
        return 0;

    // Growth with GPUs (flows ~ n^2, links ~ n): all-to-all on 2-tier trees.
    for (int leaves : {4, 8, 16, 24, 32}) {
        const bench::TwoTier t = bench::makeTwoTier(leaves, 16, 16);
        const auto flows = bench::allToAll(t, 1 << 20);
        const std::string name = "alltoall-" + std::to_string(leaves * 16);
        runCase((name + " incremental").c_str(), t.fabric, flows, bare);
        if (leaves <= 8)
            runCase((name + " full").c_str(), t.fabric, flows, full);
    }
    // Growth with flows at fixed links: random flows, random release times.
    for (std::size_t count : {10000, 30000, 100000, 300000}) {
        const auto flows = bench::randomFlows(t256, count, 7, 0.01);
        const std::string name = "random-" + std::to_string(count) + " on 256";
        runCase((name + " incremental").c_str(), t256.fabric, flows, bare);
    }
    return 0;
}
