// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "playback/simrun.h"

#include <QString>

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

    RunSummary() = default;
    explicit RunSummary(const SimRun &run)
        : collective::Summary(run.summary)
        , label(run.label)
        , messageBytes(run.messageBytes())
    {
    }
};

} // namespace fabric::views
