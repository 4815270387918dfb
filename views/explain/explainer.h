// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "runsummary.h"

#include <QStringList>

namespace fabric::views {

/**
 * Plain sentences that explain a run, for teaching: the completion time against the ideal
 * bound, algbw and busbw with their definitions, the bottleneck link and why it was one, how
 * many switch links collided (two or more flows at once) and how many sat idle, and the bytes
 * SHARP kept off the wire. Every number comes from the run's result and summary.
 */
QStringList explainRun(const SimRun &run, const RunSummary &summary);

/// A sentence comparing @p a with @p b (faster / slower by how much, and why when the summaries
/// tell: collisions, idle links).
QString compareRuns(const RunSummary &a, const RunSummary &b);

} // namespace fabric::views
