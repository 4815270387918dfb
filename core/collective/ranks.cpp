// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ranks.h"

#include "route/flowhash.h"
#include "route/router.h"

#include "model/error.h"
#include "model/metrics.h"
#include "model/nodenameindex.h"
#include "model/units.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <random>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace fabric::collective {
namespace {

std::vector<NodeId> spread(const route::Router &router, const std::vector<NodeId> &endpoints)
{
    const Fabric &f = router.fabric();
    // Group by attachment switch, in natural order of first appearance.
    std::vector<NodeId> groupKeys;
    std::unordered_map<NodeId, std::vector<NodeId>> groups;
    for (NodeId e : endpoints) {
        const auto att = router.attachments(e, -1);
        const NodeId key = att.empty() ? e : att.front();
        auto [it, fresh] = groups.try_emplace(key);
        if (fresh)
            groupKeys.push_back(key);
        it->second.push_back(e);
    }
    // Order groups so that consecutive ones sit in different pods: (index in pod, pod).
    std::map<int, int> perPod;
    std::vector<std::pair<std::pair<int, int>, NodeId>> order;
    for (NodeId key : groupKeys) {
        const int pod = f.node(groups[key].front()).hints.pod;
        order.push_back({ { perPod[pod]++, pod }, key });
    }
    std::stable_sort(
        order.begin(), order.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    // Dealt round-robin over the groups, each from its first member. Where that puts two GPUs
    // of one host next to each other (their ring hop takes NVLink, not the fabric), dealt
    // again with hosts taking turns within a group (a switch with whole hosts under it), and
    // the k-th group starting at its k-th member (rail-optimised: rail i's first GPU is host
    // 0's GPU i, so every group's first gave host 0's GPUs in a row).
    const auto deal = [&](bool apart) {
        std::vector<NodeId> out;
        out.reserve(endpoints.size());
        for (std::size_t round = 0; out.size() < endpoints.size(); ++round)
            for (std::size_t k = 0; k < order.size(); ++k) {
                const auto &members = groups[order[k].second];
                if (round < members.size())
                    out.push_back(members[(round + (apart ? k : 0)) % members.size()]);
            }
        return out;
    };
    std::vector<NodeId> out = deal(false);
    const auto sameHost = [&](NodeId a, NodeId b) { return f.sameHost(a, b); };
    if (std::adjacent_find(out.begin(), out.end(), sameHost) == out.end())
        return out;
    for (auto &[key, members] : groups) {
        std::unordered_map<NodeId, int> turnOfHost;
        std::vector<std::pair<int, std::size_t>> turns;
        for (std::size_t i = 0; i < members.size(); ++i)
            turns.push_back({ turnOfHost[f.node(members[i]).host]++, i });
        std::stable_sort(turns.begin(), turns.end());
        std::vector<NodeId> byTurn;
        for (const auto &t : turns)
            byTurn.push_back(members[t.second]);
        members = std::move(byTurn);
    }
    out = deal(true);
    return out;
}

} // namespace

std::vector<NodeId> placementOrder(
    const route::Router &router, Placement placement, std::uint64_t seed)
{
    std::vector<NodeId> endpoints = router.graph().endpoints();
    switch (placement) {
    case Placement::Packed:
        // Neighbouring ranks on the same leaf, also where ids follow the order of drawing.
        return metrics::inLocalOrder(router.fabric(), std::move(endpoints));
    case Placement::Spread:
        return spread(router, endpoints);
    case Placement::Random: {
        // Fisher-Yates on mt19937_64: its output is fixed by the standard, so runs repeat
        // on every platform (std::shuffle's algorithm is not).
        std::mt19937_64 rng(route::mix64(seed));
        for (std::size_t i = endpoints.size(); i > 1; --i)
            std::swap(endpoints[i - 1], endpoints[rng() % i]);
        return endpoints;
    }
    }
    return endpoints;
}

bool ranksAreListed(std::string_view spec)
{
    return !spec.empty() && spec != "all"
        && !std::all_of(spec.begin(), spec.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
}

std::vector<NodeId> selectRanks(
    const route::Router &router, std::string_view spec, Placement placement, std::uint64_t seed)
{
    const Fabric &f = router.fabric();
    const std::size_t available = router.graph().endpoints().size();
    if (spec.empty() || spec == "all")
        return placementOrder(router, placement, seed);

    std::size_t count = 0;
    const auto [end, ec] = std::from_chars(spec.data(), spec.data() + spec.size(), count);
    if (ec == std::errc {} && end == spec.data() + spec.size()) {
        // A collective's least is 2 ranks: a count range that allowed 1 was then refused.
        if (available < 2)
            throw UserError("--ranks: a collective needs at least 2 ranks, and the fabric has "
                + units::formatCount(available, "GPU", "GPUs"));
        if (count < 2 || count > available)
            throw UserError("--ranks: a count must be 2 to " + units::formatCount(available)
                + " (the fabric's GPUs), got " + std::string(spec));
        auto order = placementOrder(router, placement, seed);
        order.resize(count);
        return order;
    }

    const NodeNameIndex byName(f);
    std::vector<NodeId> ranks;
    std::unordered_set<NodeId> seen;
    std::size_t pos = 0;
    while (pos <= spec.size()) {
        const std::size_t comma = std::min(spec.find(',', pos), spec.size());
        std::string_view name = spec.substr(pos, comma - pos);
        while (!name.empty() && name.front() == ' ')
            name.remove_prefix(1);
        while (!name.empty() && name.back() == ' ')
            name.remove_suffix(1);
        pos = comma + 1;
        if (name.empty())
            throw UserError("--ranks: empty name in the list; use all, a count or GPU names "
                            "separated by commas");
        const NodeId node = byName.find(name, "--ranks: ");
        if (node == kNoNode)
            throw UserError("--ranks: no node named '" + std::string(name) + "'");
        // A standby spare chip is a gpu node too: "is a gpu, not an endpoint; ranks must be
        // GPUs" said it both ways.
        if (f.node(node).kind == NodeKind::Gpu && f.node(node).standby)
            throw UserError("--ranks: '" + std::string(name)
                + "' is a standby spare chip, not part of the job until it replaces a failed one");
        if (!f.node(node).isEndpoint())
            throw UserError("--ranks: '" + std::string(name) + "' is a "
                + std::string(toString(f.node(node).kind))
                + ", not an endpoint; ranks must be GPUs");
        if (!seen.insert(node).second)
            throw UserError("--ranks: '" + std::string(name) + "' is listed twice");
        ranks.push_back(node);
    }
    return ranks;
}

} // namespace fabric::collective
