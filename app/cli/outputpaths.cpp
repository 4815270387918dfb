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

/// Whether @p a and @p b are one file: one spelling, or two names of one existing file (a
/// hard link, which no spelling resolves: the write replaced the fabric it was linked to).
bool sameFile(const std::filesystem::path &a, const std::filesystem::path &b)
{
    std::error_code ec;
    return a == b || std::filesystem::equivalent(a, b, ec);
}

} // namespace

void checkDistinctFiles(const std::vector<NamedFile> &inputs, const std::vector<NamedFile> &outputs)
{
    std::vector<std::pair<std::string, std::filesystem::path>> named;
    for (const NamedFile &input : inputs)
        named.emplace_back(input.name, resolved(input.path));
    for (const NamedFile &output : outputs) {
        // generate and convert take '-' for standard output; here it made a file named "-".
        if (output.path == "-")
            throw UserError(output.name
                + " '-': only generate and convert write to standard output; give a file name");
        const std::filesystem::path file = resolved(output.path);
        for (const auto &[other, otherFile] : named)
            if (sameFile(otherFile, file))
                throw UserError(output.name + " " + io::quotedInput(output.path)
                    + " is the same file as " + other + ": give each its own file");
        named.emplace_back(output.name, file);
    }
}

void checkOutputPaths(const ParsedOptions &o, std::initializer_list<const char *> outputs)
{
    std::vector<NamedFile> inputs;
    if (!o.positionals().empty())
        inputs.push_back({ "FABRIC", o.positional(0) });
    if (const auto traffic = o.value("--traffic"))
        inputs.push_back({ "--traffic", *traffic });
    std::vector<NamedFile> written;
    for (const char *output : outputs)
        if (const auto path = o.value(output)) {
            io::checkCanSave(*path);
            written.push_back({ output, *path });
        }
    checkDistinctFiles(inputs, written);
}

} // namespace fabric::cli
