// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "paramspecs.h"

#include "model/asciicase.h"
#include "model/error.h"
#include "model/units.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <optional>

namespace fabric::gen {
namespace {

std::string number(double v)
{
    if (v == std::floor(v) && std::fabs(v) < 1e15)
        return std::to_string(static_cast<long long>(v));
    std::string s = std::to_string(v);
    while (s.back() == '0')
        s.pop_back();
    return s;
}

/// The value as the user wrote it: numbers bare, other text quoted.
std::string shown(const nlohmann::json &value)
{
    if (!value.is_string())
        return value.dump();
    const std::string s = value.get<std::string>();
    double ignored = 0;
    if (!s.empty()
        && std::from_chars(s.data(), s.data() + s.size(), ignored).ptr == s.data() + s.size())
        return s;
    return "'" + s + "'";
}

[[noreturn]] void reject(const ParamSpec &spec, const nlohmann::json &value)
{
    rejectParam(spec.key, allowedText(spec), shown(value));
}

/// A number written as text ("8", "8.0", "1e2", "0.5"), as JSON writes one: no sign '+', no
/// spaces, no hexadecimal (strtod took "0x10" for 16 and " 5" for 5, where an integer
/// parameter refused them).
std::optional<double> numberInText(const std::string &text)
{
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc {} || end != text.data() + text.size())
        return std::nullopt;
    return v;
}

nlohmann::json checkedInt(const ParamSpec &spec, const nlohmann::json &value)
{
    long long v = 0;
    if (value.is_number_integer()) {
        v = value.get<long long>();
    } else {
        // A whole number however written: 8.0 in JSON or "8.0" on the command line.
        std::optional<double> d;
        if (value.is_number_float())
            d = value.get<double>();
        else if (value.is_string())
            d = numberInText(value.get<std::string>());
        if (!d || *d != std::floor(*d) || std::fabs(*d) > 1e15)
            reject(spec, value);
        v = static_cast<long long>(*d);
    }
    if (v < spec.min || v > spec.max || v % spec.multipleOf != 0)
        reject(spec, value);
    return static_cast<int>(v);
}

nlohmann::json checkedDouble(const ParamSpec &spec, const nlohmann::json &value)
{
    double v = 0;
    if (value.is_number()) {
        v = value.get<double>();
    } else if (const auto d
        = value.is_string() ? numberInText(value.get<std::string>()) : std::nullopt) {
        v = *d;
    } else {
        reject(spec, value);
    }
    if (!std::isfinite(v) || v < spec.min || v > spec.max)
        reject(spec, value);
    return v;
}

nlohmann::json checkedBool(const ParamSpec &spec, const nlohmann::json &value)
{
    if (value.is_boolean())
        return value;
    if (value.is_string()) {
        const std::string s = asciiLowered(value.get<std::string>());
        if (s == "true" || s == "1" || s == "yes" || s == "on")
            return true;
        if (s == "false" || s == "0" || s == "no" || s == "off")
            return false;
    }
    if (value.is_number_integer() && (value == 0 || value == 1))
        return value == 1;
    reject(spec, value);
}

nlohmann::json checkedChoice(const ParamSpec &spec, const nlohmann::json &value)
{
    if (value.is_string()) {
        const std::string s = asciiLowered(value.get<std::string>());
        for (const std::string &c : spec.choices)
            if (asciiLowered(c) == s)
                return c;
    }
    reject(spec, value);
}

} // namespace

ParamSpec zeroMeaning(ParamSpec spec, std::string meaning)
{
    spec.zeroMeans = std::move(meaning);
    return spec;
}

ParamSpec intParam(std::string key, std::string label, std::string description, int defaultValue,
    int min, int max, std::string unit, int multipleOf)
{
    ParamSpec s;
    s.key = std::move(key);
    s.label = std::move(label);
    s.description = std::move(description);
    s.type = ParamSpec::Type::Int;
    s.defaultValue = defaultValue;
    s.min = min;
    s.max = max;
    s.multipleOf = multipleOf;
    s.unit = std::move(unit);
    return s;
}

ParamSpec doubleParam(std::string key, std::string label, std::string description,
    double defaultValue, double min, double max, std::string unit)
{
    ParamSpec s;
    s.key = std::move(key);
    s.label = std::move(label);
    s.description = std::move(description);
    s.type = ParamSpec::Type::Double;
    s.defaultValue = defaultValue;
    s.min = min;
    s.max = max;
    s.unit = std::move(unit);
    return s;
}

ParamSpec boolParam(std::string key, std::string label, std::string description, bool defaultValue)
{
    ParamSpec s;
    s.key = std::move(key);
    s.label = std::move(label);
    s.description = std::move(description);
    s.type = ParamSpec::Type::Bool;
    s.defaultValue = defaultValue;
    return s;
}

ParamSpec choiceParam(std::string key, std::string label, std::string description,
    std::string defaultValue, std::vector<std::string> choices)
{
    ParamSpec s;
    s.key = std::move(key);
    s.label = std::move(label);
    s.description = std::move(description);
    s.type = ParamSpec::Type::Choice;
    s.defaultValue = std::move(defaultValue);
    s.choices = std::move(choices);
    return s;
}

std::vector<ParamSpec> latencyParams(double switchNs)
{
    return {
        doubleParam("cable_latency_ns", "Cable latency",
            "Latency of every link (propagation of a few metres of cable), in ns.", 50.0, 0.0, 1e6,
            "ns"),
        doubleParam("switch_latency_ns", "Switch latency",
            "Port-to-port forwarding latency added per switch hop, in ns.", switchNs, 0.0, 1e6,
            "ns"),
    };
}

std::string allowedText(const ParamSpec &spec)
{
    switch (spec.type) {
    case ParamSpec::Type::Int: {
        const std::string range = "from " + number(spec.min) + " to " + number(spec.max);
        if (spec.multipleOf == 2)
            return "an even number " + range;
        if (spec.multipleOf > 1)
            return "a multiple of " + std::to_string(spec.multipleOf) + " " + range;
        return "an integer " + range;
    }
    case ParamSpec::Type::Double:
        return "a number from " + number(spec.min) + " to " + number(spec.max);
    case ParamSpec::Type::Bool:
        return "true or false";
    case ParamSpec::Type::Choice: {
        std::string s = "one of ";
        for (std::size_t i = 0; i < spec.choices.size(); ++i)
            s += (i ? ", " : "") + spec.choices[i];
        return s;
    }
    }
    return {};
}

nlohmann::json checkedValue(const ParamSpec &spec, const nlohmann::json &value)
{
    switch (spec.type) {
    case ParamSpec::Type::Int:
        return checkedInt(spec, value);
    case ParamSpec::Type::Double:
        return checkedDouble(spec, value);
    case ParamSpec::Type::Bool:
        return checkedBool(spec, value);
    case ParamSpec::Type::Choice:
        return checkedChoice(spec, value);
    }
    reject(spec, value);
}

void rejectParam(std::string_view key, std::string_view rule, std::string_view got)
{
    throw UserError(
        std::string(key) + ": must be " + std::string(rule) + ", got " + std::string(got));
}

void rejectParam(std::string_view key, std::string_view rule, long long got)
{
    rejectParam(key, rule, std::to_string(got));
}

void checkEndpointLimit(std::string_view key, long long count)
{
    if (count > kMaxEndpoints)
        throw UserError(std::string(key) + ": this would build "
            + units::formatCount(static_cast<std::uint64_t>(count))
            + " endpoints, above the maximum of " + units::formatCount(kMaxEndpoints));
}

void checkLinkLimit(std::string_view key, long long count)
{
    if (count > kMaxLinks)
        throw UserError(std::string(key) + ": this would build "
            + units::formatCount(static_cast<std::uint64_t>(count))
            + " links, above the maximum of " + units::formatCount(kMaxLinks));
}

} // namespace fabric::gen
