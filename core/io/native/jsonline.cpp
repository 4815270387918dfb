// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsonline.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>
#include <stdexcept>

namespace fabric::io {

void JsonLine::clear()
{
    mText.assign("{");
}

void JsonLine::key(std::string_view key)
{
    if (mText.size() > 1)
        mText.push_back(',');
    appendString(mText, key);
    mText.push_back(':');
}

void JsonLine::field(std::string_view k, long long value)
{
    key(k);
    char buf[24];
    const auto result = std::to_chars(buf, buf + sizeof buf, value);
    mText.append(buf, result.ptr);
}

void JsonLine::field(std::string_view k, double value)
{
    key(k);
    appendNumber(mText, value);
}

void JsonLine::field(std::string_view k, bool value)
{
    key(k);
    mText.append(value ? "true" : "false");
}

void JsonLine::field(std::string_view k, std::string_view value)
{
    key(k);
    appendString(mText, value);
}

void JsonLine::rawField(std::string_view k, std::string_view json)
{
    key(k);
    mText.append(json);
}

const std::string &JsonLine::finish()
{
    mText.push_back('}');
    return mText;
}

void JsonLine::appendNumber(std::string &out, double value)
{
    if (!std::isfinite(value))
        throw std::invalid_argument("a number that is not finite");
    char buf[32];
    const auto result = std::to_chars(buf, buf + sizeof buf, value);
    out.append(buf, result.ptr);
}

void JsonLine::appendString(std::string &out, std::string_view value)
{
    bool plain = true;
    for (char c : value) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u >= 0x80 || c == '"' || c == '\\') {
            plain = false;
            break;
        }
    }
    if (plain) {
        out.push_back('"');
        out.append(value);
        out.push_back('"');
        return;
    }
    // Escapes and UTF-8 checks are nlohmann's; invalid bytes become U+FFFD rather than a file
    // that cannot be read back.
    out.append(nlohmann::json(std::string(value))
                   .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

} // namespace fabric::io
