// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>

namespace fabric {

/// An enum's names as the file formats and the CLI spell them: (value, name) pairs.
template<typename E, std::size_t N>
using EnumNames = std::array<std::pair<E, std::string_view>, N>;

/// The name of @p value in @p table; empty when it has none.
template<typename E, std::size_t N>
constexpr std::string_view nameIn(const EnumNames<E, N> &table, E value)
{
    for (const auto &[v, name] : table)
        if (v == value)
            return name;
    return {};
}

/// The value named @p name in @p table; nullopt when no value has that name.
template<typename E, std::size_t N>
constexpr std::optional<E> valueIn(const EnumNames<E, N> &table, std::string_view name)
{
    for (const auto &[v, n] : table)
        if (n == name)
            return v;
    return std::nullopt;
}

} // namespace fabric
