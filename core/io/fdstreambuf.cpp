// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fdstreambuf.h"

#include "atomicwrite.h"

#include <atomic>
#include <cerrno>
#include <limits>

#include <unistd.h>

namespace fabric::io {
namespace {

constexpr std::size_t kBufferBytes = 1 << 20;
constexpr std::size_t kNoLimit = std::numeric_limits<std::size_t>::max();

// Bytes that may still be written before the test hook fakes a full disk.
std::atomic<std::size_t> g_budget{kNoLimit};

} // namespace

namespace testhooks {
void failWritesAfter(std::optional<std::size_t> bytes)
{
    g_budget = bytes.value_or(kNoLimit);
}
} // namespace testhooks

FdStreamBuf::FdStreamBuf(int fd)
    : mFd(fd)
    , mBuffer(kBufferBytes)
{
    setp(mBuffer.data(), mBuffer.data() + mBuffer.size());
}

FdStreamBuf::~FdStreamBuf()
{
    drain();
}

bool FdStreamBuf::writeAll(const char *data, std::size_t size)
{
    if (mError)
        return false;
    while (size > 0) {
        std::size_t budget = g_budget.load();
        if (budget != kNoLimit) {
            if (budget < size) {
                mError = ENOSPC;
                return false;
            }
            g_budget = budget - size;
        }
        const ssize_t n = ::write(mFd, data, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            mError = n < 0 ? errno : EIO;
            return false;
        }
        data += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

bool FdStreamBuf::drain()
{
    const auto pending = static_cast<std::size_t>(pptr() - pbase());
    setp(mBuffer.data(), mBuffer.data() + mBuffer.size());
    return pending == 0 || writeAll(mBuffer.data(), pending);
}

FdStreamBuf::int_type FdStreamBuf::overflow(int_type c)
{
    if (!drain())
        return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
        *pptr() = traits_type::to_char_type(c);
        pbump(1);
    }
    return traits_type::not_eof(c);
}

int FdStreamBuf::sync()
{
    return drain() ? 0 : -1;
}

std::streamsize FdStreamBuf::xsputn(const char *s, std::streamsize n)
{
    // Large blocks (an image, a report) skip the buffer.
    if (static_cast<std::size_t>(n) >= mBuffer.size()) {
        if (!drain() || !writeAll(s, static_cast<std::size_t>(n)))
            return 0;
        return n;
    }
    return std::streambuf::xsputn(s, n);
}

} // namespace fabric::io
