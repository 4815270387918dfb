// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "exportprompt.h"

#include "document.h"
#include "fileformats.h"
#include "prompts.h"

#include <QDir>
#include <QFileInfo>

#include <utility>

namespace fabric::app {

void ExportPrompt::setPrompts(std::function<Prompts *()> prompts)
{
    mPrompts = std::move(prompts);
}

Prompts *ExportPrompt::prompts() const
{
    static Prompts dialogs;
    return mPrompts ? mPrompts() : &dialogs;
}

QString ExportPrompt::folder(const Document *document) const
{
    if (!mLastFolder.isEmpty())
        return mLastFolder;
    // A shipped example's folder is read-only once installed: home is a better start there.
    if (document && !document->fileName().isEmpty()) {
        const QFileInfo own(QFileInfo(document->fileName()).absolutePath());
        if (own.isDir() && own.isWritable())
            return own.absoluteFilePath();
    }
    return QDir::homePath();
}

QString ExportPrompt::askFile(QWidget *parent, const Document *document, const QString &title,
    const QString &what, const QStringList &nameFilters)
{
    const QString fabricName = document ? document->fabricName() : QStringLiteral("fabric");
    const QStringList suffixes = files::suffixesOf(nameFilters.value(0));
    QString suggested
        = QDir(folder(document))
              .filePath(what.isEmpty() ? fabricName : fabricName + QLatin1Char('-') + what);
    if (!suffixes.isEmpty())
        suggested += QLatin1Char('.') + suffixes.front();
    const QString file = prompts()->exportFileName(parent, title, suggested, nameFilters);
    if (file.isEmpty())
        return {};
    mLastFolder = QFileInfo(file).absolutePath();
    return files::withSuffixOf(file, nameFilters, nameFilters.value(0));
}

QString ExportPrompt::askFolder(QWidget *parent, const Document *document, const QString &title)
{
    const QString chosen = prompts()->folderName(parent, title, folder(document));
    if (!chosen.isEmpty())
        mLastFolder = QFileInfo(chosen).absoluteFilePath();
    return chosen;
}

} // namespace fabric::app
