// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

/// Text hygiene for what comes in (files) and what goes out (error lines on a terminal).
namespace fabric::io {

/// Longest error line the CLI prints, in bytes; longer ones are cut with "...". Room for the
/// command, a shortened file name and the longest list of allowed names (a generator family's
/// parameters, about 190 bytes).
inline constexpr std::size_t kMaxErrorLine = 300;
/// Longest piece of input an error message quotes.
inline constexpr std::size_t kMaxQuoted = 40;

/// @p text with control characters (C0, DEL, C1, ESC sequences) written as \n, \t, \xNN, so
/// input cannot move the cursor or recolour a terminal; cut to @p max bytes with "..." (never
/// inside a UTF-8 character or an escape).
std::string escapedText(std::string_view text, std::size_t max);

/// Input quoted in a message: escapedText() cut to kMaxQuoted, in single quotes.
std::string quotedInput(std::string_view input);

/// An error message as the one line the CLI prints: escaped, and cut to kMaxErrorLine by
/// dropping its middle (the file at the start and the fault at the end stay).
std::string oneLine(std::string_view message);

/// @p value as messages show numbers: six significant digits, as printf's "%g" ("1e+06").
std::string shortNumber(double value);

/// @p value as a message shows it beside @p limit: short ("1e+06"), or with every digit it
/// needs where the short form would read as the limit ("must be at most 1e+06 (found
/// 1000000.5)", not "(found 1e+06)").
std::string numberBeside(double value, double limit);

/// ASCII white space: what the readers trim around fields. (Exactly XML's white space; a
/// line-based reader's line holds no '\n', and std::isspace would depend on the C locale.)
inline constexpr std::string_view kWhiteSpace = " \t\r\n";

/// @p text without the characters of @p space at either end.
std::string_view trimmed(std::string_view text, std::string_view space = kWhiteSpace);

/// Consumes a UTF-8 byte order mark at the current position of @p in, if there is one, so a
/// line-based reader does not see it inside its first field.
void skipBom(std::istream &in);

/// The number of bytes of a UTF-8 byte order mark at the start of @p head (3), else 0.
std::size_t bomLength(std::string_view head);

/// The offset of the first byte in @p head that no text file holds (NUL, or most C0 controls),
/// or nullopt for text.
std::optional<std::size_t> binaryOffset(std::string_view head);

} // namespace fabric::io
