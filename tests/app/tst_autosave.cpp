// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Autosave and crash recovery: unsaved work is copied on a timer, a killed GUI's copy is offered
// at the next start and restores as unsaved work of its original file, a running session's copy
// is never offered, and an exception in an event handler does not end the program.
//
// Two tests run this executable again as a child GUI ("--child-edit DIR FILE", "--child-throw"),
// so the process that is killed or that throws is a real one.
#include "autosave.h"
#include "document.h"
#include "fakeprompts.h"
#include "guardedapplication.h"
#include "mainwindow.h"
#include "palettedock.h"

#include "generators/registry.h"
#include "io/fabricfile.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <csignal>
#include <cstring>
#include <iostream>

using namespace fabric;
using namespace fabric::app;

namespace {

constexpr int kChildIntervalMs = 200;

Node gpuPrototype()
{
    Node gpu;
    gpu.kind = NodeKind::Gpu;
    return gpu;
}

/// A small fabric file to edit.
QString writeFabric(const QTemporaryDir &dir)
{
    const QString path = dir.filePath(QStringLiteral("work.fabric.json"));
    io::saveFabric(gen::generate("ib-fat-tree", nlohmann::json{{"radix", 4}, {"gpus_per_host", 2}}), path.toStdString());
    return path;
}

/// Child: opens @p file, adds one GPU through the palette (an undoable edit) and keeps running
/// with autosave every kChildIntervalMs into @p folder until it is killed.
int childEdit(int argc, char **argv, const QString &folder, const QString &file)
{
    QApplication app(argc, argv);
    MainWindow window;
    window.setPrompts(std::make_unique<FakePrompts>());
    if (!window.openFile(file))
        return 3;
    Q_EMIT window.paletteDock()->addRequested(gpuPrototype());
    const AutoSave autosave(window, folder, kChildIntervalMs);
    return app.exec();
}

/// An object whose event handler throws, as a buggy slot or paint might.
class Thrower : public QObject
{
protected:
    bool event(QEvent *e) override
    {
        if (e->type() == QEvent::User)
            throw std::runtime_error("thrown in an event handler");
        return QObject::event(e);
    }
};

/// Child: an exception escapes an event handler; the program must carry on and exit 0.
int childThrow(int argc, char **argv)
{
    GuardedApplication app(argc, argv);
    Thrower thrower;
    QCoreApplication::postEvent(&thrower, new QEvent(QEvent::User));
    QTimer::singleShot(200, &app, [&app] {
        std::cout << "caught " << app.caughtExceptions() << std::endl;
        QCoreApplication::exit(app.caughtExceptions() == 1 ? 0 : 4);
    });
    return app.exec();
}

} // namespace

class TestAutoSave : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void copiesOnlyUnsavedWork();
    void copyGoesAtSaveAndWithItsDocument();
    void killedSessionIsOfferedAndRestored();
    void declinedCopyIsDiscarded();
    void everyCopyIsOfferedAndOldOnesAreNot();
    void exceptionInEventHandlerIsSurvived();
};

void TestAutoSave::copiesOnlyUnsavedWork()
{
    QTemporaryDir dir;
    MainWindow window;
    window.setPrompts(std::make_unique<FakePrompts>());
    QVERIFY(window.openFile(writeFabric(dir)));
    const QString folder = dir.filePath(QStringLiteral("recovery"));
    const std::size_t nodes = window.document()->fabric().nodeCount();
    {
        AutoSave autosave(window, folder, AutoSave::kDefaultIntervalMs);
        QVERIFY(autosave.saveNow());
        QVERIFY2(!QFile::exists(autosave.recoveryFile()), "a saved document needs no copy");

        Q_EMIT window.paletteDock()->addRequested(gpuPrototype());
        QVERIFY(window.document()->isModified());
        QVERIFY(autosave.saveNow());
        QVERIFY(QFile::exists(autosave.recoveryFile()));
        const Fabric copy = io::loadFabric(autosave.recoveryFile().toStdString());
        QCOMPARE(copy.nodeCount(), nodes + 1);
        // This session is alive: its copy is nobody's orphan.
        QVERIFY(AutoSave::orphans(folder).isEmpty());

        window.document()->undoStack()->undo();
        QVERIFY(!window.document()->isModified());
        QVERIFY(autosave.saveNow());
        QVERIFY2(!QFile::exists(autosave.recoveryFile()), "undone to saved: the copy goes");

        Q_EMIT window.paletteDock()->addRequested(gpuPrototype());
        QVERIFY(autosave.saveNow());
    }
    QVERIFY2(QDir(folder).entryList(QDir::Files).isEmpty(),
             "a clean exit leaves no copy and no lock behind");
}

void TestAutoSave::copyGoesAtSaveAndWithItsDocument()
{
    // Killed after a Save but before the next interval, a session left its older copy: the
    // next start offered it, and saving what it restored took the newer work out of the file.
    QTemporaryDir dir;
    MainWindow window;
    auto prompts = std::make_unique<FakePrompts>();
    prompts->saveChoice = Prompts::SaveChoice::Discard;
    window.setPrompts(std::move(prompts));
    const QString file = writeFabric(dir);
    QVERIFY(window.openFile(file));
    const QString folder = dir.filePath(QStringLiteral("recovery"));
    AutoSave autosave(window, folder, AutoSave::kDefaultIntervalMs);
    Q_EMIT window.paletteDock()->addRequested(gpuPrototype());
    QVERIFY(autosave.saveNow());
    QVERIFY(QFile::exists(autosave.recoveryFile()));
    QVERIFY(window.save());
    QVERIFY2(!QFile::exists(autosave.recoveryFile()), "saved: the older copy goes at once");

    // Work on a document that is then replaced (its changes discarded) is not offered either.
    Q_EMIT window.paletteDock()->addRequested(gpuPrototype());
    QVERIFY(autosave.saveNow());
    QVERIFY(QFile::exists(autosave.recoveryFile()));
    QVERIFY(window.openFile(file)); // its changes discarded when asked
    QVERIFY(!window.document()->isModified());
    QVERIFY2(!QFile::exists(autosave.recoveryFile()), "another document: the copy goes");
}

void TestAutoSave::killedSessionIsOfferedAndRestored()
{
    QTemporaryDir dir;
    const QString file = writeFabric(dir);
    const std::size_t nodes = io::loadFabric(file.toStdString()).nodeCount();
    const QString folder = dir.filePath(QStringLiteral("recovery"));

    QProcess child;
    child.setProcessChannelMode(QProcess::ForwardedChannels);
    child.start(QCoreApplication::applicationFilePath(),
                {QStringLiteral("--child-edit"), folder, file});
    QVERIFY(child.waitForStarted());
    const QString copy = QDir(folder).filePath(
        QStringLiteral("session-%1.fabric.json").arg(child.processId()));
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(copy), 30000);
    QVERIFY2(AutoSave::orphans(folder).isEmpty(), "a running session's copy is not an orphan");
    ::kill(pid_t(child.processId()), SIGKILL);
    QVERIFY(child.waitForFinished());
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);

    const QList<AutoSave::Orphan> found = AutoSave::orphans(folder);
    QCOMPARE(found.size(), 1);
    QCOMPARE(found.front().originalFile, file);

    MainWindow window;
    auto prompts = std::make_unique<FakePrompts>();
    FakePrompts &answers = *prompts;
    window.setPrompts(std::move(prompts));
    answers.yes = true;
    QVERIFY(AutoSave::offerRecovery(window, answers, folder));
    QCOMPARE(answers.questions.size(), 1);
    QVERIFY2(answers.questions.front().contains(QStringLiteral("work.fabric.json")),
             qPrintable(answers.questions.front()));
    Document *doc = window.document();
    QCOMPARE(doc->fabric().nodeCount(), nodes + 1);
    QCOMPARE(doc->fileName(), file);
    QVERIFY2(doc->isModified(), "restored work is unsaved until saved");
    QVERIFY(window.isWindowModified());
    QVERIFY(AutoSave::orphans(folder).isEmpty());
    QVERIFY(QDir(folder).entryList(QDir::Files).isEmpty());

    // Saving puts it where it belongs and makes it clean.
    QVERIFY(window.save());
    QVERIFY(!doc->isModified());
    QCOMPARE(io::loadFabric(file.toStdString()).nodeCount(), nodes + 1);
}

void TestAutoSave::declinedCopyIsDiscarded()
{
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("recovery"));
    QDir().mkpath(folder);
    // A copy with no lock at all: left by a session that could not even keep its lock.
    const QString copy = QDir(folder).filePath(QStringLiteral("session-1.fabric.json"));
    QVERIFY(QFile::copy(writeFabric(dir), copy));
    MainWindow window;
    auto prompts = std::make_unique<FakePrompts>();
    FakePrompts &answers = *prompts;
    window.setPrompts(std::move(prompts));
    const std::size_t before = window.document()->fabric().nodeCount();
    QVERIFY(!AutoSave::offerRecovery(window, answers, folder));
    QCOMPARE(answers.questions.size(), 1);
    QVERIFY2(answers.questions.front().contains(QStringLiteral("untitled")),
             qPrintable(answers.questions.front()));
    QCOMPARE(window.document()->fabric().nodeCount(), before);
    QVERIFY(!QFile::exists(copy));
    QVERIFY(!AutoSave::offerRecovery(window, answers, folder));
    QCOMPARE(answers.questions.size(), 1);
}

void TestAutoSave::everyCopyIsOfferedAndOldOnesAreNot()
{
    // Two windows killed at once left two copies: only the newest was offered, and the other
    // was deleted unseen. A copy older than its file (saved since, by another window) was
    // offered, and restoring it put old work over the newer file.
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("recovery"));
    QDir().mkpath(folder);
    const QString fabric = writeFabric(dir);
    const auto leaveCopy = [&](int session, const QString &original, int secondsAgo) {
        const QString stem = QDir(folder).filePath(QStringLiteral("session-%1").arg(session));
        QVERIFY(QFile::copy(fabric, stem + QStringLiteral(".fabric.json")));
        QFile info(stem + QStringLiteral(".json"));
        QVERIFY(info.open(QIODevice::WriteOnly));
        info.write(QJsonDocument(QJsonObject { { QStringLiteral("file"), original } }).toJson());
        info.close();
        QFile copy(stem + QStringLiteral(".fabric.json"));
        QVERIFY(copy.open(QIODevice::ReadWrite));
        QVERIFY(copy.setFileTime(
            QDateTime::currentDateTime().addSecs(-secondsAgo), QFileDevice::FileModificationTime));
    };
    leaveCopy(1, QString(), 60);
    leaveCopy(2, QString(), 120);
    leaveCopy(3, fabric, 600); // its file, written just now, is newer
    MainWindow window;
    auto prompts = std::make_unique<FakePrompts>();
    FakePrompts &answers = *prompts;
    window.setPrompts(std::move(prompts));
    // Declined, the newest goes and the next is offered; the one older than its file is not.
    QVERIFY(!AutoSave::offerRecovery(window, answers, folder));
    QCOMPARE(answers.questions.size(), 2);
    QVERIFY2(answers.questions.front().contains(QStringLiteral("1 more")),
        qPrintable(answers.questions.front()));
    QVERIFY(AutoSave::orphans(folder).isEmpty());

    // Taken, the others stay for the next start.
    leaveCopy(4, QString(), 60);
    leaveCopy(5, QString(), 120);
    answers.yes = true;
    QVERIFY(AutoSave::offerRecovery(window, answers, folder));
    QCOMPARE(answers.questions.size(), 3);
    const QList<AutoSave::Orphan> left = AutoSave::orphans(folder);
    QCOMPARE(left.size(), 1);
    QVERIFY(left.front().fabricFile.endsWith(QStringLiteral("session-5.fabric.json")));
}

void TestAutoSave::exceptionInEventHandlerIsSurvived()
{
    QProcess child;
    child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--child-throw")});
    QVERIFY(child.waitForFinished(60000));
    const QByteArray out = child.readAllStandardOutput();
    QCOMPARE(child.exitStatus(), QProcess::NormalExit);
    QVERIFY2(child.exitCode() == 0, out.constData());
    QVERIFY(out.contains("caught 1"));
    QVERIFY(child.readAllStandardError().contains("thrown in an event handler"));
}

int main(int argc, char **argv)
{
    if (argc == 4 && std::strcmp(argv[1], "--child-edit") == 0)
        return childEdit(argc, argv, QString::fromLocal8Bit(argv[2]),
                         QString::fromLocal8Bit(argv[3]));
    if (argc == 2 && std::strcmp(argv[1], "--child-throw") == 0)
        return childThrow(argc, argv);
    QApplication app(argc, argv);
    TestAutoSave test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_autosave.moc"
