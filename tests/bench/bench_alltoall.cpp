// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// All-to-all at cluster scale through the real collective layer (route, expand, engine) on a
// fabric file: one case per process, so run it under `/usr/bin/time -v` for the peak RSS.
//
//   bench_alltoall FABRIC RANKS [--bytes SIZE] [--routing POLICY] [--solver NAME]
//                  [--coarse WINDOW] [--save FILE] [--check FILE] [--symmetry off]
//
// --save writes every flow's finish time (raw doubles, flow order) and --check compares a run
// against such a file (largest relative difference, flows that differ by more than 1e-9): the
// evidence that a faster engine gives the same answers as an older one.

#include "peakrss.h"

#include "collective/expansion.h"
#include "collective/run.h"
#include "io/fabricfile.h"
#include "model/units.h"
#include "route/policy.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <unordered_map>
#include <vector>

using namespace fabric;

namespace {
double seconds(std::chrono::steady_clock::time_point since)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

std::vector<double> finishTimes(const sim::SimResult &r)
{
    std::vector<double> out;
    out.reserve(r.flows.size());
    for (const sim::FlowResult &f : r.flows)
        out.push_back(f.finishS);
    return out;
}

void save(const std::string &path, const std::vector<double> &times)
{
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char *>(times.data()),
              std::streamsize(times.size() * sizeof(double)));
}

/// Compares @p times with the finish times in @p path: a run of the same flows, entry k for
/// flow k; or, for a reduced run, the whole run, where flow k is entry @p place[k].
int check(const std::string &path, const std::vector<double> &times,
    const std::vector<std::size_t> &place, std::size_t wholeCount)
{
    std::ifstream in(path, std::ios::binary);
    std::vector<double> ref(std::max(wholeCount, times.size()) + 1);
    in.read(reinterpret_cast<char *>(ref.data()), std::streamsize(ref.size() * sizeof(double)));
    const std::size_t held = std::size_t(in.gcount()) / sizeof(double);
    if (held == wholeCount && !place.empty()) {
        std::vector<double> picked(times.size());
        for (std::size_t k = 0; k < times.size(); ++k)
            picked[k] = ref[place[k]];
        ref = std::move(picked);
    } else if (held != times.size()) {
        std::printf("check: %s holds %zu finish times, not %zu (this run's) or %zu (the whole "
                    "run's)\n",
            path.c_str(), held, times.size(), wholeCount);
        return 1;
    }
    double worst = 0.0, sum = 0.0;
    std::size_t off = 0;
    for (std::size_t i = 0; i < times.size(); ++i) {
        const double rel = std::abs(times[i] - ref[i]) / std::max(std::abs(ref[i]), 1e-300);
        worst = std::max(worst, rel);
        sum += rel;
        off += rel > 1e-9 ? 1 : 0;
    }
    const double completion = *std::max_element(times.begin(), times.end());
    const double refCompletion = *std::max_element(ref.begin(), ref.begin() + long(times.size()));
    std::printf("check against %s: completion %.9g s against %.9g s (%+.3g relative); finish "
                "times: max relative difference %.3g, mean %.3g, %zu of %zu flows off by more "
                "than 1e-9\n",
        path.c_str(), completion, refCompletion, completion / refCompletion - 1.0, worst,
        sum / double(std::max<std::size_t>(times.size(), 1)), off, times.size());
    return off == 0 ? 0 : 1;
}
} // namespace

int main(int argc, char **argv)
{
    if (argc < 3) {
        std::fprintf(stderr,
            "usage: bench_alltoall FABRIC RANKS [--bytes SIZE] [--routing P] "
            "[--solver NAME] [--coarse WINDOW] [--save FILE] [--check FILE] [--symmetry off]\n");
        return 2;
    }
    collective::Scenario s;
    s.collective = collective::Collective::AllToAll;
    s.algorithm = collective::Algorithm::Direct;
    s.bytes = 16.0 * 1024 * 1024;
    s.ranks = argv[2];
    s.stepFlowBudget = std::size_t(1) << 40;
    sim::SimOptions options;
    options.recordTimeline = false;
    std::string savePath, checkPath;
    collective::ExpandOptions expandOptions;
    for (int i = 3; i + 1 < argc; i += 2) {
        const std::string key = argv[i];
        const std::string value = argv[i + 1];
        if (key == "--bytes")
            s.bytes = units::parseBytes(value).value_or(s.bytes);
        else if (key == "--routing")
            s.routing = route::policyFromString(value).value_or(s.routing);
        else if (key == "--coarse")
            options.coarseFinishWindow = std::stod(value);
        else if (key == "--solver")
            options.solver = value;
        else if (key == "--save")
            savePath = value;
        else if (key == "--check")
            checkPath = value;
        else if (key == "--symmetry")
            expandOptions.symmetry = value != "off";
    }
    const auto t0 = std::chrono::steady_clock::now();
    const Fabric fabric = io::loadFabric(argv[1]);
    const double loadS = seconds(t0);
    const auto t1 = std::chrono::steady_clock::now();
    collective::Expansion expansion;
    {
        const route::Router router(fabric, collective::routerOptions(s));
        expansion = collective::expand(router, s, expandOptions);
    }
    if (expansion.symmetry) {
        options.linkOrbits = expansion.symmetry->orbits;
        std::printf("symmetry: %zu flows simulated for %zu, %s\n", expansion.flows.size(),
            expansion.flowCount(), expansion.symmetry->text.c_str());
    }
    const double expandS = seconds(t1);
    const double expandRssMb = peakRssMb();
    std::size_t linkUses = 0;
    for (const sim::FlowSpec &f : expansion.flows)
        for (const sim::Path &p : f.paths)
            linkUses += p.links.size();
    const auto t2 = std::chrono::steady_clock::now();
    const sim::SimResult r = sim::simulate(fabric, expansion.flows, options);
    const double engineS = seconds(t2);
    std::printf(
        "%s ranks %s: %zu flows (%zu link uses), load %.2f s, route+expand %.2f s, engine %.2f s, "
        "events %zu, solves %zu (full %zu), rate changes %zu, completion %.9g s, largest early "
        "finish %.3g s, peak RSS %.0f MB after expand, %.0f MB "
        "after the engine\n",
        argv[1], argv[2], r.flows.size(), linkUses, loadS, expandS, engineS, r.events, r.solves,
        r.fullSolves, r.rateChanges, r.completionS, r.largestEarlyFinishS, expandRssMb,
        peakRssMb());
    const std::vector<double> times = finishTimes(r);
    if (!savePath.empty())
        save(savePath, times);
    // A reduced run's flows sit among the whole run's at (sender, receiver) in rank order.
    std::vector<std::size_t> place;
    if (expansion.symmetry) {
        const std::size_t n = expansion.ranks.size();
        std::unordered_map<NodeId, std::size_t> rankOf;
        for (std::size_t i = 0; i < n; ++i)
            rankOf[expansion.ranks[i]] = i;
        for (const sim::FlowSpec &f : expansion.flows) {
            const std::size_t i = rankOf.at(f.src), j = rankOf.at(f.dst);
            place.push_back(i * (n - 1) + (j < i ? j : j - 1));
        }
    }
    return checkPath.empty() ? 0 : check(checkPath, times, place, expansion.flowCount());
}
