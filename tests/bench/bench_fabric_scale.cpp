// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Fabric scale: generate, save, load and compute the `info` metrics of the largest fabrics, each
// step timed on its own, and print a Markdown table (recorded in docs/performance.md). Each
// fabric runs in a child process so its peak RSS is its own. When fabricscope-cli is built, the
// table also times `fabricscope-cli info FILE --json` end to end (a fresh process that loads the
// file and computes the metrics) with that process's peak RSS. Never fails on time.
//
//   bench_fabric_scale [FILTER]   runs the cases whose label contains FILTER (default: all)
#include "peakrss.h"
#include "generators/registry.h"
#include "io/fabricfile.h"
#include "model/metrics.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace {

using namespace fabric;

struct Case
{
    std::string label;
    std::string family;
    gen::ParamText params;
};

/// Wall and CPU time of one step: on a machine shared with other builds the CPU time is the
/// steadier figure.
struct Lap
{
    double wallMs = 0;
    double cpuMs = 0;
};

double cpuMsOf(int who)
{
    rusage usage {};
    getrusage(who, &usage);
    auto ms = [](const timeval &t) { return double(t.tv_sec) * 1e3 + double(t.tv_usec) / 1e3; };
    return ms(usage.ru_utime) + ms(usage.ru_stime);
}

class Stopwatch
{
public:
    explicit Stopwatch(int who = RUSAGE_SELF)
        : mWho(who)
        , mCpu(cpuMsOf(who))
    {
    }

    Lap lap()
    {
        const auto now = std::chrono::steady_clock::now();
        const double cpu = cpuMsOf(mWho);
        const Lap l { std::chrono::duration<double, std::milli>(now - mWall).count(),
            cpu - mCpu };
        mWall = now;
        mCpu = cpu;
        return l;
    }

private:
    int mWho;
    std::chrono::steady_clock::time_point mWall = std::chrono::steady_clock::now();
    double mCpu;
};

std::string text(const Lap &l)
{
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.0f (%.0f)", l.wallMs, l.cpuMs);
    return buf;
}

/// Time and peak RSS of `fabricscope-cli info FILE --json`, or "-" when the CLI is not built.
std::string timeCliInfo(const std::filesystem::path &file)
{
    const std::filesystem::path cli = FABRICSCOPE_CLI;
    if (!std::filesystem::exists(cli))
        return "- | -";
    const std::string command
        = "'" + cli.string() + "' info '" + file.string() + "' --json > /dev/null";
    Stopwatch watch(RUSAGE_CHILDREN);
    if (std::system(command.c_str()) != 0)
        return "failed | -";
    char peak[32];
    std::snprintf(peak, sizeof peak, "%.0f", peakRssMb(RUSAGE_CHILDREN));
    return text(watch.lap()) + " | " + peak;
}

int runCase(const Case &c)
{
    const std::filesystem::path file = std::filesystem::temp_directory_path()
        / ("fabricscope-bench-" + std::to_string(getpid()) + ".fabric.json");
    Stopwatch watch;
    const Fabric generated = gen::generate(c.family, c.params);
    const Lap generate = watch.lap();
    io::saveFabric(generated, file);
    const Lap save = watch.lap();
    const double fileMb = double(std::filesystem::file_size(file)) / (1024.0 * 1024.0);
    const Fabric loaded = io::loadFabric(file);
    const Lap load = watch.lap();
    const std::string cliInfo = timeCliInfo(file);
    std::filesystem::remove(file);
    watch.lap();
    const int diameter = metrics::diameterHops(loaded);
    const Lap diameterLap = watch.lap();
    const double bisection = metrics::bisectionGbps(loaded);
    const Lap bisectionLap = watch.lap();
    const metrics::FabricMetrics m = metrics::computeMetrics(loaded);
    const Lap metricsLap = watch.lap();
    if (m.diameterHops != diameter || m.bisectionGbps != bisection) {
        std::fprintf(stderr, "%s: computeMetrics disagrees with its parts\n", c.label.c_str());
        return 1;
    }
    const Lap total { generate.wallMs + save.wallMs + load.wallMs + metricsLap.wallMs,
        generate.cpuMs + save.cpuMs + load.cpuMs + metricsLap.cpuMs };
    std::printf("| %s | %zu | %zu | %s | %s | %.1f | %s | %s | %s | %s | %s | %.0f | %s | %d "
                "| %.0f |\n",
        c.label.c_str(), m.endpoints, m.links, text(generate).c_str(), text(save).c_str(), fileMb,
        text(load).c_str(), text(diameterLap).c_str(), text(bisectionLap).c_str(),
        text(metricsLap).c_str(), text(total).c_str(), peakRssMb(), cliInfo.c_str(), m.diameterHops,
        m.bisectionGbps);
    std::fflush(stdout);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    const std::string filter = argc > 1 ? argv[1] : "";
    const std::vector<Case> cases = {
        { "HPN pod", "hpn", {} },
        { "IB fat-tree k=64, 3 tiers", "ib-fat-tree", { { "tiers", "3" } } },
        { "TPU v4 pod 16x16x16", "tpu-torus", {} },
        { "Meta RoCE, 8 zones", "roce-clos", {} },
    };
    std::printf("Times in ms, wall (CPU).\n\n");
    std::printf("| fabric | endpoints | links | generate | save | file MiB | load | diameter "
                "| bisection | computeMetrics | generate+save+load+metrics | peak RSS MiB "
                "| cli info | cli info peak RSS MiB | diameter hops | bisection Gb/s |\n");
    std::printf(
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    std::fflush(stdout);
    int failures = 0;
    for (const Case &c : cases) {
        if (c.label.find(filter) == std::string::npos)
            continue;
        const pid_t child = fork();
        if (child == 0)
            _exit(runCase(c));
        int status = 0;
        waitpid(child, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            std::fprintf(stderr, "%s: failed\n", c.label.c_str());
            ++failures;
        }
    }
    return failures == 0 ? 0 : 1;
}
