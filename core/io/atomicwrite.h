// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <optional>

namespace fabric::io {

/**
 * The one way FabricScope writes a file: the fabric, every export, report, CSV, JSON, frame and
 * chart. @p writeContent writes to a temporary file `.NAME.tmp-PID.RANDOM` in the target's
 * folder, which is flushed, fsync'd and renamed over the target, so a reader sees the old file
 * or the new one, never half of one, even after a crash or a full disk.
 *
 * - A symlink is followed: its target is replaced, the link stays.
 * - An existing target keeps its permission bits (and, when we may, its owner).
 * - A file with other hard links is overwritten in place once the new contents are complete on
 *   disk, so every link sees them; a copy of the old contents puts them back if that fails.
 * - Temporaries of this target left by a killed writer (whose process is gone) are removed.
 * - A character device or FIFO (`/dev/stdout`, `/dev/null`, a pipe) is written directly, since
 *   it cannot be replaced; so is a path through `/proc` (`/dev/stdout` -> `/proc/self/fd/1`).
 *   Folders, sockets and block devices are refused.
 *
 * On any failure the temporary file is removed, the target is unchanged and a UserError names
 * the file and the cause. An exception from @p writeContent passes through, temporary removed.
 */
void saveAtomically(const std::filesystem::path &path,
                    const std::function<void(std::ostream &)> &writeContent);

/**
 * Throws the UserError saveAtomically() would for @p path's place (an empty name, a folder, a
 * missing or read-only folder) without writing it, so a command that runs for minutes checks
 * where its outputs go before it starts. Devices, FIFOs and /proc paths are not opened.
 */
void checkCanSave(const std::filesystem::path &path);

namespace testhooks {
/// Makes every write after @p bytes in total fail with ENOSPC, as a full disk would; nullopt
/// turns it off. For tests only: there is no full file system to write to in CI.
void failWritesAfter(std::optional<std::size_t> bytes);
} // namespace testhooks

} // namespace fabric::io
