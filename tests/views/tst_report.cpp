// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The design-review report lays out every text whole: rendered onto a recorder, no text is
// elided, cut by its box or printed over another, and numbers read as people write them.
#include "canvas/fabriccanvas.h"
#include "charts/axisticks.h"
#include "charts/chartdata.h"
#include "explain/explainer.h"
#include "export/reportwriter.h"
#include "io/fabricfile.h"
#include "playback/scenariorun.h"
#include "textrecorder.h"

#include <QRegularExpression>
#include <QTest>

using namespace fabric;
using namespace fabric::views;
using fabric::testing::PaintedText;
using fabric::testing::TextRecorder;

class TestReport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void ticksReadAsPeopleWriteThem();
    void noTextIsElidedCutOrOverprinted();

private:
    Fabric mFabric;
    QList<SimRunPtr> mRuns;
};

void TestReport::initTestCase()
{
    mFabric = io::loadFabric(FABRICSCOPE_TOPOLOGIES "/superpod-256.fabric.json");
    collective::Scenario s;
    s.collective = collective::Collective::AllReduce;
    s.bytes = 64 * 1024 * 1024;
    s.ranks = "64";
    // Long run names side by side, as a review compares them.
    const std::pair<collective::Algorithm, route::Policy> runs[] = {
        {collective::Algorithm::Ring, route::Policy::Adaptive},
        {collective::Algorithm::Ring, route::Policy::Ecmp},
        {collective::Algorithm::Ring, route::Policy::Static},
        {collective::Algorithm::Sharp, route::Policy::Static},
        {collective::Algorithm::Hierarchical, route::Policy::Ecmp},
        {collective::Algorithm::Tree, route::Policy::EcmpPolarized}};
    for (const auto &[algorithm, policy] : runs) {
        s.algorithm = algorithm;
        s.routing = policy;
        mRuns << makeRun(mFabric, s);
    }
}

void TestReport::ticksReadAsPeopleWriteThem()
{
    const AxisTicks big = niceTicks(0, 151000);
    QCOMPARE(big.lo, 0.0);
    QVERIFY(big.hi >= 151000);
    const QStringList labels = tickLabels(big);
    QCOMPARE(labels.first(), QStringLiteral("0"));
    QVERIFY2(labels.contains(QStringLiteral("100 k")), qPrintable(labels.join(QLatin1Char('|'))));
    QCOMPARE(tickLabels(niceTicks(0, 1)).join(QLatin1Char('|')),
             QStringLiteral("0|0.2|0.4|0.6|0.8|1"));
    QCOMPARE(tickLabels(niceTicks(0, 2.4e6)).last(), QStringLiteral("2.5 M"));
    // Four digits as they are: an axis to 1,000 ms read "0|0.5 k|1 k".
    QCOMPARE(
        tickLabels(niceTicks(0, 1000, 2)).join(QLatin1Char('|')), QStringLiteral("0|500|1000"));
    QCOMPARE(tickLabels(niceTicks(0, 20000, 4)).last(), QStringLiteral("20 k"));
    QCOMPARE(labelPrecision(151234), 6);
    QCOMPARE(labelPrecision(1.5), 3);
}

void TestReport::noTextIsElidedCutOrOverprinted()
{
    FabricCanvas canvas;
    canvas.resize(1200, 700);
    canvas.setFabric(&mFabric);
    ReportContent c;
    c.title = QStringLiteral("Design review: DGX SuperPOD, 256 GPUs, six ways to all-reduce");
    c.canvas = &canvas;
    c.scenario << QStringLiteral("Fabric: superpod-256 (%1 nodes)").arg(mFabric.nodeCount());
    c.diagramCaption = QStringLiteral("Link utilisation at the end");
    // Every run in the line charts too: their legend is one row, which elided five or more
    // run names ("allreduce rin...") until they took numbers and a key.
    c.charts << charts::throughput(mRuns) << charts::linkLoadHistogram(*mRuns.first())
             << charts::completionCdf(mRuns);
    for (const SimRunPtr &r : std::as_const(mRuns))
        c.comparison << RunSummary(*r);
    c.charts << charts::compareBandwidth(c.comparison) << charts::compareCompletion(c.comparison);
    c.traffic = trafficViewsFor(mRuns);
    c.explanation = explainRun(*mRuns.first(), c.comparison.first());

    // A4 landscape less 12 mm margins, at 96 px per inch, as writeReport lays it out.
    const QSizeF page(1031, 703);
    TextRecorder recorder(page.toSize());
    QPainter painter(&recorder);
    paintReport(painter, page, [&] { recorder.newPage(); }, c);
    painter.end();

    const QList<PaintedText> &texts = recorder.texts();
    QVERIFY(texts.size() > 100);
    const QRegularExpression exponent(QStringLiteral("\\de[+-]?\\d"));
    QStringList problems;
    for (const PaintedText &t : texts) {
        if (t.elided())
            problems << QStringLiteral("elided: '%1' (page %2)").arg(t.text).arg(t.page);
        if (t.clipped())
            problems << QStringLiteral("cut by its box: '%1' (page %2)").arg(t.text).arg(t.page);
        if (exponent.match(t.text).hasMatch())
            problems << QStringLiteral("exponent notation: '%1'").arg(t.text);
    }
    problems << fabric::testing::overlappingTexts(texts);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    // Every run name is there whole.
    QString all;
    for (const PaintedText &t : texts)
        all += t.text + QLatin1Char(' ');
    for (const SimRunPtr &r : std::as_const(mRuns))
        for (const QString &word : r->label.split(QLatin1Char(' ')))
            QVERIFY2(all.contains(word), qPrintable(word));
    // Bar charts whose run names do not fit under the bars key them by letter: "#N" is the
    // Compare tab's number for a run, by the order the runs were made.
    QVERIFY2(all.contains(QStringLiteral("A\u00a0") + mRuns.first()->label), qPrintable(all));
    QVERIFY2(!all.contains(QStringLiteral("#1")), qPrintable(all));
}

QTEST_MAIN(TestReport)
#include "tst_report.moc"
