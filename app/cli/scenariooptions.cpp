// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenariooptions.h"

#include "collective/collective.h"
#include "collective/scenario.h"
#include "route/policy.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>

namespace fabric::cli {

void declareScenarioOptions(OptionParser &parser)
{
    parser
        .option("--collective", "NAME",
            "allreduce|allgather|reducescatter|alltoall|broadcast|sendrecv (allreduce).")
        .option("--algorithm", "NAME",
            "ring|tree|hierarchical|sharp|torus|direct (the collective's usual one).")
        .option("--bytes", "SIZE", "Message size S, with units: 1GiB, 64MB (1GiB).")
        .option("--routing", "POLICY",
            "ecmp|ecmp-polarized|static|adaptive|spray|dor (dor on a torus, else ecmp).")
        .option("--ranks", "all|N|LIST", "All GPUs, the first N, or GPU names a,b,c (all).")
        .option("--placement", "NAME", "packed|spread|random: order of the GPUs (packed).")
        .option("--qps", "N", "QPs (subflows) per connection, 1 to 64 (1).")
        .option("--seed", "N", "Seed of ECMP hashing and random placement (1).")
        .option("--fidelity", "NAME",
            "exact|coarse: coarse ends together the flows due within 0.1% of their "
            "transfer time, for runs out of reach exactly; completion within 1% (exact).")
        .option("--max-memory", "SIZE",
            "Refuse a run estimated to need more memory than this, e.g. 16GiB (8GiB).");
}

collective::Scenario scenarioFromOptions(const ParsedOptions &o)
{
    collective::Scenario s;
    s.collective = *collective::collectiveFromString(o.choice("--collective",
        { "allreduce", "allgather", "reducescatter", "alltoall", "broadcast", "sendrecv" },
        "allreduce"));
    s.algorithm = collective::defaultAlgorithm(s.collective);
    if (o.has("--algorithm"))
        s.algorithm = *collective::algorithmFromString(o.choice(
            "--algorithm", { "ring", "tree", "hierarchical", "sharp", "torus", "direct" }, ""));
    s.bytes = o.bytes("--bytes", s.bytes);
    s.routing = *route::policyFromString(o.choice(
        "--routing", { "ecmp", "ecmp-polarized", "static", "adaptive", "spray", "dor" }, "ecmp"));
    s.ranks = o.value("--ranks", "all");
    s.placement = *collective::placementFromString(
        o.choice("--placement", { "packed", "spread", "random" }, "packed"));
    s.qps = static_cast<int>(o.integer("--qps", 1, 64, 1));
    s.seed = static_cast<std::uint64_t>(o.integer("--seed", 0, (1ll << 53), 1));
    s.maxMemoryBytes = o.bytes("--max-memory", s.maxMemoryBytes);
    s.fidelity = *collective::fidelityFromString(
        o.choice("--fidelity", { "exact", "coarse" }, "exact"));
    return s;
}

void applyFabricDefaults(collective::Scenario &s, const ParsedOptions &o, const Fabric &fabric)
{
    if (!o.has("--routing"))
        s.routing = route::defaultPolicy(fabric);
}

std::string inScenarioKeys(std::string_view message)
{
    // An option of simulate is the scenario key of its name ("--step-flow-budget" is
    // "step_flow_budget"), but for three whose keys say their unit or read as a noun.
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 3> kRenamed {
        { { "max-memory", "max_memory_bytes" }, { "alpha", "alpha_s" },
            { "aggregate", "aggregation" } }
    };
    const auto keyOf = [](std::string_view option) -> std::string {
        for (const auto &[name, key] : kRenamed)
            if (name == option)
                return std::string(key);
        std::string key(option);
        std::replace(key.begin(), key.end(), '-', '_');
        return collective::scenarioKeys().contains(key) ? key : std::string();
    };
    const auto isNameChar = [](char c) { return (c >= 'a' && c <= 'z') || c == '-'; };
    std::string out;
    std::size_t pos = 0;
    while (pos < message.size()) {
        const std::size_t dashes = message.find("--", pos);
        if (dashes == std::string_view::npos)
            break;
        std::size_t end = dashes + 2;
        while (end < message.size() && isNameChar(message[end]))
            ++end;
        const std::string_view name = message.substr(dashes + 2, end - dashes - 2);
        out += message.substr(pos, dashes - pos);
        const std::string key = keyOf(name);
        // Only a whole option: "--compare-algorithm" is export's own.
        const bool option = dashes == 0 || !isNameChar(message[dashes - 1]);
        if (!key.empty() && option)
            out += "'" + key + "'";
        else
            out += message.substr(dashes, end - dashes);
        pos = end;
    }
    out += message.substr(std::min(pos, message.size()));
    return out;
}

} // namespace fabric::cli
