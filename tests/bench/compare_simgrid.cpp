// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Feeds the same flows and paths to FabricScope's engine and to SimGrid 3.32 (CM02, TCP-gamma,
// cross-traffic and weight-S off, latency and bandwidth factors 1) and checks every flow's
// finish time to a relative tolerance. Also times both, side by side.
//
//   compare_simgrid [--flows N] [--seeds K] [--alltoall [--gpus G]] [--tolerance 1e-6]
//
// Random mode: on a 2-tier fat-tree of 64 GPUs (8 leaves x 8, 8 spines), N flows between random
// GPU pairs with random sizes and release times, for seeds 1..K. All-to-all mode: 256 GPUs
// (16 x 16, 16 spines), 65,280 flows of distinct sizes, all released at 0.
// Exit code 0 when every flow agrees, 1 otherwise.

#include "bench_engine_fabric.h"

#include "sim/engine.h"

#include <simgrid/s4u.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <utility>

#include <sys/wait.h>
#include <unistd.h>

using namespace fabric;
namespace sg4 = simgrid::s4u;

namespace {

bool gVerbose = false;
std::vector<std::size_t> gOnly;

double wallSince(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// Runs @p flows in SimGrid and returns each flow's finish time. With @p latencyInLinks the
/// SimGrid links carry the latency; otherwise each comm starts after its flow's latency on
/// zero-latency links (see docs/validation.md for why both).
std::vector<double> runSimGrid(const bench::TwoTier &t, const std::vector<sim::FlowSpec> &flows,
                               bool latencyInLinks)
{
    int argc = 1;
    char name[] = "compare_simgrid";
    char *argv[] = {name, nullptr};
    sg4::Engine engine(&argc, argv);
    engine.set_config("network/model:CM02");
    engine.set_config("network/TCP-gamma:0");
    engine.set_config("network/crosstraffic:0");
    engine.set_config("network/weight-S:0");
    engine.set_config("network/latency-factor:1");
    engine.set_config("network/bandwidth-factor:1");
    engine.set_config("maxmin/precision:1e-12");
    engine.set_config("surf/precision:1e-12");

    auto *zone = sg4::create_full_zone("fabric");
    std::map<NodeId, sg4::Host *> hosts;
    for (NodeId g : t.gpus)
        hosts[g] = zone->create_host(t.fabric.node(g).name, 1e9);
    // One SimGrid link per directed link, so each direction is shared on its own.
    std::map<DirLinkId, sg4::Link *> links;
    std::map<std::pair<NodeId, NodeId>, bool> routed;
    for (const sim::FlowSpec &f : flows) {
        std::vector<sg4::LinkInRoute> route;
        for (DirLinkId d : f.paths[0].links) {
            auto it = links.find(d);
            if (it == links.end()) {
                const Link &l = t.fabric.link(linkOf(d));
                sg4::Link *sl = zone->create_link("d" + std::to_string(d), l.capacityGbps * 1e9 / 8);
                sl->set_latency(latencyInLinks ? l.latencyNs * 1e-9 : 0.0);
                sl->seal();
                it = links.emplace(d, sl).first;
            }
            route.emplace_back(it->second);
        }
        if (!routed[{f.src, f.dst}]) {
            routed[{f.src, f.dst}] = true;
            zone->add_route(hosts[f.src]->get_netpoint(), hosts[f.dst]->get_netpoint(), nullptr,
                            nullptr, route, false);
        }
    }
    zone->seal();

    std::vector<double> finish(flows.size(), -1.0);
    std::vector<std::size_t> order(flows.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    const auto startS = [&](std::size_t i) {
        return flows[i].notBeforeS + (latencyInLinks ? 0.0 : flows[i].latencyS);
    };
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return startS(a) < startS(b); });
    // One driver starts every comm at its release time, then collects the finish times.
    sg4::Actor::create("driver", hosts[t.gpus[0]], [&] {
        std::vector<sg4::CommPtr> comms(flows.size());
        for (std::size_t i : order) {
            const sim::FlowSpec &f = flows[i];
            sg4::this_actor::sleep_until(startS(i));
            comms[i] = sg4::Comm::sendto_async(hosts[f.src], hosts[f.dst],
                                               std::uint64_t(f.bytes));
        }
        for (std::size_t i = 0; i < comms.size(); ++i) {
            comms[i]->wait();
            finish[i] = comms[i]->get_finish_time();
        }
    });
    engine.run();
    return finish;
}

struct Outcome
{
    double maxRelError = 0.0;
    std::size_t worst = 0;
    double oursS = 0.0;
    double simgridS = 0.0;
};

/// runSimGrid() in a child process: SimGrid allows one engine per process.
std::vector<double> runSimGridForked(const bench::TwoTier &t,
                                     const std::vector<sim::FlowSpec> &flows, bool latencyInLinks)
{
    std::vector<double> finish(flows.size(), -1.0);
    int fds[2];
    if (pipe(fds) != 0)
        return finish;
    std::fflush(stdout);
    const pid_t child = fork();
    if (child == 0) {
        close(fds[0]);
        const std::vector<double> result = runSimGrid(t, flows, latencyInLinks);
        const char *p = reinterpret_cast<const char *>(result.data());
        std::size_t left = result.size() * sizeof(double);
        while (left > 0) {
            const ssize_t n = write(fds[1], p, left);
            if (n <= 0)
                _exit(1);
            p += n;
            left -= std::size_t(n);
        }
        _exit(0);
    }
    close(fds[1]);
    char *p = reinterpret_cast<char *>(finish.data());
    std::size_t left = finish.size() * sizeof(double);
    while (left > 0) {
        const ssize_t n = read(fds[0], p, left);
        if (n <= 0)
            break;
        p += n;
        left -= std::size_t(n);
    }
    close(fds[0]);
    int status = 0;
    waitpid(child, &status, 0);
    return finish;
}

Outcome compare(const bench::TwoTier &t, const std::vector<sim::FlowSpec> &flows,
                bool latencyInLinks)
{
    Outcome o;
    sim::SimOptions options;
    options.recordTimeline = false;
    auto t0 = std::chrono::steady_clock::now();
    const sim::SimResult ours = sim::simulate(t.fabric, flows, options);
    o.oursS = wallSince(t0);
    t0 = std::chrono::steady_clock::now();
    const std::vector<double> theirs = runSimGridForked(t, flows, latencyInLinks);
    o.simgridS = wallSince(t0);
    for (std::size_t i = 0; i < flows.size(); ++i) {
        const double a = ours.flows[i].finishS;
        const double b = theirs[i];
        const double err = std::abs(a - b) / std::max(std::abs(b), 1e-300);
        if (gVerbose)
            std::printf("flow %zu src %d dst %d bytes %.0f release %.9f ours %.12f simgrid %.12f\n", i,
                        flows[i].src, flows[i].dst, flows[i].bytes, flows[i].notBeforeS, a, b);
        if (err > o.maxRelError || b < 0) {
            o.maxRelError = b < 0 ? 1.0 : err;
            o.worst = i;
        }
    }
    return o;
}

} // namespace

int main(int argc, char **argv)
{
    std::size_t flowCount = 200;
    int seeds = 3;
    bool allToAll = false;
    int gpus = 256;
    double tolerance = 1e-6;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--flows" && i + 1 < argc)
            flowCount = std::size_t(std::stoul(argv[++i]));
        else if (a == "--seeds" && i + 1 < argc)
            seeds = std::stoi(argv[++i]);
        else if (a == "--tolerance" && i + 1 < argc)
            tolerance = std::stod(argv[++i]);
        else if (a == "--only" && i + 1 < argc)
            gOnly.push_back(std::size_t(std::stoul(argv[++i])));
        else if (a == "--verbose")
            gVerbose = true;
        else if (a == "--alltoall")
            allToAll = true;
        else if (a == "--gpus" && i + 1 < argc)
            gpus = std::max(32, std::stoi(argv[++i]) / 16 * 16);
    }
    bool ok = true;
    const auto report = [&](const std::string &what, std::size_t n, const Outcome &o) {
        const bool pass = o.maxRelError <= tolerance;
        ok = ok && pass;
        std::printf("%-28s flows %7zu  max rel error %.3e (flow %zu)  ours %.3f s  simgrid %.3f s"
                    "  speed-up %.0fx  %s\n",
                    what.c_str(), n, o.maxRelError, o.worst, o.oursS, o.simgridS,
                    o.oursS > 0 ? o.simgridS / o.oursS : 0.0, pass ? "OK" : "MISMATCH");
    };
    if (allToAll) {
        const bench::TwoTier t = bench::makeTwoTier(gpus / 16, 16, 16);
        const auto flows = bench::allToAll(t, 1 << 20);
        report("all-to-all " + std::to_string(gpus) + " GPUs", flows.size(),
               compare(t, flows, false));
    } else {
        const bench::TwoTier t = bench::makeTwoTier(8, 8, 8);
        for (int seed = 1; seed <= seeds; ++seed) {
            auto flows = bench::randomFlows(t, flowCount, std::uint64_t(seed), 0.002);
            if (!gOnly.empty()) {
                std::vector<sim::FlowSpec> kept;
                for (std::size_t i : gOnly)
                    kept.push_back(flows[i]);
                flows = kept;
            }
            report("random seed " + std::to_string(seed), flows.size(),
                   compare(t, flows, false));
            // Every route 4 links long: equal latencies, so SimGrid's latency-weighted
            // sharing is plain max-min and its own latency handling is checked too.
            const auto longFlows =
                bench::randomFlows(t, flowCount, std::uint64_t(seed), 0.002, true);
            report("random seed " + std::to_string(seed) + " cross-leaf", longFlows.size(),
                   compare(t, longFlows, true));
        }
    }
    return ok ? 0 : 1;
}
