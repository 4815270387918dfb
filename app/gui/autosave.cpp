// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "autosave.h"

#include "document.h"
#include "fileformats.h"
#include "mainwindow.h"
#include "prompts.h"

#include "export/atomicfile.h"
#include "io/formatregistry.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QStandardPaths>

#include <algorithm>
#include <exception>

namespace fabric::app {
namespace {

constexpr const char *kFabricExtension = ".fabric.json";
constexpr const char *kInfoExtension = ".json";
constexpr const char *kLockExtension = ".lock";

} // namespace

AutoSave::AutoSave(MainWindow &window, QString folder, int intervalMs)
    : mWindow(window)
    , mFolder(folder.isEmpty() ? defaultFolder() : std::move(folder))
{
    QDir().mkpath(mFolder);
    mStem = QDir(mFolder).filePath(
        QStringLiteral("session-%1").arg(QCoreApplication::applicationPid()));
    mLock = std::make_unique<QLockFile>(path(kLockExtension));
    mLock->setStaleLockTime(0); // only a dead process makes the lock stale, never its age
    if (!mLock->tryLock(0))
        qWarning("autosave: cannot lock %s; unsaved work will not be recovered after a crash",
                 qPrintable(path(kLockExtension)));
    mTimer.setInterval(intervalMs);
    connect(&mTimer, &QTimer::timeout, this, &AutoSave::saveNow);
    mTimer.start();
    // A copy older than a Save, or of a document discarded or replaced, is no longer the work
    // to recover: restored and saved, it would overwrite the newer file.
    connect(&window, &MainWindow::documentChanged, this, &AutoSave::watch);
    watch(window.document());
}

void AutoSave::watch(Document *document)
{
    disconnect(mModifiedConnection);
    removeCopy();
    if (document)
        mModifiedConnection
            = connect(document, &Document::modifiedChanged, this, [this](bool modified) {
                  if (!modified)
                      removeCopy();
              });
}

AutoSave::~AutoSave()
{
    removeCopy();
    if (mLock)
        mLock->unlock();
}

QString AutoSave::defaultFolder()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("recovery"));
}

QString AutoSave::path(const char *extension) const
{
    return mStem + QLatin1String(extension);
}

QString AutoSave::recoveryFile() const
{
    return path(kFabricExtension);
}

void AutoSave::removeCopy()
{
    QFile::remove(path(kFabricExtension));
    QFile::remove(path(kInfoExtension));
}

bool AutoSave::saveNow()
{
    const Document *document = mWindow.document();
    if (!document || !document->isModified()) {
        removeCopy();
        return true;
    }
    // The note of which file the copy belongs to first, the copy second: the copy is what
    // marks an orphan, so a session killed between the two writes never leaves a copy whose
    // original file is unknown.
    const QJsonObject info{
        {QStringLiteral("file"), document->fileName()},
        {QStringLiteral("saved_at"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
    };
    QString error;
    if (!views::writeFileAtomically(path(kInfoExtension), QJsonDocument(info).toJson(), &error))
        qWarning("autosave: %s", qPrintable(error));
    try {
        files::save(document->fabric(), recoveryFile(), io::findFormat("native"));
    } catch (const std::exception &e) {
        qWarning("autosave: %s", e.what());
        return false;
    }
    return true;
}

QList<AutoSave::Orphan> AutoSave::orphans(const QString &folder)
{
    QList<Orphan> found;
    const QDir dir(folder);
    const QStringList copies = dir.entryList(
        {QStringLiteral("session-*") + QLatin1String(kFabricExtension)}, QDir::Files);
    for (const QString &name : copies) {
        Orphan o;
        o.stem = dir.filePath(name.chopped(int(qstrlen(kFabricExtension))));
        QLockFile lock(o.stem + QLatin1String(kLockExtension));
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0))
            continue; // its session is still running (another window)
        lock.unlock(); // removes the stale lock file
        o.fabricFile = dir.filePath(name);
        o.savedAt = QFileInfo(o.fabricFile).lastModified();
        QFile infoFile(o.stem + QLatin1String(kInfoExtension));
        if (infoFile.open(QIODevice::ReadOnly)) {
            const QJsonObject info = QJsonDocument::fromJson(infoFile.readAll()).object();
            o.originalFile = info.value(QStringLiteral("file")).toString();
        }
        found << o;
    }
    std::sort(found.begin(), found.end(),
              [](const Orphan &a, const Orphan &b) { return a.savedAt > b.savedAt; });
    return found;
}

void AutoSave::discard(const Orphan &orphan)
{
    QFile::remove(orphan.fabricFile);
    QFile::remove(orphan.stem + QLatin1String(kInfoExtension));
    QFile::remove(orphan.stem + QLatin1String(kLockExtension));
}

bool AutoSave::offerRecovery(MainWindow &window, Prompts &prompts, const QString &folder)
{
    QList<Orphan> found = orphans(folder.isEmpty() ? defaultFolder() : folder);
    // A copy older than its file is not newer work: the file was saved since (by another
    // window, or another program), and restoring the copy would put old work over it.
    for (qsizetype i = found.size() - 1; i >= 0; --i) {
        const QFileInfo original(found[i].originalFile);
        if (!found[i].originalFile.isEmpty() && original.exists()
            && original.lastModified() > found[i].savedAt) {
            discard(found[i]);
            found.removeAt(i);
        }
    }
    // Newest first, one question each: declined, a copy goes and the next is offered; taken,
    // the others stay for the next start (two windows killed at once left two, and the one
    // not offered was deleted unseen).
    for (qsizetype i = 0; i < found.size(); ++i) {
        const Orphan &orphan = found[i];
        const QString what = orphan.originalFile.isEmpty()
            ? QObject::tr("an untitled fabric")
            : QFileInfo(orphan.originalFile).fileName();
        QString question
            = QObject::tr("FabricScope closed without saving changes to %1. Restore the copy "
                          "saved automatically at %2?")
                  .arg(what, QLocale().toString(orphan.savedAt, QLocale::ShortFormat));
        if (const qsizetype more = found.size() - i - 1; more > 0)
            question += QLatin1Char(' ')
                + QObject::tr("(%n more unsaved copies: declining this one offers the next; "
                              "the others are offered at the next start.)",
                    nullptr, int(more));
        const bool take = prompts.askYesNo(
            &window, QObject::tr("Restore Unsaved Work"), question, Prompts::DefaultAnswer::Yes);
        const bool restored = take && window.openRecovered(orphan.fabricFile, orphan.originalFile);
        // A copy that failed to open was reported; keeping it would ask again at every start.
        discard(orphan);
        if (take)
            return restored;
    }
    return false;
}

} // namespace fabric::app
