// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "outputpaths.h"

#include "io/atomicwrite.h"
#include "io/common/cleantext.h"
#include "model/error.h"

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace fabric::cli {
namespace {

/// @p path as the file system resolves it (symlinks, "..", the working folder), so two
/// spellings of one file compare equal; the path as given when it cannot be resolved.
std::filesystem::path resolved(const std::string &path)
{
    std::error_code ec;
    // From the working folder: a relative name none of whose parts exists stays relative.
    const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
    const std::filesystem::path p = std::filesystem::weakly_canonical(absolute, ec);
    // GCC 12 keeps "." in the part that does not exist yet ("/tmp/./v.json").
    return (ec ? std::filesystem::path(path) : p).lexically_normal();
}

} // namespace

void checkOutputPaths(const ParsedOptions &o, std::initializer_list<const char *> outputs)
{
    std::vector<std::pair<std::string, std::filesystem::path>> named;
    if (!o.positionals().empty())
        named.emplace_back("FABRIC", resolved(o.positional(0)));
    for (const char *output : outputs) {
        const auto path = o.value(output);
        if (!path)
            continue;
        io::checkCanSave(*path);
        const std::filesystem::path file = resolved(*path);
        for (const auto &[other, otherFile] : named)
            if (otherFile == file)
                throw UserError(std::string(output) + " " + io::quotedInput(*path)
                    + " is the same file as " + other + ": give each its own file");
        named.emplace_back(output, file);
    }
}

} // namespace fabric::cli
