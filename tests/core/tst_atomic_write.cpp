// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// io::saveAtomically(), the one function every file write goes through: a full disk, a missing
// folder or a throwing writer keep the old file and leave no temporary; a killed writer's
// temporaries go; symlinks are written through with the target's permissions; a FIFO is
// written into, never replaced.
#include "io/atomicwrite.h"
#include "model/error.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <sys/stat.h>
#include <unistd.h>

using namespace fabric;
namespace fs = std::filesystem;

namespace {

std::string readAll(const fs::path &p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

void save(const fs::path &p, const std::string &text)
{
    io::saveAtomically(p, [&](std::ostream &out) { out << text; });
}

/// Every entry of @p dir, hidden ones too.
QStringList entries(const QTemporaryDir &dir)
{
    return QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::System
                                      | QDir::NoDotAndDotDot);
}

/// The message of the UserError @p f throws, or "" when it does not throw.
template<typename F> QString errorOf(F &&f)
{
    try {
        f();
    } catch (const UserError &e) {
        return QString::fromStdString(e.what());
    }
    return QString();
}

} // namespace

class TestAtomicWrite : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cleanup() { io::testhooks::failWritesAfter(std::nullopt); }
    void replacesTheFile();
    void fullDiskKeepsTheOldFile();
    void missingFolderFailsCleanly();
    void checkCanSaveWritesNothing();
    void throwingWriterKeepsTheOldFile();
    void removesStaleTemporaries();
    void writesThroughSymlinkKeepingMode();
    void keepsModeOfPlainFile();
    void refusesReadOnlyFile();
    void savesUnderTheLongestName();
    void writesIntoFifo();
    void writesThroughProcFd();
    void refusesFolderAndSymlinkLoop();
    void hardLinksSeeTheNewContents();
    void hardLinkFullDiskPutsTheOldContentsBack();
};

void TestAtomicWrite::replacesTheFile()
{
    QTemporaryDir dir;
    const fs::path p = dir.filePath("a.txt").toStdString();
    save(p, "old");
    save(p, "new");
    QCOMPARE(readAll(p), std::string("new"));
    QCOMPARE(entries(dir), QStringList{"a.txt"});
}

void TestAtomicWrite::fullDiskKeepsTheOldFile()
{
    QTemporaryDir dir;
    const fs::path p = dir.filePath("a.csv").toStdString();
    save(p, "old");
    io::testhooks::failWritesAfter(10);
    const QString error = errorOf([&] { save(p, std::string(5000000, 'x')); });
    QVERIFY2(error.contains("No space left on device") && error.contains("old file is unchanged"),
             qPrintable(error));
    QCOMPARE(readAll(p), std::string("old"));
    QCOMPARE(entries(dir), QStringList{"a.csv"});
}

void TestAtomicWrite::missingFolderFailsCleanly()
{
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir("gone"));
    const fs::path p = dir.filePath("gone/a.svg").toStdString();
    QVERIFY(QDir(dir.filePath("gone")).removeRecursively());
    const QString error = errorOf([&] { save(p, "x"); });
    QVERIFY2(error.startsWith(QString::fromStdString(p.string()) + ": cannot write"),
             qPrintable(error));
    QVERIFY(entries(dir).isEmpty());
}

void TestAtomicWrite::checkCanSaveWritesNothing()
{
    // The same verdicts as a save, found before any content is made, and nothing left behind.
    QTemporaryDir dir;
    const fs::path fine = dir.filePath("a.json").toStdString();
    io::checkCanSave(fine);
    QVERIFY(entries(dir).isEmpty());
    const fs::path missing = dir.filePath("gone/a.json").toStdString();
    QCOMPARE(errorOf([&] { io::checkCanSave(missing); }), errorOf([&] { save(missing, "x"); }));
    QVERIFY(errorOf([&] { io::checkCanSave(missing); }).contains("cannot write in folder"));
    QVERIFY(errorOf([&] { io::checkCanSave(dir.path().toStdString()); }).contains("is a folder"));
    QCOMPARE(errorOf([] { io::checkCanSave(fs::path()); }), QStringLiteral("an empty file name"));
    io::checkCanSave("/dev/null"); // written directly, never replaced: nothing to check
    QVERIFY(entries(dir).isEmpty());
}

void TestAtomicWrite::throwingWriterKeepsTheOldFile()
{
    QTemporaryDir dir;
    const fs::path p = dir.filePath("a.json").toStdString();
    save(p, "old");
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, io::saveAtomically(p, [](std::ostream &out) {
        out << "half";
        throw std::runtime_error("stop");
    }));
    QCOMPARE(readAll(p), std::string("old"));
    QCOMPARE(entries(dir), QStringList{"a.json"});
}

void TestAtomicWrite::removesStaleTemporaries()
{
    QTemporaryDir dir;
    const fs::path p = dir.filePath("a.png").toStdString();
    // A writer killed mid-write (its pid is gone), and one of the older naming.
    for (const char *name : {".a.png.tmp-999999999.1f2e", ".a.png.tmp-3a7c19-0"})
        std::ofstream(dir.filePath(name).toStdString()) << "half";
    std::ofstream(dir.filePath(".b.png.tmp-999999999.1f2e").toStdString()) << "other target";
    save(p, "new");
    QCOMPARE(entries(dir), (QStringList{".b.png.tmp-999999999.1f2e", "a.png"}));
}

void TestAtomicWrite::writesThroughSymlinkKeepingMode()
{
    QTemporaryDir dir;
    const fs::path target = dir.filePath("real.fabric.json").toStdString();
    const fs::path link = dir.filePath("link.fabric.json").toStdString();
    save(target, "old");
    QCOMPARE(::chmod(target.c_str(), 0600), 0);
    fs::create_symlink("real.fabric.json", link);
    save(link, "new");
    QVERIFY(fs::is_symlink(link));
    QCOMPARE(readAll(target), std::string("new"));
    struct stat st {};
    QCOMPARE(::stat(target.c_str(), &st), 0);
    QCOMPARE(st.st_mode & 07777, mode_t(0600));
}

void TestAtomicWrite::keepsModeOfPlainFile()
{
    QTemporaryDir dir;
    const fs::path p = dir.filePath("a.pdf").toStdString();
    save(p, "old");
    QCOMPARE(::chmod(p.c_str(), 0640), 0);
    save(p, "new");
    struct stat st {};
    QCOMPARE(::stat(p.c_str(), &st), 0);
    QCOMPARE(st.st_mode & 07777, mode_t(0640));
}

void TestAtomicWrite::refusesReadOnlyFile()
{
    // A file marked read-only was replaced by the rename without a word.
    QTemporaryDir dir;
    const fs::path p = dir.filePath("kept.fabric.json").toStdString();
    save(p, "old");
    QCOMPARE(::chmod(p.c_str(), 0444), 0);
    const QString error = errorOf([&] { save(p, "new"); });
    QVERIFY2(error.contains("is read-only"), qPrintable(error));
    QCOMPARE(readAll(p), std::string("old"));
    QCOMPARE(entries(dir), QStringList { "kept.fabric.json" });
}

void TestAtomicWrite::savesUnderTheLongestName()
{
    // A name the folder takes (255 bytes, some of them two-byte letters) but whose temporary,
    // the whole name and some 30 more bytes, it did not: "File name too long".
    QTemporaryDir dir;
    std::string name;
    while (name.size() < 242)
        name += "\u00e9"; // two bytes each
    name += ".fabric.json";
    QVERIFY(name.size() <= 255);
    const fs::path p = fs::path(dir.path().toStdString()) / name;
    save(p, "saved");
    QCOMPARE(readAll(p), std::string("saved"));
    save(p, "again");
    QCOMPARE(readAll(p), std::string("again"));
    QCOMPARE(entries(dir).size(), 1);
}

void TestAtomicWrite::writesIntoFifo()
{
    QTemporaryDir dir;
    const fs::path fifo = dir.filePath("pipe").toStdString();
    QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
    std::string received;
    std::thread reader([&] { received = readAll(fifo); });
    save(fifo, "through the pipe");
    reader.join();
    QCOMPARE(received, std::string("through the pipe"));
    QVERIFY(fs::is_fifo(fifo));
    QCOMPARE(entries(dir), QStringList{"pipe"});
}

void TestAtomicWrite::writesThroughProcFd()
{
    // /dev/stdout is a symlink to /proc/self/fd/1, whose "target" may be "pipe:[123]".
    int fds[2];
    QCOMPARE(::pipe(fds), 0);
    save("/proc/self/fd/" + std::to_string(fds[1]), "to the pipe");
    ::close(fds[1]);
    char buffer[64] = {};
    const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
    ::close(fds[0]);
    QCOMPARE(std::string(buffer, n > 0 ? std::size_t(n) : 0), std::string("to the pipe"));
}

void TestAtomicWrite::refusesFolderAndSymlinkLoop()
{
    QTemporaryDir dir;
    QVERIFY2(errorOf([&] { save(dir.path().toStdString(), "x"); }).endsWith("is a folder, not a file"),
             "a folder");
    const fs::path a = dir.filePath("a").toStdString();
    fs::create_symlink("b", a);
    fs::create_symlink("a", dir.filePath("b").toStdString());
    const QString error = errorOf([&] { save(a, "x"); });
    QVERIFY2(error.contains("symlink loop"), qPrintable(error));
}


void TestAtomicWrite::hardLinksSeeTheNewContents()
{
    QTemporaryDir dir;
    const fs::path p = dir.filePath("a.fabric.json").toStdString();
    const fs::path other = dir.filePath("b.fabric.json").toStdString();
    save(p, "old contents");
    QCOMPARE(::link(p.c_str(), other.c_str()), 0);
    save(p, "new");
    QCOMPARE(readAll(p), std::string("new"));
    QCOMPARE(readAll(other), std::string("new"));
    struct stat st {};
    QCOMPARE(::stat(p.c_str(), &st), 0);
    QCOMPARE(st.st_nlink, nlink_t(2));
    QCOMPARE(entries(dir), (QStringList{"a.fabric.json", "b.fabric.json"}));
}

void TestAtomicWrite::hardLinkFullDiskPutsTheOldContentsBack()
{
    QTemporaryDir dir;
    const fs::path p = dir.filePath("a.csv").toStdString();
    const fs::path other = dir.filePath("b.csv").toStdString();
    save(p, "old");
    QCOMPARE(::link(p.c_str(), other.c_str()), 0);
    // Room for the new contents in the temporary file and the copy of the old ones, but the
    // disk fills while the new contents are copied over the linked file.
    const std::string bigger(3000000, 'x');
    io::testhooks::failWritesAfter(bigger.size() + 3 + 1000);
    const QString error = errorOf([&] { save(p, bigger); });
    QVERIFY2(error.contains("No space left on device") && error.contains("old file is unchanged"),
             qPrintable(error));
    QCOMPARE(readAll(p), std::string("old"));
    QCOMPARE(readAll(other), std::string("old"));
    QCOMPARE(entries(dir), (QStringList{"a.csv", "b.csv"}));
}

QTEST_GUILESS_MAIN(TestAtomicWrite)
#include "tst_atomic_write.moc"
