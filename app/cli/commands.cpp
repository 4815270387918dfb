// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "command.h"

namespace fabric::cli {

const std::vector<Command> &commands()
{
    static const std::vector<Command> table = {};
    return table;
}

} // namespace fabric::cli
