// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/common/cleantext.h"
#include "model/faults.h"
#include "model/units.h"

#include <QtTest>

#include <clocale>
#include <cstdio>
#include <cstdlib>

using namespace fabric::units;

class TestUnits : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parsesSizes_data();
    void parsesSizes();
    void rejectsNonSizes();
    void formatsForPeople();
    void writesAPointUnderACommaLocale();
};

void TestUnits::parsesSizes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("bytes");
    QTest::newRow("plain") << "4096" << 4096.0;
    QTest::newRow("GiB") << "1GiB" << 1073741824.0;
    QTest::newRow("MB") << "64MB" << 64e6;
    QTest::newRow("spaced KiB") << "1.5 KiB" << 1536.0;
    QTest::newRow("bytes") << "512B" << 512.0;
    QTest::newRow("lower gib") << "4gib" << 4.0 * 1073741824.0;
    QTest::newRow("grouped") << "1,000 MiB" << 1000.0 * 1048576.0;
    QTest::newRow("grouped twice") << "1,048,576KiB" << 1073741824.0;
    QTest::newRow("grouped decimal") << "1,000.5KB" << 1000500.0;
    // Up to the limit of 1 EiB, in its own units (they were refused, as if past the limit).
    QTest::newRow("PiB") << "1PiB" << 1125899906842624.0;
    QTest::newRow("PB") << "2PB" << 2e15;
    QTest::newRow("EiB") << "1EiB" << 1152921504606846976.0;
}

void TestUnits::parsesSizes()
{
    QFETCH(QString, text);
    QFETCH(double, bytes);
    const auto parsed = parseBytes(text.toStdString());
    QVERIFY(parsed.has_value());
    QCOMPARE(*parsed, bytes);
}

void TestUnits::rejectsNonSizes()
{
    // "1.5": a message moves whole bytes (it ran a collective of 1.5 B).
    for (const char *bad : { "", "abc", "-1", "12 parsecs", "1e300", "nan", "GiB", "1,5 GiB", "1.5",
             "0.1KiB", "1,0000 MiB", ",100 MiB", "1,,000 B", "1000, B", "2EiB", "1100PiB" })
        QVERIFY2(!parseBytes(bad).has_value(), bad);
}

void TestUnits::formatsForPeople()
{
    QCOMPARE(formatBytes(1073741824.0), std::string("1 GiB"));
    QCOMPARE(formatBytes(512), std::string("512 B"));
    QCOMPARE(formatBytes(1152921504606846976.0), std::string("1 EiB"));
    QCOMPARE(formatGbps(400), std::string("400 Gb/s"));
    QCOMPARE(formatDecimal(0.0005, 9), std::string("0.0005"));
    QCOMPARE(formatDecimal(1.0714, 2), std::string("1.07"));
    QCOMPARE(formatDecimal(3, 2), std::string("3"));
    QCOMPARE(formatDecimal(250, 0), std::string("250"));
    QCOMPARE(formatCount(0), std::string("0"));
    QCOMPARE(formatCount(999), std::string("999"));
    QCOMPARE(formatCount(1000), std::string("1,000"));
    QCOMPARE(formatCount(15360), std::string("15,360"));
    QCOMPARE(formatCount(471828480), std::string("471,828,480"));
    QCOMPARE(formatCount(1, "flow", "flows"), std::string("1 flow"));
    QCOMPARE(formatCount(4032, "flow", "flows"), std::string("4,032 flows"));
    QCOMPARE(formatCount(0, "flow", "flows"), std::string("0 flows"));
    // A unit that names things agrees with its count; a unit of measure does not change.
    QCOMPARE(unitAfter(1, "GPUs"), std::string("GPU"));
    QCOMPARE(unitAfter(8, "GPUs"), std::string("GPUs"));
    QCOMPARE(unitAfter(1, "spare cubes"), std::string("spare cube"));
    QCOMPARE(unitAfter(0, "spare cubes"), std::string("spare cubes"));
    QCOMPARE(unitAfter(1, "ns"), std::string("ns"));
    QCOMPARE(unitAfter(1, "Gb/s"), std::string("Gb/s"));
    QCOMPARE(formatCount(18446744073709551615ULL), std::string("18,446,744,073,709,551,615"));
    QCOMPARE(formatGbps(3600), std::string("3.6 Tb/s"));
    QCOMPARE(formatGbps(67584000), std::string("67,584 Tb/s"));
    // The GUI's size field shows formatBytes and reads it back.
    QCOMPARE(formatBytes(1000.0 * 1048576.0), std::string("1,000 MiB"));
    QCOMPARE(parseBytes(formatBytes(1000.0 * 1048576.0)), 1000.0 * 1048576.0);
    QCOMPARE(formatGbps(999499), std::string("999 Tb/s"));
    QCOMPARE(formatSeconds(-1234.4), std::string("-1,234 s"));
    QCOMPARE(formatSeconds(5.25), std::string("5.25 s"));
    QCOMPARE(formatSeconds(82e-9), std::string("82 ns"));
    QCOMPARE(formatSeconds(1.1e-12), std::string("1.1 ps"));
    QCOMPARE(formatSeconds(1.2e-3), std::string("1.2 ms"));
    QCOMPARE(formatGBps(50), std::string("50 GB/s"));
    QCOMPARE(formatGBps(0.00449), std::string("0.0045 GB/s")); // not "0 GB/s"
    QCOMPARE(formatGBps(0.333), std::string("0.33 GB/s"));
    QCOMPARE(formatGBps(1e-9), std::string("0.000000001 GB/s"));
    QCOMPARE(formatRatio(1228.8 / 179.2), std::string("6.86:1"));
    QCOMPARE(formatRatio(1), std::string("1:1"));
    QCOMPARE(formatRatio(0.5), std::string("1:2"));
    QCOMPARE(formatRatio(0), std::string("-"));
}

QTEST_GUILESS_MAIN(TestUnits)
void TestUnits::writesAPointUnderACommaLocale()
{
    // A Qt program takes the C library's locale from the environment. Under one whose decimal
    // point is ',' (tests/data/locale/de_DE, built from comma.localedef), printf wrote
    // "link@0,5" into results that are read back, and "1,5 GiB" beside Qt's "1.5".
    ::setenv("LOCPATH", FABRICSCOPE_TEST_DATA "/locale", 1);
    struct Restore
    {
        ~Restore() { std::setlocale(LC_NUMERIC, "C"); }
    } restore;
    QVERIFY2(std::setlocale(LC_NUMERIC, "de_DE"), "the comma locale did not load");
    char probe[8];
    std::snprintf(probe, sizeof probe, "%.1f", 1.5);
    QCOMPARE(QString::fromLatin1(probe), QStringLiteral("1,5")); // the locale does bite

    QCOMPARE(formatFixed(0.5, 2), std::string("0.50"));
    QCOMPARE(formatSignificant(0.000123456789, 4), std::string("0.0001235"));
    QCOMPARE(formatSignificant(2.5e6, 3), std::string("2.5e+06"));
    QCOMPARE(formatBytes(1.5 * 1024 * 1024 * 1024), std::string("1.5 GiB"));
    QCOMPARE(formatSeconds(0.0634), std::string("63.4 ms"));
    QCOMPARE(formatSeconds(2.5e6), std::string("2.5e+06 s"));
    QCOMPARE(formatGbps(25600), std::string("25.6 Tb/s"));
    QCOMPARE(fabric::io::shortNumber(0.25), std::string("0.25"));
    fabric::Fault degraded;
    degraded.kind = fabric::Fault::Kind::Link;
    degraded.node = "leaf0";
    degraded.peer = "spine0";
    degraded.kept = 0.5;
    QCOMPARE(fabric::toString(degraded), std::string("leaf0--spine0@0.5"));
    QCOMPARE(fabric::parseFault(fabric::toString(degraded)).kept, 0.5);
}

#include "tst_units.moc"
