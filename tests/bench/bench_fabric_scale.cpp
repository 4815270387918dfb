// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Fabric scale: generate, save, load and compute the `info` metrics of the largest fabrics, each
// step timed on its own, and print a Markdown table (recorded in docs/performance.md). Each
// fabric runs in a child process so its peak RSS is its own. When fabricscope-cli is built, the
// table also times `fabricscope-cli info FILE --json` end to end (a fresh process that loads the
// file and computes the metrics) with that process's peak RSS. Never fails on time.
//
//   bench_fabric_scale [FILTER]   runs the cases whose label contains FILTER (default: all)
#include "build/registry.h"
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
    build::ParamText params;
};

class Stopwatch
{
public:
    double lapMs()
    {
        const auto now = std::chrono::steady_clock::now();
        const double ms = std::chrono::duration<double, std::milli>(now - m_last).count();
        m_last = now;
        return ms;
    }

private:
    std::chrono::steady_clock::time_point m_last = std::chrono::steady_clock::now();
};

double peakRssMb(int who = RUSAGE_SELF)
{
    rusage usage {};
    getrusage(who, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

/// Wall time and peak RSS of `fabricscope-cli info FILE --json`, or "-" when the CLI is not
/// built or fails.
std::string timeCliInfo(const std::filesystem::path &file)
{
    const std::filesystem::path cli = FABRICSCOPE_CLI;
    if (!std::filesystem::exists(cli))
        return "- | -";
    const std::string command
        = "'" + cli.string() + "' info '" + file.string() + "' --json > /dev/null";
    Stopwatch watch;
    if (std::system(command.c_str()) != 0)
        return "failed | -";
    char text[64];
    std::snprintf(
        text, sizeof text, "%.2f | %.0f", watch.lapMs() / 1000.0, peakRssMb(RUSAGE_CHILDREN));
    return text;
}

int runCase(const Case &c)
{
    const std::filesystem::path file = std::filesystem::temp_directory_path()
        / ("fabricscope-bench-" + std::to_string(getpid()) + ".fabric.json");
    Stopwatch watch;
    const Fabric generated = build::generate(c.family, c.params);
    const double generateMs = watch.lapMs();
    io::saveFabric(generated, file);
    const double saveMs = watch.lapMs();
    const double fileMb = double(std::filesystem::file_size(file)) / (1024.0 * 1024.0);
    const Fabric loaded = io::loadFabric(file);
    const double loadMs = watch.lapMs();
    const std::string cliInfo = timeCliInfo(file);
    std::filesystem::remove(file);
    watch.lapMs();
    const int diameter = metrics::diameterHops(loaded);
    const double diameterMs = watch.lapMs();
    const double bisection = metrics::bisectionGbps(loaded);
    const double bisectionMs = watch.lapMs();
    const metrics::FabricMetrics m = metrics::computeMetrics(loaded);
    const double metricsMs = watch.lapMs();
    if (m.diameterHops != diameter || m.bisectionGbps != bisection) {
        std::fprintf(stderr, "%s: computeMetrics disagrees with its parts\n", c.label.c_str());
        return 1;
    }
    std::printf("| %s | %zu | %zu | %.0f | %.0f | %.1f | %.0f | %.0f | %.0f | %.0f | %.2f | %.0f "
                "| %s | %d | %.0f |\n",
        c.label.c_str(), m.endpoints, m.links, generateMs, saveMs, fileMb, loadMs, diameterMs,
        bisectionMs, metricsMs, (generateMs + saveMs + loadMs + metricsMs) / 1000.0, peakRssMb(),
        cliInfo.c_str(), m.diameterHops, m.bisectionGbps);
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
    std::printf("| fabric | endpoints | links | generate ms | save ms | file MiB | load ms "
                "| diameter ms | bisection ms | computeMetrics ms | generate+save+load+metrics s "
                "| peak RSS MiB | cli info s | cli info peak RSS MiB | diameter hops "
                "| bisection Gb/s |\n");
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
