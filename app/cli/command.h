// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace fabric::cli {

/// One subcommand of fabricscope-cli. Each lives in its own cmd_<name>.cpp and registers itself
/// in the table of commands.cpp. A command throws fabric::UserError for bad usage or input
/// (run() turns it into one line on stderr and exit code 2).
struct Command
{
    std::string_view name;
    std::string_view synopsis; ///< One line: "generate FAMILY [--set KEY=VALUE]... [-o FILE]".
    std::string_view summary;  ///< What it does, one sentence.
    std::function<int(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)>
        run;
};

/// Every subcommand, in the order `fabricscope-cli --help` lists them.
const std::vector<Command> &commands();

} // namespace fabric::cli
