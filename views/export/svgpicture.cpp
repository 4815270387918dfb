// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "svgpicture.h"

#include <QBuffer>
#include <QIODevice>
#include <QImage>
#include <QSvgGenerator>

#include <cmath>
#include <optional>

namespace fabric::views {
namespace {

/// The number in @p tag's attribute @p name="...", or nullopt.
std::optional<QByteArray> attribute(const QByteArray &tag, const QByteArray &name)
{
    const QByteArray key = ' ' + name + "=\"";
    const qsizetype start = tag.indexOf(key);
    if (start < 0)
        return std::nullopt;
    const qsizetype from = start + key.size();
    const qsizetype end = tag.indexOf('"', from);
    return end < 0 ? std::nullopt : std::optional(tag.mid(from, end - from));
}

/// @p tag with attribute @p name's comma-separated numbers divided by @p k.
QByteArray divided(QByteArray tag, const QByteArray &name, double k)
{
    const std::optional<QByteArray> value = attribute(tag, name);
    if (!value)
        return tag;
    QByteArrayList parts = value->split(',');
    for (QByteArray &part : parts)
        part = QByteArray::number(part.toDouble() / k, 'g', 6);
    const QByteArray key = ' ' + name + "=\"";
    return tag.replace(key + *value + '"', key + parts.join(',') + '"');
}

/**
 * Bakes cosmetic pens into the strokes. The canvas draws links with pens of a width on screen
 * whatever the zoom; QSvgGenerator keeps the zoom as a group transform and marks those strokes
 * vector-effect="non-scaling-stroke", which browsers honour but librsvg, LibreOffice and many
 * slide tools ignore: there a fabric zoomed 2.2x had every link 2.2 times thicker than on
 * screen and in the PNG. Dividing the group's stroke width and dashes by its scale gives the
 * same picture in every reader. The generator writes flat groups, one per painter state.
 */
QByteArray bakeNonScalingStrokes(const QByteArray &svg)
{
    static const QByteArray nonScaling(" vector-effect=\"non-scaling-stroke\"");
    QByteArray out;
    out.reserve(svg.size());
    qsizetype at = 0;
    while (true) {
        const qsizetype open = svg.indexOf("<g ", at);
        const qsizetype tagEnd = open < 0 ? -1 : svg.indexOf('>', open);
        const qsizetype close = tagEnd < 0 ? -1 : svg.indexOf("</g>", tagEnd);
        if (close < 0)
            break;
        QByteArray tag = svg.mid(open, tagEnd + 1 - open);
        QByteArray body = svg.mid(tagEnd + 1, close - tagEnd - 1);
        if (body.contains(nonScaling)) {
            body.replace(nonScaling, QByteArray());
            double scale = 1;
            if (const auto matrix = attribute(tag, "transform");
                matrix && matrix->startsWith("matrix(")) {
                const QByteArrayList m = matrix->mid(7, matrix->size() - 8).split(',');
                if (m.size() == 6)
                    scale = std::sqrt(std::abs(
                        m[0].toDouble() * m[3].toDouble() - m[1].toDouble() * m[2].toDouble()));
            }
            if (scale > 0 && std::isfinite(scale) && scale != 1)
                for (const char *name : { "stroke-width", "stroke-dasharray", "stroke-dashoffset" })
                    tag = divided(tag, name, scale);
        }
        out += svg.mid(at, open - at);
        out += tag;
        out += body;
        at = close;
    }
    out += svg.mid(at);
    return out;
}

} // namespace

bool writeSvgPicture(QIODevice &device, const QSize &size, const QString &title,
    const QString &description, const std::function<bool(QPaintDevice &)> &paint)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        // The resolution of the images the PNG exports paint on (QImage's 96 dpi), so a font
        // sized in points takes as many units here as pixels there: at the generator's 72 dpi a
        // chart's 9 pt labels were 9 units against 12 pixels, in a layout made for 12.
        svg.setResolution(QImage(1, 1, QImage::Format_ARGB32).logicalDpiX());
        // QSvgGenerator writes both as they are into <title> and <desc>: a title such as
        // "ECMP & SHARP" made the whole file malformed XML.
        svg.setTitle(title.toHtmlEscaped());
        svg.setDescription(description.toHtmlEscaped());
        if (!paint(svg))
            return false;
    }
    QByteArray data = bakeNonScalingStrokes(buffer.data());
    // The root element opens with its width and height: <svg width="..mm" height="..mm"
    const QByteArray opening("<svg width=\"");
    const qsizetype start = data.indexOf(opening);
    const qsizetype height = start < 0 ? -1 : data.indexOf("height=\"", start);
    const qsizetype end = height < 0 ? -1 : data.indexOf('"', height + 8);
    if (end < 0)
        return false;
    data.replace(start, end + 1 - start,
        QStringLiteral("<svg width=\"%1\" height=\"%2\"")
            .arg(size.width())
            .arg(size.height())
            .toUtf8());
    return device.write(data) == data.size();
}

} // namespace fabric::views
