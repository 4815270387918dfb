// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Runs `fabricscope-cli` in the test's own process, so a test sees its exit code and both
// streams without starting the binary.

#include "cli/cli.h"

#include <sstream>
#include <string>
#include <vector>

namespace fabric::testing {

/// What one CLI call returned and printed.
struct CliResult
{
    int code = -1;
    std::string out, err;
};

/// Runs the CLI with @p args (the words after the program name).
inline CliResult runCli(const std::vector<std::string> &args)
{
    std::ostringstream out, err;
    CliResult r;
    r.code = cli::run(args, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

} // namespace fabric::testing
