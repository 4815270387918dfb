// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsonfields.h"

#include "io/common/cleantext.h"

#include <cmath>

namespace fabric::io {
namespace {

std::string segment(std::string_view key)
{
    return "/" + std::string(key);
}

} // namespace

JsonFields::JsonFields(const nlohmann::json &value)
    : mObject(value)
{
    if (!value.is_object())
        failHere("expected an object, found " + describeType(value));
}

const nlohmann::json *JsonFields::find(std::string_view key) const
{
    const auto it = mObject.find(key);
    return it == mObject.end() ? nullptr : &*it;
}

void JsonFields::fail(std::string_view key, const std::string &message) const
{
    throw JsonFaultError({segment(key), message});
}

void JsonFields::failHere(const std::string &message)
{
    throw JsonFaultError({std::string(), message});
}

std::string JsonFields::describeType(const nlohmann::json &v)
{
    switch (v.type()) {
    case nlohmann::json::value_t::null:
        return "null";
    case nlohmann::json::value_t::object:
        return "an object";
    case nlohmann::json::value_t::array:
        return "an array";
    case nlohmann::json::value_t::string:
        return "a string";
    case nlohmann::json::value_t::boolean:
        return "a boolean";
    case nlohmann::json::value_t::number_float:
        return "the number " + shortNumber(v.get<double>());
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
        return "the integer " + v.dump();
    default:
        return "a " + std::string(v.type_name());
    }
}

void JsonFields::allowOnly(std::initializer_list<std::string_view> allowed) const
{
    for (auto it = mObject.begin(); it != mObject.end(); ++it) {
        bool known = false;
        for (std::string_view a : allowed)
            known = known || it.key() == a;
        if (known)
            continue;
        std::string list;
        for (std::string_view a : allowed)
            list += (list.empty() ? "" : ", ") + std::string(a);
        fail(it.key(), "unknown field (allowed: " + list + ")");
    }
}

const nlohmann::json &JsonFields::required(std::string_view key) const
{
    const nlohmann::json *v = find(key);
    if (!v)
        fail(key, "missing");
    return *v;
}

long long JsonFields::integerAt(const nlohmann::json &v, long long min, long long max)
{
    auto range = [&] {
        return " (allowed " + std::to_string(min) + " to " + std::to_string(max) + ")";
    };
    if (!v.is_number_integer())
        failHere("expected an integer" + range() + ", found " + describeType(v));
    if (v.is_number_unsigned() && v.get<unsigned long long>() > static_cast<unsigned long long>(max))
        failHere(v.dump() + " is out of range" + range());
    const long long value = v.get<long long>();
    if (value < min || value > max)
        failHere(std::to_string(value) + " is out of range" + range());
    return value;
}

double JsonFields::numberAt(const nlohmann::json &v, double min, bool exclusiveMin, double max)
{
    if (!v.is_number())
        failHere("expected a number, found " + describeType(v));
    const double value = v.get<double>();
    if (!std::isfinite(value))
        failHere("not a finite number");
    if (exclusiveMin ? !(value > min) : !(value >= min))
        failHere("must be " + std::string(exclusiveMin ? "greater than " : "at least ")
            + shortNumber(min) + " (found " + numberBeside(value, min) + ")");
    if (value > max)
        failHere(
            "must be at most " + shortNumber(max) + " (found " + numberBeside(value, max) + ")");
    return value;
}

long long JsonFields::integer(std::string_view key, long long min, long long max) const
{
    const nlohmann::json &v = required(key);
    return within([&] { return segment(key); }, [&] { return integerAt(v, min, max); });
}

long long JsonFields::integer(std::string_view key, long long min, long long max,
                              long long fallback) const
{
    const nlohmann::json *v = find(key);
    return v ? within([&] { return segment(key); }, [&] { return integerAt(*v, min, max); })
             : fallback;
}

double JsonFields::number(std::string_view key, double min, bool exclusiveMin, double max) const
{
    const nlohmann::json &v = required(key);
    return within([&] { return segment(key); },
                  [&] { return numberAt(v, min, exclusiveMin, max); });
}

double JsonFields::number(std::string_view key, double min, bool exclusiveMin, double max,
                          double fallback) const
{
    const nlohmann::json *v = find(key);
    return v ? within([&] { return segment(key); },
                      [&] { return numberAt(*v, min, exclusiveMin, max); })
             : fallback;
}

bool JsonFields::boolean(std::string_view key, bool fallback) const
{
    const nlohmann::json *v = find(key);
    if (!v)
        return fallback;
    if (!v->is_boolean())
        fail(key, "expected true or false, found " + describeType(*v));
    return v->get<bool>();
}

std::string JsonFields::string(std::string_view key) const
{
    const nlohmann::json &v = required(key);
    if (!v.is_string())
        fail(key, "expected a string, found " + describeType(v));
    return v.get<std::string>();
}

std::string JsonFields::string(std::string_view key, std::string fallback) const
{
    return find(key) ? string(key) : fallback;
}

} // namespace fabric::io
