// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `fabricscope-cli export --chart NAME`: the built binary, headless, writes every chart of the
// Analysis dock as PNG (the asked size, not blank) and SVG (with its axis titles and tier
// names), and refuses what it cannot draw with one line and exit code 2.
#include "exportchecks.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

class TestCliExport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void writesChart_data();
    void writesChart();
    void heatmapIsPngOnly();
    void refusesNonsense_data();
    void refusesNonsense();
    void comparedValueRunsOnce();
    void helpNamesTheCharts();
    void pictureSaysWhatItsColoursShow();
    void pictureCrossesOutTheRunsFaults();
    void framesShowProgressWhenAsked();
    void scenarioWithoutRoutingTakesTheFabricsDefault();
    void numbersReadTheSameInACommaLocale();

private:
    struct Result
    {
        int code = -1;
        QString out, err;
    };
    /// Runs `fabricscope-cli export FABRIC ARGS...` without a display; FABRIC is the
    /// SuperPOD unit unless @p fabric names another. @p environment adds NAME=VALUE entries.
    Result exportCli(const QStringList &args, const QString &fabric = {},
        const QStringList &environment = {}) const;
    QString path(const QString &name) const { return mDir.filePath(name); }

    QTemporaryDir mDir;
    QString mFabric;
};

using fabric::testing::colourCount;
using fabric::testing::pdfText;
using fabric::testing::readText;

namespace {

/// A small scenario on the first 64 GPUs (8 hosts) of the SuperPOD unit.
QString scenario(const char *algorithm)
{
    return QStringLiteral("{\"collective\":\"allreduce\",\"algorithm\":\"%1\",\"bytes\":33554432,"
                          "\"ranks\":\"64\",\"routing\":\"ecmp\"}")
        .arg(QLatin1String(algorithm));
}

} // namespace

TestCliExport::Result TestCliExport::exportCli(
    const QStringList &args, const QString &fabric, const QStringList &environment) const
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM")); // the command must go offscreen itself
    for (const QString &entry : environment)
        env.insert(entry.section(QLatin1Char('='), 0, 0), entry.section(QLatin1Char('='), 1));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(FABRICSCOPE_CLI),
        QStringList { QStringLiteral("export"), fabric.isEmpty() ? mFabric : fabric } + args);
    Result r;
    if (!p.waitForFinished(60000))
        return r;
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

void TestCliExport::initTestCase()
{
    QVERIFY(mDir.isValid());
    mFabric = QStringLiteral(FABRICSCOPE_TOPOLOGIES "/superpod-256.fabric.json");
    QVERIFY(QFile::exists(mFabric));
    QVERIFY2(QFile::exists(QStringLiteral(FABRICSCOPE_CLI)), "fabricscope-cli is not built");
}

void TestCliExport::writesChart_data()
{
    QTest::addColumn<QString>("chart");
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<QStringList>("svgTexts");
    const QString ring = scenario("ring");
    QTest::newRow("throughput")
        << "throughput" << QStringList{"--scenario", ring}
        << QStringList{"Aggregate throughput", "throughput (GB/s)", "simulated time"};
    QTest::newRow("link-load") << "link-load" << QStringList{"--scenario", ring}
                               << QStringList{"ECMP imbalance", "directed links (count)", "leaf",
                                              "spine", "0 (idle)"};
    QTest::newRow("completion-cdf") << "completion-cdf" << QStringList { "--scenario", ring }
                                    << QStringList { "flows finished (fraction)", "finish time" };
    QTest::newRow("compare-time")
        << "compare-time"
        << QStringList{"--scenario", ring, "--compare-routing", "ecmp,ecmp-polarized,adaptive"}
        << QStringList{"completion time", "ecmp-polarized", "adaptive", "ideal bound"};
    QTest::newRow("compare-busbw")
        << "compare-busbw" << QStringList{"--scenario", ring, "--compare-algorithm", "tree,sharp"}
        << QStringList{"busbw", "algbw", "tree", "sharp"};
    QTest::newRow("bytes-on-wire")
        << "bytes-on-wire"
        << QStringList{"--scenario", scenario("sharp"), "--title", "Slide 7: SHARP"}
        << QStringList{"GPU", "leaf", "spine", "SHARP", "Slide 7: SHARP"};
    QTest::newRow("nvlink-vs-fabric")
        << "nvlink-vs-fabric" << QStringList{"--scenario", scenario("hierarchical")}
        << QStringList{"NVLink", "NIC"};
    QTest::newRow("sweep") << "sweep" << QStringList{"--scenario", ring, "--compare", "adaptive"}
                           << QStringList{"message size S", "busbw (GB/s)", "1 KiB", "adaptive"};
    QTest::newRow("resilience")
        << "resilience" << QStringList{"--scenario", ring, "--role", "spine"}
        << QStringList{"Slowdown of", "single spine failure", "failed spine",
                       "healthy completion)", "Healthy", "median"};
}

void TestCliExport::writesChart()
{
    QFETCH(QString, chart);
    QFETCH(QStringList, extra);
    QFETCH(QStringList, svgTexts);

    // PNG by --format, at the asked size.
    const QString png = path(chart + QStringLiteral(".picture"));
    Result r = exportCli(QStringList{"--chart", chart, "--format", "png", "--size", "900x560",
                                     "-o", png}
                         + extra);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("wrote")), qPrintable(r.out));
    const QImage image(png, "PNG");
    QCOMPARE(image.size(), QSize(900, 560));
    QVERIFY2(colourCount(image) > 16, qPrintable(QString::number(colourCount(image))));

    // SVG by the -o suffix, vector text.
    const QString svg = path(chart + QStringLiteral(".svg"));
    r = exportCli(QStringList{"--chart", chart, "-o", svg} + extra);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QString text = readText(svg);
    QVERIFY(text.contains(QStringLiteral("<svg")));
    for (const QString &expected : std::as_const(svgTexts))
        QVERIFY2(text.contains(expected), qPrintable(expected));
}

void TestCliExport::heatmapIsPngOnly()
{
    const QString png = path(QStringLiteral("heatmap.png"));
    Result r = exportCli({"--chart", "heatmap", "--scenario", scenario("ring"), "--at", "50%",
                          "--size", "1000x600", "-o", png});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QImage image(png);
    QCOMPARE(image.size(), QSize(1000, 600));
    QVERIFY2(colourCount(image) > 16, qPrintable(QString::number(colourCount(image))));

    r = exportCli({"--chart", "heatmap", "--scenario", scenario("ring"), "--format", "svg", "-o",
                   path(QStringLiteral("heatmap.svg"))});
    QCOMPARE(r.code, 2);
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
    QVERIFY2(r.err.contains(QStringLiteral("png only")), qPrintable(r.err));
    QVERIFY(!QFile::exists(path(QStringLiteral("heatmap.svg"))));
}

void TestCliExport::refusesNonsense_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("mentions");
    const QString out = QDir::temp().filePath(QStringLiteral("fabricscope-never-written.png"));
    QTest::newRow("no scenario") << QStringList{"--chart", "throughput", "-o", out}
                                 << QStringList{"--scenario"};
    QTest::newRow("unknown chart")
        << QStringList{"--chart", "pie", "--scenario", scenario("ring"), "-o", out}
        << QStringList{"'pie'",         "throughput", "link-load",     "completion-cdf",
                       "compare-time",  "compare-busbw", "heatmap",    "bytes-on-wire",
                       "nvlink-vs-fabric", "sweep", "resilience"};
    QTest::newRow("pdf chart") << QStringList{"--chart", "throughput", "--scenario",
                                              scenario("ring"), "--format", "pdf", "-o", out}
                               << QStringList{"png or svg"};
    QTest::newRow("nothing to compare")
        << QStringList{"--chart", "compare-time", "--scenario", scenario("ring"), "-o", out}
        << QStringList{"--compare"};
    QTest::newRow("unknown algorithm")
        << QStringList{"--chart", "compare-busbw", "--scenario", scenario("ring"),
                       "--compare-algorithm", "magic", "-o", out}
        << QStringList{"magic"};
    QTest::newRow("resilience without a role")
        << QStringList{"--chart", "resilience", "--scenario", scenario("ring"), "-o", out}
        << QStringList{"--role", "spine", "link"};
    QTest::newRow("unknown role") << QStringList{"--chart", "resilience", "--scenario",
                                                 scenario("ring"), "--role", "moon", "-o", out}
                                  << QStringList{"'moon'", "leaf", "ocs"};
    QTest::newRow("role without the chart")
        << QStringList{"--chart", "throughput", "--scenario", scenario("ring"), "--role", "leaf",
                       "-o", out}
        << QStringList{"--chart resilience"};
    QTest::newRow("moment after the end") << QStringList { "--scenario", scenario("ring"), "--at",
        "200%", "-o", out } << QStringList { "--at 200%", "after the run's end at", "'end'" };
    QTest::newRow("bare seconds after the end") << QStringList { "--scenario", scenario("ring"),
        "--at", "5", "-o", out } << QStringList { "--at 5 (5 s)", "after the run's end at" };
    QTest::newRow("moment without a run")
        << QStringList { "--at", "50%", "-o", out } << QStringList { "--at 50%", "--scenario" };
    // A misspelt key ran the default (an all-reduce) without a word.
    QTest::newRow("unknown scenario key")
        << QStringList { "--scenario", QStringLiteral("{\"colective\":\"alltoall\"}"), "-o", out }
        << QStringList { "--scenario: unknown key 'colective'", "collective" };
    // A scenario's value refused while it runs is named by its key, not by simulate's option
    // ("--ranks: no node named ...", an option the user never gave).
    QTest::newRow("scenario rank unknown")
        << QStringList { "--scenario", QStringLiteral("{\"ranks\":\"gpu-nowhere\"}"), "-o", out }
        << QStringList { "'ranks': no node named 'gpu-nowhere'" };
    // A file's bad value names the file: "scenario: 'qps' ..." left the user to guess which.
    const QString badQps = path(QStringLiteral("bad-qps.json"));
    QFile file(badQps);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"qps": 0})");
    file.close();
    QTest::newRow("scenario file's bad value") << QStringList { "--scenario", badQps, "-o",
        out } << QStringList { "--scenario " + badQps + ": 'qps' must be at least 1" };
    const QString matrix = QDir::temp().filePath(QStringLiteral("fabricscope-never-written.cm"));
    QTest::newRow("scenario rank count, htsim")
        << QStringList { "--scenario", QStringLiteral("{\"ranks\":\"1\"}"), "-o", matrix }
        << QStringList { "'ranks': a count must be 2 to" };
    // JSON that is no object was looked for as a file: "'[1]' does not exist".
    QTest::newRow("scenario an array") << QStringList { "--scenario", QStringLiteral("[1]"), "-o",
        out } << QStringList { "scenario: expected a JSON object" };
    // Options the output does not use were ignored: a "comparison" written as one run's table.
    const QString json = QDir::temp().filePath(QStringLiteral("fabricscope-never-written.json"));
    // A compared run that cannot run was blamed on the scenario, which ran.
    QTest::newRow("compared routing that cannot run") << QStringList {
        "--scenario", scenario("ring"), "--compare", "dor", "--format", "report", "-o", out
    } << QStringList { "export: --compare dor: 'routing' dor needs a torus" };
    // Without a scenario there is nothing to compare: the report went out without it, exit 0.
    QTest::newRow("compare without a scenario")
        << QStringList { "--compare", "adaptive", "--format", "report", "-o", out }
        << QStringList { "--compare runs a --scenario under other settings: give --scenario" };
    QTest::newRow("compare in a table")
        << QStringList { "--scenario", scenario("ring"), "--compare", "adaptive", "-o", json }
        << QStringList { "--compare does not apply to --format json" };
    QTest::newRow("frames count for a picture") << QStringList { "--scenario", scenario("ring"),
        "--frames", "5", "-o", out } << QStringList { "--frames does not apply to --format png" };
    QTest::newRow("instant for a table") << QStringList { "--scenario", scenario("ring"),
        "--instant", "-o", json } << QStringList { "--instant does not apply to --format json" };
    QTest::newRow("title for a table") << QStringList { "--scenario", scenario("ring"), "--title",
        "x", "-o", json } << QStringList { "--title does not apply to --format json" };
    QTest::newRow("instant for a chart") << QStringList {
        "--chart", "throughput", "--scenario", scenario("ring"), "--instant", "-o", out
    } << QStringList { "--instant does not apply to --chart throughput" };
    QTest::newRow("instant without a run") << QStringList { "--instant", "-o",
        out } << QStringList { "--instant colours a run's loads at an instant: give --scenario" };
    // Twelve runs of the same flows, drawn as one dot.
    QTest::newRow("sweep of a traffic file") << QStringList { "--chart", "sweep", "--scenario",
        QStringLiteral("{\"traffic\":\"%1\"}").arg(path(QStringLiteral("t.csv"))), "-o",
        out } << QStringList { "--chart sweep: a traffic file gives its own sizes" };
    QTest::newRow("role the fabric lacks") << QStringList {
        "--chart", "resilience", "--scenario", scenario("ring"), "--role", "ocs", "-o", out
    } << QStringList { "export: --role ocs: this fabric has no such element" };
}

void TestCliExport::comparedValueRunsOnce()
{
    // "--compare adaptive,adaptive" ran the scenario twice under adaptive and charted two bars
    // of one name.
    QList<int> bars;
    for (const QString &compare :
        { QStringLiteral("adaptive"), QStringLiteral("adaptive,adaptive,ecmp") }) {
        const QString svg = path(QStringLiteral("compared.svg"));
        const Result r = exportCli({ "--chart", "compare-time", "--scenario", scenario("ring"),
            "--compare", compare, "-o", svg });
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        bars << QString::fromUtf8(file.readAll()).count(QStringLiteral("ring \u00b7 adaptive"));
    }
    QVERIFY(bars[0] > 0);
    QCOMPARE(bars[1], bars[0]);
}

void TestCliExport::refusesNonsense()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, mentions);
    {
        QFile traffic(path(QStringLiteral("t.csv")));
        QVERIFY(traffic.open(QIODevice::WriteOnly));
        traffic.write("src,dst,bytes\nh0-gpu0,h1-gpu0,64MB\n");
    }
    const Result r = exportCli(args);
    QCOMPARE(r.code, 2);
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
    for (const QString &m : std::as_const(mentions))
        QVERIFY2(r.err.contains(m), qPrintable(m + QStringLiteral(" not in: ") + r.err));
    QVERIFY(r.out.isEmpty());
}

void TestCliExport::helpNamesTheCharts()
{
    const Result r = exportCli({"--help"});
    QCOMPARE(r.code, 0);
    for (const char *text :
         {"--chart NAME", "--compare-algorithm", "nvlink-vs-fabric", "resilience", "--role ROLE"})
        QVERIFY2(r.out.contains(QLatin1String(text)), text);
}

void TestCliExport::pictureSaysWhatItsColoursShow()
{
    // By default the fabric is coloured by the mean load over a twentieth of the run around
    // --at, and its title says so; --instant takes the load at that instant.
    const QString svg = path(QStringLiteral("mid.svg"));
    Result r = exportCli({"--scenario", scenario("ring"), "--at", "50%", "-o", svg});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(readText(svg).contains(QStringLiteral("loads: mean of")), "no note on the mean");
    r = exportCli({"--scenario", scenario("ring"), "--at", "50%", "--instant", "-o", svg});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(readText(svg).contains(QStringLiteral("loads: at the instant")), "no note on the instant");

    // What the app highlights for a run is in the picture too, with its legend line: the SHARP
    // tree, or the switch links ECMP left idle (the CLI drew neither).
    r = exportCli({ "--scenario", scenario("sharp"), "-o", svg });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(readText(svg).contains(QStringLiteral("SHARP tree")), "no SHARP tree");
    r = exportCli({ "--scenario", scenario("ring"), "-o", svg });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(readText(svg).contains(QStringLiteral("ECMP left idle")), "no idle links");
    QVERIFY2(readText(svg).contains(QStringLiteral("Moving dots")), "no moving dots");

    // Without --at, where the app opens a finished run (views::openingMoment(), not the end,
    // where most links are idle): on this run the middle, where traffic is in flight, so the
    // same moment as --at 50%.
    const QRegularExpression moment(QStringLiteral("t = ([^<]*) of ([^<]*) \u00b7"));
    const QRegularExpressionMatch byDefault = moment.match(readText(svg));
    QVERIFY2(byDefault.hasMatch(), "no moment in the title");
    QVERIFY2(byDefault.captured(1) != byDefault.captured(2), qPrintable(byDefault.captured(0)));
    r = exportCli({ "--scenario", scenario("ring"), "--at", "50%", "-o", svg });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QCOMPARE(moment.match(readText(svg)).captured(1), byDefault.captured(1));
}

void TestCliExport::pictureCrossesOutTheRunsFaults()
{
    // A scenario with a failed spine: the app crosses it out and dashes its links red; the
    // CLI's picture (and the report's diagram) drew its 64 links as links ECMP left idle.
    const QString svg = path(QStringLiteral("faults.svg"));
    const QString faulted
        = scenario("ring").chopped(1) + QStringLiteral(",\"faults\":[\"spine0\"]}");
    Result r = exportCli({ "--scenario", faulted, "-o", svg });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QString text = readText(svg);
    QVERIFY2(text.contains(QStringLiteral("Failed (fault)")), "no failed marks in the legend");
    QVERIFY2(text.contains(QStringLiteral("#d01020"), Qt::CaseInsensitive), "nothing drawn failed");
}

QTEST_GUILESS_MAIN(TestCliExport)
void TestCliExport::framesShowProgressWhenAsked()
{
    // A frame sequence takes seconds per frame on a big fabric: --progress says how far it is,
    // a line per tenth when stderr is not a terminal; without it, stderr stays empty.
    const QStringList frames { "--scenario", scenario("ring"), "--format", "frames", "--frames",
        "10", "--size", "64x36", "-o" };
    const Result quiet = exportCli(frames + QStringList { path(QStringLiteral("quiet")) });
    QVERIFY2(quiet.code == 0, qPrintable(quiet.err));
    QVERIFY2(quiet.err.isEmpty(), qPrintable(quiet.err));
    const Result r = exportCli(frames + QStringList { path(QStringLiteral("loud")), "--progress" });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QStringList lines = r.err.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.size() >= 2, qPrintable(r.err));
    QVERIFY2(lines.last() == QStringLiteral("writing frames: 100% (10 of 10)"), qPrintable(r.err));
    for (const QString &line : lines)
        QVERIFY2(line.startsWith(QStringLiteral("writing frames: ")), qPrintable(line));
    QCOMPARE(QDir(path(QStringLiteral("loud"))).entryList(QDir::Files).size(), 10);
    // Without --frames, as many as the GUI's dialog proposes at first (and --help says).
    const Result plain = exportCli({ "--scenario", scenario("ring"), "--format", "frames", "--size",
        "32x18", "-o", path(QStringLiteral("plain")) });
    QVERIFY2(plain.code == 0, qPrintable(plain.err));
    QCOMPARE(QDir(path(QStringLiteral("plain"))).entryList(QDir::Files).size(), 60);
}

void TestCliExport::scenarioWithoutRoutingTakesTheFabricsDefault()
{
    // simulate and the app route a torus by dimension order unless told otherwise; export ran
    // the same scenario under ECMP, so its pictures and reports showed another run.
    const QString torus = QStringLiteral(FABRICSCOPE_TOPOLOGIES "/tpu-v4-cube.fabric.json");
    const QString results = path(QStringLiteral("results.json"));
    const auto routingOf = [&](const QString &scenarioJson, const QString &fabric) {
        QFile::remove(results);
        const Result r = exportCli({ "--scenario", scenarioJson, "-o", results }, fabric);
        QFile file(results);
        if (r.code != 0 || !file.open(QIODevice::ReadOnly))
            return QStringLiteral("failed: ") + r.err;
        return QJsonDocument::fromJson(file.readAll())
            .object()[QStringLiteral("scenario")]
            .toObject()[QStringLiteral("routing")]
            .toString();
    };
    const QString alltoall = QStringLiteral(R"({"collective":"alltoall","bytes":1048576%1})");
    QCOMPARE(routingOf(alltoall.arg(QString()), torus), QStringLiteral("dor"));
    QCOMPARE(routingOf(alltoall.arg(QStringLiteral(R"(,"routing":"ecmp")")), torus),
        QStringLiteral("ecmp"));
    // A switch fabric's default stays ECMP.
    QCOMPARE(routingOf(QStringLiteral(R"({"collective":"allreduce","bytes":1048576,"ranks":"8"})"),
                 QString()),
        QStringLiteral("ecmp"));
}

void TestCliExport::numbersReadTheSameInACommaLocale()
{
    // A German user's environment: Qt takes the C library's locale from it, whose decimal point
    // is ','. The results wrote a degraded link as "leaf0--spine0@0,5", which no reader takes
    // back, and pictures and reports mixed "6,34 ms" with Qt's "1.5". tests/data/locale/de_DE is a
    // locale with ',' as its point (built from comma.localedef), so no system locale is needed.
    const QStringList german { QStringLiteral("LOCPATH=" FABRICSCOPE_TEST_DATA "/locale"),
        QStringLiteral("LANG=C"), QStringLiteral("LC_ALL="), QStringLiteral("LC_NUMERIC=de_DE") };
    const QString degraded
        = scenario("ring").chopped(1) + QStringLiteral(",\"faults\":[\"leaf0--spine0@0.5\"]}");

    const QString json = path(QStringLiteral("comma.json"));
    Result r = exportCli({ "--scenario", degraded, "--format", "json", "-o", json }, {}, german);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QString results = readText(json);
    QVERIFY2(
        results.contains(QStringLiteral("\"leaf0--spine0@0.5\"")), qPrintable(results.left(600)));
    QVERIFY2(!results.contains(QStringLiteral("@0,5")), "a fault written with a decimal comma");

    const QString picture = path(QStringLiteral("comma.svg"));
    r = exportCli({ "--scenario", degraded, "-o", picture }, {}, german);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QString title = readText(picture);
    QVERIFY2(title.contains(QStringLiteral(" ms of ")), "no moment in the title");
    static const QRegularExpression decimalComma(
        QStringLiteral(">[^<]*\\d,\\d{1,2}\\b(?!\\d)[^<]*<"));
    QVERIFY2(
        !decimalComma.match(title).hasMatch(), qPrintable(decimalComma.match(title).captured()));

    // Counts are Qt's to group: they followed the system locale ("1.024 GPUs", which an English
    // reader takes for one GPU), beside core's "1.5 GiB".
    const QString report = path(QStringLiteral("comma-report.pdf"));
    r = exportCli(
        { "--scenario",
            QStringLiteral(R"({"collective":"allreduce","bytes":"1.5GiB","ranks":"1024"})"),
            "--format", "report", "-o", report },
        QStringLiteral(FABRICSCOPE_TOPOLOGIES "/fat-tree-k16.fabric.json"), german);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QString text = pdfText(report);
    QVERIFY2(!text.isNull(), "no pdftotext: apt-get install poppler-utils");
    QVERIFY2(text.contains(QStringLiteral("1.5 GiB")), qPrintable(text.left(600)));
    QVERIFY2(text.contains(QStringLiteral("1,024 GPUs")), qPrintable(text.left(2000)));
    QVERIFY2(!text.contains(QStringLiteral("1.024")), "a count grouped the German way");
}

#include "tst_cli_export.moc"
