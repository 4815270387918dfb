// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/link.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

/// Small text helpers the writers of several formats share (XML-based and line-based ones).
namespace fabric::io {

/// @p s with & < > " escaped for XML text and attribute values, and tab and newline written as
/// character references (an attribute keeps them only so); other control characters, and the
/// non-characters U+FFFE and U+FFFF, are dropped because XML 1.0 cannot hold them.
std::string xmlEscaped(std::string_view s);

/// @p text with each run of the characters @p split accepts made one '_', none at either end
/// ("A100 80GB" -> "A100_80GB"): one word to a reader that splits its lines at them.
std::string oneWord(std::string_view text, bool (*split)(char));

/// The shortest text that reads back as exactly @p v ("400", "0.5", "1e-06").
std::string shortestNumber(double v);
/// The same without an exponent ("1000000", "0.000001"), for readers that take no "1e+06":
/// Graphviz numerals, ns-3's DataRate.
std::string plainNumber(double v);

/// The colour a medium is drawn in by exports (Okabe-Ito: distinguishable with the common
/// colour-vision deficiencies), as "#RRGGBB".
std::string_view mediumColour(Medium medium);

/// The string @p metadata holds under @p key, or @p fallback when it holds none (or not text).
std::string metadataText(const nlohmann::json &metadata, const char *key, std::string fallback);

} // namespace fabric::io
