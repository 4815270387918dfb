// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "playback/simrun.h"

#include <QString>

#include <vector>

namespace fabric::views {

/**
 * The figures a comparison table, the comparison charts and the explain panel show for one run,
 * read off the engine's result: nothing here is simulated again, only counted and summed.
 *
 * "Fabric links" are the directed links between two switches (leaf -> spine, spine -> core and
 * back, ToR -> aggregation): the links ECMP chooses among. Only groups of fabric links that
 * carried any traffic count, so a leaf-spine run does not call the idle core "idle links".
 */
struct RunSummary
{
    QString label;
    double completionS = 0.0;
    double algbwGBps = SimRun::kUnknown;
    double busbwGBps = SimRun::kUnknown;
    double idealS = SimRun::kUnknown;
    /// idealS / completionS (0..1), NaN when the ideal is unknown.
    double fractionOfIdeal = SimRun::kUnknown;
    double maxLinkUtil = 0.0;   ///< Highest peak utilisation of any directed link.
    int maxLinkFlows = 0;       ///< Highest number of flows sharing one directed link at once.
    int fabricLinks = 0;        ///< Directed switch-to-switch links in groups that carried traffic.
    int idleFabricLinks = 0;    ///< ... of which carried no byte.
    /// ... of which carried 2 or more flows at once; -1 when flows were split over several
    /// paths (adaptive, spray, dor ties), where the engine counts path shares, not flows.
    int collidedFabricLinks = 0;
    bool multipath = false;     ///< Some flow was split over several paths.
    double wireBytes = 0.0;     ///< Bytes summed over every directed link (hop-bytes).
    DirLinkId bottleneck = -1;  ///< The engine's first bottleneck link, -1 when none.
};

/// Summarises @p run.
RunSummary summarize(const SimRun &run);

} // namespace fabric::views
