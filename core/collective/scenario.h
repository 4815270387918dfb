// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "collective.h"

#include "model/faults.h"
#include "route/policy.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace fabric::collective {

/// How ranks are laid onto the fabric's GPUs (see selectRanks()).
enum class Placement {
    Packed, ///< Natural order: GPUs of a host, hosts of a leaf, leaves of a pod together.
    Spread, ///< Round-robin across pods first, then leaves.
    Random, ///< A seeded shuffle.
};
std::string_view toString(Placement p);
std::optional<Placement> placementFromString(std::string_view name);

/// When a ring's steps are merged into persistent flows (docs/simulation.md, "Step
/// aggregation").
enum class Aggregation {
    Auto, ///< Only when the step-by-step expansion would exceed Scenario::stepFlowBudget.
    Always,
    Never,
};
std::string_view toString(Aggregation a);
std::optional<Aggregation> aggregationFromString(std::string_view name);

/// How exactly the engine runs (docs/simulation.md, "Coarse fidelity").
enum class Fidelity {
    Exact,  ///< Every event at its own time: max-min exact to rounding.
    Coarse, ///< Flows due within 0.1% of their own transfer time end together (opt-in).
};
std::string_view toString(Fidelity f);
std::optional<Fidelity> fidelityFromString(std::string_view name);

/**
 * The engine's finish window for a coarse run (sim::SimOptions::coarseFinishWindow), chosen by
 * comparing coarse with exact runs of the all-to-all of 256 and 512 ranks (bench_alltoall,
 * docs/performance.md): their completion came out within kCoarseCompletionBound.
 */
inline constexpr double kCoarseFinishWindow = 1e-3;
/// The error a coarse run states for its completion time, relative.
inline constexpr double kCoarseCompletionBound = 0.01;

/**
 * Everything that defines one simulation run on a fabric, as the CLI options and the GUI's
 * simulation dock set it. The GUI stores scenarios in the fabric document and re-runs them:
 * toJson() / scenarioFromJson() round-trip every field.
 */
struct Scenario
{
    Collective collective = Collective::AllReduce;
    Algorithm algorithm = Algorithm::Ring;
    double bytes = 1073741824.0; ///< S: the message size in the nccl-tests sense.
    route::Policy routing = route::Policy::Ecmp;
    /// "all", a count "N" (the first N in placement order) or a comma-separated list of GPU
    /// names (in ring order; placement does not reorder it).
    std::string ranks = "all";
    Placement placement = Placement::Packed;
    int qps = 1; ///< QPs per connection.
    std::uint64_t seed = 1; ///< Seeds ECMP and random placement.
    std::string trafficFile; ///< For Collective::Custom: the CSV `src,dst,bytes[,start_s]`.
    double alphaS = 0.0; ///< Per-message software overhead.
    Aggregation aggregation = Aggregation::Auto;
    /// Step flows above which Auto aggregates rings (537M step flows for a 16K ring), and the
    /// flow budget of pipelined (tree, broadcast) and all-to-all expansions. 1M step flows
    /// take about 1.7 s of CPU and 760 MB to expand and simulate (docs/performance.md,
    /// "Collectives").
    std::size_t stepFlowBudget = 1'000'000;
    /// Memory a run may take, by the estimate made before the engine allocates its state
    /// (sim/footprint.h); a run estimated above it is refused with its estimate. 8 GiB: what a
    /// laptop can give one run without swapping.
    double maxMemoryBytes = 8.0 * 1024 * 1024 * 1024;
    /// Pipelining chunks for tree and broadcast (0 = automatic, see docs/simulation.md).
    int chunks = 0;
    /// SHARP: concurrent aggregation trees a switch may join (Quantum: 1 per switch; we default
    /// to 2, the streaming-aggregation flows a switch allows).
    int sharpTreesPerSwitch = 2;
    /// Elements failed or degraded for this run (faults.h), saved with the scenario as their
    /// text forms under "faults".
    std::vector<Fault> faults;
    /// Exact (default) or coarse (opt-in, for runs out of reach exactly).
    Fidelity fidelity = Fidelity::Exact;

    bool operator==(const Scenario &) const = default;
};

nlohmann::json toJson(const Scenario &s);
/// Missing keys keep their defaults. Throws UserError naming the key for a bad value. Keys it
/// does not know are ignored: callers that read what users write check them (scenarioKeys()).
Scenario scenarioFromJson(const nlohmann::json &j);
/// The keys toJson() writes: what a scenario written by hand may set ("colective" is a typo to
/// report, not a key to ignore while the run quietly uses the default).
const std::set<std::string> &scenarioKeys();

/// Refuses a run whose estimated peak memory @p estimateBytes is above @p s's limit: a
/// UserError that starts with @p what (the run and its flows, such as "alltoall over 4096
/// ranks: 16773120 flows"), gives the estimate and the limit, and says what to do. It names
/// the limit as the CLI option in parentheses, "(--max-memory)", which the GUI rewords.
/// @p remedy, when given, is a better way first ("Use X"), to which " or fewer ranks."
/// is added (the CLI prints one line of at most io::kMaxErrorLine bytes).
void checkMemoryLimit(const Scenario &s, const std::string &what, double estimateBytes,
    const std::string &remedy = {});

} // namespace fabric::collective
