// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Engine speed: the 256-GPU all-to-all with unequal sizes, and how time grows with flows and
// links. Prints a table; figures go to docs/performance.md.
//
//   bench_engine                 everything but the exact 256-GPU unequal all-to-all
//   bench_engine --quick         the 256-GPU all-to-all with sizes per source, and 64 GPUs unequal
//   bench_engine --collectives   the cluster-scale runs and seek timings only
//   bench_engine --mix           a dense unequal all-to-all and sparse random pairs: the two
//                                regimes the incremental solver's give-up rule trades between
//   bench_engine --alltoall-256  the exact 256-GPU all-to-all, log-uniform 1-64 MiB per pair
//                                (65,280 events: minutes; see docs/performance.md)

#include "peakrss.h"
#include "bench_engine_fabric.h"

#include "sim/engine.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

#include <sys/resource.h>

using namespace fabric;

namespace {
double seconds(std::chrono::steady_clock::time_point since)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

sim::SimResult runCase(const char *name, const Fabric &fabric,
                       const std::vector<sim::FlowSpec> &flows, const sim::SimOptions &options)
{
    const auto t0 = std::chrono::steady_clock::now();
    sim::SimResult r = sim::simulate(fabric, flows, options);
    const double wallS = seconds(t0);
    std::printf("%-38s %8zu %7zu %8zu %10zu %9.4f %10.1f %8.1f %8.0f\n", name, flows.size(),
                fabric.linkCount(), r.events, r.rateChanges, r.completionS * 1e3, wallS * 1e3,
                double(r.timeline.memoryBytes()) / 1e6, peakRssMb());
    std::fflush(stdout);
    return r;
}

/// What the GUI does: jump anywhere (a fresh stateAt) and play forward (one cursor).
void timeSeeks(const sim::Timeline &timeline)
{
    bench::Lcg rng(3);
    auto t0 = std::chrono::steady_clock::now();
    const int jumps = 20;
    for (int i = 0; i < jumps; ++i)
        (void)timeline.stateAt(timeline.endS() * double(rng.next(1000)) / 1000.0);
    const double jumpMs = seconds(t0) * 1e3 / jumps;
    sim::TimelineCursor cursor(timeline);
    t0 = std::chrono::steady_clock::now();
    const int frames = 300;
    for (int i = 0; i <= frames; ++i)
        (void)cursor.seek(timeline.endS() * i / frames);
    const double frameMs = seconds(t0) * 1e3 / (frames + 1);
    std::printf("    seek: %.2f ms per random jump (stateAt), %.2f ms per playback frame (cursor);"
                " %zu intervals, %zu deltas, %zu keyframes\n",
                jumpMs, frameMs, timeline.intervalCount(), timeline.deltaCount(),
                timeline.keyframeCount());
}
} // namespace

int main(int argc, char **argv)
{
    const std::string mode = argc > 1 ? argv[1] : "";
    const bool quick = mode == "--quick";
    const bool collectivesOnly = mode == "--collectives";
    std::printf("%-38s %8s %7s %8s %10s %9s %10s %8s %8s\n", "case", "flows", "links", "events",
                "changes", "sim_ms", "wall_ms", "tl_MB", "rss_MB");
    sim::SimOptions withTimeline;
    sim::SimOptions bare;
    bare.recordTimeline = false;
    sim::SimOptions full = bare;
    full.solver = "full";

    // The headline case: 256 GPUs (16 leaves x 16 GPUs, 16 spines, 400G), 65,280 flows.
    const bench::TwoTier t256 = bench::makeTwoTier(16, 16, 16);
    if (mode == "--alltoall-256") {
        runCase("alltoall-256 loguniform (exact)", t256.fabric,
                bench::allToAllLogUniform(t256, 1), bare);
        return 0;
    }
    if (mode == "--mix") {
        const bench::TwoTier t64 = bench::makeTwoTier(4, 16, 16);
        runCase("alltoall-64 distinct", t64.fabric, bench::allToAll(t64, 1 << 20), bare);
        runCase("random-10000 on 256", t256.fabric, bench::randomFlows(t256, 10000, 7, 0.01),
                bare);
        return 0;
    }
    if (quick) {
        runCase("alltoall-256 per-source", t256.fabric, bench::allToAllPerSource(t256, 1), bare);
        const bench::TwoTier t64 = bench::makeTwoTier(4, 16, 16);
        runCase("alltoall-64 loguniform", t64.fabric, bench::allToAllLogUniform(t64, 1), bare);
        return 0;
    }

    // Collective-shaped runs at cluster scale: N GPUs on a 2-tier tree of 64-GPU leaves.
    for (int n : {15360, 16384}) {
        const bench::TwoTier t = bench::makeTwoTier(n / 64, 64, 64);
        const auto ring = bench::ringSteps(t, 4, double(1 << 30));
        timeSeeks(runCase(("ring-" + std::to_string(n) + " 4 steps +timeline").c_str(), t.fabric,
                          ring, withTimeline)
                      .timeline);
        const auto sharp = bench::sharpLike(t, double(1 << 30));
        timeSeeks(runCase(("sharp-" + std::to_string(n) + " +timeline").c_str(), t.fabric, sharp,
                          withTimeline)
                      .timeline);
    }
    // Seeking in a timeline with many events: 3,000 random flows on 256 GPUs.
    timeSeeks(runCase("random-3000 on 256 +timeline", t256.fabric,
                      bench::randomFlows(t256, 3000, 7, 0.01), withTimeline)
                  .timeline);
    if (collectivesOnly)
        return 0;

    // Growth with GPUs (flows ~ n^2, links ~ n): all-to-all of distinct sizes on 2-tier trees,
    // the worst case for exact max-min (every event moves most rates); sizes per source, where
    // a source's flows finish together.
    for (int leaves : {2, 4, 8}) {
        const bench::TwoTier t = bench::makeTwoTier(leaves, 16, 16);
        const auto flows = bench::allToAll(t, 1 << 20);
        const std::string name = "alltoall-" + std::to_string(leaves * 16);
        runCase((name + " distinct").c_str(), t.fabric, flows, bare);
        if (leaves <= 4)
            runCase((name + " distinct, full solver").c_str(), t.fabric, flows, full);
        runCase((name + " loguniform").c_str(), t.fabric, bench::allToAllLogUniform(t, 1), bare);
        runCase((name + " per-source").c_str(), t.fabric, bench::allToAllPerSource(t, 1), bare);
    }
    runCase("alltoall-256 per-source", t256.fabric, bench::allToAllPerSource(t256, 1), bare);
    // Growth with flows at fixed links (256 GPUs): random pairs released over 10 ms.
    for (std::size_t count : {1000, 3000, 10000, 30000}) {
        const auto flows = bench::randomFlows(t256, count, 7, 0.01);
        runCase(("random-" + std::to_string(count) + " on 256").c_str(), t256.fabric, flows, bare);
    }
    // Growth with links at fixed work: ring all-reduce, 4 steps, over more GPUs.
    for (int n : {1024, 4096, 16384}) {
        const bench::TwoTier t = bench::makeTwoTier(n / 64, 64, 64);
        runCase(("ring-" + std::to_string(n) + " 4 steps").c_str(), t.fabric,
                bench::ringSteps(t, 4, double(1 << 30)), bare);
    }
    return 0;
}
