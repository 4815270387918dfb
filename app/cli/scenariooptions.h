// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "options.h"

#include "collective/scenario.h"
#include "model/fabric.h"

#include <string>
#include <string_view>

namespace fabric::cli {

/// The options that say which collective runs, how big, on which ranks and under which routing:
/// --collective, --algorithm, --bytes, --routing, --ranks, --placement, --qps, --seed, --max-memory. Every
/// command that runs a scenario from the command line (simulate, resilience) takes them alike.
void declareScenarioOptions(OptionParser &parser);
/// Those options in a command's one-line synopsis (the command list of --help).
inline constexpr std::string_view kScenarioSynopsis
    = "[--collective C] [--algorithm A] [--bytes SIZE] [--routing P] [--ranks all|N|LIST] "
      "[--placement packed|spread|random] [--qps N] [--seed N] [--fidelity NAME] "
      "[--max-memory SIZE]";

/// The scenario those options give; defaults for the ones not given (all-reduce with its usual
/// algorithm, 1 GiB, ECMP, all GPUs packed, 1 QP, seed 1). Throws UserError for a bad value.
collective::Scenario scenarioFromOptions(const ParsedOptions &o);

/// Without --routing, the fabric's own default (route::defaultPolicy(): dor on a torus).
void applyFabricDefaults(collective::Scenario &s, const ParsedOptions &o, const Fabric &fabric);

/// @p message, about a scenario given as JSON (export --scenario), in that JSON's words: core
/// names simulate's options ("--ranks: no node named 'x'", "--algorithm sharp needs ..."),
/// which a scenario file has as keys ("'ranks': ...", "'algorithm' sharp needs ...").
std::string inScenarioKeys(std::string_view message);

} // namespace fabric::cli
