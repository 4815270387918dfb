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
    std::string path;
    std::string message;
};

/// Thrown by JsonFields; the reader adds the file name and turns it into a UserError.
class JsonFaultError : public std::runtime_error
{
public:
    explicit JsonFaultError(JsonFault fault)
        : std::runtime_error(fault.path + ": " + fault.message)
        , m_fault(std::move(fault))
    {}
    const JsonFault &fault() const { return m_fault; }

private:
    JsonFault m_fault;
};

/**
 * Typed, range-checked access to the fields of one JSON object at a JSON path. Every failure
 * throws JsonFaultError with the path of the field and a message that states what is allowed.
 */
class JsonFields
{
public:
    /// Throws when @p value is not an object.
    JsonFields(const nlohmann::json &value, std::string path);

    const std::string &path() const { return m_path; }
    std::string pathOf(std::string_view key) const;
    /// The field, or nullptr when absent.
    const nlohmann::json *find(std::string_view key) const;
    [[noreturn]] void fail(std::string_view key, const std::string &message) const;

    /// Rejects keys not in @p allowed.
    void allowOnly(std::initializer_list<std::string_view> allowed) const;

    long long integer(std::string_view key, long long min, long long max) const;
    long long integer(std::string_view key, long long min, long long max, long long fallback) const;
    /// A finite number >= @p min (> @p min when @p exclusiveMin).
    double number(std::string_view key, double min, bool exclusiveMin) const;
    double number(std::string_view key, double min, bool exclusiveMin, double fallback) const;
    bool boolean(std::string_view key, bool fallback) const;
    std::string string(std::string_view key) const;
    std::string string(std::string_view key, std::string fallback) const;

    /// Checks a value found elsewhere (array elements); @p path is its own path.
    static long long integerAt(const nlohmann::json &v, const std::string &path, long long min,
                               long long max);
    static double numberAt(const nlohmann::json &v, const std::string &path, double min,
                           bool exclusiveMin);
    [[noreturn]] static void failAt(const std::string &path, const std::string &message);
    /// "a string", "an array", ... for "expected X, found Y" messages.
    static std::string describeType(const nlohmann::json &v);

private:
    const nlohmann::json &required(std::string_view key) const;

    const nlohmann::json &m_object;
    std::string m_path;
};

} // namespace fabric::io
