// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Times the generators on their largest shipped sizes and prints a Markdown table (recorded in
// docs/generators.md). Never fails on time.
#include "peakrss.h"
#include "generators/registry.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace {

struct Case
{
    std::string label;
    std::string family;
    fabric::gen::ParamText params;
};

} // namespace

int main()
{
    const std::vector<Case> cases = {
        { "HPN pod (15,360 GPUs)", "hpn", {} },
        { "IB fat-tree k=64, 3 tiers (65,536 GPUs)", "ib-fat-tree", { { "tiers", "3" } } },
        { "IB fat-tree k=64, 2 tiers (2,048 GPUs)", "ib-fat-tree", {} },
        { "Meta RoCE, 8 zones (24,576 GPUs)", "roce-clos", {} },
        { "TPU v4 pod 16x16x16 (4,096 chips)", "tpu-torus", {} },
        { "Dragonfly a=16 p=8 h=8 (16,512 GPUs)", "dragonfly",
            { { "routers_per_group", "16" }, { "endpoints_per_router", "8" },
                { "global_links_per_router", "8" } } },
    };
    constexpr int kRuns = 3;
    std::printf("| fabric | nodes | links | median generate (ms) | peak RSS so far (MB) |\n");
    std::printf("|---|---:|---:|---:|---:|\n");
    for (const Case &c : cases) {
        std::vector<double> ms;
        std::size_t nodes = 0, links = 0;
        for (int run = 0; run < kRuns; ++run) {
            const auto start = std::chrono::steady_clock::now();
            const fabric::Fabric f = fabric::gen::generate(c.family, c.params);
            const auto stop = std::chrono::steady_clock::now();
            ms.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
            nodes = f.nodeCount();
            links = f.linkCount();
        }
        std::sort(ms.begin(), ms.end());
        std::printf("| %s | %zu | %zu | %.0f | %.0f |\n", c.label.c_str(), nodes, links,
            ms[kRuns / 2], peakRssMb());
        std::fflush(stdout);
    }
    return 0;
}
