// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// String forms of the model's enums: the names the file format and the CLI use.
#include "link.h"
#include "node.h"

#include <array>

namespace fabric {
namespace {

template<typename E, std::size_t N>
std::optional<E> lookup(const std::array<std::pair<E, std::string_view>, N> &table,
                        std::string_view s)
{
    for (const auto &[e, name] : table)
        if (name == s)
            return e;
    return std::nullopt;
}

template<typename E, std::size_t N>
std::string_view nameOf(const std::array<std::pair<E, std::string_view>, N> &table, E e)
{
    for (const auto &[value, name] : table)
        if (value == e)
            return name;
    return "?";
}

constexpr std::array<std::pair<NodeKind, std::string_view>, 4> kKinds{{
    {NodeKind::Gpu, "gpu"},
    {NodeKind::Host, "host"},
    {NodeKind::Switch, "switch"},
    {NodeKind::Ocs, "ocs"},
}};

constexpr std::array<std::pair<SwitchRole, std::string_view>, 5> kRoles{{
    {SwitchRole::None, "none"},
    {SwitchRole::Leaf, "leaf"},
    {SwitchRole::Spine, "spine"},
    {SwitchRole::Core, "core"},
    {SwitchRole::Router, "router"},
}};

constexpr std::array<std::pair<Medium, std::string_view>, 5> kMedia{{
    {Medium::NvLink, "nvlink"},
    {Medium::InfiniBand, "infiniband"},
    {Medium::Ethernet, "ethernet"},
    {Medium::Ici, "ici"},
    {Medium::Optical, "optical"},
}};

} // namespace

std::string_view toString(NodeKind kind) { return nameOf(kKinds, kind); }
std::string_view toString(SwitchRole role) { return nameOf(kRoles, role); }
std::string_view toString(Medium medium) { return nameOf(kMedia, medium); }
std::optional<NodeKind> nodeKindFromString(std::string_view s) { return lookup(kKinds, s); }
std::optional<SwitchRole> switchRoleFromString(std::string_view s) { return lookup(kRoles, s); }
std::optional<Medium> mediumFromString(std::string_view s) { return lookup(kMedia, s); }

} // namespace fabric
