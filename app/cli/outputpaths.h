// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "options.h"

#include <initializer_list>
#include <string>
#include <vector>

namespace fabric::cli {

/// A file the command reads or writes, by the option (or positional) that names it.
struct NamedFile
{
    std::string name; ///< "--report", "FABRIC"
    std::string path;
};

/**
 * Throws UserError naming the options when one of @p outputs names the same file as one of
 * @p inputs or as an earlier output, however spelt ("dir/./x", a symlink, a hard link): the
 * write replaced a file read, or the first output, without a word. An output named "-" is
 * refused too: only generate and convert write to standard output.
 */
void checkDistinctFiles(
    const std::vector<NamedFile> &inputs, const std::vector<NamedFile> &outputs);

/**
 * Checks, before a run of minutes, that each of @p outputs given in @p o (options such as
 * "--report") can be written, and that no two of them, nor one of them and an input (FABRIC,
 * the first positional, or --traffic), name the same file (checkDistinctFiles()).
 */
void checkOutputPaths(const ParsedOptions &o, std::initializer_list<const char *> outputs);

} // namespace fabric::cli
