// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "exportprompt.h"

#include "document.h"
#include "export/frameexport.h"
#include "fileformats.h"
#include "prompts.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

#include <utility>

namespace fabric::app {

void ExportPrompt::setPrompts(std::function<Prompts *()> prompts)
{
    mPrompts = std::move(prompts);
}

namespace {
/// What export names start with: the fabric's name ("meta-2-zones").
QString fabricNameOf(const Document *document)
{
    return document ? document->fabricName() : QStringLiteral("fabric");
}

// The last animation's count and size, proposed by the next one, in this session or a later.
const QString kFramesKey = QStringLiteral("export/frames");
const QString kFrameSizeKey = QStringLiteral("export/frameSize");

FramesChoice lastFramesChoice()
{
    const QSettings settings;
    FramesChoice last;
    // The dialog's spin box keeps a count out of its range (an edited settings file) inside it.
    last.frames = settings.value(kFramesKey, last.frames).toInt();
    const QSize size = settings.value(kFrameSizeKey, last.size).toSize();
    if (FramesDialog::offersSize(size))
        last.size = size;
    return last;
}

void rememberFramesChoice(const FramesChoice &chosen)
{
    QSettings settings;
    settings.setValue(kFramesKey, chosen.frames);
    settings.setValue(kFrameSizeKey, chosen.size);
}
} // namespace

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
    const QString fabricName = fabricNameOf(document);
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

bool ExportPrompt::confirmReplacing(QWidget *parent, const QString &title, const QStringList &files)
{
    return prompts()->askToReplace(parent, title, files);
}

std::optional<FramesChoice> ExportPrompt::askFrames(
    QWidget *parent, const Document *document, double runSeconds)
{
    FramesChoice proposed = lastFramesChoice();
    proposed.folder
        = QDir(folder(document)).filePath(fabricNameOf(document) + QStringLiteral("-frames"));
    FramesDialog dialog(proposed, runSeconds, parent);
    dialog.setBrowse([this, &dialog](const QString &current) {
        const QFileInfo typed(current);
        // Opens at the folder typed, or where it would be created.
        const QString start = typed.isDir() ? typed.absoluteFilePath() : typed.absolutePath();
        return prompts()->folderName(&dialog, QObject::tr("Frames Folder"), start);
    });
    FramesChoice chosen;
    // A folder holding an earlier sequence is replaced only when the user says so: the new
    // frames overwrite it and the export removes what is left of it, even when stopped.
    for (;;) {
        if (!prompts()->runDialog(&dialog))
            return std::nullopt;
        chosen = dialog.choice();
        // A relative name is taken in the folder proposed.
        chosen.folder = QDir::cleanPath(QDir(folder(document)).absoluteFilePath(chosen.folder));
        const int earlier = views::framesIn(chosen.folder);
        if (earlier == 0
            || prompts()->askYesNo(parent, dialog.windowTitle(),
                QObject::tr("%1 already holds %2 (frame-00000.png on). Replace them? They are "
                            "removed even if you stop the export.")
                    .arg(QDir::toNativeSeparators(chosen.folder))
                    .arg(earlier == 1 ? QObject::tr("an animation frame")
                                      : QObject::tr("%1 animation frames").arg(earlier)),
                Prompts::DefaultAnswer::No))
            break;
    }
    rememberFramesChoice(chosen);
    // The next export goes beside this animation's folder, not into it.
    mLastFolder = QFileInfo(chosen.folder).absolutePath();
    return chosen;
}

} // namespace fabric::app
