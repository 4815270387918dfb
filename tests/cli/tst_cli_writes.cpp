// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Every file the CLI writes, on a full disk (faked by io::testhooks): exit code 2, one line
// naming the file and the cause, the old file unchanged, no temporary left. And -o through a
// symlink keeps the link and the target's permissions.
#include "clirun.h"
#include "io/atomicwrite.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <sys/stat.h>

using fabric::testing::CliResult;
using fabric::testing::runCli;
namespace fs = std::filesystem;

namespace {

const std::string kScenario = R"({"collective":"allreduce","algorithm":"ring","bytes":1048576,)"
                              R"("ranks":"8","routing":"ecmp"})";

std::string readAll(const fs::path &p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

class TestCliWrites : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanup() { fabric::io::testhooks::failWritesAfter(std::nullopt); }
    void fullDiskKeepsOldFile_data();
    void fullDiskKeepsOldFile();
    void outputThroughSymlinkKeepsMode();
    void outputsAreCheckedBeforeTheRun_data();
    void outputsAreCheckedBeforeTheRun();
    void twoOutputsInOneFileAreRefused_data();
    void twoOutputsInOneFileAreRefused();

private:
    QTemporaryDir mDir;
    std::string mFabric;
};

void TestCliWrites::initTestCase()
{
    QVERIFY(mDir.isValid());
    mFabric = mDir.filePath("small.fabric.json").toStdString();
    const CliResult r = runCli({"generate", "ib-fat-tree", "--set", "radix=8", "--set", "tiers=2",
                                "-o", mFabric});
    QVERIFY2(r.code == 0, r.err.c_str());
}

void TestCliWrites::fullDiskKeepsOldFile_data()
{
    QTest::addColumn<QStringList>("args"); // FILE stands for the output, FABRIC for the input
    QTest::addColumn<QString>("output");   // relative to the test's folder
    const QString s = QString::fromStdString(kScenario);
    auto exportRow = [&](const char *name, const QStringList &extra) {
        QTest::newRow(name) << (QStringList{"export", "FABRIC", "-o", "FILE"} + extra)
                            << QString("out.") + name;
    };
    exportRow("svg", {});
    exportRow("png", {"--size", "64x64"});
    exportRow("pdf", {});
    exportRow("csv", {"--scenario", s});
    exportRow("json", {"--scenario", s});
    exportRow("cm", {"--scenario", s});
    QTest::newRow("report") << QStringList{"export", "FABRIC", "--format", "report", "-o", "FILE"}
                            << "out.report.pdf";
    QTest::newRow("frames") << QStringList{"export", "FABRIC", "--scenario", s, "--frames", "2",
                                           "--size", "64x64", "-o", "frames"}
                            << "frames/frame-00000.png";
    for (const char *chart : {"throughput", "link-load", "heatmap", "bytes-on-wire"})
        QTest::addRow("chart %s png", chart)
            << QStringList{"export", "FABRIC", "--scenario", s, "--chart", chart, "-o", "FILE"}
            << QString("chart.png");
    QTest::newRow("chart svg") << QStringList{"export", "FABRIC", "--scenario", s, "--chart",
                                              "completion-cdf", "-o", "FILE"}
                               << "chart.svg";
    for (const char *ext : {"fabric.json", "graphml", "dot", "drawio"})
        QTest::addRow("convert %s", ext) << QStringList{"convert", "FABRIC", "-o", "FILE"}
                                         << QString("out.") + ext;
    QTest::newRow("generate") << QStringList{"generate", "ib-fat-tree", "--set", "radix=8",
                                             "--set", "tiers=2", "-o", "FILE"}
                              << "gen.fabric.json";
    const QStringList sim{"simulate",     "FABRIC", "--collective", "allreduce", "--algorithm",
                          "ring",         "--bytes", "1MiB",        "--ranks",   "8"};
    QTest::newRow("simulate report") << (sim + QStringList{"--report", "FILE"}) << "report.json";
    QTest::newRow("simulate links csv") << (sim + QStringList{"--links-csv", "FILE"})
                                        << "links.csv";
    QTest::newRow("simulate flows csv")
        << (sim + QStringList { "--flows-csv", "FILE" }) << "flows.csv";
}

void TestCliWrites::fullDiskKeepsOldFile()
{
    QFETCH(QStringList, args);
    QFETCH(QString, output);
    QTemporaryDir dir;
    const fs::path target = dir.filePath(output).toStdString();
    fs::create_directories(target.parent_path());
    std::ofstream(target) << "old";
    std::vector<std::string> words;
    for (const QString &a : args)
        words.push_back(a == "FABRIC" ? mFabric
                            : a == "FILE" ? target.string()
                            : a == "frames" ? target.parent_path().string()
                                            : a.toStdString());
    fabric::io::testhooks::failWritesAfter(8);
    const CliResult r = runCli(words);
    fabric::io::testhooks::failWritesAfter(std::nullopt);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.find('\n') == r.err.size() - 1, r.err.c_str());
    QVERIFY2(r.err.find(target.string() + ": writing failed: No space left on device; the old "
                        "file is unchanged") != std::string::npos,
             r.err.c_str());
    QCOMPARE(readAll(target), std::string("old"));
    const QStringList left = QDir(QString::fromStdString(target.parent_path().string()))
                                 .entryList(QDir::Files | QDir::Hidden);
    QCOMPARE(left, QStringList{QString::fromStdString(target.filename().string())});
}

void TestCliWrites::outputsAreCheckedBeforeTheRun_data()
{
    // FILE stands for an output in a missing folder, NOFABRIC for a fabric file that is not there
    QTest::addColumn<QStringList>("args");
    const QStringList sim { "simulate", "FABRIC", "--collective", "allreduce", "--algorithm",
        "ring", "--bytes", "1MiB", "--ranks", "8" };
    QTest::newRow("simulate report") << (sim + QStringList { "--report", "FILE" });
    QTest::newRow("simulate links csv") << (sim + QStringList { "--links-csv", "FILE" });
    QTest::newRow("simulate flows csv") << (sim + QStringList { "--flows-csv", "FILE" });
    const QStringList sweep { "resilience", "FABRIC", "--collective", "allreduce", "--bytes",
        "1MiB", "--role", "spine" };
    QTest::newRow("resilience report") << (sweep + QStringList { "--report", "FILE" });
    QTest::newRow("resilience csv") << (sweep + QStringList { "--csv", "FILE" });
    // Export prints nothing before it writes: a fabric that is not there shows which comes first.
    QTest::newRow("export report") << QStringList { "export", "NOFABRIC", "--scenario",
        QString::fromStdString(kScenario), "--format", "report", "-o", "FILE" };
    // A 34 MiB fabric was read for 1.6 s before its output was found unwritable.
    QTest::newRow("convert") << QStringList { "convert", "NOFABRIC", "-o", "FILE", "--to", "dot" };
    QTest::newRow("generate") << QStringList { "generate", "ib-fat-tree", "-o", "FILE", "--format",
        "dot" };
}

void TestCliWrites::outputsAreCheckedBeforeTheRun()
{
    // A report that cannot be written was found only after the run (minutes on a big fabric),
    // its summary already printed; now nothing runs, and the one line names the file.
    QFETCH(QStringList, args);
    QTemporaryDir dir;
    const std::string target = dir.filePath("missing/out.file").toStdString();
    std::vector<std::string> words;
    for (const QString &a : args)
        words.push_back(a == "FABRIC" ? mFabric
                : a == "NOFABRIC"     ? dir.filePath("none.fabric.json").toStdString()
                : a == "FILE"         ? target
                                      : a.toStdString());
    const CliResult r = runCli(words);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.out.empty(), r.out.c_str());
    QVERIFY2(r.err.find(target + ": cannot write in folder") != std::string::npos
            && r.err.find('\n') == r.err.size() - 1,
        r.err.c_str());
}

void TestCliWrites::twoOutputsInOneFileAreRefused_data()
{
    // SAME stands for one file spelt as given, SAME2 for it spelt another way ("dir/./name").
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QStringList sim { "simulate", "FABRIC", "--bytes", "1MiB", "--ranks", "8" };
    QTest::newRow("report and links csv")
        << (sim + QStringList { "--report", "SAME", "--links-csv", "SAME2" })
        << QStringLiteral("is the same file as --report");
    QTest::newRow("links csv and flows csv")
        << (sim + QStringList { "--links-csv", "SAME", "--flows-csv", "SAME2" })
        << QStringLiteral("is the same file as --links-csv");
    QTest::newRow("report over the fabric") << (sim + QStringList { "--report", "FABRIC2" })
                                            << QStringLiteral("is the same file as FABRIC");
    // A hard link is the fabric under another name that no spelling resolves: the report was
    // written into it.
    QTest::newRow("report over a hard link to the fabric")
        << (sim + QStringList { "--report", "FABRICLINK" })
        << QStringLiteral("is the same file as FABRIC");
    QTest::newRow("picture over a hard link to the fabric") << QStringList { "export", "FABRIC",
        "-o", "FABRICLINK", "--format", "svg" } << QStringLiteral("is the same file as FABRIC");
    QTest::newRow("report over the traffic") << QStringList { "simulate", "FABRIC", "--traffic",
        "SAME", "--report", "SAME2" } << QStringLiteral("is the same file as --traffic");
    QTest::newRow("export over the fabric") << QStringList { "export", "FABRIC", "-o", "FABRIC2",
        "--format", "report" } << QStringLiteral("is the same file as FABRIC");
    QTest::newRow("export over the scenario") << QStringList { "export", "FABRIC", "--scenario",
        "SAME", "-o", "SAME2" } << QStringLiteral("is the same file as --scenario");
    // The table the scenario's "traffic" names is read as --traffic is.
    QTest::newRow("export over the scenario's traffic") << QStringList {
        "export", "FABRIC", "--scenario", "TRAFFICOFSAME", "--format", "json", "-o", "SAME2"
    } << QStringLiteral("is the same file as the scenario's traffic");
    // Converted in place, the fabric became DOT, which FabricScope cannot read.
    QTest::newRow("convert over its input") << QStringList { "convert", "FABRIC", "-o",
        "FABRIC2" } << QStringLiteral("is the same file as IN: give each its own file");
    QTest::newRow("convert in place as DOT")
        << QStringList { "convert", "FABRIC", "-o", "FABRIC2", "--to", "dot" }
        << QStringLiteral("a FabricScope fabric file by its name, but --to asks for dot");
    // A suffix that names one format and a content in another: b.fabric.json holding GraphML
    // was refused by the program that wrote it.
    QTest::newRow("generate GraphML under a native name")
        << QStringList { "generate", "ib-fat-tree", "-o", "SAME", "--format", "graphml" }
        << QStringLiteral("out.json: a FabricScope fabric file by its name, but --format asks for "
                          "graphml: name the file *.graphml or leave --format out");
    const QStringList sweep { "resilience", "FABRIC", "--bytes", "1MiB", "--role", "spine" };
    QTest::newRow("resilience report and csv")
        << (sweep + QStringList { "--report", "SAME", "--csv", "SAME2" })
        << QStringLiteral("is the same file as --report");
}

void TestCliWrites::twoOutputsInOneFileAreRefused()
{
    // The second write replaced the first without a word: a report overwritten by a CSV.
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const std::string same = dir.filePath("out.json").toStdString();
    const std::string fabricCopy = dir.filePath("copy.fabric.json").toStdString();
    std::filesystem::copy_file(mFabric, fabricCopy);
    const auto before = readAll(fabricCopy);
    const std::string link = dir.filePath("link.json").toStdString();
    std::filesystem::create_hard_link(fabricCopy, link);
    // Where SAME is read (a traffic table, a scenario), it holds one that would run.
    const bool sameIsTraffic = args.contains(QStringLiteral("--traffic"))
        || args.contains(QStringLiteral("TRAFFICOFSAME"));
    const bool sameIsInput = sameIsTraffic || args.contains(QStringLiteral("--scenario"));
    if (sameIsInput)
        std::ofstream(same) << (sameIsTraffic ? "h0-gpu0,h0-gpu1,1048576\n"
                                              : R"({"collective": "allreduce", "bytes": 1048576})");
    const std::string trafficOfSame = nlohmann::json { { "traffic", same } }.dump();
    const std::string sameBefore = sameIsInput ? readAll(same) : std::string();
    std::vector<std::string> words;
    for (const QString &a : args)
        words.push_back(a == "FABRIC"  ? fabricCopy
                : a == "FABRIC2"       ? dir.filePath("./copy.fabric.json").toStdString()
                : a == "SAME"          ? same
                : a == "SAME2"         ? dir.filePath("./out.json").toStdString()
                : a == "FABRICLINK"    ? link
                : a == "TRAFFICOFSAME" ? trafficOfSame
                                       : a.toStdString());
    const CliResult r = runCli(words);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.out.empty(), r.out.c_str());
    QVERIFY2(QString::fromStdString(r.err).contains(message), r.err.c_str());
    if (sameIsInput)
        QCOMPARE(readAll(same), sameBefore);
    else
        QVERIFY(!std::filesystem::exists(same));
    QCOMPARE(readAll(fabricCopy), before);
}

void TestCliWrites::outputThroughSymlinkKeepsMode()
{
    QTemporaryDir dir;
    const fs::path target = dir.filePath("real.fabric.json").toStdString();
    const fs::path link = dir.filePath("link.fabric.json").toStdString();
    std::ofstream(target) << "old";
    fs::permissions(target, fs::perms::owner_read | fs::perms::owner_write);
    fs::create_symlink(target, link);
    const CliResult r = runCli({"convert", mFabric, "-o", link.string()});
    QVERIFY2(r.code == 0, r.err.c_str());
    QVERIFY(fs::is_symlink(link));
    QCOMPARE(readAll(target), readAll(mFabric));
    QCOMPARE(fs::status(target).permissions(), fs::perms::owner_read | fs::perms::owner_write);
}

QTEST_MAIN(TestCliWrites)
#include "tst_cli_writes.moc"
