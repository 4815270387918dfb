// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "scenario.h"

#include "model/fabric.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace fabric::collective {

/// One single failure of a resilience sweep.
struct ResilienceRow
{
    std::string failed; ///< The element's fault text ("s0-tor3-plane0", "leaf1--spine2").
    double completionS = 0.0;
    double slowdown = 1.0; ///< completionS / the healthy completion.
    std::size_t unreachablePairs = 0; ///< Rank pairs the failure cut off (their traffic skipped).
};

/// A sweep over every element of one role, rows worst first (see runResilience()).
struct ResilienceResult
{
    std::string role;
    double healthyCompletionS = 0.0;
    std::vector<ResilienceRow> rows;
    /// Elements of the role the scenario's own faults already fail: not swept (a row would
    /// read 1.00x, a failure that costs nothing).
    std::vector<std::string> alreadyFailed;
    /// Stopped before the end: rows holds the failures whose runs finished, sorted the same way.
    bool cancelled = false;
    /// Elements of the role the sweep set out to fail (rows.size() unless cancelled).
    std::size_t candidates = 0;
    /// Runs made at once: the threads asked for, fewer when the scenario's memory limit holds
    /// fewer runs of this size (the limit is the sweep's, not each thread's).
    unsigned threads = 1;
};

/// Summary statistics of a sweep's slowdowns.
struct ResilienceStats
{
    std::size_t elements = 0;
    std::size_t cuttingOff = 0; ///< Failures that left some rank pair without a path.
    std::size_t slower = 0; ///< Failures that slowed the run by more than 1%.
    /// Slowdowns of the failures that cut nothing off (those have none); NaN when every one does.
    double worst = 0.0, median = 0.0, mean = 0.0, best = 0.0;
};

/**
 * Runs @p scenario once healthy and once per element of @p role (faultCandidates()) failed
 * alone, on @p threads threads; @p scenario's own faults stay failed in every run. A failure that
 * cuts rank pairs off runs the rest (partial) and counts them; its slowdown is unknown (NaN),
 * since the collective never completes. Rows are sorted worst first: by
 * unreachable pairs, then slowdown, then name. @p progress, when set, is called after each row
 * with the rows done and the total, from the worker threads (one at a time). @p cancelled, when
 * set, is polled by every run: once it returns true the sweep stops and returns a result with
 * ResilienceResult::cancelled set and the rows of the runs that had finished.
 */
ResilienceResult runResilience(const Fabric &fabric, const Scenario &scenario,
    std::string_view role, unsigned threads = 2,
    const std::function<void(std::size_t done, std::size_t total)> &progress = {},
    const std::function<bool()> &cancelled = {});

ResilienceStats resilienceStats(const ResilienceResult &result);

/// `{"role", "healthy_completion_s", "rows": [{"failed", "completion_s", "slowdown",
/// "unreachable_pairs"}]}`.
nlohmann::json toJson(const ResilienceResult &result);
/// The rows as CSV: `failed,completion_s,slowdown,unreachable_pairs`.
void writeResilienceCsv(std::ostream &out, const ResilienceResult &result);

} // namespace fabric::collective
