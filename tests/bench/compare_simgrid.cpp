// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Feeds the same flows and paths to FabricScope's engine and to SimGrid 3.32 (CM02, TCP-gamma,
// cross-traffic and weight-S off, latency and bandwidth factors 1) and checks every flow's
// finish time to a relative tolerance. Also times both, side by side.
//
//   compare_simgrid [--flows N] [--seeds K] [--tolerance 1e-6]
//   compare_simgrid --alltoall [--gpus G] [--sizes distinct|loguniform|per-source] [--seed S]
//                   [--simgrid-deadline SECONDS] [--no-simgrid] [--save FILE] [--check FILE]
//                   [--write-cli-case DIR]
//
// Random mode: on a 2-tier fat-tree of 64 GPUs (8 leaves x 8, 8 spines), N flows between random
// GPU pairs with random sizes and release times, for seeds 1..K. All-to-all mode: G GPUs
// (G/16 leaves x 16, 16 spines), G(G-1) flows all released at 0, sized by --sizes:
//   distinct    every flow a distinct size, 0.5 to 1.5 MiB (the default);
//   loguniform  every pair's size drawn log-uniform in [1 MiB, 64 MiB), seeded (MoE dispatch);
//   per-source  one log-uniform size per source, seeded: each source's flows finish together.
// --simgrid-deadline caps SimGrid's wall time: SimGrid streams each finish as it happens, is
// stopped at the deadline, and the flows it finished are checked; FabricScope is timed over the
// same simulated span (cancelled once it passes SimGrid's last finish) and in full, so the
// speed-up is reported on the same work and as a lower bound for the whole run.
// --save writes FabricScope's finish times (raw doubles, flow order) and --check compares a run
// against such a file (1e-9 relative): how a faster engine is shown to give an older one's
// answers without waiting for SimGrid (use them with --no-simgrid).
// --write-cli-case writes the all-to-all's fabric (DIR/fabric.fabric.json) and its flows as
// custom traffic (DIR/traffic.csv), so the whole CLI process can be timed on the same work:
// `fabricscope-cli simulate DIR/fabric.fabric.json --traffic DIR/traffic.csv` (it routes the
// flows itself, so its paths and finish times are its routing's, not this tool's).
// Exit code 0 when every flow compared agrees, 1 otherwise.

#include "bench_engine_fabric.h"

#include "io/fabricfile.h"
#include "sim/engine.h"

#include <simgrid/s4u.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <utility>

#include <csignal>

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace fabric;
namespace sg4 = simgrid::s4u;

namespace {

bool gVerbose = false;
std::vector<std::size_t> gOnly;
std::string gSavePath;
std::string gCheckPath;

/// --save: FabricScope's finish times, raw doubles in flow order.
void saveFinishes(const sim::SimResult &r)
{
    std::vector<double> times;
    for (const sim::FlowResult &f : r.flows)
        times.push_back(f.finishS);
    std::ofstream out(gSavePath, std::ios::binary);
    out.write(reinterpret_cast<const char *>(times.data()),
              std::streamsize(times.size() * sizeof(double)));
}

/// --check: false when a finish time differs from the saved one by more than 1e-9 relative.
bool checkFinishes(const sim::SimResult &r)
{
    std::ifstream in(gCheckPath, std::ios::binary);
    std::vector<double> saved(r.flows.size() + 1);
    in.read(reinterpret_cast<char *>(saved.data()),
            std::streamsize(saved.size() * sizeof(double)));
    if (std::size_t(in.gcount()) != r.flows.size() * sizeof(double)) {
        std::printf("check: %s does not hold %zu finish times\n", gCheckPath.c_str(),
                    r.flows.size());
        return false;
    }
    double worst = 0.0;
    std::size_t off = 0;
    for (std::size_t i = 0; i < r.flows.size(); ++i) {
        const double rel =
            std::abs(r.flows[i].finishS - saved[i]) / std::max(std::abs(saved[i]), 1e-300);
        worst = std::max(worst, rel);
        off += rel > 1e-9 ? 1 : 0;
    }
    std::printf("check against %s: max relative difference %.3g, %zu of %zu flows off by more "
                "than 1e-9\n",
                gCheckPath.c_str(), worst, off, r.flows.size());
    return off == 0;
}

double wallSince(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// A flow SimGrid finished, as the child process streams it to the parent.
struct Finished
{
    std::uint64_t flow;
    double finishS;
};

void writeAll(int fd, const void *data, std::size_t size)
{
    const char *p = static_cast<const char *>(data);
    while (size > 0) {
        const ssize_t n = write(fd, p, size);
        if (n <= 0)
            _exit(1);
        p += n;
        size -= std::size_t(n);
    }
}

/// Runs @p flows in SimGrid and writes each flow's finish (a Finished) to @p fd.
/// With @p latencyInLinks the SimGrid links carry the latency; otherwise each comm starts after
/// its flow's latency on zero-latency links (see docs/validation.md for why both).
void runSimGrid(const bench::TwoTier &t, const std::vector<sim::FlowSpec> &flows,
                const std::vector<std::size_t> &waitOrder, bool latencyInLinks, int fd)
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

    std::vector<std::size_t> order(flows.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    const auto startS = [&](std::size_t i) {
        return flows[i].notBeforeS + (latencyInLinks ? 0.0 : flows[i].latencyS);
    };
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return startS(a) < startS(b); });
    // One driver starts every comm at its release time, then waits for them in @p waitOrder
    // (FabricScope's finish order: only when each finish is reported depends on it, so the
    // stream follows SimGrid's progress) and streams each finish.
    sg4::Actor::create("driver", hosts[t.gpus[0]], [&] {
        std::vector<sg4::CommPtr> comms(flows.size());
        for (std::size_t i : order) {
            const sim::FlowSpec &f = flows[i];
            sg4::this_actor::sleep_until(startS(i));
            comms[i] = sg4::Comm::sendto_async(hosts[f.src], hosts[f.dst],
                                               std::uint64_t(f.bytes));
        }
        for (std::size_t i : waitOrder) {
            comms[i]->wait();
            const Finished done{i, comms[i]->get_finish_time()};
            writeAll(fd, &done, sizeof done);
        }
    });
    engine.run();
}

struct Outcome
{
    double maxRelError = 0.0;
    std::size_t worst = 0;
    std::size_t compared = 0;   ///< Flows SimGrid finished (all, unless stopped).
    double oursS = 0.0;         ///< FabricScope, whole run.
    double oursSpanS = 0.0;     ///< FabricScope up to SimGrid's last finish (when stopped).
    double simgridS = 0.0;      ///< SimGrid wall time (to the deadline when stopped).
    double simgridSpanS = 0.0;  ///< SimGrid wall time to its last finish.
    double spanEndS = 0.0;      ///< Simulated time of SimGrid's last finish.
    bool stopped = false;       ///< SimGrid hit the deadline.
    bool savedDiffers = false;  ///< --check found a finish time off.
};

/// runSimGrid() in a child process (SimGrid allows one engine per process), stopped after
/// @p deadlineS of wall time (0 = none). Fills @p finish (-1 = not finished) and the SimGrid
/// side of @p o.
void runSimGridForked(const bench::TwoTier &t, const std::vector<sim::FlowSpec> &flows,
                      const std::vector<std::size_t> &waitOrder, bool latencyInLinks,
                      double deadlineS, std::vector<double> &finish, Outcome &o)
{
    finish.assign(flows.size(), -1.0);
    int fds[2];
    if (pipe(fds) != 0)
        return;
    std::fflush(stdout);
    const auto t0 = std::chrono::steady_clock::now();
    const pid_t child = fork();
    if (child == 0) {
        close(fds[0]);
        runSimGrid(t, flows, waitOrder, latencyInLinks, fds[1]);
        _exit(0);
    }
    close(fds[1]);
    Finished buffer[512];
    std::size_t have = 0; // bytes in buffer
    while (true) {
        int timeoutMs = -1;
        if (deadlineS > 0.0) {
            const double left = deadlineS - wallSince(t0);
            if (left <= 0.0) {
                kill(child, SIGKILL);
                o.stopped = true;
                break;
            }
            timeoutMs = int(std::ceil(left * 1e3));
        }
        pollfd p{fds[0], POLLIN, 0};
        if (poll(&p, 1, timeoutMs) <= 0)
            continue;
        const ssize_t n = read(fds[0], reinterpret_cast<char *>(buffer) + have,
                               sizeof buffer - have);
        if (n <= 0)
            break; // SimGrid is done
        have += std::size_t(n);
        const std::size_t whole = have / sizeof(Finished);
        for (std::size_t i = 0; i < whole; ++i) {
            if (buffer[i].flow < finish.size() && finish[buffer[i].flow] < 0) {
                finish[buffer[i].flow] = buffer[i].finishS;
                ++o.compared;
                o.spanEndS = std::max(o.spanEndS, buffer[i].finishS);
                o.simgridSpanS = wallSince(t0);
            }
        }
        have -= whole * sizeof(Finished);
        std::memmove(buffer, reinterpret_cast<char *>(buffer) + whole * sizeof(Finished), have);
    }
    close(fds[0]);
    int status = 0;
    waitpid(child, &status, 0);
    o.simgridS = wallSince(t0);
}

/// FabricScope's wall time to simulate @p flows up to @p untilS (cancelled once its progress
/// report passes it, which it polls every few hundred events).
double oursUntil(const bench::TwoTier &t, const std::vector<sim::FlowSpec> &flows, double untilS)
{
    sim::SimOptions options;
    options.recordTimeline = false;
    double reachedS = 0.0;
    sim::SimCallbacks callbacks;
    callbacks.progress = [&](double, double timeS) { reachedS = timeS; };
    callbacks.cancelled = [&] { return reachedS >= untilS; };
    const auto t0 = std::chrono::steady_clock::now();
    (void)sim::simulate(t.fabric, flows, options, callbacks);
    return wallSince(t0);
}

Outcome compare(const bench::TwoTier &t, const std::vector<sim::FlowSpec> &flows,
                bool latencyInLinks, double deadlineS = 0.0, bool withSimGrid = true)
{
    Outcome o;
    sim::SimOptions options;
    options.recordTimeline = false;
    auto t0 = std::chrono::steady_clock::now();
    const sim::SimResult ours = sim::simulate(t.fabric, flows, options);
    o.oursS = wallSince(t0);
    if (!gSavePath.empty())
        saveFinishes(ours);
    if (!gCheckPath.empty())
        o.savedDiffers = !checkFinishes(ours);
    if (!withSimGrid)
        return o;
    std::vector<std::size_t> waitOrder(flows.size());
    for (std::size_t i = 0; i < waitOrder.size(); ++i)
        waitOrder[i] = i;
    std::stable_sort(waitOrder.begin(), waitOrder.end(), [&](std::size_t a, std::size_t b) {
        return ours.flows[a].finishS < ours.flows[b].finishS;
    });
    std::vector<double> theirs;
    runSimGridForked(t, flows, waitOrder, latencyInLinks, deadlineS, theirs, o);
    if (o.stopped && o.compared > 0)
        o.oursSpanS = oursUntil(t, flows, o.spanEndS);
    for (std::size_t i = 0; i < flows.size(); ++i) {
        const double a = ours.flows[i].finishS;
        const double b = theirs[i];
        if (gVerbose)
            std::printf("flow %zu src %d dst %d bytes %.0f release %.9f ours %.12f simgrid %.12f\n", i,
                        flows[i].src, flows[i].dst, flows[i].bytes, flows[i].notBeforeS, a, b);
        if (b < 0) {
            if (!o.stopped) { // SimGrid ran to the end without finishing it
                o.maxRelError = 1.0;
                o.worst = i;
            }
            continue;
        }
        const double err = std::abs(a - b) / std::max(std::abs(b), 1e-300);
        if (err > o.maxRelError) {
            o.maxRelError = err;
            o.worst = i;
        }
    }
    if (o.stopped && o.compared == 0)
        o.maxRelError = 1.0; // nothing to compare is no agreement
    return o;
}

/// The --write-cli-case files: @p t's fabric and @p flows as `src,dst,bytes` lines.
void writeCliCase(const std::string &dir, const bench::TwoTier &t,
                  const std::vector<sim::FlowSpec> &flows)
{
    std::filesystem::create_directories(dir); // as an output folder does, made when missing
    io::saveFabric(t.fabric, dir + "/fabric.fabric.json");
    std::ofstream csv(dir + "/traffic.csv");
    csv.precision(17);
    for (const sim::FlowSpec &f : flows)
        csv << t.fabric.node(f.src).name << ',' << t.fabric.node(f.dst).name << ',' << f.bytes
            << '\n';
}

} // namespace

int main(int argc, char **argv)
{
    std::size_t flowCount = 200;
    int seeds = 3;
    bool allToAll = false;
    int gpus = 256;
    double tolerance = 1e-6;
    std::string sizes = "distinct";
    std::uint64_t sizeSeed = 1;
    double deadlineS = 0.0;
    bool withSimGrid = true;
    std::string cliCaseDir;
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
        else if (a == "--sizes" && i + 1 < argc)
            sizes = argv[++i];
        else if (a == "--seed" && i + 1 < argc)
            sizeSeed = std::stoull(argv[++i]);
        else if (a == "--simgrid-deadline" && i + 1 < argc)
            deadlineS = std::stod(argv[++i]);
        else if (a == "--no-simgrid")
            withSimGrid = false;
        else if (a == "--save" && i + 1 < argc)
            gSavePath = argv[++i];
        else if (a == "--check" && i + 1 < argc)
            gCheckPath = argv[++i];
        else if (a == "--write-cli-case" && i + 1 < argc)
            cliCaseDir = argv[++i];
        else {
            std::fprintf(stderr, "compare_simgrid: unknown argument '%s'\n", a.c_str());
            return 2;
        }
    }
    bool ok = true;
    const auto report = [&](const std::string &what, std::size_t n, const Outcome &o) {
        ok = ok && !o.savedDiffers;
        if (!withSimGrid) {
            std::printf("%-34s flows %7zu  ours %.3f s\n", what.c_str(), n, o.oursS);
            return;
        }
        const bool pass = o.maxRelError <= tolerance;
        ok = ok && pass;
        std::printf("%-34s flows %7zu  max rel error %.3e (flow %zu)  ours %.3f s  simgrid %.3f s"
                    "%s  speed-up %.0fx  %s\n",
                    what.c_str(), n, o.maxRelError, o.worst, o.oursS, o.simgridS,
                    o.stopped ? " (stopped)" : "", o.oursS > 0 ? o.simgridS / o.oursS : 0.0,
                    pass ? "OK" : "MISMATCH");
        if (o.stopped)
            std::printf("    SimGrid stopped at its %.0f s deadline: %zu of %zu flows finished, the "
                        "last at simulated %.6f s after %.3f s of wall time.\n"
                        "    Same span in FabricScope: %.3f s, speed-up %.0fx on the same work; "
                        "whole run %.3f s, speed-up at least %.0fx.\n",
                        deadlineS, o.compared, n, o.spanEndS, o.simgridSpanS, o.oursSpanS,
                        o.oursSpanS > 0 ? o.simgridSpanS / o.oursSpanS : 0.0, o.oursS,
                        o.oursS > 0 ? o.simgridS / o.oursS : 0.0);
        std::fflush(stdout);
    };
    if (allToAll) {
        const bench::TwoTier t = bench::makeTwoTier(gpus / 16, 16, 16);
        std::vector<sim::FlowSpec> flows;
        if (sizes == "distinct")
            flows = bench::allToAll(t, 1 << 20);
        else if (sizes == "loguniform")
            flows = bench::allToAllLogUniform(t, sizeSeed);
        else if (sizes == "per-source")
            flows = bench::allToAllPerSource(t, sizeSeed);
        else {
            std::fprintf(stderr, "compare_simgrid: unknown --sizes '%s'\n", sizes.c_str());
            return 2;
        }
        if (!cliCaseDir.empty()) {
            try {
                writeCliCase(cliCaseDir, t, flows);
            } catch (const std::exception &e) {
                std::fprintf(stderr, "compare_simgrid: --write-cli-case: %s\n", e.what());
                return 2;
            }
        }
        report("all-to-all " + std::to_string(gpus) + " GPUs " + sizes, flows.size(),
               compare(t, flows, false, deadlineS, withSimGrid));
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
                   compare(t, flows, false, deadlineS, withSimGrid));
            // Every route 4 links long: equal latencies, so SimGrid's latency-weighted
            // sharing is plain max-min and its own latency handling is checked too.
            const auto longFlows =
                bench::randomFlows(t, flowCount, std::uint64_t(seed), 0.002, true);
            report("random seed " + std::to_string(seed) + " cross-leaf", longFlows.size(),
                   compare(t, longFlows, true, deadlineS, withSimGrid));
        }
    }
    return ok ? 0 : 1;
}
