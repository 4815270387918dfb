// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario.h"

#include "model/enumnames.h"
#include "model/error.h"
#include "model/units.h"

#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

namespace fabric::collective {
namespace {

constexpr std::array<std::pair<Placement, std::string_view>, 3> kPlacements {
    { { Placement::Packed, "packed" }, { Placement::Spread, "spread" },
        { Placement::Random, "random" } }
};
constexpr std::array<std::pair<Aggregation, std::string_view>, 3> kAggregations {
    { { Aggregation::Auto, "auto" }, { Aggregation::Always, "always" },
        { Aggregation::Never, "never" } }
};
constexpr std::array<std::pair<Fidelity, std::string_view>, 2> kFidelities {
    { { Fidelity::Exact, "exact" }, { Fidelity::Coarse, "coarse" } }
};

template<typename T>
T enumField(const nlohmann::json &j, const char *key, T fallback,
    std::optional<T> (*parse)(std::string_view))
{
    if (!j.contains(key))
        return fallback;
    const auto &v = j.at(key);
    if (v.is_string())
        if (auto parsed = parse(v.get<std::string>()))
            return *parsed;
    throw UserError(std::string("scenario: '") + key + "' has an unknown value " + v.dump());
}

/// Whether a number field may equal its lowest value or must stay above it.
enum class Bound { AtLeast, Above };

/**
 * The number at @p key (@p fallback when absent), at least @p lowest (or above it) and within
 * T's range, else one line naming the key: a hand-edited "qps": -3 or "bytes": 0 is refused
 * where it is read, not later under a command-line option's name.
 */
template<typename T>
T numberField(const nlohmann::json &j, const char *key, T fallback, double lowest,
    Bound bound = Bound::AtLeast, double highest = double(std::numeric_limits<T>::max()))
{
    if (!j.contains(key))
        return fallback;
    const auto &v = j.at(key);
    const std::string prefix = std::string("scenario: '") + key + "' must be ";
    // 1e3 is a whole number written as a JSON float: taken, up to 2^53 where doubles still
    // hold every whole number.
    const auto wholeFloat = [&] {
        const double d = v.get<double>();
        return std::isfinite(d) && d == std::floor(d) && std::abs(d) <= 9007199254740992.0;
    };
    if (!v.is_number() || (std::is_integral_v<T> && !v.is_number_integer() && !wholeFloat()))
        throw UserError(
            prefix + (std::is_integral_v<T> ? "a whole number" : "a number") + ", got " + v.dump());
    const double x = v.get<double>();
    const bool low = bound == Bound::Above ? !(x > lowest) : !(x >= lowest);
    if (low || !std::isfinite(x))
        throw UserError(prefix + (bound == Bound::Above ? "greater than " : "at least ")
            + units::formatDecimal(lowest, 6) + ", got " + v.dump());
    if (x > highest)
        throw UserError(
            prefix + "at most " + units::formatDecimal(highest, 0) + ", got " + v.dump());
    return v.get<T>();
}

/// A size in bytes: a number, or a text with a unit as --bytes takes it ("64MiB", "1 GiB").
template<typename T> T sizeField(const nlohmann::json &j, const char *key, T fallback)
{
    const auto bad = [&] {
        return UserError(std::string("scenario: '") + key
            + "' must be a whole number of bytes above 0 and up to 1 EiB, such as 1073741824, "
              "\"1GiB\" or \"64MB\", got "
            + j.at(key).dump());
    };
    if (!j.contains(key) || !j.at(key).is_string()) {
        const T v = numberField(j, key, fallback, 0, Bound::Above);
        if (double(v) != std::floor(double(v)) || double(v) > units::kMaxBytes)
            throw bad();
        return v;
    }
    const std::optional<double> bytes = units::parseBytes(j.at(key).get<std::string>());
    if (!bytes || !(*bytes > 0) || *bytes > double(std::numeric_limits<T>::max()))
        throw bad();
    return T(*bytes);
}

std::string stringField(const nlohmann::json &j, const char *key, const std::string &fallback)
{
    if (!j.contains(key))
        return fallback;
    if (!j.at(key).is_string())
        throw UserError(std::string("scenario: '") + key + "' must be a string");
    return j.at(key).get<std::string>();
}

nlohmann::json faultsJson(const std::vector<Fault> &faults)
{
    nlohmann::json out = nlohmann::json::array();
    for (const Fault &f : faults)
        out.push_back(toString(f));
    return out;
}

} // namespace

std::string_view toString(Placement p) { return nameIn(kPlacements, p); }

std::optional<Placement> placementFromString(std::string_view name)
{
    return valueIn(kPlacements, name);
}

std::string_view toString(Aggregation a) { return nameIn(kAggregations, a); }

std::optional<Aggregation> aggregationFromString(std::string_view name)
{
    return valueIn(kAggregations, name);
}

std::string_view toString(Fidelity f) { return nameIn(kFidelities, f); }

std::optional<Fidelity> fidelityFromString(std::string_view name)
{
    return valueIn(kFidelities, name);
}

nlohmann::json toJson(const Scenario &s)
{
    return {
        { "collective", toString(s.collective) },
        { "algorithm", toString(s.algorithm) },
        { "bytes", s.bytes },
        { "routing", route::toString(s.routing) },
        { "ranks", s.ranks },
        { "placement", toString(s.placement) },
        { "qps", s.qps },
        { "seed", s.seed },
        { "traffic", s.trafficFile },
        { "alpha_s", s.alphaS },
        { "aggregation", toString(s.aggregation) },
        { "step_flow_budget", s.stepFlowBudget },
        { "max_memory_bytes", s.maxMemoryBytes },
        { "chunks", s.chunks },
        { "sharp_trees_per_switch", s.sharpTreesPerSwitch },
        { "faults", faultsJson(s.faults) },
        { "fidelity", toString(s.fidelity) },
    };
}

const std::set<std::string> &scenarioKeys()
{
    static const std::set<std::string> keys = [] {
        std::set<std::string> k;
        const nlohmann::json defaults = toJson(Scenario {});
        for (auto it = defaults.begin(); it != defaults.end(); ++it)
            k.insert(it.key());
        return k;
    }();
    return keys;
}

Scenario scenarioFromJson(const nlohmann::json &j)
{
    if (!j.is_object())
        throw UserError("scenario: expected a JSON object");
    Scenario s;
    s.trafficFile = stringField(j, "traffic", s.trafficFile);
    // A traffic file is run as custom traffic, as --traffic does: a collective named beside it
    // is refused below rather than run instead (a 1 GiB all-reduce under a report that says
    // traffic).
    const Collective fallback = s.trafficFile.empty() ? s.collective : Collective::Custom;
    s.collective = enumField(j, "collective", fallback, &collectiveFromString);
    if (!s.trafficFile.empty() && s.collective != Collective::Custom)
        throw UserError("scenario: 'traffic' is run as collective \"custom\", not \""
            + std::string(toString(s.collective)) + "\" (leave one of them out)");
    // Without one, the collective's own default, as on the command line: an all-to-all file
    // that names no algorithm means direct, not the all-reduce default (ring) it cannot use.
    s.algorithm = enumField(j, "algorithm", defaultAlgorithm(s.collective), &algorithmFromString);
    s.bytes = sizeField(j, "bytes", s.bytes);
    s.routing = enumField(j, "routing", s.routing, &route::policyFromString);
    s.ranks = stringField(j, "ranks", s.ranks);
    s.placement = enumField(j, "placement", s.placement, &placementFromString);
    s.qps = numberField(j, "qps", s.qps, 1, Bound::AtLeast, 64);
    s.seed = numberField(j, "seed", s.seed, 0);
    s.alphaS = numberField(j, "alpha_s", s.alphaS, 0, Bound::AtLeast, 1.0); // as --alpha
    s.aggregation = enumField(j, "aggregation", s.aggregation, &aggregationFromString);
    s.stepFlowBudget = numberField(j, "step_flow_budget", s.stepFlowBudget, 1);
    s.maxMemoryBytes = sizeField(j, "max_memory_bytes", s.maxMemoryBytes);
    s.chunks = numberField(j, "chunks", s.chunks, 0);
    s.sharpTreesPerSwitch = numberField(j, "sharp_trees_per_switch", s.sharpTreesPerSwitch, 1);
    s.fidelity = enumField(j, "fidelity", s.fidelity, &fidelityFromString);
    if (j.contains("faults")) {
        const auto &v = j.at("faults");
        if (!v.is_array())
            throw UserError("scenario: 'faults' must be an array of strings such as \"leaf3\"");
        for (const auto &f : v) {
            if (!f.is_string())
                throw UserError("scenario: 'faults' must be an array of strings, got " + f.dump());
            try {
                s.faults.push_back(parseFault(f.get<std::string>()));
            } catch (const UserError &e) {
                throw UserError(std::string("scenario: 'faults' has a bad entry: ") + e.what());
            }
        }
    }
    return s;
}

void checkMemoryLimit(
    const Scenario &s, const std::string &what, double estimateBytes, const std::string &remedy)
{
    if (estimateBytes > s.maxMemoryBytes)
        throw UserError(what + " need about " + units::formatBytes(estimateBytes)
            + " of memory, above the limit of " + units::formatBytes(s.maxMemoryBytes)
            + " (--max-memory). "
            + (remedy.empty() ? "Run fewer ranks, or raise the limit to try anyway."
                              : remedy + " or fewer ranks."));
}

} // namespace fabric::collective
