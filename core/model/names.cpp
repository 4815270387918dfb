// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// String forms of the model's enums: the names the file format and the CLI use.
#include "enumnames.h"
#include "link.h"
#include "node.h"

#include <array>

namespace fabric {
namespace {

/// "?" for a value out of its table (a corrupted enum), so a message still reads.
template<typename E, std::size_t N>
std::string_view nameOrUnknown(const EnumNames<E, N> &table, E value)
{
    const std::string_view name = nameIn(table, value);
    return name.empty() ? std::string_view("?") : name;
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

std::string_view toString(NodeKind kind) { return nameOrUnknown(kKinds, kind); }
std::string_view toString(SwitchRole role) { return nameOrUnknown(kRoles, role); }
std::string_view toString(Medium medium) { return nameOrUnknown(kMedia, medium); }
std::optional<NodeKind> nodeKindFromString(std::string_view s) { return valueIn(kKinds, s); }
std::optional<SwitchRole> switchRoleFromString(std::string_view s) { return valueIn(kRoles, s); }
std::optional<Medium> mediumFromString(std::string_view s) { return valueIn(kMedia, s); }

} // namespace fabric
