// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli.h"

#include <iostream>

int main(int argc, char **argv)
{
    return fabric::cli::run(std::vector<std::string>(argv + 1, argv + argc), std::cout, std::cerr);
}
