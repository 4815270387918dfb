// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/common/cleantext.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace fabric::cli {

/// Characters @p text shows on a terminal: its UTF-8 code points. std::setw counts bytes, so
/// "348 µs" (7 bytes, 6 characters) pushed the rest of its row one column right.
inline std::size_t shownWidth(std::string_view text)
{
    std::size_t n = 0;
    for (const char c : text)
        n += (static_cast<unsigned char>(c) & 0xC0) != 0x80; // not a continuation byte
    return n;
}

/// Text from a file (a node name, a generator family) as standard output shows it: control
/// characters written as \x1b, \n..., so a name cannot clear or recolour the terminal, and cut
/// to @p max bytes.
inline std::string terminalText(std::string_view text, std::size_t max = 200)
{
    return io::escapedText(text, max);
}

/// @p text followed by spaces up to @p columns characters (at least one space after it).
inline std::string padded(std::string_view text, std::size_t columns)
{
    const std::size_t shown = shownWidth(text);
    return std::string(text) + std::string(shown < columns ? columns - shown : 1, ' ');
}

} // namespace fabric::cli
