// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A validator for the part of JSON Schema (draft 2020-12) that docs/report-schema.json uses:
// type (one or a list), enum, properties, required, additionalProperties (true or false),
// items, minItems, maxItems, minimum, maximum, exclusiveMinimum, $ref to "#/$defs/NAME", and the
// annotations $schema, $id, title and description. Any other keyword is an error, so the schema
// cannot grow a rule that this validator would silently skip.

#include <nlohmann/json.hpp>

#include <cmath>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace fabric::testing {

class JsonSchema
{
public:
    explicit JsonSchema(nlohmann::json schema) : mRoot(std::move(schema)) {}

    /// Every place where @p doc breaks the schema, as "JSON pointer: what"; empty when it fits.
    /// Throws std::invalid_argument for a schema keyword outside the supported subset.
    std::vector<std::string> errors(const nlohmann::json &doc) const
    {
        std::vector<std::string> out;
        check(mRoot, doc, "", out);
        return out;
    }

private:
    static bool hasType(const nlohmann::json &v, const std::string &type)
    {
        if (type == "object")
            return v.is_object();
        if (type == "array")
            return v.is_array();
        if (type == "string")
            return v.is_string();
        if (type == "boolean")
            return v.is_boolean();
        if (type == "null")
            return v.is_null();
        if (type == "number")
            return v.is_number();
        if (type == "integer")
            return v.is_number_integer()
                || (v.is_number_float() && std::floor(v.get<double>()) == v.get<double>());
        throw std::invalid_argument("schema: unknown type '" + type + "'");
    }

    const nlohmann::json &resolve(const std::string &ref) const
    {
        const std::string prefix = "#/$defs/";
        if (ref.rfind(prefix, 0) != 0 || !mRoot.contains("$defs")
            || !mRoot["$defs"].contains(ref.substr(prefix.size())))
            throw std::invalid_argument("schema: cannot resolve $ref '" + ref + "'");
        return mRoot["$defs"][ref.substr(prefix.size())];
    }

    void check(const nlohmann::json &schema, const nlohmann::json &v, const std::string &at,
               std::vector<std::string> &out) const
    {
        static const std::set<std::string> known = {
            "$schema", "$id", "title", "description", "$defs", "$ref", "type", "enum",
            "properties", "required", "additionalProperties", "items", "minItems", "maxItems",
            "minimum", "maximum", "exclusiveMinimum"};
        for (const auto &[key, value] : schema.items())
            if (!known.count(key))
                throw std::invalid_argument("schema: keyword '" + key + "' at " + at
                                            + " is outside the validator's subset");
        const std::string where = at.empty() ? "/" : at;
        if (schema.contains("$ref"))
            check(resolve(schema["$ref"].get<std::string>()), v, at, out);
        if (schema.contains("type")) {
            const nlohmann::json &t = schema["type"];
            bool ok = false;
            for (const auto &one : t.is_array() ? t : nlohmann::json::array({t}))
                ok = ok || hasType(v, one.get<std::string>());
            if (!ok) {
                out.push_back(where + ": " + v.type_name() + " is not of type " + t.dump());
                return;
            }
        }
        if (schema.contains("enum")) {
            bool found = false;
            for (const auto &e : schema["enum"])
                found = found || e == v;
            if (!found)
                out.push_back(where + ": " + v.dump() + " is not one of " + schema["enum"].dump());
        }
        if (v.is_number()) {
            const double x = v.get<double>();
            if (schema.contains("minimum") && x < schema["minimum"].get<double>())
                out.push_back(where + ": " + v.dump() + " is below the minimum");
            if (schema.contains("maximum") && x > schema["maximum"].get<double>())
                out.push_back(where + ": " + v.dump() + " is above the maximum");
            if (schema.contains("exclusiveMinimum") && x <= schema["exclusiveMinimum"].get<double>())
                out.push_back(where + ": " + v.dump() + " is not above the exclusive minimum");
        }
        if (v.is_object()) {
            for (const auto &key : schema.value("required", nlohmann::json::array()))
                if (!v.contains(key.get<std::string>()))
                    out.push_back(where + ": required key '" + key.get<std::string>()
                                  + "' is missing");
            const nlohmann::json properties = schema.value("properties", nlohmann::json::object());
            const bool extra = schema.value("additionalProperties", true);
            for (const auto &[key, value] : v.items()) {
                if (properties.contains(key))
                    check(properties[key], value, at + "/" + key, out);
                else if (!extra)
                    out.push_back(where + ": key '" + key + "' is not in the schema");
            }
        }
        if (v.is_array()) {
            if (schema.contains("minItems") && v.size() < schema["minItems"].get<std::size_t>())
                out.push_back(where + ": fewer items than minItems");
            if (schema.contains("maxItems") && v.size() > schema["maxItems"].get<std::size_t>())
                out.push_back(where + ": more items than maxItems");
            if (schema.contains("items"))
                for (std::size_t i = 0; i < v.size(); ++i)
                    check(schema["items"], v[i], at + "/" + std::to_string(i), out);
        }
    }

    nlohmann::json mRoot;
};

} // namespace fabric::testing
