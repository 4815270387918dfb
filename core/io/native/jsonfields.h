// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <nlohmann/json.hpp>

#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>

namespace fabric::io {

/// A fault in a JSON document: where (a JSON pointer) and what.
struct JsonFault
{
    std::string path; ///< "" is the value itself, shown as "/".
    std::string message;
};

/// Thrown by JsonFields with a path relative to the value being read; callers prepend their
/// own part with under() as the error travels up, so no path is built unless something fails.
class JsonFaultError : public std::runtime_error
{
public:
    explicit JsonFaultError(JsonFault fault)
        : std::runtime_error((fault.path.empty() ? "/" : fault.path) + ": " + fault.message)
        , mFault(std::move(fault))
    {}
    const JsonFault &fault() const { return mFault; }
    /// The same fault seen from the parent: @p segment ("/links/12") goes in front.
    JsonFaultError under(std::string_view segment) const
    {
        return JsonFaultError({std::string(segment) + mFault.path, mFault.message});
    }

private:
    JsonFault mFault;
};

/// Runs @p f; a JsonFaultError from it is rethrown under @p segment (built only then).
template<typename F, typename Segment> auto within(Segment &&segment, F &&f)
{
    try {
        return f();
    } catch (const JsonFaultError &e) {
        throw e.under(segment());
    }
}

/**
 * Typed, range-checked access to the fields of one JSON object. Every failure throws
 * JsonFaultError with the path of the field relative to the object and a message that states
 * what is allowed.
 */
class JsonFields
{
public:
    /// Throws when @p value is not an object.
    explicit JsonFields(const nlohmann::json &value);

    /// The field, or nullptr when absent.
    const nlohmann::json *find(std::string_view key) const;
    [[noreturn]] void fail(std::string_view key, const std::string &message) const;

    /// Rejects keys not in @p allowed.
    void allowOnly(std::initializer_list<std::string_view> allowed) const;

    long long integer(std::string_view key, long long min, long long max) const;
    long long integer(std::string_view key, long long min, long long max, long long fallback) const;
    /// A finite number >= @p min (> @p min when @p exclusiveMin) and <= @p max.
    double number(std::string_view key, double min, bool exclusiveMin, double max) const;
    double number(std::string_view key, double min, bool exclusiveMin, double max,
                  double fallback) const;
    bool boolean(std::string_view key, bool fallback) const;
    std::string string(std::string_view key) const;
    std::string string(std::string_view key, std::string fallback) const;

    /// Checks a value itself (faults have the empty path: wrap them with within()).
    static long long integerAt(const nlohmann::json &v, long long min, long long max);
    static double numberAt(const nlohmann::json &v, double min, bool exclusiveMin, double max);
    [[noreturn]] static void failHere(const std::string &message);
    /// "a string", "an array", "the integer 3" for "expected X, found Y" messages.
    static std::string describeType(const nlohmann::json &v);

private:
    const nlohmann::json &required(std::string_view key) const;

    const nlohmann::json &mObject;
};

} // namespace fabric::io
