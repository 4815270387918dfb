// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSize>
#include <QString>

#include <optional>

namespace fabric::views {

class FabricCanvas;
class LoadSampler;
struct SimRun;

/// Picture formats of the canvas export.
enum class ImageFormat { Png, Svg, Pdf };

/// "png", "svg", "pdf" (case-insensitive); nullopt otherwise.
std::optional<ImageFormat> imageFormatFromName(const QString &name);
/// The format a file name's suffix asks for.
std::optional<ImageFormat> imageFormatForFile(const QString &fileName);

struct CanvasExportOptions
{
    QSize size = QSize(1920, 1080); ///< Pixels for PNG; user units (points for PDF) otherwise.
    QString title;                  ///< Drawn above the fabric; empty = none.
    bool legend = true;
};

/**
 * Writes what @p canvas shows (its current loads, badges and highlights) as PNG, SVG (vector,
 * QSvgGenerator) or PDF (vector, QPdfWriter, one page of the picture's aspect), with the title
 * and the legend. Returns false and sets @p error when the file cannot be written.
 */
bool exportCanvas(FabricCanvas &canvas, const QString &fileName, ImageFormat format,
                  const CanvasExportOptions &options, QString *error = nullptr);

/// Colours @p canvas with the utilisation of @p sampler (made from @p run) seeked to @p timeS,
/// with a flow-count badge on each link that carries two flows or more (a collision). A run that
/// split its flows over paths gets no badges: they would count path shares, not flows.
void showLoadsAt(FabricCanvas &canvas, const SimRun &run, LoadSampler &sampler, double timeS);

/// "t = 149 ms of 299 ms · loads: mean of 14.9 ms": the moment a picture of a run shows and what
/// its colours are (LoadSampler::windowNote() of @p windowS); every picture's title ends so.
QString momentNote(double timeS, double endS, double windowS);

} // namespace fabric::views
