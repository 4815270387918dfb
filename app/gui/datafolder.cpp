// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "datafolder.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QStringList>

namespace fabric::app {

QString dataFolder(const QString &subfolder)
{
    QStringList candidates {
        QDir(QCoreApplication::applicationDirPath())
            .filePath(QStringLiteral("../share/") + subfolder),
    };
    const QString xdg = QStandardPaths::locate(
        QStandardPaths::GenericDataLocation, subfolder, QStandardPaths::LocateDirectory);
    if (!xdg.isEmpty())
        candidates << xdg;
    for (const QString &folder : std::as_const(candidates))
        if (QFileInfo(folder).isDir())
            return QDir::cleanPath(QFileInfo(folder).absoluteFilePath());
    return {};
}

} // namespace fabric::app
