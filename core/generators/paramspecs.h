// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generators/registry.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

/// Helpers the generator families share: building ParamSpecs, checking values against them and
/// wording the one-line errors the same way everywhere.
namespace fabric::gen {

ParamSpec intParam(std::string key, std::string label, std::string description, int defaultValue,
    int min, int max, std::string unit = {}, int multipleOf = 1);
ParamSpec doubleParam(std::string key, std::string label, std::string description,
    double defaultValue, double min, double max, std::string unit = {});
ParamSpec boolParam(std::string key, std::string label, std::string description, bool defaultValue);
/// @p spec with ParamSpec::zeroMeans set to @p meaning.
ParamSpec zeroMeaning(ParamSpec spec, std::string meaning);
ParamSpec choiceParam(std::string key, std::string label, std::string description,
    std::string defaultValue, std::vector<std::string> choices);

/// The parameters every family has: cable latency and switch latency (default @p switchNs).
std::vector<ParamSpec> latencyParams(double switchNs);

/// "an even number from 4 to 128", "one of EDR, HDR, NDR, XDR", "true or false".
std::string allowedText(const ParamSpec &spec);

/// Converts one value (typed JSON, or a string holding typed text) to the spec's type and checks
/// its range. Throws UserError "KEY: must be ALLOWED, got VALUE".
nlohmann::json checkedValue(const ParamSpec &spec, const nlohmann::json &value);

/// Throws UserError "KEY: must be RULE, got GOT". For combination checks inside families.
[[noreturn]] void rejectParam(std::string_view key, std::string_view rule, std::string_view got);
[[noreturn]] void rejectParam(std::string_view key, std::string_view rule, long long got);

/// Throws a UserError naming @p keys (the parameters whose product it is, "zones x
/// racks_per_zone") when @p count endpoints exceed kMaxEndpoints.
void checkEndpointLimit(std::string_view keys, long long count);
/// Same for @p count links above kMaxLinks: checked by the generators whose links can outgrow
/// their endpoints (HPN, RoCE, dragonfly), before they build.
void checkLinkLimit(std::string_view keys, long long count);

} // namespace fabric::gen
