// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the routing and collective tests share: small generated fabrics and one-call runs.

#include "generators/registry.h"
#include "collective/expansion.h"
#include "collective/faultrun.h"
#include "collective/report.h"
#include "collective/run.h"
#include "route/router.h"
#include "sim/engine.h"

#include <map>
#include <string>
#include <vector>

namespace routetest {

using namespace fabric;

inline Fabric generated(std::string_view family, gen::ParamText text = {})
{
    return gen::generate(family, text);
}

/// 2-tier rail-optimised fat-tree, radix 16: 16 hosts x 8 GPUs, 16 leaves, 8 spines, NDR.
inline Fabric smallRailFatTree()
{
    return generated("ib-fat-tree", { { "tiers", "2" }, { "radix", "16" }, { "gpus_per_host", "8" } });
}

/// 2-tier fat-tree of radix k with one GPU per host: leaf i holds GPUs i*k/2 .. i*k/2 + k/2-1.
inline Fabric flatFatTree(int k, int tiers = 2)
{
    return generated("ib-fat-tree",
        { { "tiers", std::to_string(tiers) }, { "radix", std::to_string(k) },
            { "gpus_per_host", "1" }, { "rail_optimised", "false" } });
}

inline constexpr double kMiB = 1048576.0;

using Run = collective::ScenarioRun;

/// Runs @p s without a timeline (the tests read results and link statistics only).
inline Run run(const Fabric &f, const collective::Scenario &s)
{
    sim::SimOptions options;
    options.recordTimeline = false;
    return collective::runScenario(f, s, options);
}

/// Runs @p s through collective::runWithFaults with the faults named in @p faults (text forms),
/// without a timeline.
inline Run runFaulted(const Fabric &f, collective::Scenario s, const std::vector<std::string> &faults,
    const collective::FaultRunOptions &faultOptions = {})
{
    for (const std::string &text : faults)
        s.faults.push_back(parseFault(text));
    sim::SimOptions options;
    options.recordTimeline = false;
    return collective::runWithFaults(f, s, options, faultOptions);
}

inline collective::Scenario scenario(
    collective::Collective c, collective::Algorithm a, double bytes, route::Policy p)
{
    collective::Scenario s;
    s.collective = c;
    s.algorithm = a;
    s.bytes = bytes;
    s.routing = p;
    return s;
}

/// Connections per directed link over the given routes (each route counted once per link).
inline std::map<DirLinkId, int> loadPerLink(const std::vector<route::Route> &routes)
{
    std::map<DirLinkId, int> load;
    for (const route::Route &r : routes)
        for (const sim::Path &p : r.paths)
            for (DirLinkId d : p.links)
                ++load[d];
    return load;
}

/// Empty when every route took one path of at least one link and no directed link carries two
/// routes; else what went wrong first. A router that returned no links would pass a check of
/// loadPerLink() alone.
inline std::string collisionsIn(const std::vector<route::Route> &routes)
{
    if (routes.empty())
        return "no routes";
    for (std::size_t i = 0; i < routes.size(); ++i)
        if (routes[i].paths.size() != 1 || routes[i].paths.front().links.empty())
            return "route " + std::to_string(i) + " has " + std::to_string(routes[i].paths.size())
                + " paths, or an empty one";
    for (const auto &[link, n] : loadPerLink(routes))
        if (n != 1)
            return "link " + std::to_string(linkOf(link)) + " carries " + std::to_string(n);
    return {};
}

} // namespace routetest
