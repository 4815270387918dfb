// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Prints write and read times of every format on the largest fabrics: wall clock and the CPU time
// of this process (the machine is shared, so CPU time is the steadier figure). Figures go to
// docs/performance.md, section "File formats".
#include "generators/registry.h"
#include "io/fabricfile.h"
#include "io/formatregistry.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <sstream>

using namespace fabric;

namespace {

struct Timer
{
    std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
    std::clock_t cpu = std::clock();
    void print(const char *fabric, const char *what, double mib) const
    {
        const double wallMs =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - wall)
                .count();
        const double cpuMs = 1000.0 * double(std::clock() - cpu) / CLOCKS_PER_SEC;
        std::printf("| %s | %s | %.1f | %.0f | %.0f |\n", fabric, what, mib, wallMs, cpuMs);
    }
};

void measure(const char *label, const Fabric &fabric)
{
    const std::filesystem::path dir = std::filesystem::temp_directory_path();
    for (const io::FabricFormat *format : io::formats()) {
        // htsim's file is a scenario's flows, written by export: a fabric alone has none (it
        // aborted the benchmark before the fat-tree's rows).
        if (!format->canWrite() || format->needsScenario())
            continue;
        const std::filesystem::path path =
            dir / ("bench_io." + format->extensions().front());
        Timer write;
        io::saveFabric(fabric, path, format);
        const double mib = double(std::filesystem::file_size(path)) / (1024.0 * 1024.0);
        write.print(label, (std::string("save ") + std::string(format->name())).c_str(), mib);
        if (format->canRead()) {
            Timer read;
            const Fabric back = io::loadFabric(path, format);
            read.print(label, (std::string("load ") + std::string(format->name())).c_str(), mib);
            if (!(back == fabric))
                std::printf("ROUND TRIP MISMATCH for %s\n", label);
        }
        std::filesystem::remove(path);
    }
}

} // namespace

int main()
{
    std::printf("| fabric | operation | file MiB | wall ms | CPU ms |\n|---|---|---:|---:|---:|\n");
    measure("HPN pod (61,440 links)", gen::generate("hpn", gen::ParamText{}));
    measure("IB fat-tree k=64, 3 tiers (262,144 links)",
            gen::generate("ib-fat-tree", gen::ParamText{{"tiers", "3"}, {"radix", "64"}}));
    const std::string x5 =
        std::string(FABRICSCOPE_TEST_DATA) + "/ibnetdiscover/psmn_X5.ibnetdiscover.topofile";
    Timer read;
    const Fabric f = io::loadFabric(x5);
    read.print("X5 ibnetdiscover dump (159 cables)", "load ibnetdiscover",
               double(std::filesystem::file_size(x5)) / (1024.0 * 1024.0));
    return f.linkCount() == 159 ? 0 : 1;
}
