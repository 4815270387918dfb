// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Meta's RoCE cluster (Llama 3, SIGCOMM 2024): racks of 2 hosts under a rack switch (RTSW),
// AI zones of 192 racks joined by cluster switches (CTSW) at full bisection, and zones joined
// by aggregation switches (ATSW) at 1:7.
#include "fabricbuilder.h"
#include "familydef.h"
#include "paramspecs.h"

#include "model/units.h"

#include <string>

namespace fabric::gen {
namespace {

struct Plan
{
    int zones = 8, racks = 192, hostsPerRack = 2, gpusPerHost = 8, ctsws = 16;
    int rackDown = 16; // GPU ports of an RTSW
    int rackUp = 16; // RTSW uplinks, spread evenly over the zone's CTSWs
    int ctswUp = 28; // CTSW uplinks to the ATSW tier
};

Plan plan(const nlohmann::json &params)
{
    Plan p;
    p.zones = params.at("zones").get<int>();
    p.racks = params.at("racks_per_zone").get<int>();
    p.hostsPerRack = params.at("hosts_per_rack").get<int>();
    p.gpusPerHost = params.at("gpus_per_host").get<int>();
    p.ctsws = params.at("ctsw_per_zone").get<int>();
    const long long gpus
        = static_cast<long long>(p.zones) * p.racks * p.hostsPerRack * p.gpusPerHost;
    checkEndpointLimit("zones x racks_per_zone x hosts_per_rack x gpus_per_host", gpus);
    p.rackDown = p.hostsPerRack * p.gpusPerHost;
    p.rackUp
        = params.at("rack_uplink_ratio").get<std::string>() == "2:1" ? 2 * p.rackDown : p.rackDown;
    if (p.rackUp % p.ctsws != 0)
        rejectParam("ctsw_per_zone",
            "a divisor of the " + std::to_string(p.rackUp)
                + " uplinks of a rack switch (every RTSW joins every CTSW of its zone)",
            p.ctsws);
    // Between zones: the zone's GPU capacity divided by the oversubscription, rounded up to
    // whole links per CTSW.
    const long long zoneGpus = static_cast<long long>(p.racks) * p.rackDown;
    const long long perCtsw
        = static_cast<long long>(p.ctsws) * params.at("zone_oversubscription").get<int>();
    p.ctswUp = p.zones > 1 ? static_cast<int>((zoneGpus + perCtsw - 1) / perCtsw) : 0;
    // Each GPU's NVLink and NIC, each rack switch's uplinks, each CTSW's uplinks.
    checkLinkLimit("zones, racks_per_zone, hosts_per_rack, gpus_per_host and rack_uplink_ratio",
        2 * gpus + static_cast<long long>(p.zones) * p.racks * p.rackUp
            + static_cast<long long>(p.zones) * p.ctsws * p.ctswUp);
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
    const int hostsPerZone = p.racks * p.hostsPerRack;
    const int hosts = p.zones * hostsPerZone;
    const int gpus = hosts * p.gpusPerHost;
    const int rtsws = p.zones * p.racks;
    b.reserve(static_cast<std::size_t>(gpus + hosts + rtsws + p.zones * p.ctsws + p.ctsws),
        static_cast<std::size_t>(2 * gpus + rtsws * p.rackUp + p.zones * p.ctsws * p.ctswUp));

    b.addHosts(hosts, p.gpusPerHost, [&](int h, std::string &name, LayoutHints &hints) {
        const int zone = h / hostsPerZone, local = h % hostsPerZone;
        name = "z" + std::to_string(zone) + "-r" + std::to_string(local / p.hostsPerRack) + "-h"
            + std::to_string(local % p.hostsPerRack);
        hints.pod = zone;
        hints.index = local;
    });

    std::vector<NodeId> rtsw, ctsw, atsw;
    for (int zone = 0; zone < p.zones; ++zone) {
        const std::string prefix = "z" + std::to_string(zone) + "-";
        for (int r = 0; r < p.racks; ++r) {
            LayoutHints hints;
            hints.tier = 2;
            hints.pod = zone;
            hints.index = r;
            rtsw.push_back(b.addSwitch(prefix + "rtsw" + std::to_string(r), SwitchRole::Leaf, hints,
                p.rackDown + p.rackUp));
        }
        for (int j = 0; j < p.ctsws; ++j) {
            LayoutHints hints;
            hints.tier = 3;
            hints.pod = zone;
            hints.index = j;
            ctsw.push_back(b.addSwitch(prefix + "ctsw" + std::to_string(j), SwitchRole::Spine,
                hints, p.racks * p.rackUp / p.ctsws + p.ctswUp));
        }
    }
    // ATSW j joins CTSW j of every zone (only when there is more than one zone).
    for (int j = 0; p.zones > 1 && j < p.ctsws; ++j) {
        LayoutHints hints;
        hints.tier = 4;
        hints.index = j;
        atsw.push_back(
            b.addSwitch("atsw" + std::to_string(j), SwitchRole::Core, hints, p.zones * p.ctswUp));
    }

    for (NodeId g = 0; g < gpus; ++g)
        b.connect(g, rtsw[static_cast<std::size_t>(g / p.rackDown)], gbps, Medium::Ethernet);
    for (int r = 0; r < rtsws; ++r)
        for (int j = 0; j < p.ctsws; ++j)
            for (int l = 0; l < p.rackUp / p.ctsws; ++l)
                b.connect(rtsw[static_cast<std::size_t>(r)],
                    ctsw[static_cast<std::size_t>(r / p.racks * p.ctsws + j)], gbps,
                    Medium::Ethernet);
    for (std::size_t c = 0; c < ctsw.size() && !atsw.empty(); ++c)
        for (int l = 0; l < p.ctswUp; ++l)
            b.connect(ctsw[c], atsw[c % static_cast<std::size_t>(p.ctsws)], gbps, Medium::Ethernet);

    std::string title = "Meta RoCE cluster, "
        + units::formatCount(std::uint64_t(p.zones), "AI zone", "AI zones") + ", "
        + units::formatCount(std::uint64_t(gpus), "GPU", "GPUs");
    return b.take("roce-clos", params, std::move(title));
}

} // namespace

FamilyDef roceClosFamily()
{
    FamilyDef def;
    def.info.name = "roce-clos";
    def.info.title = "Meta RoCE Clos";
    def.info.description
        = "Meta's Llama 3 RoCE cluster: 16 GPUs (2 hosts) per rack switch, 192 racks per AI zone "
          "(3,072 GPUs) at full bisection through cluster switches, zones joined by aggregation "
          "switches at 1:7 oversubscription; 400 Gb/s Ethernet. The default, 8 zones, is the "
          "24,576-GPU cluster.";
    def.info.params = {
        intParam(
            "zones", "AI zones", "AI zones joined through the aggregation (ATSW) tier.", 8, 1, 64),
        intParam("racks_per_zone", "Racks per zone", "Racks (rack switches) in an AI zone.", 192, 1,
            1024, "racks"),
        intParam(
            "hosts_per_rack", "Hosts per rack", "Hosts under one rack switch.", 2, 1, 8, "hosts"),
        intParam(
            "gpus_per_host", "GPUs per host", "GPUs (and 400G NICs) per host.", 8, 1, 16, "GPUs"),
        intParam("ctsw_per_zone", "Cluster switches per zone",
            "CTSWs of a zone; every rack switch joins each of them.", 16, 1, 64),
        choiceParam("rack_uplink_ratio", "Rack uplinks : downlinks",
            "1:1, or 2:1 (under-subscribed: twice as much uplink as GPU capacity).", "1:1",
            { "1:1", "2:1" }),
        intParam("zone_oversubscription", "Aggregation oversubscription 1:N",
            "Capacity between zones is a zone's GPU capacity divided by N.", 7, 1, 64),
        doubleParam("link_gbps", "Link rate", "Rate of every Ethernet link.", 400, 1, 1600, "Gb/s"),
    };
    for (ParamSpec &s : latencyParams(600.0))
        def.info.params.push_back(std::move(s));
    def.check = &check;
    def.build = &build;
    return def;
}

} // namespace fabric::gen
