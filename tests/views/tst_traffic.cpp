// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "screenshotfolder.h"
#include "exportchecks.h"
#include "charts/chartdata.h"
#include "charts/chartpanel.h"
#include "canvas/fabriccanvas.h"
#include "style/legend.h"
#include "io/fabricfile.h"
#include "playback/runhighlight.h"
#include "playback/scenariorun.h"
#include "traffic/trafficdata.h"
#include "traffic/trafficview.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QScrollArea>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace fabric;
using namespace fabric::views;

/// The traffic views on the shipped 256-GPU SuperPOD unit (rail-optimised 2-tier NDR fat-tree,
/// 8 GPUs per host on NVLink, SHARP leaves and spines), with real runs of the collective layer
/// and the engine, as the app makes them (views::makeRun).
class TestTraffic : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void directionsFollowTheTiers();
    void sharpHalvesTheGpuLinksAgainstARingRun();
    void sharpTreeIsDrawnUpAndDown();
    void sharpFallsBackToTheRingClosedForm();
    void ringIsSetAgainstSharp();
    void hierarchicalKeepsBytesOnNvlink();
    void torusHasNeitherNvlinkNorNics();
    void viewsExportPngAndSvg();
    void emptyViewSaysSoOnce();
    void narrowViewStacksItsCharts();
    void shortWideViewPutsTheCaptionBeside();
    void screenshots();

private:
    SimRunPtr run(collective::Algorithm algorithm) const;

    static constexpr double kBytes = 256.0 * 1024 * 1024; // S
    static constexpr int kRanks = 256;
    Fabric mFabric;
    SimRunPtr mRing;
    SimRunPtr mSharp;
    SimRunPtr mHierarchical;
};

namespace {

bool near(double value, double expected, double tolerance)
{
    return std::fabs(value - expected) <= tolerance * std::fabs(expected);
}

QString both(double a, double b)
{
    return QStringLiteral("%1 vs %2").arg(a, 0, 'g', 10).arg(b, 0, 'g', 10);
}

/// Pixels of @p image that are not white.
int inkedPixels(const QImage &image)
{
    int inked = 0;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2)
            inked += image.pixel(x, y) != qRgb(255, 255, 255) ? 1 : 0;
    return inked;
}

} // namespace

SimRunPtr TestTraffic::run(collective::Algorithm algorithm) const
{
    collective::Scenario s;
    s.collective = collective::Collective::AllReduce;
    s.algorithm = algorithm;
    s.bytes = kBytes;
    s.routing = route::Policy::Static;
    return makeRun(mFabric, s);
}

void TestTraffic::initTestCase()
{
    mFabric = io::loadFabric(FABRICSCOPE_TOPOLOGIES "/superpod-256.fabric.json");
    mRing = run(collective::Algorithm::Ring);
    mSharp = run(collective::Algorithm::Sharp);
    mHierarchical = run(collective::Algorithm::Hierarchical);
    QCOMPARE(mRing->ranks(), kRanks);
    QCOMPARE(mSharp->ranks(), kRanks);
    QVERIFY(!mSharp->sharpTreeLinks.empty());
}

void TestTraffic::directionsFollowTheTiers()
{
    const Node *gpu = nullptr, *host = nullptr, *leaf = nullptr, *spine = nullptr;
    mFabric.forEachNode([&](const Node &n) {
        const Node **slot = n.kind == NodeKind::Gpu    ? &gpu
                          : n.kind == NodeKind::Host   ? &host
                          : n.role == SwitchRole::Leaf ? &leaf
                                                       : &spine;
        if (!*slot)
            *slot = &n;
    });
    QVERIFY(gpu && host && leaf && spine);
    QCOMPARE(traffic::directionOf(*gpu, *leaf), traffic::Direction::Up);
    QCOMPARE(traffic::directionOf(*gpu, *host), traffic::Direction::Up);
    QCOMPARE(traffic::directionOf(*leaf, *spine), traffic::Direction::Up);
    QCOMPARE(traffic::directionOf(*spine, *leaf), traffic::Direction::Down);
    QCOMPARE(traffic::directionOf(*leaf, *gpu), traffic::Direction::Down);
    QCOMPARE(traffic::directionOf(*leaf, *leaf), traffic::Direction::Across);

    // SHARP's groups in travel order: up from the GPUs to the root, then back down.
    const traffic::Breakdown b = traffic::breakdown(*mSharp);
    QStringList labels;
    for (const traffic::TierGroup &g : b.groups)
        labels << g.label;
    const QString arrow = QStringLiteral("\u2192");
    QCOMPARE(labels, QStringList({QStringLiteral("GPU") + arrow + QStringLiteral("leaf"),
                                  QStringLiteral("leaf") + arrow + QStringLiteral("spine"),
                                  QStringLiteral("spine") + arrow + QStringLiteral("leaf"),
                                  QStringLiteral("leaf") + arrow + QStringLiteral("GPU")}));
}

void TestTraffic::sharpHalvesTheGpuLinksAgainstARingRun()
{
    const traffic::WireBytes w = traffic::wireBytes(*mSharp, {mSharp, mRing});
    QCOMPARE(w.reference, mRing);
    QVERIFY(!w.closedFormReference);
    // SHARP: each GPU sends S once (and receives it once); ring: 2(N-1)/N x S.
    const double ring = 2.0 * (kRanks - 1) / kRanks * kBytes;
    QVERIFY2(near(w.sentPerGpu, kBytes, 0.02), qPrintable(both(w.sentPerGpu, kBytes)));
    QVERIFY2(near(w.run.perGpu(w.run.gpuReceivedBytes), kBytes, 0.02),
             qPrintable(both(w.run.perGpu(w.run.gpuReceivedBytes), kBytes)));
    QVERIFY2(near(w.referencePerGpu, ring, 0.02), qPrintable(both(w.referencePerGpu, ring)));
    QVERIFY2(near(w.ratio, ring / kBytes, 0.02), qPrintable(both(w.ratio, ring / kBytes)));

    // The bars: this run and the ring, one value per tier group; SHARP's GPU -> leaf bar is S.
    QCOMPARE(w.chart.bars.size(), 2);
    const auto [unit, unitName] = traffic::bytesUnit(ring);
    QCOMPARE(unitName, QStringLiteral("MiB"));
    QVERIFY(w.chart.yTitle.contains(unitName));
    const qsizetype up = w.chart.categories.indexOf(QStringLiteral("GPU\u2192leaf"));
    const qsizetype down = w.chart.categories.indexOf(QStringLiteral("leaf\u2192GPU"));
    QVERIFY(up >= 0 && down > up);
    QVERIFY(near(w.chart.bars[0].values[up] * unit, kBytes, 0.02));
    QVERIFY(near(w.chart.bars[0].values[down] * unit, kBytes, 0.02));
    // First and last, what each GPU sends and receives: the bars that halve.
    QCOMPARE(w.chart.categories.first(), QStringLiteral("sent"));
    QCOMPARE(w.chart.categories.last(), QStringLiteral("received"));
    QVERIFY(near(w.chart.bars[0].values.first() * unit, kBytes, 0.02));
    QVERIFY(near(w.chart.bars[1].values.first() * unit, ring, 0.02));
    QVERIFY(near(w.chart.bars[1].values.last() * unit, ring, 0.02));
    // The packed ring stays mostly on NVLink: its GPU -> host bars exist too.
    QVERIFY(w.chart.xTitle.contains(QStringLiteral("NVLink")));
    QVERIFY(w.chart.categories.contains(QStringLiteral("GPU\u2192host")));
    const QString caption = w.caption.join(QLatin1Char(' '));
    QVERIFY2(caption.contains(QStringLiteral("%1\u00d7 fewer").arg(w.ratio, 0, 'f', 2)),
             qPrintable(caption));
    QVERIFY(caption.contains(mRing->label));
}

void TestTraffic::sharpTreeIsDrawnUpAndDown()
{
    // The highlight is the tree proper: its switch-to-switch links, every leaf under the
    // root spine, in two lanes (reduction up, result down), each with its legend line.
    const views::FabricCanvas::LinkHighlight tree = views::runHighlight(*mSharp);
    QVERIFY(!tree.links.isEmpty());
    int leaves = 0;
    mFabric.forEachNode([&](const Node &n) { leaves += n.role == SwitchRole::Leaf; });
    QCOMPARE(tree.links.size(), leaves);
    for (LinkId l : tree.links) {
        const Link &link = mFabric.link(l);
        QVERIFY(mFabric.node(link.a).kind == NodeKind::Switch);
        QVERIFY(mFabric.node(link.b).kind == NodeKind::Switch);
    }
    QVERIFY(tree.secondColor.isValid() && tree.secondColor != tree.color);

    views::FabricCanvas canvas;
    canvas.resize(1200, 800);
    canvas.setFabric(&mFabric);
    canvas.setHighlight(views::FabricCanvas::HighlightChannel::Simulation, tree);
    const auto legend = canvas.legendEntries();
    const auto listed = [&](const QString &label, const QColor &colour) {
        return std::any_of(legend.begin(), legend.end(), [&](const views::LegendEntry &e) {
            return e.label == label && e.color == colour;
        });
    };
    QVERIFY(listed(tree.legend, tree.color));
    QVERIFY(listed(tree.secondLegend, tree.secondColor));
    // Both lanes are on the picture, side by side: as many pixels of one colour as the other.
    const QImage image = canvas.renderImage(QSize(1200, 800), {}, false);
    const int up = testing::pixelsOf(image, tree.color.rgb());
    const int down = testing::pixelsOf(image, tree.secondColor.rgb());
    QVERIFY2(up > 500 && down > 500, qPrintable(QStringLiteral("%1 / %2").arg(up).arg(down)));
    QVERIFY2(std::abs(up - down) < (up + down) / 4, qPrintable(QStringLiteral("%1 / %2").arg(up).arg(down)));
}

void TestTraffic::sharpFallsBackToTheRingClosedForm()
{
    // A ring of another size is no reference.
    auto other = std::make_shared<SimRun>(*mRing);
    other->expansion.bytes = kBytes / 2;
    const traffic::WireBytes w = traffic::wireBytes(*mSharp, {mSharp, other});
    QVERIFY(!w.reference);
    QVERIFY(w.closedFormReference);
    QCOMPARE(w.referencePerGpu, traffic::ringBytesPerGpu(kRanks, kBytes));
    QVERIFY(near(w.ratio, 2.0 * (kRanks - 1) / kRanks, 0.02));
    QVERIFY(w.chart.bars[1].name.contains(QStringLiteral("closed form")));
    QVERIFY(w.caption.join(QLatin1Char(' ')).contains(QStringLiteral("closed form")));
}

void TestTraffic::ringIsSetAgainstSharp()
{
    const traffic::WireBytes w = traffic::wireBytes(*mRing, {mRing, mSharp});
    QCOMPARE(w.reference, mSharp);
    QVERIFY(near(w.sentPerGpu, traffic::ringBytesPerGpu(kRanks, kBytes), 0.02));
    QVERIFY(near(w.ratio, kBytes / traffic::ringBytesPerGpu(kRanks, kBytes), 0.02));
}

void TestTraffic::hierarchicalKeepsBytesOnNvlink()
{
    const traffic::MediaSplit m = traffic::nvlinkVsFabric(*mHierarchical);
    const int hosts = kRanks / 8;
    QCOMPARE(m.run.hosts, hosts);
    // Across hosts: a ring per rail over H hosts on S/8, 2(H-1)/H x S/8 per GPU.
    const double fabric = 2.0 * (hosts - 1) / hosts * kBytes / 8;
    QVERIFY2(near(m.nicBytesPerGpu, fabric, 0.01), qPrintable(both(m.nicBytesPerGpu, fabric)));
    // ... about 1/8 of what each GPU of a flat ring sends, measured on the ring run.
    const traffic::Breakdown ring = traffic::breakdown(*mRing);
    const double ringPerGpu = ring.perGpu(ring.gpuSentBytes);
    QVERIFY2(near(m.nicBytesPerGpu / ringPerGpu, 1.0 / 8, 0.03),
             qPrintable(both(m.nicBytesPerGpu / ringPerGpu, 1.0 / 8)));
    QVERIFY(m.nvlinkBytesPerGpu > m.nicBytesPerGpu);

    // The ladder from the fabric: NVLink 4 (3.6 Tb/s = 450 GB/s a way) against one NDR NIC.
    QCOMPARE(m.ladder.categories.size(), 2);
    QVERIFY(near(m.ladder.bars[0].values[0], 450, 1e-9));
    QVERIFY(near(m.ladder.bars[0].values[1], 50, 1e-9));
    // Busy-time throughput never beats the capacity.
    for (int i = 0; i < 2; ++i)
        QVERIFY(m.ladder.bars[1].values[i] > 0
                && m.ladder.bars[1].values[i] <= m.ladder.bars[0].values[i] * (1 + 1e-9));
    // Throughput over time, per GPU: the area under each line is the bytes of its bars, and
    // neither line beats its link (450 and 50 GB/s).
    QCOMPARE(m.throughput.lines.size(), 2);
    const auto [scale, unitName] = charts::timeUnit(mHierarchical->result.completionS);
    QVERIFY(m.throughput.xTitle.contains(unitName));
    const double perGpu[2] = {m.nvlinkBytesPerGpu, m.nicBytesPerGpu};
    for (int i = 0; i < 2; ++i) {
        const QList<QPointF> &pts = m.throughput.lines[i].points;
        double bytes = 0, peak = 0;
        for (qsizetype k = 0; k + 1 < pts.size(); ++k) {
            bytes += pts[k].y() * 1e9 * (pts[k + 1].x() - pts[k].x()) / scale;
            peak = std::max(peak, pts[k].y());
        }
        QVERIFY2(near(bytes, perGpu[i], 1e-6), qPrintable(both(bytes, perGpu[i])));
        QVERIFY2(peak > 0 && peak <= m.ladder.bars[0].values[i] * (1 + 1e-6),
                 qPrintable(both(peak, m.ladder.bars[0].values[i])));
    }
    const QString caption = m.caption.join(QLatin1Char(' '));
    QVERIFY2(caption.contains(QStringLiteral("g = 8 GPUs per host and H = 32 hosts")),
             qPrintable(caption));
    QVERIFY(caption.contains(QStringLiteral("9\u00d7 less")));
}

void TestTraffic::torusHasNeitherNvlinkNorNics()
{
    // A TPU cube: chips joined by ICI links, no hosts, no switches.
    const Fabric cube = io::loadFabric(FABRICSCOPE_TOPOLOGIES "/tpu-v4-cube.fabric.json");
    collective::Scenario s;
    s.algorithm = collective::Algorithm::Torus;
    s.routing = route::Policy::Dor;
    s.bytes = 16e6;
    const SimRunPtr torus = makeRun(cube, s);
    const traffic::MediaSplit m = traffic::nvlinkVsFabric(*torus);
    QCOMPARE(m.nvlinkBytesPerGpu, 0.0);
    QCOMPARE(m.nicBytesPerGpu, 0.0);
    QVERIFY(m.run.gpuSentBytes > 0);
    const QString caption = m.caption.join(QLatin1Char(' '));
    QVERIFY2(caption.contains(QStringLiteral("neither NVLink nor NICs")), qPrintable(caption));
    QVERIFY2(caption.contains(QStringLiteral("on its chip links")), qPrintable(caption));
    // Chip links join chips of one tier ("across"); wrap-around fibres go up to the OCS.
    bool across = false;
    for (const traffic::TierGroup &g : m.run.groups) {
        QCOMPARE(g.linkClass, traffic::LinkClass::Network);
        across = across || (g.label == QStringLiteral("chip\u2192chip")
                            && g.direction == traffic::Direction::Across);
    }
    QVERIFY(across);
    // Nothing to set NVLink against NICs with: the charts say so rather than draw an empty
    // ladder, a flat zero line and chip bytes under "switch links".
    for (const ChartSpec *chart : { &m.ladder, &m.bytes, &m.throughput }) {
        QVERIFY(!chart->hasData());
        QVERIFY2(chart->emptyNote.contains(QStringLiteral("link to each other directly")),
            qPrintable(chart->title));
    }
    const traffic::WireBytes w = traffic::wireBytes(*torus, {torus});
    QVERIFY(!std::isfinite(w.ratio));
    QCOMPARE(w.chart.bars.size(), 1);
    QVERIFY(w.sentPerGpu > 0);
    // Bytes on the wire said "0 B over NVLink, 0 B into the fabric" of chips that sent 4 MB.
    const QString wire = w.caption.join(QLatin1Char(' '));
    QVERIFY2(wire.contains(QStringLiteral("64 chips")), qPrintable(wire));
    QVERIFY2(!wire.contains(QStringLiteral("into the fabric")), qPrintable(wire));
    // What a chip's links carry is its own bytes and those it relays, per chip, not tiers.
    QVERIFY2(wire.contains(QStringLiteral("those it relays for other chips")), qPrintable(wire));
    for (const QString &text : { w.chart.title, w.chart.xTitle, w.chart.yTitle })
        QVERIFY2(!text.contains(QStringLiteral("GPU")) && !text.contains(QStringLiteral("tier")),
            qPrintable(text));
    QCOMPARE(w.chart.title, QStringLiteral("Bytes on the wire per chip, by link group"));
}

void TestTraffic::viewsExportPngAndSvg()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    TrafficView wire(TrafficView::Mode::WireBytes);
    wire.setRuns(mSharp, {mSharp, mRing});
    QCOMPARE(wire.charts().size(), 1);
    QVERIFY(wire.charts().first()->seriesCount() == 2);
    TrafficView media(TrafficView::Mode::NvlinkVsFabric);
    media.setRuns(mHierarchical, {mHierarchical});
    QCOMPARE(media.charts().size(), 3);

    for (TrafficView *view : {&wire, &media}) {
        const QString png = dir.filePath(QStringLiteral("v%1.png").arg(int(view->mode())));
        QVERIFY(view->exportImage(png, QSize(1200, 800)));
        const QImage image(png);
        QCOMPARE(image.size(), QSize(1200, 800));
        QVERIFY(inkedPixels(image) > 1200 * 800 / 4 / 50);
        // The bottom strip holds the caption: ink there too.
        QVERIFY(inkedPixels(image.copy(0, 700, 1200, 100)) > 0);
    }
    const QString svgWire = dir.filePath(QStringLiteral("wire.svg"));
    const QString svgMedia = dir.filePath(QStringLiteral("media.svg"));
    QVERIFY(wire.exportImage(svgWire));
    QVERIFY(media.exportImage(svgMedia));
    QCOMPARE(testing::svgPictureSize(svgWire), QSize(1600, 1000));
    QVERIFY(!wire.exportImage(dir.filePath(QStringLiteral("wire.bmp"))));
    QFile a(svgWire), b(svgMedia);
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    const QString wireSvg = QString::fromUtf8(a.readAll());
    const QString mediaSvg = QString::fromUtf8(b.readAll());
    // The tier groups are real text of the SVG (category labels), in travel order.
    for (const char *tiers : {"GPU\u2192leaf", "leaf\u2192spine", "spine\u2192leaf", "leaf\u2192GPU"}) {
        const QString label = QLatin1Char('>') + QString::fromUtf8(tiers) + QLatin1Char('<');
        QVERIFY2(wireSvg.contains(label), qPrintable(label));
    }
    QVERIFY(wireSvg.contains(QStringLiteral("closed form")) || wireSvg.contains(mRing->label));
    for (const QString &name : {QStringLiteral(">NVLink<"), QStringLiteral(">NIC<"),
                                QStringLiteral(">switch links<"), QStringLiteral("host")})
        QVERIFY2(mediaSvg.contains(name), qPrintable(name));
}

void TestTraffic::emptyViewSaysSoOnce()
{
    // Before any run the NVLink view showed its caption and then the same "run a scenario"
    // note once per empty chart, three times over, cut off at the bottom of a short dock.
    TrafficView media(TrafficView::Mode::NvlinkVsFabric);
    media.resize(900, 300);
    media.show();
    QVERIFY(QTest::qWaitForWindowExposed(&media));
    const auto notesInSight = [&media] {
        int notes = 0;
        for (const QLabel *label : media.findChildren<QLabel *>())
            if (label->isVisible()
                && label->text().startsWith(QStringLiteral("Nothing to show yet")))
                ++notes;
        return notes;
    };
    QCOMPARE(notesInSight(), 1);
    for (const ChartPanel *chart : media.charts())
        QVERIFY(!chart->isVisible());
    media.setRuns(mHierarchical, { mHierarchical });
    QCOMPARE(notesInSight(), 0);
    for (const ChartPanel *chart : media.charts())
        QVERIFY(chart->isVisible());
}

/// Renders docs/screenshots/sim-sharp-bytes.png and sim-nvlink-vs-fabric.png (into the folder
/// FABRICSCOPE_SCREENSHOTS names, else a temporary one) and checks them.
void TestTraffic::narrowViewStacksItsCharts()
{
    // Beside the fabric (presentation mode at 1280x720) the dock is ~500 px wide: in a row the
    // three charts got ~150 px each, titles, ticks and legends elided to "c…", "4…".
    TrafficView media(TrafficView::Mode::NvlinkVsFabric);
    media.setRuns(mHierarchical, { mHierarchical });
    media.resize(500, 400);
    media.show();
    QCoreApplication::processEvents();
    QVERIFY(media.chartsStacked());
    QVERIFY(media.minimumSizeHint().height() >= 3 * TrafficView::kStackedChartHeight);
    for (ChartPanel *chart : media.charts())
        QVERIFY2(chart->width() >= 450, qPrintable(QString::number(chart->width())));
    // Wide again (under the fabric at 1920x1080): one row, as before.
    media.resize(1600, 400);
    QCoreApplication::processEvents();
    QVERIFY(!media.chartsStacked());
    for (ChartPanel *chart : media.charts())
        QTRY_VERIFY2(
            chart->y() > 0 && chart->y() == media.charts().first()->y() && chart->width() < 800,
            qPrintable(QStringLiteral("%1,%2 %3x%4")
                           .arg(chart->x())
                           .arg(chart->y())
                           .arg(chart->width())
                           .arg(chart->height())));
}

void TestTraffic::shortWideViewPutsTheCaptionBeside()
{
    // Under the fabric at 1920x1080 the Analysis dock shows about 190 px of the page: the
    // caption above the charts left them their titles and one tick, the plots scrolled away.
    QScrollArea page;
    page.setWidgetResizable(true);
    auto *media = new TrafficView(TrafficView::Mode::NvlinkVsFabric);
    media->setRuns(mHierarchical, { mHierarchical });
    page.setWidget(media);
    page.resize(1900, 190);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QTRY_VERIFY(media->arrangement() == TrafficView::Arrangement::Beside);
    const auto chartsShownWhole = [&] {
        const QRect shown = page.viewport()->rect();
        for (ChartPanel *chart : media->charts()) {
            const QRect r(chart->mapTo(page.viewport(), QPoint(0, 0)), chart->size());
            if (!shown.contains(r) || r.height() < TrafficView::kBesideChartHeight)
                return false;
        }
        return true;
    };
    QTRY_VERIFY2(chartsShownWhole(),
        qPrintable(QStringLiteral("view %1x%2 in a page showing %3x%4, chart %5,%6 %7x%8")
                       .arg(media->width())
                       .arg(media->height())
                       .arg(page.viewport()->width())
                       .arg(page.viewport()->height())
                       .arg(media->charts().last()->mapTo(page.viewport(), QPoint(0, 0)).x())
                       .arg(media->charts().last()->mapTo(page.viewport(), QPoint(0, 0)).y())
                       .arg(media->charts().last()->width())
                       .arg(media->charts().last()->height())));
    // Taller again: the caption goes back above the charts.
    page.resize(1900, 500);
    QTRY_VERIFY(media->arrangement() == TrafficView::Arrangement::Row);

    // The one chart of "Bytes on the wire" keeps its caption above: that low, Qt Charts elides
    // its eight category names to "...".
    QScrollArea wirePage;
    wirePage.setWidgetResizable(true);
    auto *wire = new TrafficView(TrafficView::Mode::WireBytes);
    wire->setRuns(mSharp, { mSharp, mRing });
    wirePage.setWidget(wire);
    wirePage.resize(1900, 190);
    wirePage.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wirePage));
    QCoreApplication::processEvents();
    QVERIFY(wire->arrangement() == TrafficView::Arrangement::Row);
}

void TestTraffic::screenshots()
{
    const testing::ScreenshotFolder out;
    TrafficView wire(TrafficView::Mode::WireBytes);
    wire.setRuns(mSharp, {mSharp, mRing});
    QVERIFY(wire.exportImage(out.file(QStringLiteral("sim-sharp-bytes.png")), QSize(1600, 900)));
    QCOMPARE(out.check(QStringLiteral("sim-sharp-bytes.png"), QSize(1600, 900)), QString());
    TrafficView media(TrafficView::Mode::NvlinkVsFabric);
    media.setRuns(mHierarchical, {mHierarchical});
    QVERIFY(media.exportImage(out.file(QStringLiteral("sim-nvlink-vs-fabric.png")),
                              QSize(1600, 1000)));
    QCOMPARE(out.check(QStringLiteral("sim-nvlink-vs-fabric.png"), QSize(1600, 1000)), QString());
}

QTEST_MAIN(TestTraffic)
#include "tst_traffic.moc"
