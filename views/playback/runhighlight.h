// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "canvas/fabriccanvas.h"

namespace fabric::views {

struct SimRun;

/**
 * What the canvas highlights for a finished run, with its legend line: a SHARP run's
 * aggregation tree, or on an ECMP run the switch-to-switch links on a flow's equal-cost paths
 * that the hashing left idle for the whole run (zoomed out, only bundles whose every link
 * stayed idle). Empty for other runs.
 */
FabricCanvas::LinkHighlight runHighlight(const SimRun &run);

} // namespace fabric::views
