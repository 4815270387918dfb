// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabricfile.h"

#include "formatregistry.h"
#include "model/error.h"
#include "model/units.h"

#include <atomic>
#include <fstream>
#include <random>
#include <sstream>
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

std::string headOf(std::istream &in)
{
    std::string head(kProbeBytes, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    in.clear();
    in.seekg(0);
    return head;
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

fs::path temporarySibling(const fs::path &path)
{
    static std::atomic<unsigned> counter{0};
    std::random_device device;
    std::ostringstream name;
    name << "." << path.filename().string() << ".tmp-" << std::hex << device() << "-"
         << counter.fetch_add(1);
    return path.parent_path() / name.str();
}

} // namespace

Fabric readFabric(std::istream &in, const std::string &fileName, const FabricFormat *format)
{
    if (!format)
        format = formatForContent(fileName, headOf(in));
    // A format we know by its extension but only write gets its own name, not "unknown".
    if (!format)
        format = formatForFile(fileName, Access::Write);
    if (!format)
        throw UserError(fileName + ": unknown file format; readable formats are "
                        + describeFormats(Access::Read));
    if (!format->canRead())
        throw UserError(fileName + ": " + std::string(format->title())
                        + " can be written, not read; readable formats are "
                        + describeFormats(Access::Read));
    return guarded(fileName, [&] { return format->read(in, fileName); });
}

Fabric loadFabric(const fs::path &path, const FabricFormat *format)
{
    const std::string fileName = display(path);
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status))
        throw UserError(fileName + ": no such file");
    if (fs::is_directory(status))
        throw UserError(fileName + ": is a folder, not a file");
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

void saveAtomically(const fs::path &path, const std::function<void(std::ostream &)> &writeContent)
{
    const std::string fileName = display(path);
    const fs::path target = path.has_parent_path() ? path : fs::path(".") / path;
    std::error_code ec;
    if (fs::is_directory(target, ec))
        throw UserError(fileName + ": is a folder, not a file");
    const fs::path temporary = temporarySibling(target);
    auto discard = [&] {
        std::error_code ignored;
        fs::remove(temporary, ignored);
    };
    {
        std::vector<char> buffer(kStreamBufferBytes);
        std::ofstream out;
        out.rdbuf()->pubsetbuf(buffer.data(), static_cast<std::streamsize>(buffer.size()));
        out.open(temporary, std::ios::binary | std::ios::trunc);
        if (!out)
            throw UserError(fileName + ": cannot write in folder '"
                            + target.parent_path().string() + "'");
        try {
            writeContent(out);
            out.flush();
        } catch (...) {
            out.close();
            discard();
            throw;
        }
        const bool good = static_cast<bool>(out);
        out.close();
        if (!good || !out) {
            discard();
            throw UserError(fileName + ": writing failed (disk full?); the old file is unchanged");
        }
    }
    fs::rename(temporary, target, ec);
    if (ec) {
        discard();
        throw UserError(fileName + ": cannot replace the file (" + ec.message()
                        + "); the old file is unchanged");
    }
}

void saveFabric(const Fabric &fabric, const fs::path &path, const FabricFormat *format)
{
    const std::string fileName = display(path);
    if (!format)
        format = formatForFile(fileName, Access::Write);
    if (!format)
        format = formatForFile(fileName, Access::Read);
    if (!format)
        throw UserError(fileName + ": cannot tell the format from the extension; writable formats"
                        " are " + describeFormats(Access::Write));
    if (!format->canWrite())
        throw UserError(fileName + ": " + std::string(format->title())
                        + " can be read, not written; writable formats are "
                        + describeFormats(Access::Write));
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
