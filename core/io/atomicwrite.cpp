// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "atomicwrite.h"

#include "fdstreambuf.h"

#include "model/error.h"

#include <cerrno>
#include <cstring>
#include <ostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

namespace fabric::io {
namespace {

namespace fs = std::filesystem;

constexpr int kMaxSymlinks = 40; // as the kernel's own limit (ELOOP)

struct Target
{
    fs::path path;       ///< the file to write: symlinks resolved
    bool direct = false; ///< written in place (device, FIFO, /proc), not replaced
    bool exists = false;
    struct stat info {};
};

[[noreturn]] void fail(const fs::path &shown, const std::string &what)
{
    throw UserError(shown.string() + ": " + what);
}

std::string errnoText(int error)
{
    return std::strerror(error);
}

bool throughProc(const fs::path &p)
{
    const std::string s = p.lexically_normal().string();
    return s.rfind("/proc/", 0) == 0 || s.rfind("/dev/fd/", 0) == 0;
}

// Follows symlinks to the file that is really written (the kernel does the same on open).
Target resolve(const fs::path &path)
{
    Target t;
    t.path = path.has_parent_path() ? path : fs::path(".") / path;
    for (int hops = 0;; ++hops) {
        if (throughProc(t.path)) {
            // /dev/stdout -> /proc/self/fd/1 -> "pipe:[123]": only open() can follow it.
            t.direct = true;
            t.exists = ::stat(t.path.c_str(), &t.info) == 0;
            return t;
        }
        if (::lstat(t.path.c_str(), &t.info) != 0) {
            if (errno != ENOENT)
                fail(path, "cannot write: " + errnoText(errno));
            return t;
        }
        if (!S_ISLNK(t.info.st_mode))
            break;
        if (hops == kMaxSymlinks)
            fail(path, "cannot write: too many levels of symbolic links (a symlink loop?)");
        std::error_code ec;
        const fs::path link = fs::read_symlink(t.path, ec);
        if (ec)
            fail(path, "cannot write: " + ec.message());
        t.path = link.is_absolute() ? link : t.path.parent_path() / link;
    }
    t.exists = true;
    const mode_t type = t.info.st_mode & S_IFMT;
    if (type == S_IFDIR)
        fail(path, "is a folder, not a file");
    if (type == S_IFSOCK || type == S_IFBLK)
        fail(path, std::string("is a ") + (type == S_IFSOCK ? "socket" : "block device")
                       + ", not a file; refusing to write to it");
    t.direct = type != S_IFREG;
    // Replaced by a rename, a file marked read-only (no write permission, or none for anyone,
    // which even root respects here) was overwritten without a word.
    if (!t.direct
        && (::access(t.path.c_str(), W_OK) != 0
            || (t.info.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0))
        fail(path, "is read-only: not replaced (save under another name, or make it writable)");
    return t;
}

std::string temporaryPrefix(const fs::path &target)
{
    // The name's first 200 bytes at most (cut at a character's start): the whole of a long name
    // (228 to 255 bytes, which the folder takes) made the temporary's name too long to create.
    std::string name = target.filename().string();
    constexpr std::size_t kKept = 200;
    if (name.size() > kKept) {
        name.resize(kKept);
        while (!name.empty() && (static_cast<unsigned char>(name.back()) & 0xC0) == 0x80)
            name.pop_back(); // a continuation byte: back to its character's lead
        if (!name.empty() && static_cast<unsigned char>(name.back()) >= 0xC0)
            name.pop_back(); // the lead of the character cut short
    }
    return "." + name + ".tmp-";
}

fs::path temporaryFor(const fs::path &target)
{
    std::random_device device;
    std::ostringstream name;
    name << temporaryPrefix(target) << ::getpid() << "." << std::hex << device() << device();
    return target.parent_path() / name.str();
}

bool processAlive(pid_t pid)
{
    return pid > 0 && (::kill(pid, 0) == 0 || errno == EPERM);
}

// Removes temporaries of @p target whose writer is gone (killed mid-write). A writer still
// running (its pid is in the name) keeps its file.
void removeStaleTemporaries(const fs::path &target)
{
    const std::string prefix = temporaryPrefix(target);
    std::error_code ec;
    for (fs::directory_iterator it(target.parent_path(), ec), end; !ec && it != end;
         it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.rfind(prefix, 0) != 0)
            continue;
        const std::string rest = name.substr(prefix.size());
        const std::size_t dot = rest.find('.');
        pid_t pid = 0;
        try {
            if (dot != std::string::npos && dot > 0)
                pid = static_cast<pid_t>(std::stol(rest.substr(0, dot)));
        } catch (const std::exception &) {
            pid = 0;
        }
        if (pid != ::getpid() && !processAlive(pid)) {
            std::error_code ignored;
            fs::remove(it->path(), ignored);
        }
    }
}

// Runs @p writeContent on @p fd; the errno of a failed write, or 0.
int writeTo(int fd, const std::function<void(std::ostream &)> &writeContent)
{
    FdStreamBuf buffer(fd);
    std::ostream out(&buffer);
    writeContent(out);
    out.flush();
    if (buffer.error())
        return buffer.error();
    return out ? 0 : EIO;
}

void writeDirectly(const fs::path &shown, const Target &t,
                   const std::function<void(std::ostream &)> &writeContent)
{
    const int fd = ::open(t.path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd < 0)
        fail(shown, "cannot open for writing: " + errnoText(errno));
    int error = 0;
    try {
        error = writeTo(fd, writeContent);
    } catch (...) {
        ::close(fd);
        throw;
    }
    if (::close(fd) != 0 && !error)
        error = errno;
    if (error)
        fail(shown, "writing failed: " + errnoText(error));
}

// Makes the new file look like the old one: same permission bits and, if allowed, owner.
void copyAttributes(int fd, const Target &t)
{
    if (!t.exists)
        return;
    (void)::fchmod(fd, t.info.st_mode & 07777);
    if (t.info.st_uid != ::geteuid() || t.info.st_gid != ::getegid())
        (void)!::fchown(fd, t.info.st_uid, t.info.st_gid); // only root may: best effort
}

// Reads the whole of @p from, from its start, and hands it to @p write in chunks; @p write
// returns 0 or an errno. Returns the length read, or -errno.
template<typename Write> off_t readAllInto(int from, Write write)
{
    if (::lseek(from, 0, SEEK_SET) < 0)
        return -errno;
    std::vector<char> chunk(1 << 16);
    off_t length = 0;
    for (;;) {
        const ssize_t n = ::read(from, chunk.data(), chunk.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -errno;
        if (n == 0)
            return length;
        if (const int error = write(chunk.data(), std::size_t(n)))
            return -error;
        length += n;
    }
}

// Copies the whole of @p from over @p to, through FdStreamBuf so a full disk is reported by its
// errno, then cuts @p to to that length and syncs it; the errno, or 0.
int copyOver(int from, int to)
{
    if (::lseek(to, 0, SEEK_SET) < 0)
        return errno;
    off_t length = 0;
    {
        FdStreamBuf buffer(to);
        length = readAllInto(from, [&](const char *data, std::size_t size) {
            if (buffer.sputn(data, std::streamsize(size)) != std::streamsize(size))
                return buffer.error() ? buffer.error() : EIO;
            return 0;
        });
        if (length >= 0 && buffer.pubsync() != 0)
            return buffer.error() ? buffer.error() : EIO;
    }
    if (length < 0)
        return int(-length);
    if (::ftruncate(to, length) != 0 || ::fsync(to) != 0)
        return errno;
    return 0;
}

// Puts back the old contents after a failed in-place write. It writes with plain write(2), not
// the buffer the full-disk test hook counts: the old length was already allocated on disk.
bool restoreFrom(int backup, int target)
{
    if (::lseek(target, 0, SEEK_SET) < 0)
        return false;
    const off_t length = readAllInto(backup, [&](const char *data, std::size_t size) {
        for (std::size_t done = 0; done < size;) {
            const ssize_t w = ::write(target, data + done, size - done);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0)
                return w < 0 ? errno : EIO;
            done += std::size_t(w);
        }
        return 0;
    });
    return length >= 0 && ::ftruncate(target, length) == 0 && ::fsync(target) == 0;
}

// A file with other hard links keeps its inode, so every name sees the new contents: the new
// contents (already complete and synced in @p temporary) are copied over it in place. A copy of
// the old contents is taken first, so a failure half-way puts them back.
void overwriteInPlace(const fs::path &shown, const Target &t, const fs::path &temporary)
{
    const fs::path backup = temporaryFor(t.path);
    int source = -1, saved = -1, target = -1;
    auto closeAll = [&] {
        for (int fd : {source, saved, target})
            if (fd >= 0)
                ::close(fd);
    };
    auto removeTemporaries = [&] {
        ::unlink(temporary.c_str());
        ::unlink(backup.c_str());
    };
    source = ::open(temporary.c_str(), O_RDONLY | O_CLOEXEC);
    target = ::open(t.path.c_str(), O_RDWR | O_CLOEXEC);
    saved = ::open(backup.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    int error = (source < 0 || target < 0 || saved < 0) ? errno : 0;
    if (!error)
        error = copyOver(target, saved);
    if (error) {
        closeAll();
        removeTemporaries();
        fail(shown, "writing failed: " + errnoText(error) + "; the old file is unchanged");
    }
    error = copyOver(source, target);
    if (!error) {
        closeAll();
        removeTemporaries();
        return;
    }
    const bool restored = restoreFrom(saved, target);
    closeAll();
    ::unlink(temporary.c_str());
    if (restored) {
        ::unlink(backup.c_str());
        fail(shown, "writing failed: " + errnoText(error) + "; the old file is unchanged");
    }
    const fs::path kept = t.path.string() + "~";
    (void)::rename(backup.c_str(), kept.c_str());
    fail(shown, "writing failed: " + errnoText(error) + "; the old contents are in '"
                    + kept.string() + "'");
}

void syncFolder(const fs::path &folder)
{
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return;
    (void)::fsync(fd);
    ::close(fd);
}

} // namespace

namespace {

/// The temporary file a save writes first, created; the error names the folder.
int createTemporary(const fs::path &path, const Target &target, const fs::path &temporary)
{
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0)
        fail(path,
            "cannot write in folder '" + target.path.parent_path().string()
                + "': " + errnoText(errno));
    return fd;
}

Target resolveNamed(const fs::path &path)
{
    if (path.empty())
        throw UserError("an empty file name");
    return resolve(path);
}

} // namespace

void checkCanSave(const fs::path &path)
{
    const Target target = resolveNamed(path);
    if (target.direct)
        return;
    const fs::path temporary = temporaryFor(target.path);
    ::close(createTemporary(path, target, temporary));
    ::unlink(temporary.c_str());
}

void saveAtomically(const fs::path &path, const std::function<void(std::ostream &)> &writeContent)
{
    const Target target = resolveNamed(path);
    if (target.direct) {
        writeDirectly(path, target, writeContent);
        return;
    }
    removeStaleTemporaries(target.path);
    const fs::path temporary = temporaryFor(target.path);
    const int fd = createTemporary(path, target, temporary);
    auto discard = [&] { ::unlink(temporary.c_str()); };
    int error = 0;
    try {
        copyAttributes(fd, target);
        error = writeTo(fd, writeContent);
    } catch (...) {
        ::close(fd);
        discard();
        throw;
    }
    if (!error && ::fsync(fd) != 0)
        error = errno;
    if (::close(fd) != 0 && !error)
        error = errno;
    if (error) {
        discard();
        fail(path, "writing failed: " + errnoText(error) + "; the old file is unchanged");
    }
    if (target.exists && target.info.st_nlink > 1) {
        overwriteInPlace(path, target, temporary);
        return;
    }
    if (::rename(temporary.c_str(), target.path.c_str()) != 0) {
        error = errno;
        discard();
        fail(path, "cannot replace the file: " + errnoText(error) + "; the old file is unchanged");
    }
    syncFolder(target.path.parent_path());
}

} // namespace fabric::io
