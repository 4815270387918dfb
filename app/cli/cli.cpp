// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli.h"

#include "command.h"
#include "model/error.h"

#include <exception>
#include <ostream>

namespace fabric::cli {
namespace {

void printHelp(std::ostream &out)
{
    out << "Usage: fabricscope-cli COMMAND [ARGS]...\n\nCommands:\n";
    for (const Command &c : commands())
        out << "  " << c.synopsis << "\n      " << c.summary << "\n";
    out << "\nExit codes: 0 success, 1 failure, 2 bad usage or bad input.\n";
}

} // namespace

int run(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    if (args.empty()) {
        printHelp(err);
        return kExitUsage;
    }
    if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        printHelp(out);
        return kExitOk;
    }
    if (args[0] == "--version") {
        out << "fabricscope-cli " << FABRICSCOPE_VERSION << "\n";
        return kExitOk;
    }
    for (const Command &c : commands()) {
        if (c.name != args[0])
            continue;
        try {
            return c.run(std::vector<std::string>(args.begin() + 1, args.end()), out, err);
        } catch (const UserError &e) {
            err << "fabricscope-cli " << c.name << ": " << e.what() << "\n";
            return kExitUsage;
        } catch (const std::exception &e) {
            err << "fabricscope-cli " << c.name << ": internal error: " << e.what() << "\n";
            return kExitFailure;
        }
    }
    err << "fabricscope-cli: unknown command '" << args[0] << "' (try --help)\n";
    return kExitUsage;
}

} // namespace fabric::cli
