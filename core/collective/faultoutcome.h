// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generators/tpuspares.h"
#include "model/faults.h"

#include <optional>

#include <utility>
#include <vector>

namespace fabric::collective {

/// What a scenario's faults did to its run: the report's fault keys (docs/simulation.md,
/// "Faults"). Made by runWithFaults() (faultrun.h).
struct FaultOutcome
{
    std::vector<Fault> faults;
    /// Ordered rank pairs (src, dst) the collective needed that no surviving path joins.
    std::vector<std::pair<NodeId, NodeId>> unreachablePairs;
    double capacityLostGbps = 0.0;
    /// Completion of the same scenario without faults.
    double healthyCompletionS = 0.0;
    /// Completion with faults / healthyCompletionS (1 without faults).
    double slowdown = 1.0;
    /// With FaultRunOptions::ocsReroute: the cubes the OCS replaced with spares.
    std::optional<gen::SpareCubeOutcome> spareCubes;
};

} // namespace fabric::collective
