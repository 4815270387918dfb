// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "registry.h"

#include "familydef.h"
#include "paramspecs.h"

#include "model/error.h"

namespace fabric::gen {
namespace {

const std::vector<FamilyDef> &definitions()
{
    static const std::vector<FamilyDef> defs = {
        ibFatTreeFamily(),
        roceClosFamily(),
        hpnFamily(),
        tpuTorusFamily(),
        dragonflyFamily(),
    };
    return defs;
}

const FamilyDef &definition(std::string_view name)
{
    for (const FamilyDef &d : definitions())
        if (d.info.name == name)
            return d;
    std::string known;
    for (const FamilyDef &d : definitions())
        known += (known.empty() ? "" : ", ") + d.info.name;
    throw UserError("unknown fabric family '" + std::string(name) + "'; known: " + known);
}

const ParamSpec *findSpec(const FamilyInfo &family, const std::string &key)
{
    for (const ParamSpec &s : family.params)
        if (s.key == key)
            return &s;
    return nullptr;
}

} // namespace

const std::vector<FamilyInfo> &families()
{
    static const std::vector<FamilyInfo> infos = [] {
        std::vector<FamilyInfo> v;
        for (const FamilyDef &d : definitions())
            v.push_back(d.info);
        return v;
    }();
    return infos;
}

const FamilyInfo *findFamily(std::string_view name)
{
    for (const FamilyInfo &f : families())
        if (f.name == name)
            return &f;
    return nullptr;
}

nlohmann::json resolveParams(const FamilyInfo &family, const nlohmann::json &params)
{
    if (!params.is_null() && !params.is_object())
        throw UserError(family.name + ": parameters must be a JSON object of KEY: value");
    nlohmann::json out = nlohmann::json::object();
    for (const ParamSpec &s : family.params)
        out[s.key] = s.defaultValue;
    if (params.is_object()) {
        for (const auto &[key, value] : params.items()) {
            const ParamSpec *spec = findSpec(family, key);
            if (!spec) {
                std::string known;
                for (const ParamSpec &s : family.params)
                    known += (known.empty() ? "" : ", ") + s.key;
                throw UserError(
                    "unknown parameter '" + key + "' for " + family.name + "; known: " + known);
            }
            out[key] = checkedValue(*spec, value);
        }
    }
    definition(family.name).check(out);
    return out;
}

nlohmann::json resolveParams(const FamilyInfo &family, const ParamText &text)
{
    nlohmann::json params = nlohmann::json::object();
    for (const auto &[key, value] : text)
        params[key] = value;
    return resolveParams(family, params);
}

Fabric generate(std::string_view family, const nlohmann::json &params)
{
    const FamilyDef &def = definition(family);
    return def.build(resolveParams(def.info, params));
}

Fabric generate(std::string_view family, const ParamText &text)
{
    const FamilyDef &def = definition(family);
    return def.build(resolveParams(def.info, text));
}

} // namespace fabric::gen
