// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>
#include <QList>
#include <QLockFile>
#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>

namespace fabric::app {

class Document;
class MainWindow;
class Prompts;

/**
 * Keeps a recovery copy of unsaved work, so a crash or a kill loses at most one interval of it.
 *
 * While the open document has unsaved changes, every interval (2 minutes) it is written, through
 * the same atomic save as File > Save, to `session-<pid>.fabric.json` in the recovery folder,
 * with `session-<pid>.json` saying which file it was and when. The session holds
 * `session-<pid>.lock` for its whole life. A clean exit, a Save, a document replaced, or one
 * with nothing unsaved, removes the copy. A copy whose lock is free or stale (its process died) is
 * an orphan: the next start offers to restore it (offerRecovery()).
 */
class AutoSave : public QObject
{
    Q_OBJECT
public:
    static constexpr int kDefaultIntervalMs = 2 * 60 * 1000;

    /// Watches @p window's document. @p folder defaults to defaultFolder().
    explicit AutoSave(MainWindow &window, QString folder = {},
                      int intervalMs = kDefaultIntervalMs);
    /// Removes this session's files: what was unsaved at a clean exit was the user's choice.
    ~AutoSave() override;

    /// `recovery` in the application's data folder (~/.local/share/FabricScope/recovery).
    static QString defaultFolder();

    /// Writes the copy now if the document has unsaved changes, else removes it. False when the
    /// copy could not be written (a full disk): the next interval tries again.
    bool saveNow();
    /// This session's copy (it may not exist).
    QString recoveryFile() const;

    /// A copy some earlier session left.
    struct Orphan
    {
        QString fabricFile;   ///< The recovery copy to open.
        QString originalFile; ///< The file the work belonged to; empty for a never-saved one.
        QDateTime savedAt;
        QString stem;         ///< The folder's session-<pid> path without its extensions.
    };
    /// The copies in @p folder whose session is no longer running, newest first.
    static QList<Orphan> orphans(const QString &folder);
    /// Removes an orphan's files.
    static void discard(const Orphan &orphan);

    /// Asks through @p prompts whether to restore the newest orphan in @p folder; restores it
    /// into @p window as an unsaved document of its original file when the answer is yes. Every
    /// orphan is removed afterwards (restored work is in the window; refused work was refused).
    /// True when something was restored.
    static bool offerRecovery(MainWindow &window, Prompts &prompts, const QString &folder = {});

private:
    QString path(const char *extension) const;
    void removeCopy();
    /// Follows @p document's saves; the copy of the one it replaces goes.
    void watch(Document *document);

    MainWindow &mWindow;
    QString mFolder;
    QString mStem;
    std::unique_ptr<QLockFile> mLock;
    QTimer mTimer;
    QMetaObject::Connection mModifiedConnection;
};

} // namespace fabric::app
