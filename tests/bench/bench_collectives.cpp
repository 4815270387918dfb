// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Collectives at cluster scale: route + expand + engine time and peak memory of ring and SHARP
// all-reduce (1 GiB) over the 15,360 GPUs of an HPN pod and 16,384 GPUs of a k=64 3-tier
// fat-tree, plus routing alone. Each case runs in a forked child so its peak RSS is its own.
// Figures go to docs/performance.md, "Collectives". Never fails on time.
#include "generators/registry.h"
#include "collective/expansion.h"
#include "collective/report.h"
#include "model/units.h"
#include "route/router.h"
#include "sim/engine.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <functional>
#include <string>

using namespace fabric;
using Clock = std::chrono::steady_clock;

namespace {

double since(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

Fabric makeFabric(const std::string &which)
{
    if (which == "hpn")
        return gen::generate("hpn", gen::ParamText {});
    return gen::generate("ib-fat-tree", gen::ParamText { { "tiers", "3" }, { "radix", "64" } });
}

/// Runs @p body in a child process and prints its CPU time (generation included) and peak RSS
/// after what it printed: on a loaded shared machine CPU time is the steadier figure.
void isolated(const std::function<void()> &body)
{
    std::fflush(stdout);
    const pid_t pid = fork();
    if (pid == 0) {
        body();
        std::fflush(stdout);
        _exit(0);
    }
    int status = 0;
    rusage usage {};
    wait4(pid, &status, 0, &usage);
    const double cpuS = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + 1e-6 * double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
    std::printf(
        " | process CPU %.2f s | peak RSS %.0f MB\n", cpuS, double(usage.ru_maxrss) / 1024.0);
}

void collectiveCase(const std::string &fabricName, const char *ranks, collective::Algorithm a,
    route::Policy p, bool whatIfSharp,
    collective::Aggregation aggregation = collective::Aggregation::Auto)
{
    isolated([&] {
        const auto tg = Clock::now();
        Fabric f = makeFabric(fabricName);
        if (whatIfSharp)
            for (std::size_t n = 0; n < f.nodeIdBound(); ++n)
                if (f.hasNode(NodeId(n)) && f.node(NodeId(n)).kind == NodeKind::Switch)
                    f.node(NodeId(n)).sharpCapable = true;
        const double genS = since(tg);
        collective::Scenario s;
        s.collective = collective::Collective::AllReduce;
        s.algorithm = a;
        s.bytes = 1073741824.0;
        s.routing = p;
        s.ranks = ranks;
        s.aggregation = aggregation;
        const auto t0 = Clock::now();
        // collective::runScenario() in steps, to time the expansion and the engine apart.
        const route::Router router(f, collective::routerOptions(s));
        collective::ScenarioRun run;
        run.scenario = s;
        run.expansion = collective::expand(router, s);
        const collective::Expansion &e = run.expansion;
        const double expandS = since(t0);
        const auto t1 = Clock::now();
        sim::SimOptions options;
        options.recordTimeline = false;
        run.result = sim::simulate(f, e.flows, options);
        const sim::SimResult &r = run.result;
        const double engineS = since(t1);
        const collective::Summary sum = collective::summarize(f, run, &router);
        std::printf("%-11s %-5s %6zu ranks %-6s %-7s | %7zu flows%s | gen %.2f s | route+expand "
                    "%.3f s | engine %.3f s | total %.3f s | sim %s, %.1f%% of ideal, busbw "
                    "%.1f GB/s",
            fabricName.c_str(), std::string(collective::toString(a)).c_str(), e.ranks.size(),
            std::string(route::toString(p)).c_str(), whatIfSharp ? "what-if" : "", e.flows.size(),
            e.aggregated ? " (aggr.)" : "", genS, expandS, engineS, expandS + engineS,
            units::formatSeconds(r.completionS).c_str(), 100 * sum.ofIdeal, sum.busbwGBps);
    });
}

void routingCase(const std::string &fabricName, std::size_t ranks, route::Policy p)
{
    isolated([&] {
        const Fabric f = makeFabric(fabricName);
        const auto t0 = Clock::now();
        const route::Router router(f, { p, 1, 1, 64, {}, false });
        const double buildS = since(t0);
        // A shift by 1032 GPUs: another host, leaf and pod (segment), so every flow crosses
        // the fabric's top tier.
        auto dst = [&](std::size_t r) { return NodeId((r + 1032) % ranks); };
        const auto t1 = Clock::now();
        std::vector<NodeId> dsts;
        for (std::size_t r = 0; r < ranks; ++r)
            dsts.push_back(dst(r));
        router.prepare(dsts);
        const double prepareS = since(t1);
        const auto t2 = Clock::now();
        std::size_t links = 0;
        for (std::size_t r = 0; r < ranks; ++r)
            links += router.route(NodeId(r), dst(r)).paths.front().links.size();
        std::printf("routing %-11s %-14s %zu flows | router build %.3f s | distances %.3f s | "
                    "paths %.3f s | total %.3f s (%.1f links/path)",
            fabricName.c_str(), std::string(route::toString(p)).c_str(), ranks, buildS, prepareS,
            since(t2), since(t0), double(links) / double(ranks));
    });
}

} // namespace

int main()
{
    std::printf("Collectives at scale (1 GiB all-reduce); one forked process per line\n");
    routingCase("fat-tree", 16384, route::Policy::Ecmp);
    routingCase("fat-tree", 16384, route::Policy::Static);
    routingCase("hpn", 15360, route::Policy::Ecmp);
    collectiveCase("fat-tree", "16384", collective::Algorithm::Ring, route::Policy::Static, false);
    collectiveCase("fat-tree", "16384", collective::Algorithm::Ring, route::Policy::Ecmp, false);
    collectiveCase("fat-tree", "16384", collective::Algorithm::Sharp, route::Policy::Static, false);
    collectiveCase("hpn", "all", collective::Algorithm::Ring, route::Policy::Ecmp, false);
    collectiveCase("hpn", "all", collective::Algorithm::Sharp, route::Policy::Ecmp, true);
    // The step-flow budget's worth: a step-by-step ring of 1M flows, and the double binary tree
    // at 16K ranks (chunks cut to stay within the budget).
    collectiveCase("fat-tree", "724", collective::Algorithm::Ring, route::Policy::Static, false,
        collective::Aggregation::Never);
    collectiveCase("fat-tree", "16384", collective::Algorithm::Tree, route::Policy::Static, false);
    return 0;
}
