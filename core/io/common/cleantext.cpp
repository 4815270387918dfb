// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cleantext.h"

#include "model/units.h"

#include <charconv>
#include <istream>

namespace fabric::io {
namespace {

constexpr std::string_view kEllipsis = "...";

constexpr char kHex[] = "0123456789abcdef";

std::string hexByte(unsigned char c)
{
    return {kHex[c >> 4], kHex[c & 15]};
}

// One input byte as output text: itself, or an escape.
std::string shown(unsigned char c)
{
    switch (c) {
    case '\n':
        return "\\n";
    case '\r':
        return "\\r";
    case '\t':
        return "\\t";
    default:
        break;
    }
    if (c < 0x20 || c == 0x7f)
        return "\\x" + hexByte(c);
    return std::string(1, static_cast<char>(c));
}

// C1 controls (U+0080..U+009F, UTF-8 C2 80..C2 9F) act like ESC on some terminals.
bool isC1(std::string_view text, std::size_t i)
{
    return static_cast<unsigned char>(text[i]) == 0xc2 && i + 1 < text.size()
        && static_cast<unsigned char>(text[i + 1]) >= 0x80
        && static_cast<unsigned char>(text[i + 1]) <= 0x9f;
}

} // namespace

std::string escapedText(std::string_view text, std::size_t max)
{
    if (max < kEllipsis.size())
        max = kEllipsis.size();
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        std::string piece;
        std::size_t used = 1;
        if (isC1(text, i)) {
            piece = "\\u00" + hexByte(static_cast<unsigned char>(text[i + 1]));
            used = 2;
        } else {
            piece = shown(static_cast<unsigned char>(text[i]));
            // Keep a multi-byte character whole: take its continuation bytes with it.
            while ((static_cast<unsigned char>(text[i]) & 0xc0) == 0xc0 && i + used < text.size()
                   && (static_cast<unsigned char>(text[i + used]) & 0xc0) == 0x80 && used < 4)
                piece.push_back(text[i + used++]);
        }
        if (out.size() + piece.size() > max - kEllipsis.size()
            && (i + used < text.size() || out.size() + piece.size() > max)) {
            out += kEllipsis;
            return out;
        }
        out += piece;
        i += used - 1;
    }
    return out;
}

std::string quotedInput(std::string_view input)
{
    return "'" + escapedText(input, kMaxQuoted) + "'";
}

std::string oneLine(std::string_view message)
{
    // The start says which command, file and fault, the end what is allowed or the limit: a
    // long line loses its middle.
    const std::string all = escapedText(message, message.size() * 4 + kEllipsis.size());
    if (all.size() <= kMaxErrorLine)
        return all;
    const std::size_t headBytes = kMaxErrorLine * 2 / 3;
    std::size_t tail = all.size() - (kMaxErrorLine - headBytes - kEllipsis.size());
    while (tail < all.size() && (static_cast<unsigned char>(all[tail]) & 0xc0) == 0x80)
        ++tail;
    std::size_t head = headBytes;
    while (head > 0 && (static_cast<unsigned char>(all[head]) & 0xc0) == 0x80)
        --head;
    return all.substr(0, head) + std::string(kEllipsis) + all.substr(tail);
}

void skipBom(std::istream &in)
{
    constexpr std::string_view kBom = "\xEF\xBB\xBF";
    for (std::size_t i = 0; i < kBom.size(); ++i) {
        if (in.peek() != static_cast<unsigned char>(kBom[i])) {
            // Not a BOM after all: give back what was taken (at most two bytes).
            for (std::size_t j = 0; j < i; ++j)
                in.unget();
            return;
        }
        in.get();
    }
}

std::size_t bomLength(std::string_view head)
{
    return head.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
}

std::optional<std::size_t> binaryOffset(std::string_view head)
{
    for (std::size_t i = 0; i < head.size(); ++i) {
        const auto c = static_cast<unsigned char>(head[i]);
        if (c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f' && c != 0x1b)
            return i;
    }
    return std::nullopt;
}

std::string shortNumber(double value)
{
    return units::formatSignificant(value, 6);
}

std::string numberBeside(double value, double limit)
{
    std::string text = shortNumber(value);
    if (value != limit && text == shortNumber(limit)) {
        char buf[64];
        const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
        if (ec == std::errc {})
            text.assign(buf, end);
    }
    return text;
}

std::string_view trimmed(std::string_view text, std::string_view space)
{
    const auto first = text.find_first_not_of(space);
    if (first == std::string_view::npos)
        return {};
    return text.substr(first, text.find_last_not_of(space) - first + 1);
}

} // namespace fabric::io
