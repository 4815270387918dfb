// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace fabric::cli {

/// Exit codes of fabricscope-cli.
enum ExitCode : int {
    kExitOk = 0,
    kExitFailure = 1, ///< Something went wrong that is not the user's input (I/O, a bug).
    kExitUsage = 2,   ///< Bad usage or bad input: one clear line on stderr.
};

/// Runs fabricscope-cli with @p args (without the program name). Writes results to @p out and
/// errors to @p err; never throws. Tests call this directly.
int run(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

} // namespace fabric::cli
