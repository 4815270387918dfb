// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli.h"
#include "qtmessages.h"

#include <algorithm>
#include <cstdio>
#include <iostream>

int main(int argc, char **argv)
{
    const std::vector<std::string> args(argv + 1, argv + argc);
    fabric::cli::routeQtMessagesUntilExit(std::find(args.begin(), args.end(), "--verbose")
                                          != args.end());
    const int code = fabric::cli::run(args, std::cout, std::cerr);
    // What stdio still buffers is written at exit, where a failure would go unnoticed.
    // run() has reported a failure it saw itself; this one it could not see.
    const bool failed = std::fflush(stdout) != 0 || std::ferror(stdout);
    if (failed && code == fabric::cli::kExitOk) {
        std::fputs("fabricscope-cli: cannot write to standard output\n", stderr);
        return fabric::cli::kExitFailure;
    }
    return code;
}
