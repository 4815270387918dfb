// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "expansion.h"
#include "scenario.h"

#include "model/fabric.h"
#include "sim/result.h"

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <optional>

namespace fabric::collective {

/// The headline figures of a run, as nccl-tests and the app report them.
struct Summary
{
    double completionS = 0.0;
    double algbwGBps = 0.0; ///< S / t, in GB/s (10^9 bytes/s).
    double busbwGBps = 0.0; ///< algbw x the nccl-tests factor.
    double idealS = 0.0; ///< Closed-form time (Expansion::ideal).
    double ofIdeal = 0.0; ///< idealS / completionS: 0.84 = "84% of ideal".
    /// Fabric bytes (every link except NVLink) sent per rank, mean over ranks.
    double fabricBytesPerRank = 0.0;
    std::optional<DirLinkId> bottleneck; ///< The most saturated directed link, if any.
};

Summary summarize(const Fabric &fabric, const Expansion &expansion, const sim::SimResult &result);

/**
 * The report JSON of `fabricscope-cli simulate --report`: the scenario, the Summary fields
 * (`completion_s`, `algbw_GBps`, `busbw_GBps`, `ideal_s`...), `bottlenecks`, `links` (every
 * directed link that carried bytes: `id` = link id, `from`, `to` node names in the direction
 * of travel, `capacity_gbps`, `bytes`, `peak_util`, `mean_util`, `busy_s`, `peak_flows`),
 * `idle_links` (directed links of the fabric that carried nothing) and, with @p withFlows,
 * `flows` (`src`, `dst`, `bytes`, `release_s`, `finish_s`, `path` = link ids walked from
 * src; `paths` with weights when a flow has several).
 */
nlohmann::json reportJson(const Fabric &fabric, const Scenario &scenario,
    const Expansion &expansion, const sim::SimResult &result, bool withFlows);

/// Per directed link CSV: `id,from,to,capacity_gbps,bytes,peak_util,mean_util,busy_s,peak_flows`
/// for every directed link that carried bytes.
void writeLinksCsv(std::ostream &out, const Fabric &fabric, const sim::SimResult &result);

/// "leaf3 -> spine7 (link 812)".
std::string describeDirLink(const Fabric &fabric, DirLinkId d);

} // namespace fabric::collective
