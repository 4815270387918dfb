// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "svgpicture.h"

#include <QBuffer>
#include <QIODevice>
#include <QSvgGenerator>

namespace fabric::views {

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
        // QSvgGenerator writes both as they are into <title> and <desc>: a title such as
        // "ECMP & SHARP" made the whole file malformed XML.
        svg.setTitle(title.toHtmlEscaped());
        svg.setDescription(description.toHtmlEscaped());
        if (!paint(svg))
            return false;
    }
    QByteArray data = buffer.data();
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
