// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"
#include "sim/flow.h"
#include "sim/result.h"

#include <QString>

#include <limits>
#include <memory>
#include <vector>

namespace fabric::views {

/**
 * One finished simulation as the views see it: the flows that were run, the engine's result
 * (with its timeline) and the collective-level figures the collective layer computed. The views
 * only read it; every number they show comes from here, nothing is re-simulated.
 */
struct SimRun
{
    static constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();

    QString label;      ///< Short name for legends and tables, e.g. "ring · ecmp".
    QString collective; ///< "allreduce", ... (empty for hand-made flows).
    QString algorithm;  ///< "ring", "sharp", ...
    QString routing;    ///< "ecmp", "adaptive", ...
    int ranks = 0;
    double messageBytes = kUnknown; ///< The collective's size S (nccl-tests convention).
    double algbwGBps = kUnknown;    ///< S / t, in GB/s (docs/simulation.md).
    double busbwGBps = kUnknown;    ///< algbw x the nccl-tests factor, in GB/s.
    double idealS = kUnknown;       ///< Closed-form lower bound for this fabric.
    /// The bounds the ideal was chosen among and which won ("bisection bound is the tighter:
    /// ..."); empty when the ideal is an algorithm's own closed form.
    QString idealBound;
    /// For a ring on a torus, how the ranks were ordered ("snake": a Hamiltonian cycle of neighbours,
    /// "packed", "spread", "random", "listed"); empty otherwise.
    QString rankOrder;
    /// Bytes SHARP kept off the wire compared with a ring on the same ranks (NaN: not SHARP).
    double sharpSavedBytes = kUnknown;

    /// SHARP: the links of the aggregation tree(s), for highlighting.
    std::vector<LinkId> sharpTreeLinks;

    /// The fabric the run used (must outlive the run's views; see ownedFabric).
    const Fabric *fabric = nullptr;
    /// Set when the run keeps its own snapshot of the fabric (the GUI runs on a copy so the
    /// document can be edited meanwhile); then fabric == ownedFabric.get().
    std::shared_ptr<const Fabric> ownedFabric;
    std::vector<sim::FlowSpec> flows;
    sim::SimResult result;
};

using SimRunPtr = std::shared_ptr<const SimRun>;

} // namespace fabric::views
