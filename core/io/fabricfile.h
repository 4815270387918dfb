// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "atomicwrite.h"
#include "fabricformat.h"

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <string>

namespace fabric::io {

/// Files larger than this are refused before a byte is read (a 270K-link fabric is ~30 MiB).
inline constexpr std::uintmax_t kMaxFileBytes = 512ull * 1024 * 1024;

/**
 * Loads a fabric from @p path. The format is @p format, else the one the extension names, else
 * the one whose probe() recognises the first bytes. Throws UserError naming the file when it is
 * missing, unreadable, larger than kMaxFileBytes, of no known format, or bad.
 */
Fabric loadFabric(const std::filesystem::path &path, const FabricFormat *format = nullptr);

/// Reads a fabric from a stream that holds a file called @p fileName (used to pick the format and
/// in messages), e.g. an embedded Qt resource. No size limit: the caller owns the stream.
Fabric readFabric(std::istream &in, const std::string &fileName,
                  const FabricFormat *format = nullptr);

/**
 * The format saveFabric() writes @p path in: @p format, else the one its extension names.
 * Throws UserError naming the file when the extension is unknown or names a format that can
 * only be read.
 */
const FabricFormat &formatToSave(const std::filesystem::path &path, const FabricFormat *format);

/**
 * Saves @p fabric to @p path in @p format, else the format its extension names, through
 * saveAtomically(): a failure leaves the old file as it was and no half file behind. Throws
 * UserError naming the file on failure.
 */
void saveFabric(const Fabric &fabric, const std::filesystem::path &path,
                const FabricFormat *format = nullptr);

} // namespace fabric::io
