// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "options.h"

#include <initializer_list>

namespace fabric::cli {

/**
 * Checks, before a run of minutes, that each of @p outputs given in @p o (options such as
 * "--report") can be written, and that no two of them, nor one of them and the input FABRIC
 * (the first positional), name the same file: the second write replaced the first without a
 * word (a report overwritten by the links CSV). Throws UserError naming the options.
 */
void checkOutputPaths(const ParsedOptions &o, std::initializer_list<const char *> outputs);

} // namespace fabric::cli
