// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Alibaba HPN (SIGCOMM 2024): 2-tier, dual-plane, rail-optimised, non-stacked dual-ToR, with
// the SimAI template's defaults (15,360 GPUs, 240 ToRs, 120 aggregation switches per pod).
#include "fabricbuilder.h"
#include "familydef.h"
#include "paramspecs.h"

#include "model/units.h"

#include <string>

namespace fabric::gen {
namespace {

struct Plan
{
    int pods = 1, segments = 15, hostsPerSegment = 128, gpusPerHost = 8, aggsPerPlane = 60;
    bool dualPlane = true;
    int aggUplinks = 8; // per aggregation switch, to the core
    int coresPerPlane = 8;
};

Plan plan(const nlohmann::json &params)
{
    Plan p;
    p.pods = params.at("pods").get<int>();
    p.segments = params.at("segments").get<int>();
    p.hostsPerSegment = params.at("hosts_per_segment").get<int>();
    p.gpusPerHost = params.at("gpus_per_host").get<int>();
    p.aggsPerPlane = params.at("aggs_per_plane").get<int>();
    p.dualPlane = params.at("dual_plane").get<bool>();
    const long long gpus
        = static_cast<long long>(p.pods) * p.segments * p.hostsPerSegment * p.gpusPerHost;
    checkEndpointLimit("pods x segments x hosts_per_segment x gpus_per_host", gpus);
    // An aggregation switch's downlink capacity is one ToR uplink per ToR of its plane (or half
    // a ToR uplink per ToR of both planes, single-plane); the core gets 1/oversubscription.
    const int torsPerPlane = p.segments * p.gpusPerHost;
    const int oversubscription = params.at("core_oversubscription").get<int>();
    p.aggUplinks = (torsPerPlane + oversubscription - 1) / oversubscription;
    const int cores = params.at("core_switches_per_plane").get<int>();
    p.coresPerPlane = cores == 0 ? p.aggUplinks : cores;
    const long long planeUplinks = static_cast<long long>(p.pods) * p.aggsPerPlane * p.aggUplinks;
    // Each GPU's NVLink and two NIC ports, each ToR's uplinks (a dual-plane ToR reaches its
    // plane's aggregation switches, a single-plane one both planes'), the core uplinks.
    const long long tors = 2LL * p.pods * torsPerPlane;
    const long long torUplinks = p.dualPlane ? p.aggsPerPlane : 2LL * p.aggsPerPlane;
    checkLinkLimit("pods, segments, hosts_per_segment, gpus_per_host and aggs_per_plane",
        3 * gpus + tors * torUplinks + 2 * planeUplinks);
    if (p.coresPerPlane > planeUplinks)
        rejectParam("core_switches_per_plane",
            "0 (one per aggregation uplink) or at most the " + std::to_string(planeUplinks)
                + " core uplinks of a plane",
            cores);
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
    const double nicGbps = params.at("nic_port_gbps").get<double>();
    const double uplinkGbps = params.at("tor_uplink_gbps").get<double>();
    const int hostsPerPod = p.segments * p.hostsPerSegment;
    const int hosts = p.pods * hostsPerPod;
    const int gpus = hosts * p.gpusPerHost;
    const int torsPerPod = p.segments * p.gpusPerHost * 2;
    const int aggsPerPod = 2 * p.aggsPerPlane;
    const int torUplinks = p.dualPlane ? p.aggsPerPlane : aggsPerPod;
    b.reserve(static_cast<std::size_t>(
                  gpus + hosts + p.pods * (torsPerPod + aggsPerPod) + 2 * p.coresPerPlane),
        static_cast<std::size_t>(
            3 * gpus + p.pods * torsPerPod * torUplinks + p.pods * aggsPerPod * p.aggUplinks));

    auto podPrefix
        = [&](int pod) { return p.pods == 1 ? std::string() : "pod" + std::to_string(pod) + "-"; };
    b.addHosts(hosts, p.gpusPerHost, [&](int h, std::string &name, LayoutHints &hints) {
        const int segment = h / p.hostsPerSegment, local = h % p.hostsPerSegment;
        name = podPrefix(segment / p.segments) + "s" + std::to_string(segment % p.segments) + "-h"
            + std::to_string(local);
        hints.pod = segment;
        hints.index = local;
    });

    // ToRs: per segment, plane 0's rails then plane 1's; tors[segment][plane][rail].
    const int segments = p.pods * p.segments;
    std::vector<NodeId> tors(static_cast<std::size_t>(segments * 2 * p.gpusPerHost));
    auto torIndex = [&](int segment, int plane, int rail) {
        return static_cast<std::size_t>((segment * 2 + plane) * p.gpusPerHost + rail);
    };
    for (int s = 0; s < segments; ++s)
        for (int plane = 0; plane < 2; ++plane)
            for (int rail = 0; rail < p.gpusPerHost; ++rail) {
                LayoutHints hints;
                hints.tier = 2;
                hints.pod = s;
                hints.plane = plane;
                hints.rail = rail;
                hints.index = plane * p.gpusPerHost + rail;
                tors[torIndex(s, plane, rail)]
                    = b.addSwitch(podPrefix(s / p.segments) + "s" + std::to_string(s % p.segments)
                            + "-tor" + std::to_string(rail) + "-plane" + std::to_string(plane),
                        SwitchRole::Leaf, hints, p.hostsPerSegment + torUplinks);
            }

    // Aggregation switches per pod, plane 0 then plane 1; cores shared by the pods.
    auto upperName = [&](const std::string &what, int plane, int index, int perPlane) {
        return p.dualPlane ? "plane" + std::to_string(plane) + "-" + what + std::to_string(index)
                           : what + std::to_string(plane * perPlane + index);
    };
    std::vector<NodeId> aggs; // [pod][plane][j]
    for (int pod = 0; pod < p.pods; ++pod)
        for (int plane = 0; plane < 2; ++plane)
            for (int j = 0; j < p.aggsPerPlane; ++j) {
                LayoutHints hints;
                hints.tier = 3;
                hints.plane = p.dualPlane ? plane : -1;
                hints.index = plane * p.aggsPerPlane + j;
                const int down = p.dualPlane ? torsPerPod / 2 : torsPerPod;
                aggs.push_back(
                    b.addSwitch(podPrefix(pod) + upperName("agg", plane, j, p.aggsPerPlane),
                        SwitchRole::Spine, hints, down + p.aggUplinks));
            }
    // Uplink u of aggregation switch j (counting across pods) goes to core
    // (j * aggUplinks + u) mod coresPerPlane of its plane: one link to each core when there are
    // as many cores as uplinks, evenly spread (or parallel) otherwise.
    const int aggsPerPlaneAll = p.pods * p.aggsPerPlane;
    auto coreOf = [&](int j, int u) { return (j * p.aggUplinks + u) % p.coresPerPlane; };
    std::vector<int> corePorts(static_cast<std::size_t>(p.coresPerPlane), 0);
    for (int j = 0; j < aggsPerPlaneAll; ++j)
        for (int u = 0; u < p.aggUplinks; ++u)
            ++corePorts[static_cast<std::size_t>(coreOf(j, u))];
    std::vector<NodeId> cores; // [plane][c]
    for (int plane = 0; plane < 2; ++plane)
        for (int c = 0; c < p.coresPerPlane; ++c) {
            LayoutHints hints;
            hints.tier = 4;
            hints.plane = p.dualPlane ? plane : -1;
            hints.index = plane * p.coresPerPlane + c;
            cores.push_back(b.addSwitch(upperName("core", plane, c, p.coresPerPlane),
                SwitchRole::Core, hints, corePorts[static_cast<std::size_t>(c)]));
        }

    // Each GPU's NIC: port q (the GPU end's port number) to the rail's ToR of plane q, two
    // different ToRs.
    for (NodeId g = 0; g < gpus; ++g) {
        const int segment = g / (p.hostsPerSegment * p.gpusPerHost);
        for (int plane = 0; plane < 2; ++plane) {
            const NodeId tor = tors[torIndex(segment, plane, g % p.gpusPerHost)];
            b.connectPorts(g, plane, tor, b.allocatePort(tor), nicGbps, Medium::Ethernet, plane);
        }
    }
    // Dual-plane: a ToR reaches only its plane's aggregation switches. Single-plane: all of
    // them, at half rate each (400G ports broken out to 2 x 200G), so capacities match.
    for (int s = 0; s < segments; ++s) {
        const std::size_t podAggs = static_cast<std::size_t>(s / p.segments * aggsPerPod);
        for (int plane = 0; plane < 2; ++plane)
            for (int rail = 0; rail < p.gpusPerHost; ++rail) {
                const NodeId tor = tors[torIndex(s, plane, rail)];
                if (p.dualPlane) {
                    for (int j = 0; j < p.aggsPerPlane; ++j)
                        b.connect(tor, aggs[podAggs + plane * p.aggsPerPlane + j], uplinkGbps,
                            Medium::Ethernet, plane);
                } else {
                    for (int j = 0; j < aggsPerPod; ++j)
                        b.connect(tor, aggs[podAggs + j], uplinkGbps / 2, Medium::Ethernet);
                }
            }
    }
    for (int pod = 0; pod < p.pods; ++pod)
        for (int plane = 0; plane < 2; ++plane)
            for (int j = 0; j < p.aggsPerPlane; ++j)
                for (int u = 0; u < p.aggUplinks; ++u)
                    b.connect(aggs[static_cast<std::size_t>(
                                  pod * aggsPerPod + plane * p.aggsPerPlane + j)],
                        cores[static_cast<std::size_t>(
                            plane * p.coresPerPlane + coreOf(pod * p.aggsPerPlane + j, u))],
                        uplinkGbps, Medium::Ethernet, p.dualPlane ? plane : -1);

    std::string title = std::string("Alibaba HPN, ") + (p.dualPlane ? "dual" : "single")
        + "-plane, " + units::formatCount(std::uint64_t(segments), "segment", "segments") + ", "
        + units::formatCount(std::uint64_t(gpus), "GPU", "GPUs");
    return b.take("hpn", params, std::move(title));
}

} // namespace

FamilyDef hpnFamily()
{
    FamilyDef def;
    def.info.name = "hpn";
    def.info.title = "Alibaba HPN";
    def.info.description
        = "Alibaba's High Performance Network: 2 tiers, rail-optimised, each GPU's NIC with two "
          "200 Gb/s ports to two different ToRs (non-stacked dual-ToR), the two planes kept apart "
          "up to the aggregation tier; 15 segments of 1,024 GPUs make a 15,360-GPU pod.";
    def.info.params = {
        intParam(
            "segments", "Segments per pod", "Segments of hosts_per_segment hosts each.", 15, 1, 64),
        intParam("hosts_per_segment", "Hosts per segment",
            "Hosts in a segment; each ToR has one NIC port per host.", 128, 1, 256, "hosts"),
        intParam("gpus_per_host", "GPUs per host", "GPUs (and rails) per host.", 8, 1, 16, "GPUs"),
        intParam("pods", "Pods", "Pods joined through the core tier.", 1, 1, 8),
        boolParam("dual_plane", "Dual-plane",
            "ToRs of plane p reach only the aggregation switches of plane p; false: every "
            "ToR reaches every aggregation switch (single plane, for comparison).",
            true),
        intParam("aggs_per_plane", "Aggregation switches per plane",
            "Aggregation switches of each plane in a pod.", 60, 1, 256),
        zeroMeaning(intParam("core_switches_per_plane", "Core switches per plane",
                        "Core switches of each plane, shared by the pods; 0 = one per "
                        "aggregation uplink.",
                        0, 0, 1024),
            "one per aggregation uplink"),
        intParam("core_oversubscription", "Core oversubscription N:1",
            "Aggregation downlinks per uplink to the core (between pods).", 15, 1, 256),
        doubleParam("nic_port_gbps", "NIC port rate", "Rate of each of a NIC's two ports.", 200, 1,
            1600, "Gb/s"),
        doubleParam("tor_uplink_gbps", "ToR uplink rate",
            "Rate of ToR-aggregation and aggregation-core links.", 400, 1, 1600, "Gb/s"),
    };
    for (ParamSpec &s : latencyParams(600.0))
        def.info.params.push_back(std::move(s));
    def.check = &check;
    def.build = &build;
    return def;
}

} // namespace fabric::gen
