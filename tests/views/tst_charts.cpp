// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/chartdata.h"
#include "charts/chartpanel.h"
#include "elidedtext.h"
#include "explain/runsummary.h"
#include "export/reportwriter.h"
#include "exportchecks.h"
#include "generators/registry.h"
#include "handmadefabric.h"
#include "model/units.h"
#include "route/router.h"
#include "simfixture.h"
#include "style/picturescale.h"
#include "tabfixture.h"

#include <QBarCategoryAxis>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QFile>
#include <QLabel>
#include <QLineSeries>
#include <QPainter>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace fabric;
using namespace fabric::views;

namespace {

/// "Completion time by run" as the Charts tab draws it: a bar of each run's time against an
/// ideal of 42.8 ms, the runs named by @p runs.
ChartSpec completionBars(const QStringList &runs, const QList<double> &simulatedMs)
{
    ChartSpec spec;
    spec.title = QStringLiteral("Completion time");
    spec.xTitle = QStringLiteral("run");
    spec.yTitle = QStringLiteral("completion time (ms)");
    spec.categories = runs;
    spec.bars = { { QStringLiteral("simulated"), simulatedMs },
        { QStringLiteral("ideal bound"), QList<double>(runs.size(), 42.8) } };
    return spec;
}

} // namespace

class TestCharts : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void barsAreReadAndPickedByKeyboard();
    void throughputIntegratesToTheBytes();
    void throughputLeavesOutFlowsInsideAHost();
    void longRunsAreAveragedOverWindows();
    void histogramCountsEveryLink();
    void histogramOfAFabricWithoutSwitchLinksSaysSo();
    void cdfEndsAtOne();
    void comparisonBarsNameTheQuantity();
    void sweepUsesLog2Sizes();
    void panelReplacesPoints();
    void coincidingLinesBothShow();
    void panelExportsPngAndSvg();
    void shortPanelKeepsThePlotReadable();
    void shortPanelKeepsItsLegendNamesWhole();
    void barLabelsStayWholeInAShortPanel();
    void runNamesUnderBarsStayWhole();
    void oneLineRunNamesKeepTheirEnds();
    void longSubtitleWrapsAtEveryWidth();
    void smallResiliencePictureDrawsTheRowsItCanName();
    void emptyChartSaysWhatFillsIt();
    void largerWindowTextEnlargesTheChartsNotItsPictures();
    void largeExportsAreTheScreenPictureEnlarged();

private:
    Fabric mFabric;
    SimRunPtr mStatic;
    SimRunPtr mEcmp;
};

void TestCharts::initTestCase()
{
    mFabric = testing::fatTree(64);
    mStatic = testing::ringRun(mFabric, route::Policy::Static, 16e6, 2);
    mEcmp = testing::ringRun(mFabric, route::Policy::Ecmp, 16e6, 2);
}

void TestCharts::throughputIntegratesToTheBytes()
{
    const ChartSpec spec = charts::throughput({mStatic, mEcmp});
    QCOMPARE(spec.lines.size(), 2);
    QVERIFY(spec.yTitle.contains(QStringLiteral("GB/s")));
    const auto [scale, unit] = charts::timeUnit(std::max(mStatic->result.completionS,
                                                         mEcmp->result.completionS));
    QVERIFY(spec.xTitle.contains(unit));
    // The area under the steps is every byte the flows moved.
    const QList<QPointF> &pts = spec.lines[0].points;
    double gigabytes = 0;
    for (qsizetype i = 0; i + 1 < pts.size(); ++i)
        gigabytes += pts[i].y() * (pts[i + 1].x() - pts[i].x()) / scale;
    double bytes = 0;
    for (const auto &f : mStatic->flows())
        bytes += f.bytes;
    QVERIFY2(qAbs(gigabytes * 1e9 - bytes) < 1e-6 * bytes,
             qPrintable(QStringLiteral("%1 vs %2").arg(gigabytes * 1e9).arg(bytes)));
}

void TestCharts::throughputLeavesOutFlowsInsideAHost()
{
    // A flow over NVLink only, next to fabric flows, moves at NVLink's rate and ends at once:
    // summed in, its spike flattened the fabric's whole run to the axis (an aggregated ring
    // on the HPN segment: 400,000 GB/s for 5 ms, then 2,800 GB/s for 170 ms that read as 0).
    const route::Router router(mFabric, route::RouterOptions {});
    const std::vector<NodeId> gpus = mFabric.endpoints();
    std::vector<sim::FlowSpec> flows;
    double fabricBytes = 0;
    for (std::size_t r = 0; r + 1 < gpus.size(); r += 8)
        for (const std::size_t to : { r + 1, (r + 9) % gpus.size() }) {
            sim::FlowSpec f;
            f.src = gpus[r];
            f.dst = gpus[to];
            f.bytes = 64e6;
            router.routeInto(f);
            bool inside = true;
            for (const DirLinkId d : f.paths.at(0).links)
                inside = inside && mFabric.link(linkOf(d)).medium == Medium::NvLink;
            QCOMPARE(inside, to == r + 1); // GPUs r and r + 1 share a host, r + 9 does not
            if (!inside)
                fabricBytes += f.bytes;
            flows.push_back(std::move(f));
        }
    const auto mixed = testing::runFlows(mFabric, std::move(flows), QStringLiteral("mixed"));
    const ChartSpec spec = charts::throughput({ mixed, mStatic });
    QVERIFY2(spec.title.startsWith(QStringLiteral("Aggregate throughput of the fabric"))
            && spec.title.contains(QStringLiteral("NVLink")),
        qPrintable(spec.title));
    const auto [scale, unit]
        = charts::timeUnit(std::max(mixed->result.completionS, mStatic->result.completionS));
    // The area under the mixed run's line is the fabric flows' bytes, no more.
    const QList<QPointF> &pts = spec.lines[0].points;
    double gigabytes = 0;
    for (qsizetype i = 0; i + 1 < pts.size(); ++i)
        gigabytes += pts[i].y() * (pts[i + 1].x() - pts[i].x()) / scale;
    QVERIFY2(qAbs(gigabytes * 1e9 - fabricBytes) < 1e-6 * fabricBytes,
        qPrintable(QStringLiteral("%1 vs %2").arg(gigabytes * 1e9).arg(fabricBytes)));
    // Runs without such flows keep every flow and the plain title.
    QCOMPARE(charts::throughput({ mStatic }).title,
        QStringLiteral("Aggregate throughput (sum of flow rates)"));
}

void TestCharts::longRunsAreAveragedOverWindows()
{
    // A ring of many small steps: under ECMP each step's flows finish a little apart, so the
    // sum of rates jumps up and down at every one of thousands of events and, drawn step by
    // step, painted a band from near 0 to the peak (the HPN lesson's dual-plane ring).
    const auto many = testing::ringRun(mFabric, route::Policy::Ecmp, 1e6, 64);
    QVERIFY2(many->result.timeline.intervalCount() > 2 * charts::kThroughputWindows,
        qPrintable(QString::number(many->result.timeline.intervalCount())));
    const ChartSpec spec = charts::throughput({ many, mStatic });
    const auto [scale, unit] = charts::timeUnit(many->result.completionS);
    const double windowS = many->result.completionS / double(charts::kThroughputWindows);
    QCOMPARE(spec.xNote,
        QStringLiteral("averaged over %1 windows")
            .arg(QString::fromStdString(units::formatSeconds(windowS))));
    // The time axis says so in a full frame; a short panel, with no room to spare, names the
    // time alone.
    ChartPanel panel;
    panel.setSpec(spec);
    panel.resize(900, 400);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QChart *chart = panel.findChild<QChartView *>()->chart();
    QTRY_COMPARE(chart->axes(Qt::Horizontal).first()->titleText(),
        spec.xTitle + QStringLiteral(", ") + spec.xNote);
    panel.resize(900, 130);
    QTRY_COMPARE(chart->axes(Qt::Horizontal).first()->titleText(), spec.xTitle);
    // Both runs on the same windows, each closed where it ends; no byte lost.
    for (qsizetype l = 0; l < 2; ++l) {
        const SimRunPtr &run = l == 0 ? many : mStatic;
        const QList<QPointF> &pts = spec.lines[l].points;
        QVERIFY(pts.size() <= qsizetype(charts::kThroughputWindows) + 1);
        QCOMPARE(pts.last(), QPointF(run->result.completionS * scale, 0.0));
        double gigabytes = 0, highest = 0;
        for (qsizetype i = 0; i + 1 < pts.size(); ++i) {
            QVERIFY(qAbs(pts[i].x() - double(i) * windowS * scale) < 1e-9 * scale);
            gigabytes += pts[i].y() * (pts[i + 1].x() - pts[i].x()) / scale;
            highest = std::max(highest, pts[i].y());
        }
        double bytes = 0;
        for (const auto &f : run->flows())
            bytes += f.bytes;
        QVERIFY2(qAbs(gigabytes * 1e9 - bytes) < 1e-6 * bytes,
            qPrintable(QStringLiteral("%1 vs %2").arg(gigabytes * 1e9).arg(bytes)));
        QVERIFY(highest > 0);
    }
    // The ring's line is level where the ring is steady: between a quarter and three quarters
    // of the run, no window is below half of the median window's rate.
    QList<double> middle;
    const qsizetype n = spec.lines[0].points.size();
    for (qsizetype i = n / 4; i < 3 * n / 4; ++i)
        middle << spec.lines[0].points[i].y();
    std::sort(middle.begin(), middle.end());
    QVERIFY2(middle.first() > 0.5 * middle[middle.size() / 2],
        qPrintable(QStringLiteral("%1 against a median of %2")
                       .arg(middle.first())
                       .arg(middle[middle.size() / 2])));
}

void TestCharts::histogramCountsEveryLink()
{
    const ChartSpec spec = charts::linkLoadHistogram(*mEcmp);
    QVERIFY(spec.isBarChart());
    QCOMPARE(spec.categories.first(), QStringLiteral("0 (idle)"));
    QVERIFY(!spec.bars.isEmpty());
    int leafSpine = 0;
    mFabric.forEachLink([&](const Link &l) {
        if (mFabric.node(l.a).kind == NodeKind::Switch && mFabric.node(l.b).kind == NodeKind::Switch)
            ++leafSpine;
    });
    double counted = 0;
    for (const ChartBars &b : spec.bars) {
        QCOMPARE(b.values.size(), spec.categories.size());
        for (const double v : b.values)
            counted += v;
    }
    // Both directions of every leaf-spine link, in one bar each.
    QCOMPARE(int(counted), 2 * leafSpine);
    // The bars agree with the engine's peak flow counts.
    const RunSummary s = RunSummary(*mEcmp);
    double idle = 0;
    for (const ChartBars &b : spec.bars)
        idle += b.values[0];
    QCOMPARE(int(idle), s.idleFabricLinks);
}

void TestCharts::histogramOfAFabricWithoutSwitchLinksSaysSo()
{
    // Two GPUs drawn by hand under one switch: the design-review report showed the imbalance
    // chart as bare axes with two empty bars, and the GUI "run a scenario" after a run.
    Fabric f;
    const NodeId leaf = testing::addNode(f, NodeKind::Switch, "leaf");
    for (const char *name : { "gpu0", "gpu1" })
        testing::addLink(f, testing::addNode(f, NodeKind::Gpu, name), leaf, 400);
    const SimRunPtr run = testing::ringRun(f, route::Policy::Ecmp, 1e6, 1);
    QVERIFY(run->result.completionS > 0);
    const ChartSpec spec = charts::linkLoadHistogram(*run);
    QVERIFY(!spec.hasData());
    QVERIFY2(spec.emptyNote.contains(QStringLiteral("no links between switches")),
        qPrintable(spec.emptyNote));
    // A picture of it is the title and the note, not axes.
    ChartPanel panel;
    panel.setSpec(spec);
    QTemporaryDir dir;
    const QString svg = dir.filePath(QStringLiteral("empty.svg"));
    QVERIFY(panel.exportSvg(svg, QSize(900, 500)));
    const QString text = testing::readText(svg);
    QVERIFY(text.contains(spec.title.toHtmlEscaped()));
    QVERIFY(text.contains(QStringLiteral("no links between switches")));
    QVERIFY(!text.contains(spec.xTitle)); // no axis

    // A torus has no switch links either, but its routing has choices: the note said it had
    // none beside a comparison where dor and ecmp differed by 30%.
    const Fabric cube
        = gen::generate("tpu-torus", nlohmann::json { { "x", 4 }, { "y", 4 }, { "z", 4 } });
    const ChartSpec torus
        = charts::linkLoadHistogram(*testing::ringRun(cube, route::Policy::Dor, 1e6, 1));
    QVERIFY(!torus.hasData());
    QVERIFY2(torus.emptyNote.contains(QStringLiteral("its chips route traffic themselves")),
        qPrintable(torus.emptyNote));
    QVERIFY2(!torus.emptyNote.contains(QStringLiteral("no choice")), qPrintable(torus.emptyNote));
    // Nor does the comparison table count a torus's collided and idle links as 0 of 0.
    const QList<QStringList> rows
        = comparisonTable({ RunSummary(*testing::ringRun(cube, route::Policy::Dor, 1e6, 1)) });
    QCOMPARE(rows.size(), 2);
    QCOMPARE(
        rows[1].mid(6), QStringList({ "\u2013 (no switch links)", "\u2013 (no switch links)" }));
}

void TestCharts::cdfEndsAtOne()
{
    const ChartSpec spec = charts::completionCdf({mStatic});
    QCOMPARE(spec.lines.size(), 1);
    const QList<QPointF> &pts = spec.lines[0].points;
    QVERIFY(pts.size() >= 2);
    QCOMPARE(pts.last().y(), 1.0);
    for (qsizetype i = 1; i < pts.size(); ++i) {
        QVERIFY(pts[i].x() >= pts[i - 1].x());
        QVERIFY(pts[i].y() >= pts[i - 1].y());
    }
    const auto [scale, unit] = charts::timeUnit(mStatic->result.completionS);
    QVERIFY(qAbs(pts.last().x() - mStatic->result.completionS * scale) < 1e-9 * scale);
    // Its axis ends at 1, as a fraction does, in a short panel (three ticks) as in a full
    // one: 4 % of headroom over 1 took the short panel's axis to 1.5.
    ChartPanel panel;
    panel.setSpec(spec);
    for (const QSize size : { QSize(900, 130), QSize(900, 500) }) {
        panel.resize(size);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QChart *chart = panel.findChild<QChartView *>()->chart();
        const auto *vertical = qobject_cast<QCategoryAxis *>(chart->axes(Qt::Vertical).first());
        QVERIFY(vertical);
        QCOMPARE(vertical->max(), 1.0);
        // Short, the axis names its unit, which fits: the whole title was cut to "fractio...".
        if (size.height() < 200)
            QCOMPARE(vertical->titleText(), QStringLiteral("fraction"));
    }
}

void TestCharts::comparisonBarsNameTheQuantity()
{
    RunSummary a = RunSummary(*mStatic), b = RunSummary(*mEcmp);
    a.busbwGBps = 40, a.algbwGBps = 20, a.idealS = a.completionS * 0.9;
    b.busbwGBps = 30, b.algbwGBps = 15;
    const ChartSpec bw = charts::compareBandwidth({a, b});
    QVERIFY(bw.title.contains(QStringLiteral("busbw")) && bw.title.contains(QStringLiteral("algbw")));
    QCOMPARE(bw.categories, QStringList({a.label, b.label}));
    QCOMPARE(bw.bars[0].values, QList<double>({40, 30}));
    const ChartSpec t = charts::compareCompletion({a, b});
    QCOMPARE(t.bars.size(), 2); // simulated and the ideal bound
    QVERIFY(t.bars[0].values[1] > 0);
}

void TestCharts::sweepUsesLog2Sizes()
{
    charts::SweepSeries s{QStringLiteral("ring"), {{1024, 0.5}, {1 << 20, 20}, {4294967296.0, 45}}};
    const ChartSpec spec = charts::busbwSweep({s});
    QCOMPARE(spec.xScale, ChartSpec::XScale::Log2Bytes);
    QCOMPARE(spec.lines[0].points.first().x(), 10.0);
    QCOMPARE(spec.lines[0].points.last().x(), 32.0);
    QVERIFY(spec.title.contains(QStringLiteral("busbw")));
    ChartPanel panel;
    panel.setSpec(spec);
    QCOMPARE(panel.seriesCount(), 1);
}

void TestCharts::panelReplacesPoints()
{
    ChartPanel panel;
    panel.setSpec(charts::throughput({mStatic, mEcmp}));
    QCOMPARE(panel.seriesCount(), 2);
    QCOMPARE(panel.rebuildCount(), 1);
    // Same shape: points are replaced, series kept.
    panel.setSpec(charts::throughput({mEcmp, mStatic}));
    QCOMPARE(panel.rebuildCount(), 1);
    panel.setSpec(charts::linkLoadHistogram(*mEcmp));
    QCOMPARE(panel.rebuildCount(), 2);
    QVERIFY(panel.seriesCount() >= 1);
}

void TestCharts::coincidingLinesBothShow()
{
    // Two routings that place every flow alike give the same throughput line: drawn with the
    // same pen, the second hid the first, and the chart seemed to have lost a run.
    ChartSpec spec;
    spec.title = QStringLiteral("Aggregate throughput");
    spec.xTitle = QStringLiteral("time (ms)");
    spec.yTitle = QStringLiteral("GB/s");
    spec.steps = true;
    const ChartLine line { QStringLiteral("static"),
        { { 0, 10 }, { 1, 40 }, { 2, 40 }, { 3, 5 } } };
    spec.lines = { line, line };
    spec.lines[1].name = QStringLiteral("adaptive");
    ChartPanel panel;
    panel.setSpec(spec);
    const QList<QAbstractSeries *> series = panel.findChild<QChartView *>()->chart()->series();
    QCOMPARE(series.size(), 2);
    const QImage image = panel.renderImage(QSize(1000, 600));
    // Each line's colour over far more pixels than its legend marker holds.
    for (QAbstractSeries *s : series) {
        const QRgb colour = static_cast<QLineSeries *>(s)->pen().color().rgb();
        const int drawn = testing::pixelsOf(image, colour);
        QVERIFY2(drawn > 1000,
            qPrintable(
                s->name() + QStringLiteral(": ") + QString::number(drawn) + QStringLiteral(" px")));
    }
}

void TestCharts::shortPanelKeepsThePlotReadable()
{
    // The Analysis dock of a 1280x720 window gives a chart about 130 px: with the title, wide
    // margins and five ticks its axis labels were elided to "...". Short, it drops the title
    // (the picker names the chart), keeps the vertical axis's unit and fewer ticks; tall, and
    // in every picture, the full frame.
    ChartPanel panel;
    panel.setSpec(charts::throughput({mStatic, mEcmp}));
    panel.resize(900, 130);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QChart *chart = panel.findChild<QChartView *>()->chart();
    const auto vertical = [&] { return qobject_cast<QCategoryAxis *>(chart->axes(Qt::Vertical).first()); };
    QVERIFY(chart->title().isEmpty());
    QCOMPARE(vertical()->titleText(), QStringLiteral("GB/s"));
    QVERIFY2(vertical()->count() <= 3, qPrintable(QString::number(vertical()->count())));
    QTRY_VERIFY2(elidedTexts(&panel).isEmpty(), qPrintable(elidedTexts(&panel).join(' ')));
    // Its minimum height keeps the time axis's numbers and title whole: a dock that gave a
    // chart less, as a 1280x720 window's did (about 95 px), showed them all as "...".
    panel.resize(900, 95);
    QTRY_VERIFY(!elidedTexts(&panel).isEmpty());
    panel.resize(900, panel.minimumSizeHint().height());
    QTRY_VERIFY2(elidedTexts(&panel).isEmpty(),
        qPrintable(
            QStringLiteral("%1 px: %2").arg(panel.height()).arg(elidedTexts(&panel).join(' '))));

    const QImage picture = panel.renderImage(QSize(1200, 700)); // the full frame, then back
    QVERIFY(chart->title().isEmpty());
    QCOMPARE(vertical()->titleText(), QStringLiteral("GB/s"));
    panel.resize(900, 400);
    QTRY_VERIFY(chart->title().contains(QStringLiteral("throughput"), Qt::CaseInsensitive));
    QCOMPARE(vertical()->titleText(), QStringLiteral("throughput (GB/s)"));
    QVERIFY(vertical()->count() >= 4);
    // The picture taken while short equals one taken tall: it never had the short frame.
    QCOMPARE(panel.renderImage(QSize(1200, 700)), picture);
}

void TestCharts::shortPanelKeepsItsLegendNamesWhole()
{
    // A 1280x720 window in presentation mode gives the Analysis dock's chart about 500x260 px
    // at 1.5x text. Beside the plot, Qt Charts gives the legend at most 0.4 of the width and
    // cut the lesson's runs to "SHARP all-red...": too long, the legend goes under the plot.
    ChartSpec spec = charts::throughput({ mStatic, mEcmp });
    spec.lines[0].name = QStringLiteral("SHARP all-reduce");
    spec.lines[1].name = QStringLiteral("Ring all-reduce");
    ChartPanel panel;
    QFont large = panel.font();
    large.setPointSizeF(large.pointSizeF() * 1.5);
    panel.setFont(large);
    panel.setSpec(spec);
    panel.resize(500, 250);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QChart *chart = panel.findChild<QChartView *>()->chart();
    QVERIFY(chart->title().isEmpty()); // the compact frame
    QTRY_VERIFY2(elidedTexts(&panel).isEmpty(), qPrintable(elidedTexts(&panel).join(' ')));
    QCOMPARE(chart->legend()->alignment(), Qt::AlignBottom);
    // Wide enough, short names stay beside the plot, where they cost no height.
    spec.lines[0].name = QStringLiteral("static");
    spec.lines[1].name = QStringLiteral("ecmp");
    panel.setSpec(spec);
    panel.resize(900, 250);
    QTRY_COMPARE(chart->legend()->alignment(), Qt::AlignRight);
    QTRY_VERIFY2(elidedTexts(&panel).isEmpty(), qPrintable(elidedTexts(&panel).join(' ')));

    // Bars by run: the names under them read "SHARP ..." and "Ring all..." on one line. The
    // presentation panel has the height for a second one, as a full frame does.
    panel.setSpec(completionBars(
        { QStringLiteral("SHARP all-reduce"), QStringLiteral("Ring all-reduce") }, { 21.5, 43 }));
    panel.resize(500, 250);
    QTRY_VERIFY(chart->title().isEmpty());
    QTRY_VERIFY2(elidedTexts(&panel).isEmpty(), qPrintable(elidedTexts(&panel).join(' ')));
}

void TestCharts::barLabelsStayWholeInAShortPanel()
{
    // Completion time by run in a 1280x720 window's Analysis dock: the tallest bar's upright
    // label ran past the top of the chart and "299" ms read "29", or, with the chart whole,
    // was drawn over its own bar for want of room above it.
    const ChartSpec spec = completionBars(
        { QStringLiteral("Polarised hashing (same hash at every tier)"),
            QStringLiteral("ECMP, a seed per switch"), QStringLiteral("Adaptive routing") },
        { 299, 213, 42.8 });
    // In a dock the panel is a child sized by its parent, as here; alone, a window keeps
    // its layout's minimum and would hide the fault.
    QWidget dock;
    dock.resize(1250, 400);
    auto &panel = *new ChartPanel(&dock);
    panel.setSpec(spec);
    panel.setGeometry(0, 0, 100, 30);
    dock.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dock));
    const QChartView *view = panel.findChild<QChartView *>();
    const auto labelsCut = [&] {
        const QRectF shown = view->mapToScene(view->viewport()->rect()).boundingRect();
        QStringList cut, seen;
        for (const QGraphicsItem *item : view->scene()->items()) {
            const auto *text = dynamic_cast<const QGraphicsTextItem *>(item);
            if (!text || !text->isVisible())
                continue;
            const QString value = text->toPlainText();
            if (value != QLatin1String("299") && value != QLatin1String("213")
                && value != QLatin1String("42.8"))
                continue;
            seen.append(value);
            // Whole in view, and past its bar's end rather than over the bar.
            QChart *chart = view->chart();
            const double barEnd
                = chart->mapToPosition(QPointF(0, value.toDouble()), chart->series().first()).y();
            if (!shown.contains(text->sceneBoundingRect())
                || text->sceneBoundingRect().bottom() > barEnd + 1)
                cut.append(value);
        }
        return seen.size() == 6
            ? cut
            : QStringList {
                  QStringLiteral("only %1 labels shown: %2").arg(seen.size()).arg(seen.join(' '))
              };
    };
    // Tiny, then tall, as in a dock before the window settles: then every height of a short
    // panel (the dock's splitter dragged), each with its own ticks. The chart's view must fit
    // the panel: Qt's view kept the largest minimum height its chart ever had (the full frame
    // laid out narrow) and showed a short panel's middle.
    panel.setGeometry(0, 0, 1250, 400);
    for (int height = 300; height >= panel.minimumSizeHint().height(); height -= 10) {
        panel.setGeometry(0, 0, 1250, height);
        QTRY_VERIFY2(view->height() <= panel.height(),
            qPrintable(QStringLiteral("%1 px: a view of %2 px").arg(height).arg(view->height())));
        QTRY_VERIFY2(labelsCut().isEmpty(),
            qPrintable(QStringLiteral("%1 px: %2").arg(height).arg(labelsCut().join(' '))));
    }
}

void TestCharts::runNamesUnderBarsStayWhole()
{
    // Qt gives each name under a group of bars a fifth of the plot when there are three, and
    // cut the rest: the docs' comparison read "allreduce ring · ecmp-polari...".
    const ChartSpec spec
        = completionBars({ QStringLiteral("Polarised hashing (same hash at every tier)"),
                             QStringLiteral("allreduce ring · ecmp-polarized"),
                             QStringLiteral("ECMP, a seed per switch") },
            { 299, 213, 75 });
    ChartPanel panel;
    panel.setSpec(spec);
    panel.resize(1000, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QTRY_VERIFY2(
        elidedTexts(&panel).isEmpty(), qPrintable(elidedTexts(&panel).join(QStringLiteral(" | "))));
    // A narrower panel breaks them again, to its own width.
    panel.resize(700, 600);
    QTRY_VERIFY2(
        elidedTexts(&panel).isEmpty(), qPrintable(elidedTexts(&panel).join(QStringLiteral(" | "))));
    // A picture has the full frame, and its names break too, whatever the panel on screen.
    panel.resize(1000, 130);
    QTRY_VERIFY(
        !panel.findChild<QChartView *>()->chart()->title().contains(QStringLiteral("Completion")));
    QTemporaryDir dir;
    const QString svg = dir.filePath(QStringLiteral("bars.svg"));
    QVERIFY(panel.exportSvg(svg, QSize(1000, 600)));
    QCOMPARE(testing::svgPictureSize(svg), QSize(1000, 600));
    const QString text = testing::readText(svg);
    QVERIFY(text.contains(QStringLiteral("ecmp-polarized")));
    QVERIFY(text.contains(QStringLiteral("every tier)")));
}

void TestCharts::oneLineRunNamesKeepTheirEnds()
{
    // A short panel (the Analysis dock of a 1280x720 window) names each group of bars on one
    // line: cut at its end, a run and its rerun "(2)" read the same.
    const QString first = QStringLiteral("Polarised hashing (same hash at every tier)");
    const QString second = first + QStringLiteral(" (2)");
    ChartPanel panel;
    panel.setSpec(completionBars(
        { first, second, QStringLiteral("ECMP, a seed per switch") }, { 299, 299, 75 }));
    panel.resize(700, 150);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    const auto labels = [&] {
        auto *axis = qobject_cast<QBarCategoryAxis *>(
            panel.findChild<QChartView *>()->chart()->axes(Qt::Horizontal).value(0));
        return axis ? axis->categories() : QStringList();
    };
    QTRY_VERIFY2(labels().size() == 3 && labels()[1].endsWith(QStringLiteral("(2)")),
        qPrintable(labels().join(QStringLiteral(" | "))));
    QVERIFY(labels()[0] != labels()[1]);
    QVERIFY(!labels()[0].contains(QStringLiteral("<br>")));
    QVERIFY2(labels()[0].startsWith(QStringLiteral("Pol")),
        qPrintable(labels().join(QStringLiteral(" | "))));
    // Short enough that Qt does not cut them again.
    QTRY_VERIFY2(
        elidedTexts(&panel).isEmpty(), qPrintable(elidedTexts(&panel).join(QStringLiteral(" | "))));
}

void TestCharts::panelExportsPngAndSvg()
{
    ChartPanel panel;
    panel.setSpec(charts::completionCdf({mStatic, mEcmp}));
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("cdf.png"));
    const QString svg = dir.filePath(QStringLiteral("cdf.svg"));
    QVERIFY(panel.exportPng(png, QSize(900, 500)));
    QVERIFY(panel.exportSvg(svg, QSize(900, 500)));
    const QImage image(png);
    QCOMPARE(image.size(), QSize(900, 500));
    const int colours = testing::colourCount(image, 5);
    QVERIFY2(colours > 10, qPrintable(QString::number(colours)));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    QVERIFY(text.startsWith(QStringLiteral("<?xml")));
    QVERIFY(text.contains(QStringLiteral("Flow completion CDF")));
    QVERIFY(text.contains(QStringLiteral("flows finished (fraction)")));
    // The SVG's text is the PNG's size: it was a quarter smaller (9 pt taken as 9 units against
    // 12 pixels on the PNG's 96 dpi image), in a layout made for the larger size.
    QChart *chart = panel.findChild<QChartView *>()->chart();
    const QFont labels = chart->axes(Qt::Horizontal).first()->labelsFont();
    const QImage canvasOfPng(1, 1, QImage::Format_ARGB32);
    const double pngPixels = labels.pointSizeF() * canvasOfPng.logicalDpiY() / 72.0;
    QVERIFY2(text.contains(QStringLiteral("font-size=\"%1\"").arg(pngPixels)),
        qPrintable(QStringLiteral("no text of %1 units, the PNG's %2 pt labels")
                       .arg(pngPixels)
                       .arg(labels.pointSizeF())));
    QRegularExpression sizes(QStringLiteral("font-size=\"([0-9.]+)\""));
    for (const QRegularExpressionMatch &m : sizes.globalMatch(text))
        QVERIFY2(m.captured(1).toDouble() >= pngPixels * 0.99, qPrintable(m.captured(0)));
}

void TestCharts::largerWindowTextEnlargesTheChartsNotItsPictures()
{
    // Presentation mode sets a larger font on the window; Qt Charts kept its theme's, so on a
    // projector the charts' text was the one thing left small. Pictures keep the theme's size.
    ChartPanel panel;
    panel.setSpec(charts::completionCdf({ mStatic, mEcmp }));
    panel.resize(900, 500);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QChart *chart = panel.findChild<QChartView *>()->chart();
    const auto labelSize
        = [&] { return chart->axes(Qt::Horizontal).first()->labelsFont().pointSizeF(); };
    const double normal = labelSize();
    const double legend = chart->legend()->font().pointSizeF();
    const QImage picture = panel.renderImage(QSize(1200, 700));
    QFont larger = panel.font();
    larger.setPointSizeF(larger.pointSizeF() * 1.5);
    panel.setFont(larger);
    QTRY_VERIFY2(std::abs(labelSize() / normal - 1.5) < 0.01,
        qPrintable(QStringLiteral("%1 pt, %2 pt before").arg(labelSize()).arg(normal)));
    QVERIFY(std::abs(chart->legend()->font().pointSizeF() / legend - 1.5) < 0.01);
    QCOMPARE(panel.renderImage(QSize(1200, 700)), picture);
    QVERIFY(std::abs(labelSize() / normal - 1.5) < 0.01); // and the screen's size back
    panel.setFont(QFont());
    QTRY_COMPARE(labelSize(), normal);
}

void TestCharts::barsAreReadAndPickedByKeyboard()
{
    // The resilience sweep loads a failure when its bar is clicked: Tab and the arrows reach the
    // same bars, say what each shows, and Enter picks one. A line chart is no Tab stop.
    ChartSpec spec;
    spec.horizontal = true;
    spec.title = QStringLiteral("Slowdown per single link failure");
    spec.xTitle = QStringLiteral("failed link");
    spec.yTitle = QStringLiteral("slowdown");
    spec.barLabelSuffix = QStringLiteral("\u00d7");
    spec.categories = { QStringLiteral("leaf0--spine0"), QStringLiteral("leaf1--spine0"),
        QStringLiteral("leaf7--spine3") };
    spec.bars = { { QStringLiteral("slowdown"), { 1.33, std::nan(""), 1.0 } } };
    spec.barNotes = { QString(), QStringLiteral("cannot complete"), QString() };
    testing::TabFixture fixture;
    auto *panel = new ChartPanel(&fixture.window);
    fixture.add(panel);
    panel->setSpec(spec);
    QVERIFY(fixture.show(QSize(700, 500)));
    const QImage picture = panel->renderImage(QSize(900, 600));
    const QColor highlight = panel->palette().color(QPalette::Highlight);
    const auto corner = [panel] { return testing::TabFixture::corner(panel); };
    QVERIFY(corner() != highlight);

    QTest::keyClick(fixture.before, Qt::Key_Tab);
    QTRY_VERIFY(panel->hasFocus());
    QVERIFY(panel->showsKeyboardFocus());
    QCOMPARE(corner(), highlight);
    QCOMPARE(panel->keyboardBar(), 0);
    QCOMPARE(panel->accessibleDescription(), QStringLiteral("leaf0--spine0: 1.33\u00d7"));
    QTest::keyClick(panel, Qt::Key_Down);
    QCOMPARE(panel->accessibleDescription(), QStringLiteral("leaf1--spine0: cannot complete"));
    QTest::keyClick(panel, Qt::Key_End);
    QCOMPARE(panel->keyboardBar(), 2);
    QTest::keyClick(panel, Qt::Key_Up);
    QCOMPARE(panel->keyboardBar(), 1);
    QSignalSpy picked(panel, &ChartPanel::barClicked);
    QTest::keyClick(panel, Qt::Key_Return);
    QCOMPARE(picked.count(), 1);
    QCOMPARE(picked.at(0).at(0).toInt(), 1);
    // The bar under the cursor is drawn darker on screen, never in a picture.
    QCOMPARE(panel->renderImage(QSize(900, 600)), picture);

    fixture.before->setFocus(Qt::MouseFocusReason);
    QTRY_VERIFY(!panel->hasFocus());
    QVERIFY(corner() != highlight);
    ChartSpec lines;
    lines.title = QStringLiteral("busbw");
    lines.lines = { { QStringLiteral("ring"), { QPointF(0, 1), QPointF(1, 2) } } };
    panel->setSpec(lines);
    QCOMPARE(panel->focusPolicy(), Qt::NoFocus);
}

void TestCharts::longSubtitleWrapsAtEveryWidth()
{
    // The resilience sweep's summary runs to two or three lines. Wrapped to within a few pixels
    // of the title's room, Qt Charts found it too wide and cut it to one line ending "by ...":
    // the SuperPOD's 1200 px picture lost "more than 1% \u00b7 the worst 100 of 288 shown".
    ChartSpec spec;
    spec.horizontal = true;
    spec.title = QStringLiteral("Slowdown of allreduce ring \u00b7 ecmp per single link failure, "
                                "worst first");
    spec.subtitle = QStringLiteral(
        "Healthy 129 ms \u00b7 288 elements: 64 cut rank pairs off (the collective cannot "
        "complete); the other 224: slowdown worst 1.33\u00d7, median 1.00\u00d7, mean "
        "1.01\u00d7, best 1.00\u00d7 \u00b7 8 slow the run by more than 1% \u00b7 the worst "
        "100 of 288 shown");
    spec.xTitle = QStringLiteral("failed link");
    spec.yTitle = QStringLiteral("slowdown");
    spec.categories = { QStringLiteral("leaf0--spine0"), QStringLiteral("leaf7--spine3") };
    spec.bars = { { QStringLiteral("slowdown"), { 1.33, 1.0 } } };
    ChartPanel panel;
    panel.setSpec(spec);
    panel.resize(700, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    for (int width = 700; width <= 1700; width += 3) {
        panel.resize(width, 600);
        QCoreApplication::processEvents(); // the chart's layout follows on the next turn
        QTRY_VERIFY2(elidedTexts(&panel).isEmpty(),
            qPrintable(QStringLiteral("%1 px: %2").arg(width).arg(elidedTexts(&panel).join(' '))));
    }
}

void TestCharts::smallResiliencePictureDrawsTheRowsItCanName()
{
    // A sweep of 288 links, worst first: 64 cut pairs off, 8 slow the run, the rest cost nothing.
    collective::ResilienceResult sweep;
    sweep.role = "link";
    sweep.healthyCompletionS = 0.129;
    for (int i = 0; i < 288; ++i) {
        collective::ResilienceRow row;
        row.failed = "h" + std::to_string(i / 8) + "-gpu" + std::to_string(i % 8) + "--leaf0";
        row.unreachablePairs = i < 64 ? 1 : 0;
        row.slowdown = i < 64 ? std::nan("") : i < 72 ? 1.33 : 1.0;
        row.completionS = row.slowdown * sweep.healthyCompletionS;
        sweep.rows.push_back(row);
    }
    const QSize picture(960, 540);
    const auto elidedAt = [&](const ChartSpec &spec) {
        ChartPanel panel;
        panel.setSpec(spec);
        panel.resize(picture);
        panel.show();
        if (!QTest::qWaitForWindowExposed(&panel))
            return QStringList { QStringLiteral("(not shown)") };
        QCoreApplication::processEvents();
        return elidedTexts(&panel);
    };
    // Squeezed into 540 px, a hundred rows were hairlines named "..." and the words of the
    // rows without a bar were left out.
    QVERIFY(!elidedAt(charts::resilience(sweep, QStringLiteral("allreduce ring"))).isEmpty());
    // As many as the height names, and the subtitle says how many of how many.
    const qsizetype fitting = charts::horizontalBarsFitting(picture.height());
    QVERIFY2(fitting >= 10 && fitting < 30, qPrintable(QString::number(fitting)));
    const ChartSpec fitted = charts::resilience(sweep, QStringLiteral("allreduce ring"), fitting);
    QCOMPARE(fitted.categories.size(), fitting);
    QVERIFY2(fitted.subtitle.endsWith(QStringLiteral("the worst %1 of 288 shown").arg(fitting)),
        qPrintable(fitted.subtitle));
    const QStringList cut = elidedAt(fitted);
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral(" | "))));
    QVERIFY(charts::horizontalBarsHeight(fitting) <= picture.height());
}

void TestCharts::emptyChartSaysWhatFillsIt()
{
    // Before any sweep the sweep chart showed bare axes from 1 B to 2 B; it now says how to
    // fill it, and the chart comes back with the data.
    ChartPanel panel;
    panel.resize(900, 400);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    const auto note = [&]() -> QString {
        for (const QLabel *label : panel.findChildren<QLabel *>())
            if (label->isVisible())
                return label->text();
        return {};
    };
    panel.setSpec(charts::busbwSweep({}));
    QVERIFY2(note().contains(QStringLiteral("Sweep message sizes")), qPrintable(note()));
    QVERIFY(!panel.findChild<QChartView *>()->isVisible());
    panel.setSpec(charts::throughput({}));
    QVERIFY2(note().contains(QStringLiteral("Run")), qPrintable(note()));
    panel.setSpec(charts::throughput({mStatic}));
    QVERIFY(note().isEmpty());
    QVERIFY(panel.findChild<QChartView *>()->isVisible());
}

void TestCharts::largeExportsAreTheScreenPictureEnlarged()
{
    // A 3840x2160 export is the 1920x1080 picture twice as large (text and lines included),
    // not a 1920 layout with specks of text: shrunk back, it nearly matches the 1920 one. The
    // same picture drawn at the screen scale (what exports did before) does not.
    ChartPanel panel;
    panel.setSpec(charts::completionCdf({mStatic, mEcmp}));
    const QImage screen = panel.renderImage(QSize(1920, 1080));
    const auto shrunkDifference = [&](double scale) {
        QImage big(QSize(3840, 2160), QImage::Format_ARGB32_Premultiplied);
        big.fill(Qt::white);
        {
            QPainter painter(&big);
            painter.setRenderHint(QPainter::Antialiasing);
            painter.setRenderHint(QPainter::TextAntialiasing);
            panel.renderTo(&painter, QRectF(0, 0, 3840, 2160), scale);
        }
        const QImage shrunk = big.scaled(screen.size(), Qt::IgnoreAspectRatio, Qt::SmoothTransformation)
                                  .convertToFormat(screen.format());
        int differ = 0;
        for (int y = 0; y < screen.height(); ++y)
            for (int x = 0; x < screen.width(); ++x) {
                const QColor a = screen.pixelColor(x, y), b = shrunk.pixelColor(x, y);
                differ += std::max({std::abs(a.red() - b.red()), std::abs(a.green() - b.green()),
                                    std::abs(a.blue() - b.blue())}) > 96;
            }
        return double(differ) / (screen.width() * screen.height());
    };
    QCOMPARE(pictureScale(3840), 2.0);
    const double enlarged = shrunkDifference(0); // the export's own scale, 2
    const double atScreenScale = shrunkDifference(1);
    QVERIFY2(enlarged < 0.01 && atScreenScale > 2 * enlarged,
             qPrintable(QStringLiteral("%1 against %2").arg(enlarged).arg(atScreenScale)));
}

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
