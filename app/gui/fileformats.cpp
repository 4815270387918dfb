// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fileformats.h"

#include "io/fabricfile.h"
#include "io/formatregistry.h"
#include "layout/layoutpositions.h"
#include "model/error.h"
#include "savedscenarios.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStringList>

#include <sstream>

namespace fabric::app::files {
namespace {

std::filesystem::path toPath(const QString &fileName)
{
    return std::filesystem::path(QFile::encodeName(fileName).toStdString());
}

QString patterns(const io::FabricFormat &format)
{
    QStringList out;
    for (const std::string &ext : format.extensions())
        out << QStringLiteral("*.") + QString::fromStdString(ext);
    return out.join(QLatin1Char(' '));
}

} // namespace

QString filterOf(const io::FabricFormat &format)
{
    const QString description
        = QString::fromUtf8(format.description().data(), qsizetype(format.description().size()));
    // Descriptions usually end with their patterns already.
    return description.contains(QLatin1Char('('))
        ? description
        : QStringLiteral("%1 (%2)").arg(description, patterns(format));
}

QString openFilter()
{
    QStringList all;
    QStringList each;
    for (const io::FabricFormat *f : io::formats()) {
        if (!f->canRead())
            continue;
        all << patterns(*f);
        each << filterOf(*f);
    }
    each.prepend(QCoreApplication::translate("Files", "All fabric files (%1)")
                     .arg(all.join(QLatin1Char(' '))));
    each << QCoreApplication::translate("Files", "All files (*)");
    return each.join(QStringLiteral(";;"));
}

QString saveFilter()
{
    const io::FabricFormat *native = io::findFormat("native");
    return native ? filterOf(*native) : QString();
}

QString pngFilter()
{
    return QCoreApplication::translate("Files", "PNG image (*.png)");
}

QString svgFilter()
{
    return QCoreApplication::translate("Files", "SVG drawing (*.svg)");
}

QString pdfFilter()
{
    return QCoreApplication::translate("Files", "PDF document (*.pdf)");
}

std::vector<const io::FabricFormat *> exportFormats()
{
    std::vector<const io::FabricFormat *> out;
    // Formats that need a scenario's flows (htsim) are written by the CLI's export, which
    // has one; File > Export exports the fabric alone.
    for (const io::FabricFormat *f : io::formats())
        if (f->canWrite() && !f->needsScenario() && f->name() != "native")
            out.push_back(f);
    return out;
}

QString withExtension(const QString &fileName, const io::FabricFormat &format)
{
    if (format.extensionMatch(fileName.toStdString()) > 0 || format.extensions().empty())
        return fileName;
    return fileName + QLatin1Char('.') + QString::fromStdString(format.extensions().front());
}

QStringList suffixesOf(const QString &nameFilter)
{
    static const QRegularExpression pattern(QStringLiteral("\\*\\.([A-Za-z0-9.]+)"));
    QStringList out;
    for (const QRegularExpressionMatch &m : pattern.globalMatch(nameFilter))
        out << m.captured(1).toLower();
    return out;
}

QString offeredSuffixOf(const QString &fileName, const QStringList &nameFilters)
{
    QString longest;
    for (const QString &filter : nameFilters)
        for (const QString &suffix : suffixesOf(filter))
            if (suffix.size() > longest.size()
                && fileName.endsWith(QLatin1Char('.') + suffix, Qt::CaseInsensitive))
                longest = suffix;
    return longest;
}

QString withSuffixOf(
    const QString &fileName, const QStringList &nameFilters, const QString &chosenFilter)
{
    if (!offeredSuffixOf(fileName, nameFilters).isEmpty())
        return fileName;
    const QStringList chosen = suffixesOf(chosenFilter);
    return chosen.isEmpty() ? fileName : fileName + QLatin1Char('.') + chosen.front();
}

Fabric load(const QString &fileName)
{
    Fabric fabric = io::loadFabric(toPath(fileName));
    // core keeps the scenarios verbatim; their schema is the GUI's (savedscenarios.h).
    try {
        (void)scenariosOf(fabric);
    } catch (const UserError &e) {
        throw UserError(fileName.toStdString() + ": " + e.what());
    }
    return fabric;
}

Fabric loadResource(const QString &resource)
{
    QFile file(resource);
    if (!file.open(QIODevice::ReadOnly))
        throw UserError(resource.toStdString() + ": cannot open the embedded fabric");
    std::istringstream in(file.readAll().toStdString());
    return io::readFabric(in, QFileInfo(resource).fileName().toStdString());
}

void save(const Fabric &fabric, const QString &fileName, const io::FabricFormat *format)
{
    const io::FabricFormat *chosen
        = format ? format : io::formatForFile(fileName.toStdString(), io::Access::Write);
    if (chosen && chosen->usesPositions())
        io::saveFabric(views::withLayoutPositions(fabric), toPath(fileName), chosen);
    else
        io::saveFabric(fabric, toPath(fileName), format);
}

} // namespace fabric::app::files
