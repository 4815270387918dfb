// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "collective/run.h"
#include "model/fabric.h"
#include "route/policy.h"

#include <QString>

#include <memory>
#include <vector>

namespace fabric::views {

/**
 * One finished simulation as the views see it: the core's run (the scenario, the flows that
 * ran, the engine's result with its timeline and the Summary with every figure) plus what the
 * views need to draw it: a label and the fabric it ran on. The views only read it; every number
 * they show comes from here, nothing is re-simulated or computed again.
 */
struct SimRun : collective::ScenarioRun
{
    static constexpr double kUnknown = fabric::collective::kUnknown;

    QString label;      ///< Short name for legends and tables, e.g. "ring · ecmp".
    QString collective; ///< "allreduce", ... (empty for hand-made flows).
    QString algorithm;  ///< "ring", "sharp", ...
    QString routing;    ///< "ecmp", "adaptive", ...
    /// For a ring on a torus, how the ranks were ordered ("snake": a Hamiltonian cycle of
    /// neighbours, "packed", "spread", "random", "listed"); empty otherwise, where the order is
    /// not worth telling.
    QString rankOrder;

    /// SHARP: the links of the aggregation tree(s), for highlighting.
    std::vector<LinkId> sharpTreeLinks;

    /// The fabric the run used (must outlive the run's views; see ownedFabric).
    const Fabric *fabric = nullptr;
    /// Set when the run keeps its own snapshot of the fabric (the GUI runs on a copy so the
    /// document can be edited meanwhile); then fabric == ownedFabric.get().
    std::shared_ptr<const Fabric> ownedFabric;

    /// Whether ECMP's hash chose the paths (route::hashes()); false for hand-made flows.
    bool routedByHash() const { return scenario && route::hashes(scenario->routing); }
    /// The flows that ran.
    const std::vector<sim::FlowSpec> &flows() const { return expansion.flows; }
    /// Ranks of the collective (0 for hand-made flows).
    int ranks() const { return static_cast<int>(expansion.ranks.size()); }
    /// The collective's size S (nccl-tests convention); kUnknown for hand-made flows.
    double messageBytes() const { return expansion.bytes; }
};

using SimRunPtr = std::shared_ptr<const SimRun>;

} // namespace fabric::views
