// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy.h"

#include "model/fabric.h"

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
    bool torus = false;
    fabric.forEachNode([&](const Node &n) { torus = torus || isTorusChip(n); });
    return torus ? Policy::Dor : Policy::Ecmp;
}

} // namespace fabric::route
