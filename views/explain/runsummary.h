// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "playback/simrun.h"

#include <QObject>
#include <QString>

#include <cstddef>

namespace fabric::views {

/**
 * One run as a row of the comparison table, the comparison charts and the explain panel: its
 * label and the figures collective::summarize() computed for it (see collective::Summary for
 * what each one counts). Nothing is counted again here, so every view shows the figures the
 * CLI and the report give.
 */
struct RunSummary : collective::Summary
{
    QString label;
    /// The collective's size S; kUnknown for flows made by hand.
    double messageBytes = collective::kUnknown;
    /// Rank pairs the run's faults cut off. Their traffic was skipped, so the run is partial:
    /// its time is that of the traffic that could run, shorter than any real one.
    std::size_t cutOffPairs = 0;

    RunSummary() = default;
    explicit RunSummary(const SimRun &run)
        : collective::Summary(run.summary)
        , label(run.label)
        , messageBytes(run.messageBytes())
        , cutOffPairs(run.faults ? run.faults->unreachablePairs.size() : 0)
    {
    }

    bool partial() const { return cutOffPairs > 0; }
    /// The label, followed by " (partial)" for a partial run: a chart's bar or a table's time
    /// is never read as a run that finished.
    QString markedLabel() const
    {
        return partial() ? QObject::tr("%1 (partial)").arg(label) : label;
    }
};

} // namespace fabric::views
