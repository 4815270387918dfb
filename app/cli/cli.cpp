// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli.h"

#include "command.h"
#include "qtmessages.h"

#include "io/common/cleantext.h"
#include "model/error.h"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <new>
#include <ostream>

namespace fabric::cli {
namespace {

void printHelp(std::ostream &out)
{
    out << "Usage: fabricscope-cli COMMAND [ARGS]...\n\nCommands:\n";
    for (const Command &c : commands())
        out << "  " << c.synopsis << "\n      " << c.summary << "\n";
    out << "\nOptions for every command:\n  --verbose\n      Also print Qt's own warnings.\n"
        << "  --help\n      The command's options (also: fabricscope-cli help COMMAND).\n";
    out << "\nfabricscope-cli --version prints the version.\n";
    out << "\nExit codes: 0 success, 1 failure, 2 bad usage or bad input.\n";
}

// @p message with each file named on the command line cut to ".../NAME" when the whole line is
// over the CLI's limit: oneLine() would otherwise drop the middle of the line, which in a
// deep directory is the fault itself, while the user knows which directory they named.
std::string withShortFileNames(std::string message, const std::vector<std::string> &args)
{
    for (const std::string &arg : args) {
        if (message.size() <= io::kMaxErrorLine)
            break;
        const std::string name = std::filesystem::path(arg).filename().string();
        const std::string shortName = ".../" + name;
        if (arg.find('/') == std::string::npos || name.empty() || shortName.size() >= arg.size())
            continue;
        for (std::size_t at = message.find(arg); at != std::string::npos;
             at = message.find(arg, at + shortName.size()))
            message.replace(at, arg.size(), shortName);
    }
    return message;
}

// Runs @p c; every failure becomes one clean line on @p err and an exit code.
int runCommand(const Command &c, const std::vector<std::string> &args, std::ostream &out,
               std::ostream &err)
{
    auto report = [&](const std::string &what) {
        err << io::oneLine(withShortFileNames(
                   "fabricscope-cli " + std::string(c.name) + ": " + what, args))
            << "\n";
    };
    int code = kExitOk;
    try {
        code = c.run(args, out, err);
    } catch (const UserError &e) {
        report(e.what());
        return kExitUsage;
    } catch (const std::bad_alloc &) {
        report("not enough memory for this input");
        return kExitUsage;
    } catch (const std::exception &e) {
        report(std::string("internal error: ") + e.what());
        return kExitFailure;
    }
    // Results on standard output are lost silently unless checked: a full disk, a closed pipe.
    if (!out.flush()) {
        report("cannot write to standard output");
        return kExitFailure;
    }
    return code;
}

} // namespace

int run(const std::vector<std::string> &allArgs, std::ostream &out, std::ostream &err)
{
    std::vector<std::string> args = allArgs;
    const auto verbose = std::remove(args.begin(), args.end(), std::string("--verbose"));
    const QtMessageRoute route(verbose != args.end());
    args.erase(verbose, args.end());
    if (args.empty()) {
        printHelp(err);
        return kExitUsage;
    }
    if (args[0] == "help" && args.size() > 1) // help COMMAND: that command's own help
        args = { args[1], "--help" };
    else if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        printHelp(out);
        return kExitOk;
    }
    if (args[0] == "--version") {
        out << "fabricscope-cli " << FABRICSCOPE_VERSION << "\n";
        return kExitOk;
    }
    for (const Command &c : commands()) {
        if (c.name == args[0])
            return runCommand(c, std::vector<std::string>(args.begin() + 1, args.end()), out, err);
    }
    err << "fabricscope-cli: unknown command " << io::quotedInput(args[0]) << " (try --help)\n";
    return kExitUsage;
}

} // namespace fabric::cli
