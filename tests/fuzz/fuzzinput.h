// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the libFuzzer harnesses share: the input as a stream, and the rule that a refusal
// (fabric::UserError, one clean line for the user) is the expected answer to bad input, while
// any other exception escapes to libFuzzer and counts as a finding.

#include "model/error.h"

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace fabric::fuzz {

inline std::string_view asText(const std::uint8_t *data, std::size_t size)
{
    return {reinterpret_cast<const char *>(data), size};
}

/// @p text cut at each @p separator line into at most @p parts pieces (the last takes the rest),
/// so one fuzz input can carry a main file and its side files.
inline std::vector<std::string> splitParts(std::string_view text, std::string_view separator,
                                           std::size_t parts)
{
    std::vector<std::string> out;
    while (out.size() + 1 < parts) {
        const std::size_t at = text.find(separator);
        if (at == std::string_view::npos)
            break;
        out.emplace_back(text.substr(0, at));
        text.remove_prefix(at + separator.size());
    }
    out.emplace_back(text);
    return out;
}

/// Runs @p f; a UserError is a correct refusal and is swallowed.
template<typename F> void refusalIsFine(F &&f)
{
    try {
        f();
    } catch (const UserError &) {
    }
}

} // namespace fabric::fuzz
