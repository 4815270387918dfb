// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile files (tests/data/hostile) through `info`, `simulate` and `convert`: one clean line of
// at most io::kMaxErrorLine bytes naming the fault, exit code 2, and no crash, hang or huge
// allocation. Also symlink loops, a BOM, standard output that cannot be written, and Qt's own
// chatter kept off stderr unless --verbose.
#include "clirun.h"
#include "io/common/cleantext.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <ostream>
#include <streambuf>

using fabric::testing::CliResult;
using fabric::testing::runCli;

namespace {

const QString kHostile = QStringLiteral(FABRICSCOPE_TEST_DATA "/hostile/");

/// A stream buffer that refuses every byte, as a full disk or a closed pipe does.
class FailingBuf : public std::streambuf
{
protected:
    int_type overflow(int_type) override { return traits_type::eof(); }
};

/// The command-line words to run @p command on @p file.
std::vector<std::string> argsFor(const QString &command, const std::string &file,
                                 const std::string &output)
{
    if (command == QLatin1String("convert"))
        return {"convert", file, "-o", output};
    if (command == QLatin1String("simulate"))
        return {"simulate", file, "--collective", "allreduce", "--algorithm", "ring", "--bytes",
                "1MiB"};
    return {"info", "--json", file};
}

void verifyOneCleanLine(const CliResult &r)
{
    QVERIFY2(!r.err.empty() && r.err.find('\n') == r.err.size() - 1, r.err.c_str());
    // The limit, plus the newline; never a number tied to how deep the checkout is.
    QVERIFY2(r.err.size() <= fabric::io::kMaxErrorLine + 1, r.err.c_str());
    QVERIFY2(r.err.find('\x1b') == std::string::npos, r.err.c_str());
}

} // namespace

class TestCliHostile : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void refusesHostileFile_data();
    void refusesHostileFile();
    void deepDirectoryKeepsTheFault();
    void readsAFileWithBom();
    void namesASymlinkLoop();
    void namesCannotDriveTheTerminal();
    void namesAFolderOrMissingFileGivenAsInput_data();
    void namesAFolderOrMissingFileGivenAsInput();
    void standardOutputFailureIsAnError();
    void fullStandardOutputExitsNonZero();
    void qtWarningsOnlyWithVerbose();
};

void TestCliHostile::refusesHostileFile_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("message");
    const std::pair<const char *, const char *> files[] = {
        {"gpu-coordinate-int-max", "/nodes/1/hints/x: 2147483647 is out of range (allowed -1 to 4095)"},
        {"torus-1000x1000x300", "/nodes/1/hints: torus coordinates span 1000 x 1000 x 300 for 2 chips"},
        {"latency-1e308", "/links/0/latency_ns: must be at most 1e+09 (found 1e+308)"},
        {"capacity-5e-324", "/links/0/capacity_gbps: must be at least 0.001"},
        {"capacity-1e-300", "/links/0/capacity_gbps: must be at least 0.001 (found 1e-300)"},
        {"ocs-circuit-port-int-max", "/nodes/0/circuits/0/1: 2147483647 is out of range"},
        {"nested-100000-metadata", "nested deeper than 64 levels (the limit)"},
        {"nested-100000-scenarios", "nested deeper than 64 levels (the limit)"},
        {"nested-100000-generator-params", "nested deeper than 64 levels (the limit)"},
        {"long-string", "/metadata/title: a string longer than 65536 bytes (the limit)"},
        {"escape-codes-in-kind", "unknown kind '\\x1b[2J\\x1b[31mevil"},
        {"binary", "a binary file, not a fabric"},
    };
    for (const char *command : {"info", "simulate", "convert"})
        for (const auto &[file, message] : files)
            QTest::addRow("%s %s", command, file)
                << QString(command) << kHostile + file + ".fabric.json" << QString(message);
}

void TestCliHostile::refusesHostileFile()
{
    QFETCH(QString, command);
    QFETCH(QString, file);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const std::string output = dir.filePath("out.fabric.json").toStdString();
    const CliResult r = runCli(argsFor(command, file.toStdString(), output));
    QCOMPARE(r.code, 2);
    verifyOneCleanLine(r);
    QVERIFY2(QString::fromStdString(r.err).contains(message), r.err.c_str());
    QVERIFY(!std::filesystem::exists(output));
}

void TestCliHostile::deepDirectoryKeepsTheFault()
{
    // A file 200 characters deep: the line names it by its file name and still says the fault.
    QTemporaryDir dir;
    std::filesystem::path deep = dir.path().toStdString();
    for (int i = 0; i < 8; ++i)
        deep /= std::string(24, static_cast<char>('a' + i));
    std::filesystem::create_directories(deep);
    const std::filesystem::path file = deep / "torus-1000x1000x300.fabric.json";
    std::filesystem::copy_file((kHostile + "torus-1000x1000x300.fabric.json").toStdString(), file);
    const CliResult r = runCli({"info", file.string()});
    QCOMPARE(r.code, 2);
    verifyOneCleanLine(r);
    QCOMPARE(r.err, std::string("fabricscope-cli info: .../torus-1000x1000x300.fabric.json: "
                                "/nodes/1/hints: torus coordinates span 1000 x 1000 x 300 for 2 "
                                "chips (the limit is 8 cells per chip + 4096)\n"));
}

void TestCliHostile::readsAFileWithBom()
{
    const CliResult r = runCli({"info", "--json", (kHostile + "bom.fabric.json").toStdString()});
    QVERIFY2(r.code == 0, r.err.c_str());
    QVERIFY(r.out.find("\xEF\xBB\xBF") == std::string::npos);
}

void TestCliHostile::namesASymlinkLoop()
{
    QTemporaryDir dir;
    const std::filesystem::path a = dir.filePath("a.fabric.json").toStdString();
    std::filesystem::create_symlink("b.fabric.json", a);
    std::filesystem::create_symlink("a.fabric.json", dir.filePath("b.fabric.json").toStdString());
    const CliResult r = runCli({"info", a.string()});
    QCOMPARE(r.code, 2);
    QCOMPARE(r.err,
        "fabricscope-cli info: " + a.string()
            + ": is a symlink loop (too many levels of symbolic links)\n");
}

void TestCliHostile::namesCannotDriveTheTerminal()
{
    // Summary lines printed node names raw: "Bottleneck: sp^Gine -> ^[[2J^[[31mLEAF" cleared
    // and recoloured the screen. Every name here starts with an escape sequence and a bell.
    QTemporaryDir dir;
    const std::string plain = dir.filePath("plain.fabric.json").toStdString();
    const std::string hostile = dir.filePath("hostile.fabric.json").toStdString();
    QCOMPARE(
        runCli({ "generate", "ib-fat-tree", "--set", "radix=8", "--set", "tiers=2", "-o", plain })
            .code,
        0);
    nlohmann::json j = nlohmann::json::parse(std::ifstream(plain));
    for (nlohmann::json &node : j.at("nodes"))
        node["name"] = "\x1b[2J\x1b[31m\x07" + node.at("name").get<std::string>();
    j["generator"]["family"] = "\x1b[31m" + j["generator"]["family"].get<std::string>();
    std::ofstream(hostile) << j.dump();
    const std::vector<std::vector<std::string>> commands {
        { "info", hostile },
        { "simulate", hostile, "--bytes", "1MiB", "--routing", "static" },
        { "simulate", hostile, "--bytes", "1MiB", "--fail", j["nodes"][0]["name"],
            "--allow-partial" },
        { "resilience", hostile, "--bytes", "1MiB", "--role", "spine" },
    };
    for (const auto &args : commands) {
        const CliResult r = runCli(args);
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY2(r.out.find("\\x1b[31m") != std::string::npos, r.out.c_str()); // shown escaped
        for (const char c : r.out)
            QVERIFY2(c == '\n' || static_cast<unsigned char>(c) >= 0x20,
                qPrintable(QStringLiteral("%1: byte %2")
                               .arg(QString::fromStdString(args[0]))
                               .arg(int(c))));
    }
}

void TestCliHostile::namesAFolderOrMissingFileGivenAsInput_data()
{
    // Each option that reads a file the user names: a folder read as a stream gave "internal
    // error: basic_filebuf::underflow" (exit 1) where --scenario was given one.
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString fabric = QStringLiteral(FABRICSCOPE_TOPOLOGIES "/dragonfly-small.fabric.json");
    const QString folder = QStringLiteral(FABRICSCOPE_TEST_DATA);
    const QString missing = folder + QStringLiteral("/no-such-file.json");
    QTest::newRow("scenario folder") << QStringList { "export", fabric, "--scenario", folder, "-o",
        "x.svg" } << QStringLiteral("is a folder, not a file");
    QTest::newRow("scenario missing") << QStringList { "export", fabric, "--scenario", missing,
        "-o", "x.svg" } << QStringLiteral("does not exist");
    QTest::newRow("traffic folder") << QStringList { "simulate", fabric, "--traffic", folder }
                                    << QStringLiteral("is a folder, not a file");
    QTest::newRow("lesson missing") << QStringList { "lesson", "run", folder + "/x.lesson.json" }
                                    << QStringLiteral("does not exist");
    QTest::newRow("traffic missing") << QStringList { "simulate", fabric, "--traffic", missing }
                                     << QStringLiteral("does not exist");
    // '-' is standard output for generate and convert only: these wrote a file named "-".
    QTest::newRow("report to -") << QStringList { "simulate", fabric, "--report", "-" }
                                 << QStringLiteral("--report '-': only generate and convert");
    QTest::newRow("export to -") << QStringList { "export", fabric, "--scenario",
        "{\"bytes\":\"1MiB\"}", "--format", "csv", "-o", "-" }
                                 << QStringLiteral("-o '-': only generate and convert");
    // A device read as a fabric said "cannot read the file size (Operation not supported)".
    QTest::newRow("fabric a device") << QStringList { "info", "/dev/null" }
                                     << QStringLiteral("/dev/null: is not a regular file");
    // A traffic table or scenario from a device that never ends: read without end, it grew to
    // gigabytes and could not be cancelled.
    QTest::newRow("traffic a device") << QStringList { "simulate", fabric, "--traffic",
        "/dev/zero" } << QStringLiteral("'/dev/zero' is not a regular file");
    QTest::newRow("scenario a device") << QStringList { "export", fabric, "--scenario", "/dev/zero",
        "-o", "x.svg" } << QStringLiteral("'/dev/zero' is not a regular file");
    // big.csv is made a sparse file of 129 MiB: some three million flows is the limit.
    QTest::newRow("traffic too large") << QStringList { "simulate", fabric, "--traffic",
        "big.csv" } << QStringLiteral("is 129 MiB, larger than the limit of 128 MiB");
}

void TestCliHostile::namesAFolderOrMissingFileGivenAsInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    QTemporaryDir dir;
    std::vector<std::string> words;
    for (const QString &a : args) {
        const bool inDir = a == QLatin1String("x.svg") || a == QLatin1String("big.csv");
        words.push_back(inDir ? dir.filePath(a).toStdString() : a.toStdString());
    }
    if (args.contains(QStringLiteral("big.csv"))) {
        QFile big(dir.filePath(QStringLiteral("big.csv")));
        QVERIFY(big.open(QIODevice::WriteOnly));
        QVERIFY(big.resize(129ll * 1024 * 1024));
    }
    const CliResult r = runCli(words);
    QCOMPARE(r.code, 2);
    verifyOneCleanLine(r);
    QVERIFY2(QString::fromStdString(r.err).contains(message), r.err.c_str());
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("x.svg"))));
    QVERIFY(!QFileInfo::exists(QStringLiteral("-")));
}

void TestCliHostile::standardOutputFailureIsAnError()
{
    FailingBuf broken;
    std::ostream out(&broken);
    std::ostringstream err;
    const int code = fabric::cli::run({"info", "--json", (kHostile + "bom.fabric.json").toStdString()},
                                      out, err);
    QCOMPARE(code, 1);
    QCOMPARE(err.str(), std::string("fabricscope-cli info: cannot write to standard output\n"));
}

void TestCliHostile::fullStandardOutputExitsNonZero()
{
    // Every Linux system has /dev/full; without it this test would prove nothing, so it fails.
    QVERIFY2(QFile::exists(QStringLiteral("/dev/full")), "no /dev/full on this system");
    QProcess p;
    p.setStandardOutputFile(QStringLiteral("/dev/full"));
    p.start(QStringLiteral(FABRICSCOPE_CLI),
            {QStringLiteral("info"), QStringLiteral("--json"), kHostile + "bom.fabric.json"});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 1);
    QCOMPARE(QString::fromUtf8(p.readAllStandardError()),
             QStringLiteral("fabricscope-cli info: cannot write to standard output\n"));
}

void TestCliHostile::qtWarningsOnlyWithVerbose()
{
    // Qt's own logging switched fully on makes it talk while `export` renders; none of it may
    // reach stderr unless asked for.
    QTemporaryDir dir;
    auto run = [&](bool verbose) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("*.debug=true"));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        QStringList args{QStringLiteral("export"), kHostile + "bom.fabric.json", QStringLiteral("-o"),
                         dir.filePath(QStringLiteral("x.svg"))};
        if (verbose)
            args << QStringLiteral("--verbose");
        p.start(QStringLiteral(FABRICSCOPE_CLI), args);
        p.waitForFinished(60000);
        return std::pair(p.exitCode(), QString::fromUtf8(p.readAllStandardError()));
    };
    const auto [quietCode, quiet] = run(false);
    QCOMPARE(quietCode, 0);
    QVERIFY2(quiet.isEmpty(), qPrintable(quiet.left(500)));
    const auto [verboseCode, verbose] = run(true);
    QCOMPARE(verboseCode, 0);
    QVERIFY(verbose.contains(QStringLiteral("qt: ")));
}

QTEST_MAIN(TestCliHostile)
#include "tst_cli_hostile.moc"
