// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "inputfile.h"

#include "cleantext.h"
#include "model/error.h"
#include "model/units.h"

#include <iterator>

namespace fabric::io {
namespace {

[[noreturn]] void fail(
    const std::filesystem::path &path, std::string_view what, const std::string &why)
{
    const std::string prefix = what.empty() ? std::string() : std::string(what) + ": ";
    throw UserError(prefix + quotedInput(path.string()) + " " + why);
}

} // namespace

std::optional<std::string> whyNotReadable(const std::filesystem::path &path)
{
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec == std::errc::too_many_symbolic_link_levels)
        return "is a symlink loop (too many levels of symbolic links)";
    if (ec == std::errc::permission_denied)
        return "cannot be read (permission denied)";
    if (ec || !std::filesystem::exists(status))
        return "does not exist";
    if (std::filesystem::is_directory(status))
        return "is a folder, not a file";
    return std::nullopt;
}

std::ifstream openInputFile(
    const std::filesystem::path &path, std::string_view what, std::uintmax_t maxBytes)
{
    if (const auto why = whyNotReadable(path))
        fail(path, what, *why);
    // A pipe or a device has no end to read to (a traffic table from /dev/zero would grow
    // without bound, and the run cannot be cancelled while it is read) and no size to check.
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        fail(path, what, "is not a regular file (a pipe or a device)");
    if (const std::uintmax_t size = std::filesystem::file_size(path, ec); !ec && size > maxBytes)
        fail(path, what,
            "is " + units::formatBytes(double(size)) + ", larger than the limit of "
                + units::formatBytes(double(maxBytes)));
    std::ifstream in(path, std::ios::binary);
    if (!in)
        fail(path, what, "cannot be opened for reading");
    return in;
}

std::string readInputText(
    const std::filesystem::path &path, std::string_view what, std::uintmax_t maxBytes)
{
    std::ifstream in = openInputFile(path, what, maxBytes);
    return { std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>() };
}

} // namespace fabric::io
