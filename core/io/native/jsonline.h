// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

namespace fabric::io {

/// Builds one compact JSON object on one line, fields in the order they are added. Much cheaper
/// than a DOM per node when a file has hundreds of thousands of lines.
class JsonLine
{
public:
    void clear();
    void field(std::string_view key, long long value);
    void field(std::string_view key, int value) { field(key, static_cast<long long>(value)); }
    /// Shortest text that reads back to the same double. Throws for NaN and infinities.
    void field(std::string_view key, double value);
    void field(std::string_view key, bool value);
    void field(std::string_view key, std::string_view value);
    void field(std::string_view key, const char *value) { field(key, std::string_view(value)); }
    /// Inserts @p json (already valid JSON text) as the value.
    void rawField(std::string_view key, std::string_view json);
    /// Closes the object and returns its text (no newline).
    const std::string &finish();

    static void appendNumber(std::string &out, double value);
    static void appendString(std::string &out, std::string_view value);

private:
    void key(std::string_view key);
    std::string mText = "{";
};

} // namespace fabric::io
