// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "clirun.h"

#include "cli/options.h"
#include "model/error.h"

#include <QtTest>

using namespace fabric;
using fabric::cli::OptionParser;
using fabric::cli::ParsedOptions;

class TestCliOptions : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parsesOptionsAndPositionals();
    void typedValuesAreRangeChecked();
    void mistakesAreOneLineErrors_data();
    void mistakesAreOneLineErrors();
    void usageListsEverything();
    void referenceNamesEveryOption();
};

namespace {

OptionParser parser()
{
    OptionParser p("simulate");
    p.positional("FABRIC", "The fabric.")
        .positional("EXTRA", "Optional.", false)
        .flag("--flows", "Include flows.")
        .option("--bytes", "SIZE", "Message size.")
        .option("--qps", "N", "QPs per connection.")
        .option("--routing", "P", "Routing policy.")
        .option("--set", "KEY=VALUE", "A parameter.", "", true)
        .option("--output", "FILE", "Output.", "-o");
    return p;
}

QString errorOf(const std::vector<std::string> &args)
{
    try {
        parser().parse(args);
    } catch (const UserError &e) {
        return QString::fromStdString(e.what());
    }
    return QStringLiteral("(no error)");
}

} // namespace

void TestCliOptions::parsesOptionsAndPositionals()
{
    const ParsedOptions o = parser().parse({"--bytes", "1GiB", "f.fabric.json", "--flows",
                                            "--set=a=1", "--set", "b=2", "-o", "-", "--", "-x"});
    QCOMPARE(o.positional(0), std::string("f.fabric.json"));
    QCOMPARE(o.positional(1), std::string("-x")); // after "--" it is a positional
    QVERIFY(o.has("--flows"));
    QVERIFY(!o.has("--qps"));
    QCOMPARE(o.value("--output").value(), std::string("-")); // by its alias
    QCOMPARE(o.values("--set"), (std::vector<std::string>{"a=1", "b=2"}));
    QCOMPARE(o.keyValues("--set"), (std::map<std::string, std::string>{{"a", "1"}, {"b", "2"}}));
    QCOMPARE(o.value("--routing", "ecmp"), std::string("ecmp"));
    QVERIFY(parser().parse({"--help"}).helpRequested());
}

void TestCliOptions::typedValuesAreRangeChecked()
{
    const ParsedOptions o = parser().parse({"f", "--bytes", "64MB", "--qps", "16", "--routing", "spray"});
    QCOMPARE(o.bytes("--bytes", 0), 64e6);
    QCOMPARE(o.integer("--qps", 1, 64, 1), 16LL);
    QCOMPARE(o.integer("--seed", 0, 100, 7), 7LL); // absent: the fallback
    QCOMPARE(o.choice("--routing", {"ecmp", "spray"}, "ecmp"), std::string("spray"));
    try {
        o.integer("--qps", 1, 8, 1);
        QFAIL("accepted 16 for 1..8");
    } catch (const UserError &e) {
        QCOMPARE(QString(e.what()), QString("--qps: expected an integer from 1 to 8, got '16'"));
    }
    try {
        o.choice("--routing", {"ecmp", "static"}, "ecmp");
        QFAIL("accepted an unknown choice");
    } catch (const UserError &e) {
        QCOMPARE(QString(e.what()),
                 QString("--routing: unknown value 'spray' (allowed: ecmp, static)"));
    }
    const ParsedOptions bad = parser().parse({"f", "--bytes", "lots"});
    QVERIFY_THROWS_EXCEPTION(UserError, bad.bytes("--bytes", 0));
    // A size of 0 (a memory limit nothing fits under) is refused where it is read.
    const ParsedOptions zero = parser().parse({ "f", "--bytes", "0" });
    QVERIFY_THROWS_EXCEPTION(UserError, zero.bytes("--bytes", 1));
    const ParsedOptions notNumber = parser().parse({"f", "--qps", "4x"});
    QVERIFY_THROWS_EXCEPTION(UserError, notNumber.integer("--qps", 1, 64, 1));
    QVERIFY_THROWS_EXCEPTION(UserError, notNumber.number("--qps", 0, 1, 0));
}

void TestCliOptions::mistakesAreOneLineErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown") << QStringList{"f", "--frob"} << "unknown option '--frob' (see simulate --help)";
    QTest::newRow("no value") << QStringList{"f", "--bytes"} << "--bytes needs a value (SIZE)";
    // Empty, it meant the default without a word ("--ranks ''" ran every GPU).
    QTest::newRow("empty value") << QStringList { "f", "--routing", "" }
                                 << "--routing needs a value (P), got ''";
    QTest::newRow("empty after =")
        << QStringList { "f", "--set=" } << "--set needs a value (KEY=VALUE), got ''";
    QTest::newRow("twice") << QStringList{"f", "--qps", "1", "--qps", "2"} << "--qps is given more than once";
    QTest::newRow("flag value") << QStringList{"f", "--flows=yes"} << "--flows takes no value";
    QTest::newRow("missing") << QStringList{} << "missing FABRIC";
    QTest::newRow("extra") << QStringList{"a", "b", "c"} << "unexpected argument 'c'";
}

void TestCliOptions::mistakesAreOneLineErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    std::vector<std::string> a;
    for (const QString &s : args)
        a.push_back(s.toStdString());
    const QString error = errorOf(a);
    QVERIFY2(error.startsWith(message), qPrintable(error));
    QVERIFY(!error.contains('\n'));
}

void TestCliOptions::usageListsEverything()
{
    const std::string usage = parser().usage();
    QVERIFY(usage.rfind("Usage: fabricscope-cli simulate FABRIC [EXTRA] [--flows]", 0) == 0);
    QVERIFY(usage.find("-o, --output FILE") != std::string::npos);
    // An option with a short form goes by it in the usage line, as in the command summaries.
    QVERIFY(usage.find(" [-o FILE]") != std::string::npos);
    QVERIFY(usage.find("[--set KEY=VALUE]...") != std::string::npos);
}

// docs/cli.md is the reference a user reads without the program at hand: each option every
// command's --help lists is there, under that command's heading, so the two cannot drift.
void TestCliOptions::referenceNamesEveryOption()
{
    QFile file(QStringLiteral(FABRICSCOPE_TOPOLOGIES "/../docs/cli.md"));
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
    const QString reference = QString::fromUtf8(file.readAll());
    const QStringList commands { "generate", "info", "families", "convert", "simulate",
        "resilience", "export", "lesson" };
    static const QRegularExpression option(QStringLiteral("(?:^|[\\s\\[|,])(--[a-z-]+)"));
    int checked = 0;
    for (const QString &command : commands) {
        const auto help = testing::runCli({ "help", command.toStdString() });
        QCOMPARE(help.code, 0);
        // The command's section: from its heading to the next one.
        const qsizetype from = reference.indexOf(QStringLiteral("\n## `") + command);
        QVERIFY2(from >= 0, qPrintable(command));
        const QString section = reference.mid(from, reference.indexOf("\n## ", from + 1) - from);
        // The usage lines list every option the command takes.
        QString usage;
        for (const QString &line : QString::fromStdString(help.out).split(QLatin1Char('\n')))
            if (line.contains(QLatin1String("fabricscope-cli ")))
                usage += line + QLatin1Char('\n');
        for (const auto &m : option.globalMatch(usage)) {
            const QString name = QLatin1Char('`') + m.captured(1);
            // The scenario options resilience shares with simulate are listed under simulate.
            const bool shared = command == QLatin1String("resilience")
                && reference.indexOf(name) > reference.indexOf(QLatin1String("## `simulate"))
                && reference.indexOf(name) < from;
            QVERIFY2(section.contains(name) || shared,
                qPrintable(command + QLatin1Char(' ') + name + " is not in docs/cli.md"));
            ++checked;
        }
    }
    QVERIFY(checked > 60);
}

QTEST_GUILESS_MAIN(TestCliOptions)
#include "tst_cli_options.moc"
