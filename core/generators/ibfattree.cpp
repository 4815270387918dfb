// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The InfiniBand fat-tree family: textbook 2- and 3-tier k-ary fat-trees, rail-optimised as in
// a DGX SuperPOD, with partial sizes that keep every leaf joined to every upper switch.
#include "fabricbuilder.h"
#include "familydef.h"
#include "paramspecs.h"

#include "model/units.h"

#include <algorithm>
#include <string>

namespace fabric::gen {
namespace {

double rateGbps(const std::string &rate)
{
    if (rate == "EDR")
        return 100;
    if (rate == "HDR")
        return 200;
    if (rate == "XDR")
        return 800;
    return 400; // NDR
}

/// The sizes every other step derives from.
struct Plan
{
    int tiers = 2, k = 64, gpusPerHost = 8, oversubscription = 1;
    bool rail = true;
    int down = 32, up = 32; // ports of a leaf
    int maxLeavesPerPod = 64; // 2 tiers: the whole fabric is one "pod"
    int maxPods = 1;
    int gpus = 0, hosts = 0, hostsPerPod = 0, pods = 0;
};

std::string sizeText(const Plan &p)
{
    return "radix " + std::to_string(p.k) + ", " + std::to_string(p.tiers) + " tiers";
}

Plan plan(const nlohmann::json &params)
{
    Plan p;
    p.tiers = params.at("tiers").get<int>();
    p.k = params.at("radix").get<int>();
    p.gpusPerHost = params.at("gpus_per_host").get<int>();
    p.oversubscription = params.at("oversubscription").get<int>();
    p.rail = params.at("rail_optimised").get<bool>();
    const int o = p.oversubscription;
    if (p.k % (o + 1) != 0)
        rejectParam("oversubscription",
            "a value o with o+1 dividing the radix " + std::to_string(p.k)
                + " (a leaf's ports split down:up = o:1)",
            o);
    p.up = p.k / (o + 1);
    p.down = p.k - p.up;
    p.maxLeavesPerPod = p.tiers == 2 ? p.k : p.k / 2;
    p.maxPods = p.tiers == 2 ? 1 : p.k;
    const int podGpus = p.maxLeavesPerPod * p.down;
    if (p.rail && p.maxLeavesPerPod % p.gpusPerHost != 0)
        rejectParam("gpus_per_host",
            "a divisor of the " + std::to_string(p.maxLeavesPerPod)
                + " leaves of a pod when rail_optimised (one leaf per rail; " + sizeText(p) + ")",
            p.gpusPerHost);
    if (!p.rail && podGpus % p.gpusPerHost != 0)
        rejectParam("gpus_per_host",
            "a divisor of the " + std::to_string(podGpus) + " endpoints of a pod (" + sizeText(p)
                + ")",
            p.gpusPerHost);
    const long long full = static_cast<long long>(p.maxPods) * podGpus;
    const int requested = params.at("gpus").get<int>();
    if (requested == 0) {
        // Full size is what tiers and radix give: the error named gpus, left at 0.
        checkEndpointLimit("gpus 0 (full size) with tiers and radix", full);
        p.gpus = static_cast<int>(full);
    } else {
        if (requested > full || requested % p.gpusPerHost != 0)
            rejectParam("gpus",
                "0 (full size) or a multiple of gpus_per_host " + std::to_string(p.gpusPerHost)
                    + " up to " + std::to_string(full) + " (" + sizeText(p) + ")",
                requested);
        p.gpus = requested;
    }
    p.hosts = p.gpus / p.gpusPerHost;
    p.hostsPerPod = podGpus / p.gpusPerHost;
    p.pods = (p.hosts + p.hostsPerPod - 1) / p.hostsPerPod;
    return p;
}

void check(const nlohmann::json &params)
{
    plan(params);
}

int hostsInPod(const Plan &p, int pod)
{
    return std::min(p.hostsPerPod, p.hosts - pod * p.hostsPerPod);
}

int leavesInPod(const Plan &p, int pod)
{
    const int hp = hostsInPod(p, pod);
    if (p.rail)
        return (hp + p.down - 1) / p.down * p.gpusPerHost;
    return (hp * p.gpusPerHost + p.down - 1) / p.down;
}

/// Leaf (inside its pod) of GPU @p gpu of pod-local host @p host.
int leafOf(const Plan &p, int host, int gpu)
{
    if (p.rail)
        return host / p.down * p.gpusPerHost + gpu; // GPU i -> rail i of its scalable unit
    return (host * p.gpusPerHost + gpu) / p.down;
}

/// Layout "pod" of a 2-tier fabric's leaf: its scalable unit when rail-optimised.
int twoTierGroup(const Plan &p, int leaf)
{
    return p.rail ? leaf / p.gpusPerHost : 0;
}

std::string podPrefix(const Plan &p, int pod)
{
    return p.tiers == 2 ? std::string() : "p" + std::to_string(pod) + "-";
}

Fabric build(const nlohmann::json &params)
{
    const Plan p = plan(params);
    FabricBuilder b = FabricBuilder::fromParams(params);
    const double gbps = rateGbps(params.at("rate").get<std::string>());

    int leafCount = 0;
    for (int pod = 0; pod < p.pods; ++pod)
        leafCount += leavesInPod(p, pod);
    const int aggCount = p.tiers == 3 ? p.pods * p.up : 0;
    b.reserve(static_cast<std::size_t>(p.gpus + p.hosts + leafCount + aggCount + p.k * p.k),
        static_cast<std::size_t>(2 * p.gpus + leafCount * p.up + aggCount * p.k / 2));

    b.addHosts(p.hosts, p.gpusPerHost, [&](int h, std::string &name, LayoutHints &hints) {
        const int pod = h / p.hostsPerPod, local = h % p.hostsPerPod;
        name = podPrefix(p, pod) + "h" + std::to_string(local);
        hints.pod = p.tiers == 2 ? twoTierGroup(p, leafOf(p, local, 0)) : pod;
        hints.index = local;
    });

    // Leaves (and, for 3 tiers, aggregation switches) pod by pod.
    std::vector<std::vector<NodeId>> leaves(static_cast<std::size_t>(p.pods));
    std::vector<std::vector<NodeId>> aggs(static_cast<std::size_t>(p.pods));
    for (int pod = 0; pod < p.pods; ++pod) {
        for (int i = 0; i < leavesInPod(p, pod); ++i) {
            LayoutHints hints;
            hints.tier = 2;
            hints.pod = p.tiers == 2 ? twoTierGroup(p, i) : pod;
            hints.rail = p.rail ? i % p.gpusPerHost : -1;
            hints.index = i;
            leaves[pod].push_back(b.addSwitch(
                podPrefix(p, pod) + "leaf" + std::to_string(i), SwitchRole::Leaf, hints, p.k));
        }
        for (int j = 0; p.tiers == 3 && j < p.up; ++j) {
            LayoutHints hints;
            hints.tier = 3;
            hints.pod = pod;
            hints.index = j;
            aggs[pod].push_back(b.addSwitch(
                podPrefix(p, pod) + "agg" + std::to_string(j), SwitchRole::Spine, hints, p.k));
        }
    }

    for (int h = 0; h < p.hosts; ++h) {
        const int pod = h / p.hostsPerPod, local = h % p.hostsPerPod;
        for (int i = 0; i < p.gpusPerHost; ++i)
            b.connect(
                h * p.gpusPerHost + i, leaves[pod][leafOf(p, local, i)], gbps, Medium::InfiniBand);
    }

    // The upper tier over a set of lower switches: each lower joins each upper with equal
    // parallel links, using as few uppers as their port count allows.
    auto addUpper = [&](const std::vector<NodeId> &lowers, int uplinks, const std::string &name,
                        int firstIndex, int tier, SwitchRole role) {
        const int uppers = uppersNeeded(static_cast<int>(lowers.size()), uplinks, p.k);
        std::vector<NodeId> ids;
        for (int s = 0; s < uppers; ++s) {
            LayoutHints hints;
            hints.tier = tier;
            hints.index = firstIndex + s;
            ids.push_back(b.addSwitch(name + std::to_string(firstIndex + s), role, hints, p.k));
        }
        for (NodeId lower : lowers)
            for (NodeId upper : ids)
                for (int l = 0; l < uplinks / uppers; ++l)
                    b.connect(lower, upper, gbps, Medium::InfiniBand);
        return uppers;
    };

    if (p.tiers == 2) {
        std::vector<NodeId> all;
        for (const auto &pod : leaves)
            all.insert(all.end(), pod.begin(), pod.end());
        addUpper(all, p.up, "spine", 0, 3, SwitchRole::Spine);
    } else {
        for (int pod = 0; pod < p.pods; ++pod)
            for (NodeId leaf : leaves[pod])
                for (NodeId agg : aggs[pod])
                    b.connect(leaf, agg, gbps, Medium::InfiniBand);
        // Core group j joins aggregation switch j of every pod.
        int nextCore = 0;
        for (int j = 0; j < p.up; ++j) {
            std::vector<NodeId> group;
            for (int pod = 0; pod < p.pods; ++pod)
                group.push_back(aggs[pod][j]);
            nextCore += addUpper(group, p.k / 2, "core", nextCore, 4, SwitchRole::Core);
        }
    }
    if (params.at("sharp").get<bool>())
        b.setSharpOnSwitches();

    std::string title = "InfiniBand fat-tree, " + std::to_string(p.tiers) + " tiers, radix "
        + std::to_string(p.k) + ", " + units::formatCount(std::uint64_t(p.gpus), "GPU", "GPUs")
        + ", " + params.at("rate").get<std::string>();
    return b.take("ib-fat-tree", params, std::move(title));
}

} // namespace

FamilyDef ibFatTreeFamily()
{
    FamilyDef def;
    def.info.name = "ib-fat-tree";
    def.info.title = "InfiniBand fat-tree";
    def.info.description
        = "A non-blocking (or oversubscribed) k-ary fat-tree of InfiniBand switches, 2 tiers "
          "(leaf-spine, k^2/2 endpoints non-blocking) or 3 tiers (k^3/4 non-blocking), "
          "rail-optimised as in an "
          "NVIDIA DGX SuperPOD, with SHARP in-network reduction.";
    def.info.params = {
        intParam("tiers", "Tiers", "Switch tiers: 2 (leaf-spine) or 3 (leaf, aggregation, core).",
            2, 2, 3),
        intParam(
            "radix", "Switch radix k", "Ports per switch (Quantum-2: 64).", 64, 4, 128, "ports", 2),
        zeroMeaning(
            intParam("gpus", "GPUs",
                "Endpoints to build; 0 fills every leaf's down ports (k^2/2 with 2 tiers, k^3/4 "
                "with 3, when non-blocking; more when oversubscribed).",
                0, 0, kMaxEndpoints, "GPUs"),
            "full size"),
        intParam("gpus_per_host", "GPUs per host", "GPUs (and NICs) per server.", 8, 1, 16, "GPUs"),
        boolParam("rail_optimised", "Rail-optimised",
            "GPU i of every host goes to leaf i of its scalable unit (DGX SuperPOD).", true),
        intParam("oversubscription", "Leaf oversubscription o:1",
            "A leaf's k ports split k*o/(o+1) down and k/(o+1) up; 1 = non-blocking.", 1, 1, 127),
        choiceParam("rate", "Link rate", "4x link rate: EDR 100, HDR 200, NDR 400, XDR 800 Gb/s.",
            "NDR", { "EDR", "HDR", "NDR", "XDR" }),
        boolParam("sharp", "SHARP switches", "Switches can reduce in the network (SHARP).", true),
    };
    for (ParamSpec &s : latencyParams(100.0))
        def.info.params.push_back(std::move(s));
    def.check = &check;
    def.build = &build;
    return def;
}

} // namespace fabric::gen
