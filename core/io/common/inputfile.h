// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>

/// Opening what a user names (a scenario, a lesson, a traffic table) with one clear line when
/// it cannot be read: a folder opened as a stream reads as an internal error otherwise.
namespace fabric::io {

/**
 * Why @p path cannot be opened as an input file ("does not exist", "is a folder, not a file",
 * "cannot be read (permission denied)", "is a symlink loop (...)"), or nothing when it can be
 * tried. The one place these reasons are worded, for every file a user names.
 */
std::optional<std::string> whyNotReadable(const std::filesystem::path &path);

/// No limit on an input file's size: it is read a line at a time (a fabric dump).
inline constexpr std::uintmax_t kAnySize = UINTMAX_MAX;

/**
 * @p path opened for reading, or a UserError "WHAT: 'PATH' is a folder, not a file" (or: does
 * not exist, cannot be opened, is larger than @p maxBytes). @p what names the option or the
 * kind of file ("--scenario"); empty leaves the prefix out.
 */
std::ifstream openInputFile(
    const std::filesystem::path &path, std::string_view what, std::uintmax_t maxBytes = kAnySize);

/// The whole of @p path as text, refused as openInputFile() does, or when it is larger than
/// @p maxBytes (a JSON scenario or lesson is a few kilobytes).
std::string readInputText(
    const std::filesystem::path &path, std::string_view what, std::uintmax_t maxBytes);

} // namespace fabric::io
