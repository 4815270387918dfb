// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <streambuf>
#include <vector>

namespace fabric::io {

/**
 * A buffered output streambuf over a POSIX file descriptor that remembers the first write error
 * (errno), so the caller can say "No space left on device" rather than "writing failed". It
 * neither opens nor closes the descriptor.
 */
class FdStreamBuf final : public std::streambuf
{
public:
    explicit FdStreamBuf(int fd);
    ~FdStreamBuf() override;
    FdStreamBuf(const FdStreamBuf &) = delete;
    FdStreamBuf &operator=(const FdStreamBuf &) = delete;

    /// 0, or the errno of the first failed write.
    int error() const { return mError; }

protected:
    int_type overflow(int_type c) override;
    int sync() override;
    std::streamsize xsputn(const char *s, std::streamsize n) override;

private:
    bool drain();
    bool writeAll(const char *data, std::size_t size);

    int mFd;
    int mError = 0;
    std::vector<char> mBuffer;
};

} // namespace fabric::io
