// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabricfile.h"

#include "formatregistry.h"
#include "io/common/cleantext.h"
#include "io/common/inputfile.h"
#include "model/error.h"
#include "model/units.h"

#include <fstream>
#include <vector>

namespace fabric::io {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kProbeBytes = 4096;
constexpr std::size_t kStreamBufferBytes = 1 << 20;

std::string display(const fs::path &path)
{
    return path.string();
}

// The first bytes of @p in, without a UTF-8 BOM; @p in is left just after the BOM, so no reader
// sees it (it would end up inside the first field name).
std::string headOf(std::istream &in)
{
    std::string head(kProbeBytes, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    in.clear();
    const std::size_t bom = bomLength(head);
    in.seekg(static_cast<std::streamoff>(bom));
    return head.substr(bom);
}

// Turns anything a reader throws into one line that names the file.
template<typename F> Fabric guarded(const std::string &fileName, F &&read)
{
    try {
        return read();
    } catch (const UserError &) {
        throw;
    } catch (const std::bad_alloc &) {
        throw UserError(fileName + ": not enough memory to load this file");
    } catch (const std::exception &e) {
        throw UserError(fileName + ": " + e.what());
    }
}

} // namespace

Fabric readFabric(std::istream &in, const std::string &fileName, const FabricFormat *format)
{
    const std::string head = headOf(in);
    // Said for what it is: every reader read nothing as a syntax error at line 1, column 1.
    if (head.find_first_not_of(" \t\r\n") == std::string::npos)
        throw UserError(fileName + ": the file is empty");
    if (const auto at = binaryOffset(head))
        throw UserError(fileName + ": a binary file, not a fabric (byte " + std::to_string(*at)
                        + " is a control character)");
    if (!format)
        format = formatForContent(fileName, head);
    // A format we know by its extension but only write gets its own name, not "unknown".
    if (!format)
        format = formatForFile(fileName, Access::Write);
    if (!format)
        throw UserError(fileName + ": unknown file format: neither its extension nor its content"
                        " is one FabricScope reads (" + formatNames(Access::Read) + ")");
    if (!format->canRead())
        throw UserError(fileName + ": " + std::string(format->title())
                        + " can be written, not read (readable: " + formatNames(Access::Read)
                        + ")");
    return guarded(fileName, [&] { return format->read(in, fileName); });
}

Fabric loadFabric(const fs::path &path, const FabricFormat *format)
{
    const std::string fileName = display(path);
    if (const auto why = whyNotReadable(path))
        throw UserError(fileName + ": " + *why);
    std::error_code ec;
    // Its size is checked against the limit before it is read: a pipe or a device has none.
    if (!fs::is_regular_file(path, ec))
        throw UserError(fileName + ": is not a regular file (a pipe or a device)");
    const std::uintmax_t size = fs::file_size(path, ec);
    if (ec)
        throw UserError(fileName + ": cannot read the file size (" + ec.message() + ")");
    if (size > kMaxFileBytes)
        throw UserError(fileName + ": the file is " + units::formatBytes(double(size))
                        + ", larger than the limit of " + units::formatBytes(double(kMaxFileBytes)));

    std::vector<char> buffer(kStreamBufferBytes);
    std::ifstream in;
    in.rdbuf()->pubsetbuf(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    in.open(path, std::ios::binary);
    if (!in)
        throw UserError(fileName + ": cannot open the file for reading");
    return readFabric(in, fileName, format);
}

const FabricFormat &formatToSave(const fs::path &path, const FabricFormat *format)
{
    const std::string fileName = display(path);
    if (!format)
        format = formatForFile(fileName, Access::Write);
    if (!format)
        format = formatForFile(fileName, Access::Read);
    if (!format)
        throw UserError(fileName + ": unknown extension (writable: "
                        + formatExtensions(Access::Write) + ")");
    if (!format->canWrite())
        throw UserError(fileName + ": " + std::string(format->title())
                        + " can be read, not written (writable: " + formatNames(Access::Write)
                        + ")");
    return *format;
}

void saveFabric(const Fabric &fabric, const fs::path &path, const FabricFormat *format)
{
    const std::string fileName = display(path);
    format = &formatToSave(path, format);
    try {
        saveAtomically(path, [&](std::ostream &out) { format->write(fabric, out); });
    } catch (const UserError &e) {
        const std::string what = e.what();
        if (what.rfind(fileName + ": ", 0) == 0)
            throw;
        throw UserError(fileName + ": " + what);
    }
}

} // namespace fabric::io
