// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "atomicfile.h"
#include "playback/simrun.h"

#include <nlohmann/json.hpp>

#include <QString>

namespace fabric::views {

/**
 * A run's results as JSON, with the keys of `fabricscope-cli simulate --report`: completion_s,
 * algbw_GBps, busbw_GBps, ideal_s (null when unknown), bottlenecks, links (every directed link
 * that carried bytes: id, from, to, capacity_gbps, bytes, busy_s, peak_util, mean_util,
 * peak_flows) and, with @p withFlows, flows (src, dst, bytes, release_s, start_s, finish_s,
 * path as directed link ids).
 */
nlohmann::json resultJson(const SimRun &run, bool withFlows = true);

/// CSV of the directed links (header line, one row per directed link that carried bytes).
QByteArray linksCsv(const SimRun &run);
/// CSV of the flows (header line, one row per flow).
QByteArray flowsCsv(const SimRun &run);

} // namespace fabric::views
