// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Checks the export tests share: is a picture more than a blank page, what text did a file get.

#include <QFile>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QString>
#include <QXmlStreamReader>

namespace fabric::testing {

/// Text of a PDF through pdftotext or Ghostscript's txtwrite; null when neither is installed.
inline QString pdfText(const QString &file)
{
    QProcess p;
    if (const QString tool = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
        !tool.isEmpty()) {
        p.start(tool, { file, QStringLiteral("-") });
    } else if (const QString gs = QStandardPaths::findExecutable(QStringLiteral("gs"));
               !gs.isEmpty()) {
        p.start(gs,
            { QStringLiteral("-q"), QStringLiteral("-dNOPAUSE"), QStringLiteral("-dBATCH"),
                QStringLiteral("-sDEVICE=txtwrite"), QStringLiteral("-sOutputFile=-"), file });
    } else {
        return QString();
    }
    p.waitForFinished(60000);
    // Tools separate words by tabs or several spaces: keep one space.
    return QString::fromUtf8(p.readAllStandardOutput())
        .replace(QRegularExpression(QStringLiteral("\\s+")), QStringLiteral(" "));
}

/// Distinct colours on a grid of samples every @p step pixels: a blank picture has one or two.
inline int colourCount(const QImage &image, int step = 4)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += step)
        for (int x = 0; x < image.width(); x += step)
            colours.insert(image.pixel(x, y));
    return int(colours.size());
}

/// Pixels of @p image exactly @p colour (alpha ignored): how much of a line colour is drawn.
inline int pixelsOf(const QImage &image, QRgb colour)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            n += (image.pixel(x, y) & 0xffffff) == (colour & 0xffffff);
    return n;
}

/// The whole of @p file as UTF-8 (empty when it cannot be read).
inline QString readText(const QString &file)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

/// The width and height an SVG file states for itself, when in pixels (no unit or "px"); an
/// invalid size otherwise (millimetres, which other programs read at another resolution).
inline QSize svgPictureSize(const QString &file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QXmlStreamReader xml(&f);
    while (!xml.atEnd() && !xml.isStartElement())
        xml.readNext();
    if (xml.name() != QLatin1String("svg"))
        return {};
    const auto pixels = [&](const char *name) {
        QString value = xml.attributes().value(QLatin1String(name)).toString();
        if (value.endsWith(QLatin1String("px")))
            value.chop(2);
        bool ok = false;
        const int n = value.toInt(&ok);
        return ok ? n : -1;
    };
    return QSize(pixels("width"), pixels("height"));
}

/// The text of the first <title> of an SVG file, read as XML; on malformed XML, "XML error: "
/// and the parser's message (a title with an unescaped '&' made the whole file unreadable).
inline QString svgTitle(const QString &file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("cannot read ") + file;
    QXmlStreamReader xml(&f);
    QString title;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("title") && title.isNull())
            title = xml.readElementText();
    }
    if (xml.hasError())
        return QStringLiteral("XML error: ") + xml.errorString();
    return title;
}

} // namespace fabric::testing
