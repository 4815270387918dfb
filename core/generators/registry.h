// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <string_view>
#include <vector>

/// Fabric generators: one family per file in core/generators, all reached through this registry so
/// the CLI (`generate`, `families`) and the GUI's template gallery share one list.
namespace fabric::gen {

/// One parameter of a family, with what the CLI and GUI need to show, check and edit it.
struct ParamSpec
{
    enum class Type { Int, Double, Bool, Choice };
    std::string key;         ///< As given to `--set KEY=VALUE`, e.g. "radix".
    std::string label;       ///< Short human label, e.g. "Switch radix k".
    std::string description; ///< One sentence, with the unit.
    Type type = Type::Int;
    nlohmann::json defaultValue;      ///< Typed: int, double, bool or string.
    double min = 0, max = 0;          ///< Inclusive range for Int/Double.
    int multipleOf = 1;               ///< Int values must be multiples of this (2: even radix).
    std::vector<std::string> choices; ///< For Choice.
    std::string unit;                 ///< e.g. "Gb/s", "GPUs"; empty when none.
    /// For an Int whose 0 is not a count but a choice made for the user ("full size"): what 0
    /// builds, as a form shows it in place of "0 GPUs". Empty when 0 is just a number.
    std::string zeroMeans;
};

struct FamilyInfo
{
    std::string name;        ///< "ib-fat-tree", "roce-clos", "hpn", "tpu-torus", "dragonfly".
    std::string title;       ///< "InfiniBand fat-tree".
    std::string description; ///< A few sentences for the gallery.
    std::vector<ParamSpec> params;
};

/// KEY -> VALUE text as typed on the command line or in a form.
using ParamText = std::map<std::string, std::string>;

/// Every family, in gallery order.
const std::vector<FamilyInfo> &families();
/// The family called @p name, or nullptr.
const FamilyInfo *findFamily(std::string_view name);

/// Checks @p text against the family's specs and completes it with defaults. Returns the typed
/// parameters as a JSON object. Throws UserError naming the key and the allowed range for an
/// unknown key, a value of the wrong type or out of range, or a combination the family rejects.
nlohmann::json resolveParams(const FamilyInfo &family, const ParamText &text);
/// As above for typed values (numbers, booleans, strings; strings are parsed as typed text).
nlohmann::json resolveParams(const FamilyInfo &family, const nlohmann::json &params);

/// The largest endpoint count any generator builds.
inline constexpr int kMaxEndpoints = 200000;
/// The largest link count any generator builds (a k=64 3-tier fat-tree has 262,144).
inline constexpr long long kMaxLinks = 1000000;

/// Generates a fabric. @p params may be partial (defaults fill the rest) and is validated as in
/// resolveParams(). The result's generator() records the family and the full resolved params.
Fabric generate(std::string_view family, const nlohmann::json &params);
Fabric generate(std::string_view family, const ParamText &text);

} // namespace fabric::gen
