// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSize>
#include <QString>

#include <functional>

class QIODevice;
class QPaintDevice;

namespace fabric::views {

/**
 * Writes an SVG picture of @p size to @p device, drawn by @p paint on the SVG generator (which
 * begins and ends its own painter; false when painting failed, and nothing is written).
 *
 * The file states its width and height as @p size in CSS pixels, so a 1600x1000 picture is
 * 1600 px wide in a browser, a slide editor or Inkscape. QSvgGenerator states them in
 * millimetres at its 72 dpi, which those programs read at 96 dpi: a third larger than asked.
 * Painting keeps the 72 dpi, at which a point of text is a pixel of the picture.
 */
bool writeSvgPicture(QIODevice &device, const QSize &size, const QString &title,
    const QString &description, const std::function<bool(QPaintDevice &)> &paint);

} // namespace fabric::views
