// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "examples.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace fabric::app {
namespace {

const QString kSubfolder = QStringLiteral("fabricscope/topologies");
const QString kSuffix = QStringLiteral(".fabric.json");

} // namespace

QString examplesFolder()
{
    // Beside the program first, so an installed copy under any prefix finds its own examples
    // rather than another version's in /usr/share.
    QStringList candidates {
        QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("../share/") + kSubfolder),
    };
    const QString xdg = QStandardPaths::locate(
        QStandardPaths::GenericDataLocation, kSubfolder, QStandardPaths::LocateDirectory);
    if (!xdg.isEmpty())
        candidates << xdg;
    candidates << QStringLiteral(FABRICSCOPE_SOURCE_TOPOLOGIES);
    for (const QString &folder : std::as_const(candidates))
        if (QFileInfo(folder).isDir())
            return QDir::cleanPath(QFileInfo(folder).absoluteFilePath());
    return {};
}

QStringList exampleFiles()
{
    const QString folder = examplesFolder();
    if (folder.isEmpty())
        return {};
    QStringList files;
    const QDir dir(folder);
    for (const QString &name :
         dir.entryList({ QStringLiteral("*") + kSuffix }, QDir::Files | QDir::Readable, QDir::Name))
        files << dir.absoluteFilePath(name);
    return files;
}

QString exampleTitle(const QString &path)
{
    QString name = QFileInfo(path).fileName();
    if (name.endsWith(kSuffix))
        name.chop(kSuffix.size());
    return name;
}

} // namespace fabric::app
