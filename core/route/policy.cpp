// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy.h"

#include "torus.h"

#include "model/fabric.h"
#include "model/forwardinggraph.h"

#include <array>

namespace fabric::route {
namespace {

constexpr std::array<std::pair<Policy, std::string_view>, 6> kNames { {
    { Policy::Ecmp, "ecmp" },
    { Policy::EcmpPolarized, "ecmp-polarized" },
    { Policy::Static, "static" },
    { Policy::Adaptive, "adaptive" },
    { Policy::Spray, "spray" },
    { Policy::Dor, "dor" },
} };

} // namespace

std::string_view toString(Policy policy)
{
    for (const auto &[p, name] : kNames)
        if (p == policy)
            return name;
    return "ecmp";
}

bool hashes(Policy policy)
{
    return policy == Policy::Ecmp || policy == Policy::EcmpPolarized;
}

bool picksOnePath(Policy policy)
{
    return hashes(policy) || policy == Policy::Static;
}

std::optional<Policy> policyFromString(std::string_view name)
{
    for (const auto &[p, n] : kNames)
        if (n == name)
            return p;
    return std::nullopt;
}

const std::vector<std::string_view> &policyNames()
{
    static const std::vector<std::string_view> names = [] {
        std::vector<std::string_view> v;
        for (const auto &entry : kNames)
            v.push_back(entry.second);
        return v;
    }();
    return names;
}

bool isTorusChip(const Node &node)
{
    return node.kind == NodeKind::Gpu && node.forwards && node.hints.x >= 0;
}

Policy defaultPolicy(const Fabric &fabric)
{
    bool chips = false;
    fabric.forEachNode([&](const Node &n) { chips = chips || isTorusChip(n); });
    // As the router will see it: a lone chip with coordinates is no torus, and the router
    // refused the dor picked for it with "--routing dor needs a torus", naming an option
    // nobody had given.
    return chips && Torus::detect(ForwardingGraph(fabric)) ? Policy::Dor : Policy::Ecmp;
}

} // namespace fabric::route
