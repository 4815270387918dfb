// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "textutil.h"

#include <charconv>

namespace fabric::io {

std::string xmlEscaped(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        // As references: raw in an attribute (draw.io's names), XML reads them as blanks.
        case '\t':
            out += "&#9;";
            break;
        case '\n':
            out += "&#10;";
            break;
        default:
            if (static_cast<unsigned char>(c) >= 0x20)
                out.push_back(c);
        }
        // U+FFFE and U+FFFF (EF BF BE, EF BF BF in UTF-8) are no XML characters either.
        const std::size_t n = out.size();
        if (n >= 3 && out.compare(n - 3, 2, "\xEF\xBF") == 0
            && (out[n - 1] == '\xBE' || out[n - 1] == '\xBF'))
            out.resize(n - 3);
    }
    return out;
}

std::string oneWord(std::string_view text, bool (*split)(char))
{
    std::string word;
    for (const char c : text) {
        if (!split(c))
            word += c;
        else if (!word.empty() && word.back() != '_')
            word += '_';
    }
    while (!word.empty() && word.back() == '_')
        word.pop_back();
    return word;
}

std::string shortestNumber(double v)
{
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

std::string plainNumber(double v)
{
    char buf[400]; // a double written out in full takes up to 309 digits before the point
    const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed);
    return r.ec == std::errc() ? std::string(buf, r.ptr) : shortestNumber(v);
}

std::string_view mediumColour(Medium medium)
{
    switch (medium) {
    case Medium::NvLink:
        return "#009E73";
    case Medium::InfiniBand:
        return "#0072B2";
    case Medium::Ethernet:
        return "#E69F00";
    case Medium::Ici:
        return "#CC79A7";
    case Medium::Optical:
        return "#D55E00";
    }
    return "#000000";
}

std::string metadataText(const nlohmann::json &metadata, const char *key, std::string fallback)
{
    const auto it = metadata.is_object() ? metadata.find(key) : metadata.end();
    return it != metadata.end() && it->is_string() ? it->get<std::string>() : fallback;
}

} // namespace fabric::io
