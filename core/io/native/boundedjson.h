// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace fabric::io {

/**
 * Parses JSON text that came from outside (a scenario file, the JSON a GraphML attribute holds)
 * with the native reader's limits on nesting depth and string length, so a hostile document
 * cannot exhaust the stack or memory of whatever walks it later. Throws UserError
 * "@p what: ..." naming the JSON pointer of the fault. @p levelsBelowRoot: how deep the
 * document will sit in a native file (1 for its metadata, 2 for its generator's params), so
 * what is read here can be saved and read again.
 */
nlohmann::json parseBoundedJson(
    std::string_view text, const std::string &what, int levelsBelowRoot = 0);

/// Throws UserError "@p what: line L, column C: a NUL byte ..." when @p text holds one: the
/// JSON parser takes it for the end of the text, so whatever followed was read as nothing.
void refuseNul(std::string_view text, const std::string &what);

/// nlohmann's parse error as the end of a one-line message: "not valid JSON (truncated?): ...".
std::string describeJsonParseError(const nlohmann::json::exception &e);

} // namespace fabric::io
