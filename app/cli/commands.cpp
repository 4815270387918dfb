// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "command.h"

namespace fabric::cli {

// Each factory lives in cmd_<name>.cpp. To add a subcommand: declare its factory here and add
// it to the table, in the order --help should list it.
Command generateCommand();
Command infoCommand();
Command familiesCommand();
Command convertCommand();
Command simulateCommand();
Command resilienceCommand();
Command exportCommand();
Command lessonCommand();

const std::vector<Command> &commands()
{
    static const std::vector<Command> table = {
        generateCommand(),
        infoCommand(),
        familiesCommand(),
        convertCommand(),
        simulateCommand(),
        resilienceCommand(),
        exportCommand(),
        lessonCommand(),
    };
    return table;
}

} // namespace fabric::cli
