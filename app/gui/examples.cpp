// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "examples.h"

#include "datafolder.h"

#include <QDir>
#include <QFileInfo>

namespace fabric::app {
namespace {

const QString kSubfolder = QStringLiteral("fabricscope/topologies");
const QString kSuffix = QStringLiteral(".fabric.json");

} // namespace

QString examplesFolder()
{
    return dataFolder(kSubfolder);
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
