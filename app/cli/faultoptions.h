// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The fault options `simulate` and `resilience` share (docs/simulation.md, "Faults").

#include "options.h"

#include "collective/faultrun.h"
#include "model/faults.h"

#include <cstdint>
#include <iosfwd>
#include <vector>

namespace fabric::cli {

/// --fail LIST (repeatable), --fail-random N, --fail-role ROLE and --allow-partial.
void declareFaultOptions(OptionParser &parser);

/// The faults the --fail lists name, unchecked; a list that names none is refused.
std::vector<Fault> namedFaults(const ParsedOptions &o);

/// The faults --fail and --fail-random name on @p fabric: the listed ones, then N random
/// elements of --fail-role (link by default) drawn from @p seed. Names are checked against
/// @p fabric here, so a typo stops before anything runs.
std::vector<Fault> faultsFrom(const ParsedOptions &o, const Fabric &fabric, std::uint64_t seed);

/// The summary's fault lines of @p run, which runWithFaults() made ("Faults:",
/// "Capacity lost:", "Healthy:", "Slowdown:", "Unreachable:"); nothing without faults.
void printFaultSummary(std::ostream &out, const Fabric &fabric, const collective::ScenarioRun &run);

/// A slowdown for the terminal: "1.250x"; "n/a" when the run never completes (pairs cut off).
std::string slowdownText(double slowdown);

} // namespace fabric::cli
