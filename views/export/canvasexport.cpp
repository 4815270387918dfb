// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "canvasexport.h"

#include "atomicfile.h"

#include "canvas/fabriccanvas.h"
#include "common/qtstrings.h"
#include "model/units.h"
#include "playback/loadsampler.h"
#include "playback/simrun.h"
#include "svgpicture.h"

#include <QFileInfo>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>

namespace fabric::views {

std::optional<ImageFormat> imageFormatFromName(const QString &name)
{
    const QString n = name.toLower();
    if (n == QStringLiteral("png"))
        return ImageFormat::Png;
    if (n == QStringLiteral("svg"))
        return ImageFormat::Svg;
    if (n == QStringLiteral("pdf"))
        return ImageFormat::Pdf;
    return std::nullopt;
}

std::optional<ImageFormat> imageFormatForFile(const QString &fileName)
{
    return imageFormatFromName(QFileInfo(fileName).suffix());
}

namespace {

bool paintSvg(QIODevice &device, FabricCanvas &canvas, const CanvasExportOptions &options)
{
    const QRectF target(QPointF(0, 0), QSizeF(options.size));
    return writeSvgPicture(device, options.size, options.title,
        QObject::tr("FabricScope fabric diagram"), [&](QPaintDevice &svg) {
            QPainter painter;
            if (!painter.begin(&svg))
                return false;
            canvas.renderTo(&painter, target, QRectF(), options.title, options.legend);
            return painter.end();
        });
}

bool paintPdf(QIODevice &device, FabricCanvas &canvas, const CanvasExportOptions &options)
{
    const QRectF target(QPointF(0, 0), QSizeF(options.size));
    QPdfWriter pdf(&device);
    // One page of the picture's shape, size in points (1/72 inch).
    pdf.setPageSize(QPageSize(QSizeF(options.size), QPageSize::Point, QString(),
                              QPageSize::ExactMatch));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    pdf.setResolution(72);
    pdf.setTitle(options.title);
    pdf.setCreator(QStringLiteral("FabricScope"));
    QPainter painter;
    if (!painter.begin(&pdf))
        return false;
    canvas.renderTo(&painter, target, QRectF(), options.title, options.legend);
    return painter.end();
}

} // namespace

bool exportCanvas(FabricCanvas &canvas, const QString &fileName, ImageFormat format,
                  const CanvasExportOptions &options, QString *error)
{
    if (options.size.isEmpty()) {
        if (error)
            *error = QObject::tr("The picture size must not be empty.");
        return false;
    }
    switch (format) {
    case ImageFormat::Png:
        return writePng(fileName,
                        canvas.renderImage(options.size, options.title, options.legend), error);
    case ImageFormat::Svg:
        return writeRendered(
            fileName, [&](QIODevice &device) { return paintSvg(device, canvas, options); }, error);
    case ImageFormat::Pdf:
        return writeRendered(
            fileName, [&](QIODevice &device) { return paintPdf(device, canvas, options); }, error);
    }
    if (error)
        *error = QObject::tr("Unknown format.");
    return false;
}

void showLoadsAt(FabricCanvas &canvas, const SimRun &run, LoadSampler &sampler, double timeS)
{
    constexpr int collision = 2;
    sampler.seek(timeS);
    canvas.setLinkLoads(sampler.utilisation());
    canvas.setLinkBadges(run.summary.multipath ? std::vector<int> {} : sampler.badges(collision));
}

QString momentNote(double timeS, double endS, double windowS)
{
    return QStringLiteral("t = %1 of %2 \u00b7 %3")
        .arg(toQString(units::formatSeconds(timeS)), toQString(units::formatSeconds(endS)),
            LoadSampler::windowNote(windowS));
}

} // namespace fabric::views
