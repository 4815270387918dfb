// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "units.h"

#include "asciicase.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>

namespace fabric::units {
namespace {

std::string trimmedNumber(double v)
{
    // A fabric's bisection runs to tens of thousands of Tb/s: grouped, as the counts are.
    if (std::fabs(v) >= 1000 && std::fabs(v) < 1e18)
        return (v < 0 ? "-" : "")
            + formatCount(static_cast<std::uint64_t>(std::llround(std::fabs(v))));
    if (std::fabs(v) >= 100 || v == std::floor(v))
        return formatDecimal(v, 0);
    // Below 0.1, two significant digits: 0.0045 GB/s read "0" with two decimals.
    if (std::fabs(v) < 0.1)
        return formatDecimal(v, std::min(15, 1 - int(std::floor(std::log10(std::fabs(v))))));
    return formatDecimal(v, std::fabs(v) >= 10 ? 1 : 2);
}

/// @p s lower-cased without its spaces: "1 GiB" and "1gib" are the same size.
std::string compactLowered(std::string_view s)
{
    std::string out = asciiLowered(s);
    std::erase_if(out, [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; });
    return out;
}

std::string charsOf(double value, std::chars_format format, int precision)
{
    char buf[400]; // %f of the largest double has 309 digits before the point
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value, format, precision);
    return ec == std::errc() ? std::string(buf, end) : std::string("?");
}

} // namespace

std::string formatFixed(double value, int decimals)
{
    return charsOf(value, std::chars_format::fixed, std::clamp(decimals, 0, 60));
}

std::string formatSignificant(double value, int digits)
{
    return charsOf(value, std::chars_format::general, std::clamp(digits, 1, 17));
}

std::string formatDecimal(double value, int maxDecimals)
{
    std::string s = formatFixed(value, maxDecimals);
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0')
            s.pop_back();
        if (s.back() == '.')
            s.pop_back();
    }
    return s;
}

std::string formatCount(std::uint64_t count)
{
    const std::string digits = std::to_string(count);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out.push_back(',');
        out.push_back(digits[i]);
    }
    return out;
}

namespace {

/// @p s with the digit-group commas of its leading integer ("1,024MiB" -> "1024MiB", as
/// formatBytes writes it); nullopt when a comma is not such a group ("1,5GiB", "1,0000").
std::optional<std::string> withoutDigitGroups(const std::string &s)
{
    const std::size_t integerEnd = s.find_first_not_of("0123456789,");
    const std::string integer = s.substr(0, integerEnd);
    if (integer.find(',') == std::string::npos)
        return s;
    std::size_t groupStart = 0;
    std::string digits;
    for (std::size_t comma = integer.find(','); groupStart <= integer.size();
         comma = integer.find(',', groupStart)) {
        const std::size_t length
            = (comma == std::string::npos ? integer.size() : comma) - groupStart;
        const bool first = groupStart == 0;
        if (first ? (length < 1 || length > 3) : length != 3)
            return std::nullopt;
        digits += integer.substr(groupStart, length);
        if (comma == std::string::npos)
            break;
        groupStart = comma + 1;
    }
    return digits + (integerEnd == std::string::npos ? "" : s.substr(integerEnd));
}

} // namespace

std::string formatCount(std::uint64_t count, std::string_view one, std::string_view many)
{
    return formatCount(count) + " " + std::string(count == 1 ? one : many);
}

std::string unitAfter(double value, std::string_view unit)
{
    // Units of measure are short ("ns") or rates ("Gb/s"); a noun in the plural ends in s.
    const bool pluralNoun
        = unit.size() > 2 && unit.back() == 's' && unit.find('/') == std::string_view::npos;
    return std::string(pluralNoun && value == 1 ? unit.substr(0, unit.size() - 1) : unit);
}

std::optional<double> parseBytes(std::string_view text)
{
    const std::optional<std::string> grouped = withoutDigitGroups(compactLowered(text));
    if (!grouped || grouped->empty())
        return std::nullopt;
    const std::string &s = *grouped;
    double value = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc{} || !std::isfinite(value) || value < 0)
        return std::nullopt;
    std::string_view unit(end, static_cast<std::size_t>(s.data() + s.size() - end));
    struct Suffix { std::string_view name; double factor; };
    // Up to the exabyte, as far as kMaxBytes goes (1 EiB).
    static constexpr std::array<Suffix, 26> kSuffixes { {
        { "", 1 },
        { "b", 1 },
        { "k", 1e3 },
        { "kb", 1e3 },
        { "kib", 1024.0 },
        { "m", 1e6 },
        { "mb", 1e6 },
        { "mib", 1048576.0 },
        { "g", 1e9 },
        { "gb", 1e9 },
        { "gib", 1073741824.0 },
        { "t", 1e12 },
        { "tb", 1e12 },
        { "tib", 1099511627776.0 },
        { "p", 1e15 },
        { "pb", 1e15 },
        { "pib", 1125899906842624.0 },
        { "e", 1e18 },
        { "eb", 1e18 },
        { "eib", 1152921504606846976.0 },
        { "ki", 1024.0 },
        { "mi", 1048576.0 },
        { "gi", 1073741824.0 },
        { "ti", 1099511627776.0 },
        { "pi", 1125899906842624.0 },
        { "ei", 1152921504606846976.0 },
    } };
    for (const auto &suffix : kSuffixes) {
        if (suffix.name == unit) {
            const double bytes = value * suffix.factor;
            // Messages move whole bytes ("1.5" ran a collective of 1.5 B and wrote flows of 1).
            if (bytes > kMaxBytes || bytes != std::floor(bytes))
                return std::nullopt;
            return bytes;
        }
    }
    return std::nullopt;
}

std::string formatBytes(double bytes)
{
    static constexpr std::array<const char *, 7> kNames { "B", "KiB", "MiB", "GiB", "TiB", "PiB",
        "EiB" };
    std::size_t i = 0;
    while (std::fabs(bytes) >= 1024 && i + 1 < kNames.size()) {
        bytes /= 1024;
        ++i;
    }
    return trimmedNumber(bytes) + " " + kNames[i];
}

std::string formatGbps(double gbps)
{
    if (std::fabs(gbps) >= 1000)
        return trimmedNumber(gbps / 1000) + " Tb/s";
    if (std::fabs(gbps) >= 1 || gbps == 0)
        return trimmedNumber(gbps) + " Gb/s";
    return trimmedNumber(gbps * 1000) + " Mb/s";
}

std::string formatSeconds(double seconds)
{
    const double a = std::fabs(seconds);
    if (!std::isfinite(seconds))
        return "n/a";
    if (a == 0)
        return "0 s";
    if (a >= 1e6) { // beyond 11 days, digits past the third say nothing (and 1e300 has 301)
        return formatSignificant(seconds, 3) + " s";
    }
    if (a >= 1)
        return trimmedNumber(seconds) + " s";
    if (a >= 1e-3)
        return trimmedNumber(seconds * 1e3) + " ms";
    if (a >= 1e-6)
        return trimmedNumber(seconds * 1e6) + " \u00b5s";
    if (a >= 1e-9)
        return trimmedNumber(seconds * 1e9) + " ns";
    return trimmedNumber(seconds * 1e12) + " ps"; // a byte's time on a 400 Gb/s link is 20 ps
}

std::string formatGBps(double gigabytesPerSecond)
{
    if (!std::isfinite(gigabytesPerSecond))
        return "n/a";
    return trimmedNumber(gigabytesPerSecond) + " GB/s";
}

std::string formatRatio(double ratio)
{
    if (ratio <= 0)
        return "-";
    return ratio >= 1 ? formatDecimal(ratio, 2) + ":1" : "1:" + formatDecimal(1 / ratio, 2);
}

} // namespace fabric::units
