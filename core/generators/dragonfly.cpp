// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The dragonfly (Kim et al., ISCA 2008): groups of a routers, fully connected inside, each
// router with p endpoints and h global links; every pair of groups joined by a global link.
#include "fabricbuilder.h"
#include "familydef.h"
#include "paramspecs.h"

#include "model/units.h"

#include <string>

namespace fabric::gen {
namespace {

struct Plan
{
    int a = 4, p = 2, h = 2, groups = 9, gpusPerHost = 1;
};

Plan plan(const nlohmann::json &params)
{
    Plan p;
    p.a = params.at("routers_per_group").get<int>();
    p.p = params.at("endpoints_per_router").get<int>();
    p.h = params.at("global_links_per_router").get<int>();
    p.gpusPerHost = params.at("gpus_per_host").get<int>();
    const int maxGroups = p.a * p.h + 1;
    const int groups = params.at("groups").get<int>();
    if (groups != 0 && (groups < 2 || groups > maxGroups))
        rejectParam("groups",
            "0 (balanced: a*h+1 = " + std::to_string(maxGroups) + ") or from 2 to "
                + std::to_string(maxGroups) + " so that every pair of groups has a global link",
            groups);
    p.groups = groups == 0 ? maxGroups : groups;
    if (p.p % p.gpusPerHost != 0)
        rejectParam("gpus_per_host", "a divisor of endpoints_per_router " + std::to_string(p.p),
            p.gpusPerHost);
    checkEndpointLimit("groups x routers_per_group x endpoints_per_router",
        static_cast<long long>(p.groups) * p.a * p.p);
    const long long routers = static_cast<long long>(p.groups) * p.a;
    // NVLink and NIC links of the endpoints, local links, global links.
    checkLinkLimit("groups, routers_per_group and global_links_per_router",
        routers * 2 * p.p + routers * (p.a - 1) / 2 + routers * p.h / 2);
    return p;
}

void check(const nlohmann::json &params)
{
    plan(params);
}

Fabric build(const nlohmann::json &params)
{
    const Plan p = plan(params);
    FabricBuilder b = FabricBuilder::fromParams(params);
    const double gbps = params.at("link_gbps").get<double>();
    const int routers = p.groups * p.a;
    const int gpus = routers * p.p;
    const int hostsPerRouter = p.p / p.gpusPerHost;
    b.reserve(static_cast<std::size_t>(gpus + gpus / p.gpusPerHost + routers),
        static_cast<std::size_t>(2 * gpus + routers * (p.a - 1) / 2 + routers * p.h / 2));

    b.addHosts(routers * hostsPerRouter, p.gpusPerHost,
        [&](int host, std::string &name, LayoutHints &hints) {
            const int router = host / hostsPerRouter;
            name = "g" + std::to_string(router / p.a) + "-r" + std::to_string(router % p.a) + "-h"
                + std::to_string(host % hostsPerRouter);
            hints.pod = router / p.a;
            hints.index = host % hostsPerRouter;
        });
    std::vector<NodeId> ids;
    for (int r = 0; r < routers; ++r) {
        LayoutHints hints;
        hints.tier = 2;
        hints.pod = r / p.a;
        hints.index = r % p.a;
        ids.push_back(b.addSwitch("g" + std::to_string(r / p.a) + "-r" + std::to_string(r % p.a),
            SwitchRole::Router, hints, p.p + p.a - 1 + p.h));
    }
    for (NodeId g = 0; g < gpus; ++g)
        b.connect(g, ids[static_cast<std::size_t>(g / p.p)], gbps, Medium::Ethernet);
    for (int group = 0; group < p.groups; ++group)
        for (int i = 0; i < p.a; ++i)
            for (int j = i + 1; j < p.a; ++j)
                b.connect(ids[static_cast<std::size_t>(group * p.a + i)],
                    ids[static_cast<std::size_t>(group * p.a + j)], gbps, Medium::Ethernet);

    // Global links: pass after pass over all group pairs, one link per pair per pass while both
    // groups have a free global port; the first pass joins every pair. A group's global ports
    // fill its routers in turn (router r owns ports r*h .. r*h+h-1).
    std::vector<int> used(static_cast<std::size_t>(p.groups), 0);
    const int portsPerGroup = p.a * p.h;
    auto router = [&](int group) {
        return ids[static_cast<std::size_t>(
            group * p.a + used[static_cast<std::size_t>(group)]++ / p.h)];
    };
    for (bool added = true; added;) {
        added = false;
        for (int i = 0; i < p.groups; ++i)
            for (int j = i + 1; j < p.groups; ++j)
                if (used[static_cast<std::size_t>(i)] < portsPerGroup
                    && used[static_cast<std::size_t>(j)] < portsPerGroup) {
                    const NodeId from = router(i);
                    b.connect(from, router(j), gbps, Medium::Ethernet);
                    added = true;
                }
    }

    std::string title = "Dragonfly, "
        + units::formatCount(std::uint64_t(p.groups), "group", "groups") + " of "
        + units::formatCount(std::uint64_t(p.a), "router", "routers") + ", "
        + units::formatCount(std::uint64_t(gpus), "endpoint", "endpoints");
    return b.take("dragonfly", params, std::move(title));
}

} // namespace

FamilyDef dragonflyFamily()
{
    FamilyDef def;
    def.info.name = "dragonfly";
    def.info.title = "Dragonfly";
    def.info.description
        = "Groups of a routers, all-to-all inside a group, each router with p endpoints and h "
          "global links to other groups; a*h+1 groups (balanced) join every pair of groups with "
          "one global link. Ethernet links.";
    def.info.params = {
        intParam("routers_per_group", "Routers per group a", "Routers in a group.", 4, 1, 128),
        intParam("endpoints_per_router", "Endpoints per router p", "Endpoints on each router.", 2,
            1, 128, "GPUs"),
        intParam("global_links_per_router", "Global links per router h",
            "Links from each router to other groups.", 2, 1, 128),
        zeroMeaning(intParam("groups", "Groups g",
                        "0 = a*h+1 (balanced: one global link per pair of groups).", 0, 0, 16385),
            "balanced (a*h+1)"),
        intParam(
            "gpus_per_host", "GPUs per host", "Endpoints per host (divides p).", 1, 1, 16, "GPUs"),
        doubleParam("link_gbps", "Link rate", "Rate of every link.", 400, 1, 1600, "Gb/s"),
    };
    for (ParamSpec &s : latencyParams(600.0))
        def.info.params.push_back(std::move(s));
    def.check = &check;
    def.build = &build;
    return def;
}

} // namespace fabric::gen
