// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Every file the views write (pictures, PDFs, CSV, JSON, frames) goes through
// io::saveAtomically(): rendered into memory first, then written to a temporary file that
// replaces the target only when complete and synced. A full disk or a killed export leaves the
// old file as it was.

#include <QString>

#include <functional>

class QByteArray;
class QImage;
class QIODevice;

namespace fabric::views {

/// Writes @p data to @p fileName atomically; false and a one-line @p error on failure.
bool writeFileAtomically(const QString &fileName, const QByteArray &data, QString *error = nullptr);

/// Runs @p render on an in-memory device, then writes what it produced atomically. @p render
/// returns false when painting failed; nothing is written then.
bool writeRendered(const QString &fileName, const std::function<bool(QIODevice &)> &render,
                   QString *error = nullptr);

/// @p image as a PNG file, atomically.
bool writePng(const QString &fileName, const QImage &image, QString *error = nullptr);

} // namespace fabric::views
