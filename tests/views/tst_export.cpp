// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "canvas/fabriccanvas.h"
#include "charts/chartdata.h"
#include "collective/report.h"
#include "explain/explainer.h"
#include "export/atomicfile.h"
#include "export/canvasexport.h"
#include "export/chartexport.h"
#include "export/frameexport.h"
#include "export/lessonslides.h"
#include "export/reportwriter.h"
#include "export/timespec.h"
#include "exportchecks.h"
#include "io/fabricfile.h"
#include "jsonschema.h"
#include "playback/loadsampler.h"
#include "playback/scenariorun.h"
#include "simfixture.h"
#include "textrecorder.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <sstream>

using namespace fabric;
using namespace fabric::views;
using fabric::testing::colourCount;
using fabric::testing::pdfText;
using fabric::testing::readText;

namespace {

/// Pages of a PDF written by QPdfWriter; -1 when it is no PDF.
int pdfPages(const QString &file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray pdf = f.readAll();
    if (!pdf.startsWith("%PDF"))
        return -1;
    return int(pdf.count("/Type /Page\n") + pdf.count("/Type /Page\r")
               + pdf.count("/Type /Page "));
}

} // namespace

class TestExport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void parsesTimes();
    void canvasAsPngAtTheAskedSize();
    void picturesAreSmoothWhateverTheScreenSays();
    void picturesLeaveTheSelectionOut();
    void canvasAsSvgHasNodeNames();
    void svgLinesKeepTheirWidthAtEveryZoom();
    void canvasAsPdfHasNodeNames();
    void largerPicturesHaveLargerText();
    void slideHeatmapTextReadsOnASlide();
    void resultsAsJsonAndCsv();
    void reportIsOnePdf();
    void framesAreASequence();
    void badgesCountFlowsOnlyWhenEachTakesOnePath();
    void chartsByName();
    void reportHasTrafficPages();
    void cliExportsHeadless();

private:
    Fabric mFabric;
    std::shared_ptr<SimRun> mRun;
    std::unique_ptr<FabricCanvas> mCanvas;
    QTemporaryDir mDir;
};

void TestExport::initTestCase()
{
    mFabric = testing::fatTree(16);
    mRun = testing::ringRun(mFabric, route::Policy::Ecmp, 8e6, 2);
    mCanvas = std::make_unique<FabricCanvas>();
    mCanvas->resize(1000, 700);
    mCanvas->setFabric(&mFabric);
    LoadSampler sampler(mRun->result);
    showLoadsAt(*mCanvas, *mRun, sampler, mRun->result.completionS / 4);
}

void TestExport::parsesTimes()
{
    QCOMPARE(parseTime(QStringLiteral("end"), 2.0), 2.0);
    QCOMPARE(parseTime(QStringLiteral("50%"), 2.0), 1.0);
    QVERIFY(qFuzzyCompare(*parseTime(QStringLiteral("2.5ms"), 1.0), 2.5e-3));
    QVERIFY(qFuzzyCompare(*parseTime(QStringLiteral("40 us"), 1.0), 40e-6));
    QVERIFY(qFuzzyCompare(*parseTime(QStringLiteral("40\u00b5s"), 1.0), 40e-6));
    QCOMPARE(parseTime(QStringLiteral("5"), 1.0), 5.0); // not clamped: the caller says it is late
    QCOMPARE(parseTime(QStringLiteral("200%"), 2.0), 4.0);
    QVERIFY(!parseTime(QStringLiteral("soon"), 1.0));
    QVERIFY(!parseTime(QStringLiteral("-1ms"), 1.0));
}

void TestExport::canvasAsPngAtTheAskedSize()
{
    const QString file = mDir.filePath(QStringLiteral("canvas.png"));
    CanvasExportOptions o;
    o.size = QSize(1280, 720);
    o.title = QStringLiteral("ring \u00b7 ecmp");
    QString error;
    QVERIFY2(exportCanvas(*mCanvas, file, ImageFormat::Png, o, &error), qPrintable(error));
    const QImage image(file);
    QCOMPARE(image.size(), QSize(1280, 720));
    QVERIFY2(colourCount(image) > 8, qPrintable(QString::number(colourCount(image))));
    QCOMPARE(imageFormatForFile(QStringLiteral("x/y.SVG")), ImageFormat::Svg);
    QVERIFY(!imageFormatForFile(QStringLiteral("y.gif")));
}

void TestExport::picturesAreSmoothWhateverTheScreenSays()
{
    // View > Antialiasing trades the window's smoothness for speed; a picture is for a slide,
    // and the CLI's canvas (never shown) has it off: both must give the same smooth picture.
    mCanvas->setAntialiasing(false);
    const QImage fromAFastScreen = mCanvas->renderImage(QSize(960, 540));
    mCanvas->setAntialiasing(true);
    const QImage fromASmoothScreen = mCanvas->renderImage(QSize(960, 540));
    QVERIFY(fromAFastScreen == fromASmoothScreen);
    // And smooth: the edges of antialiased lines blend into the white. This picture has about
    // 5,000 distinct colours with them, about 600 with jagged lines (only the text blended).
    const int colours = colourCount(fromASmoothScreen, 1);
    QVERIFY2(colours > 2000, qPrintable(QString::number(colours)));
}

namespace {

/// The stroke widths an SVG's zoomed groups draw at, in pixels of the picture: each group's
/// stroke-width times its transform's scale, rounded to 0.01.
QSet<qint64> drawnStrokeWidths(const QString &svg)
{
    static const QRegularExpression group(QStringLiteral(
        "<g [^>]*stroke-width=\"([0-9.e-]+)\"[^>]*transform=\"matrix\\(([-0-9.e]+),"));
    QSet<qint64> widths;
    for (auto it = group.globalMatch(svg); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const double scale = m.captured(2).toDouble();
        if (std::abs(scale - 1) > 1e-3)
            widths << qRound64(m.captured(1).toDouble() * scale * 100);
    }
    return widths;
}

QString toText(const QSet<qint64> &values)
{
    QStringList out;
    for (qint64 v : values)
        out << QString::number(v);
    out.sort();
    return out.join(QLatin1Char(' '));
}

} // namespace

void TestExport::svgLinesKeepTheirWidthAtEveryZoom()
{
    // The canvas draws links with pens of a width on screen at any zoom. QSvgGenerator marked
    // them vector-effect="non-scaling-stroke" under the zoom's transform, which librsvg,
    // LibreOffice and many slide tools ignore: a link 1 px wide in the PNG came out 2-3 px in
    // the SVG there. Baked into the strokes, the same pens draw the same widths at two zooms.
    CanvasExportOptions o;
    QSet<qint64> widths[2];
    const QSize sizes[2] = { QSize(1600, 1000), QSize(800, 500) };
    for (int i = 0; i < 2; ++i) {
        const QString file = mDir.filePath(QStringLiteral("zoom%1.svg").arg(i));
        o.size = sizes[i];
        QString error;
        QVERIFY2(exportCanvas(*mCanvas, file, ImageFormat::Svg, o, &error), qPrintable(error));
        const QString svg = readText(file);
        QVERIFY(!svg.contains(QStringLiteral("non-scaling-stroke")));
        widths[i] = drawnStrokeWidths(svg);
    }
    // Idle links 1 px wide and loaded ones 1.6 px, as on screen, at both zooms (outlines of
    // nodes and blocks scale with the drawing, as they do on screen).
    for (const QSet<qint64> &drawn : widths)
        QVERIFY2(drawn.contains(100) && drawn.contains(160),
            qPrintable(QStringLiteral("widths x 100: ") + toText(drawn)));
}

void TestExport::picturesLeaveTheSelectionOut()
{
    // The selection's halo is the window's, not the slide's: exported, it covered GPU names.
    const QImage plain = mCanvas->renderImage(QSize(960, 540));
    const QList<NodeId> gpus { mFabric.endpoints().at(0), mFabric.endpoints().at(1) };
    mCanvas->setSelection(gpus);
    QVERIFY(mCanvas->renderImage(QSize(960, 540)) == plain);
    QCOMPARE(mCanvas->selectedNodes(), gpus); // and the window keeps it
    mCanvas->setSelection({});
}

void TestExport::canvasAsSvgHasNodeNames()
{
    const QString file = mDir.filePath(QStringLiteral("canvas.svg"));
    CanvasExportOptions o;
    o.size = QSize(2400, 1400);
    // A title as users write them: QSvgGenerator put it in the file unescaped, and the '&'
    // made the whole SVG malformed XML (browsers and rsvg-convert refused it).
    o.title = QStringLiteral("Fat-tree under ECMP & <SHARP>");
    QString error;
    QVERIFY2(exportCanvas(*mCanvas, file, ImageFormat::Svg, o, &error), qPrintable(error));
    const QString svg = readText(file);
    QVERIFY(svg.contains(QStringLiteral("<svg")));
    QCOMPARE(testing::svgTitle(file), o.title);
    // 2400 px wide in a browser or a slide, not 3200 (millimetres at 72 dpi read at 96).
    QCOMPARE(testing::svgPictureSize(file), o.size);
    // Switch names are drawn at this size.
    int found = 0;
    mFabric.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Switch && svg.contains(QString::fromStdString(n.name)))
            ++found;
    });
    QVERIFY2(found > 0, "no switch name in the SVG");
}

void TestExport::canvasAsPdfHasNodeNames()
{
    const QString file = mDir.filePath(QStringLiteral("canvas.pdf"));
    CanvasExportOptions o;
    o.size = QSize(1200, 800);
    o.title = QStringLiteral("Fat-tree PDF");
    QString error;
    QVERIFY2(exportCanvas(*mCanvas, file, ImageFormat::Pdf, o, &error), qPrintable(error));
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.readAll().startsWith("%PDF"));
    const QString text = pdfText(file);
    QVERIFY2(!text.isNull(), "no pdftotext: apt-get install poppler-utils");
    QVERIFY2(text.contains(QStringLiteral("Fat-tree PDF")), qPrintable(text.left(400)));
    int found = 0;
    mFabric.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Switch && text.contains(QString::fromStdString(n.name)))
            ++found;
    });
    QVERIFY2(found > 0, qPrintable(text.left(400)));
}

void TestExport::largerPicturesHaveLargerText()
{
    // A 4K export is a slide seen whole: the canvas's own text (the bold tier names) grows
    // with the picture as the title and legend do, twice as large as at 1920x1080, and never
    // smaller than on screen below that.
    const auto tierFontPx = [&](QSize size) {
        const QString file = mDir.filePath(QStringLiteral("tiers-%1.svg").arg(size.width()));
        CanvasExportOptions o;
        o.size = size;
        QString error;
        if (!exportCanvas(*mCanvas, file, ImageFormat::Svg, o, &error))
            return -1.0;
        static const QRegularExpression tier(
            QStringLiteral(R"re(<text [^>]*font-size="([0-9.]+)" font-weight="700"[^>]*>\s*Leaf)re"));
        const QRegularExpressionMatch m = tier.match(readText(file));
        return m.hasMatch() ? m.captured(1).toDouble() : -1.0;
    };
    const double at1280 = tierFontPx(QSize(1280, 720));
    const double at1920 = tierFontPx(QSize(1920, 1080));
    const double at4k = tierFontPx(QSize(3840, 2160));
    QVERIFY2(at1280 > 0 && at1920 > 0 && at4k > 0,
             qPrintable(QStringLiteral("%1 %2 %3").arg(at1280).arg(at1920).arg(at4k)));
    QCOMPARE(at1280, at1920);
    QVERIFY2(std::abs(at4k / at1920 - 2.0) < 0.15, qPrintable(QString::number(at4k / at1920)));
}

void TestExport::slideHeatmapTextReadsOnASlide()
{
    // A lesson's heatmap slide laid the heatmap out at twice the picture's size and shrank it:
    // its row names, ticks and colour-bar labels were 6 units high on a 1280-unit slide. They
    // have the size a 1280-pixel screen gives them (a 9 pt font: 12 px).
    const QSizeF area(1230, 484); // the picture area of a 1280x720 slide
    testing::TextRecorder device((area * kSlideHeatmapFineness).toSize());
    {
        QPainter painter(&device);
        paintSlideHeatmap(painter, *mRun, area);
    }
    const QList<testing::PaintedText> texts = device.texts();
    QVERIFY(texts.size() > 5);
    QStringList small;
    for (const testing::PaintedText &t : texts)
        if (t.pixelSize / kSlideHeatmapFineness < 11)
            small << QStringLiteral("%1 (%2 units)")
                         .arg(t.text)
                         .arg(t.pixelSize / kSlideHeatmapFineness);
    QVERIFY2(small.isEmpty(), qPrintable(small.join(QStringLiteral(", "))));
}

void TestExport::resultsAsJsonAndCsv()
{
    // The views write a run through the core's writers (the CLI's), so a hand-made run gets the
    // same document with its unknown figures as null.
    const nlohmann::json j = collective::reportJson(mFabric, *mRun, true);
    QCOMPARE(j["completion_s"].get<double>(), mRun->result.completionS);
    QVERIFY(j["links"].is_array() && !j["links"].empty());
    QCOMPARE(j["flows"].size(), mRun->flows().size());
    const auto &link = j["links"][0];
    for (const char *key : {"id", "dir_link", "from", "to", "capacity_gbps", "bytes", "peak_util",
                            "peak_flows"})
        QVERIFY2(link.contains(key), key);
    QVERIFY(j["flows"][0]["path"].is_array());
    QVERIFY(j["algbw_GBps"].is_null()); // unknown for hand-made flows, not made up
    QVERIFY(j["scenario"].is_null());
    std::ifstream schemaFile(FABRICSCOPE_TOPOLOGIES "/../docs/report-schema.json");
    QVERIFY(schemaFile);
    const auto errors = testing::JsonSchema(nlohmann::json::parse(schemaFile)).errors(j);
    QVERIFY2(errors.empty(), errors.empty() ? "" : errors.front().c_str());

    std::ostringstream linksText;
    collective::writeLinksCsv(linksText, mFabric, mRun->result);
    const QByteArray links = QByteArray::fromStdString(linksText.str());
    const QList<QByteArray> lines = links.trimmed().split('\n');
    QVERIFY(lines.first().startsWith("id,from,to,capacity_gbps,bytes"));
    QCOMPARE(qsizetype(lines.size() - 1), qsizetype(j["links"].size()));
    std::ostringstream flowsText;
    collective::writeFlowsCsv(flowsText, mFabric, *mRun);
    QCOMPARE(QByteArray::fromStdString(flowsText.str()).trimmed().split('\n').size(),
             qsizetype(mRun->flows().size() + 1));
    const QString file = mDir.filePath(QStringLiteral("links.csv"));
    QVERIFY(writeFileAtomically(file, links));
    QCOMPARE(QFileInfo(file).size(), links.size());
}

void TestExport::reportIsOnePdf()
{
    const auto other = testing::ringRun(mFabric, route::Policy::Static, 8e6, 2);
    ReportContent c;
    c.title = QStringLiteral("Design review: ECMP vs static");
    c.scenario << QStringLiteral("Fabric: 16-GPU fat-tree") << QStringLiteral("Ring, 8 MB chunks");
    c.canvas = mCanvas.get();
    c.diagramCaption = QStringLiteral("Utilisation at a quarter of the run");
    c.charts << charts::throughput({mRun, other}) << charts::linkLoadHistogram(*mRun)
             << charts::completionCdf({mRun, other});
    c.comparison << RunSummary(*mRun) << RunSummary(*other);
    c.explanation = explainRun(*mRun, c.comparison.first());
    const QString file = mDir.filePath(QStringLiteral("report.pdf"));
    QString error;
    QVERIFY2(writeReport(file, c, &error), qPrintable(error));
    QCOMPARE(pdfPages(file), 4); // the diagram, the charts two to a page, the comparison
    const QString text = pdfText(file);
    QVERIFY2(!text.isNull(), "no pdftotext: apt-get install poppler-utils");
    QVERIFY2(text.contains(QStringLiteral("Design review")), qPrintable(text.left(400)));
    QVERIFY2(text.contains(QStringLiteral("Comparison")), qPrintable(text.left(400)));
    QVERIFY2(text.contains(QStringLiteral("bottleneck")), qPrintable(text.left(2000)));
}

void TestExport::framesAreASequence()
{
    const QString dir = mDir.filePath(QStringLiteral("frames"));
    QString error;
    const QStringList files =
        exportFrames(*mCanvas, *mRun, dir, 5, QSize(640, 360), QStringLiteral("ring"), &error);
    QVERIFY2(files.size() == 5, qPrintable(error));
    QVERIFY(files.first().endsWith(QStringLiteral("frame-00000.png")));
    for (const QString &file : files) {
        const QImage image(file);
        QCOMPARE(image.size(), QSize(640, 360));
        QVERIFY(colourCount(image) > 4);
    }
    // The frames differ: traffic moves.
    QVERIFY(QImage(files[1]) != QImage(files[4]));

    // A shorter sequence into the same folder replaces the longer one: no stale frames left for
    // a video tool to run on after its end.
    QCOMPARE(exportFrames(*mCanvas, *mRun, dir, 3, QSize(64, 36), {}, &error).size(), 3);
    QCOMPARE(QDir(dir).entryList(QDir::Files),
        (QStringList { "frame-00000.png", "frame-00001.png", "frame-00002.png" }));
    // A file where the folder should be is named as such.
    QVERIFY(exportFrames(*mCanvas, *mRun, files.first(), 2, QSize(64, 36), {}, &error).isEmpty());
    QCOMPARE(error, files.first() + QStringLiteral(" is a file: frames go into a folder."));

    // Progress hears of every frame, and stopping it keeps what was written and says so.
    QList<int> told;
    const QStringList stopped
        = exportFrames(*mCanvas, *mRun, mDir.filePath(QStringLiteral("stopped")), 5, QSize(64, 36),
            {}, &error, false, [&told](int written, int total) {
                told << written;
                return total == 5 && written < 2;
            });
    QCOMPARE(told, (QList<int> { 1, 2 }));
    QCOMPARE(stopped.size(), 2);
    QVERIFY(QFile::exists(stopped.last()));
    QCOMPARE(error, QStringLiteral("Stopped after 2 of 5 frames."));
}

void TestExport::badgesCountFlowsOnlyWhenEachTakesOnePath()
{
    // A badge counts the flows on a link. Where the run sprayed each flow over several paths it
    // would count path shares, so such a run gets none, though its sampler has the counts.
    FabricCanvas canvas;
    canvas.resize(1000, 700);
    canvas.setFabric(&mFabric);
    const auto sprayed = testing::ringRun(mFabric, route::Policy::Spray, 8e6, 2);
    QVERIFY(sprayed->summary.multipath);
    const double t = sprayed->result.completionS / 4;
    LoadSampler spraySampler(sprayed->result);
    spraySampler.seek(t);
    const std::vector<int> counted = spraySampler.badges(2);
    QVERIFY(std::any_of(counted.begin(), counted.end(), [](int n) { return n > 0; }));
    showLoadsAt(canvas, *sprayed, spraySampler, t);
    QVERIFY(canvas.shownBadges().empty());

    LoadSampler sampler(mRun->result);
    QVERIFY(!mRun->summary.multipath);
    showLoadsAt(canvas, *mRun, sampler, mRun->result.completionS / 4);
    QVERIFY(!canvas.shownBadges().empty());
}

void TestExport::chartsByName()
{
    const QStringList names = chartNames();
    QCOMPARE(names.size(), 10);
    for (const QString &name : names)
        QCOMPARE(chartNames().at(qsizetype(*chartKindFromName(name))), name);
    QVERIFY(!chartKindFromName(QStringLiteral("Throughput")));
    QVERIFY(chartComparesRuns(ChartKind::CompareBusbw));
    QVERIFY(!chartComparesRuns(ChartKind::Throughput));

    QString error;
    const QString png = mDir.filePath(QStringLiteral("cdf.png"));
    ChartExportOptions o;
    o.size = QSize(640, 400);
    o.title = QStringLiteral("CDF for the slides");
    QVERIFY2(exportChart(ChartKind::CompletionCdf, {mRun}, png, ImageFormat::Png, o, &error),
             qPrintable(error));
    QCOMPARE(QImage(png).size(), QSize(640, 400));
    QVERIFY(colourCount(QImage(png)) > 8);
    const QString svg = mDir.filePath(QStringLiteral("cdf.svg"));
    QVERIFY2(exportChart(ChartKind::CompletionCdf, {mRun}, svg, ImageFormat::Svg, o, &error),
             qPrintable(error));
    QVERIFY(readText(svg).contains(QStringLiteral("CDF for the slides")));
    QCOMPARE(testing::svgPictureSize(svg), o.size);

    // The heatmap is a picture: PNG yes, SVG no; no chart is a PDF.
    QVERIFY(exportChart(ChartKind::Heatmap, {mRun}, png, ImageFormat::Png, {}, &error));
    QCOMPARE(QImage(png).size(), defaultChartSize(ChartKind::Heatmap));
    QVERIFY(!exportChart(ChartKind::Heatmap, {mRun}, svg, ImageFormat::Svg, {}, &error));
    QVERIFY2(error.contains(QStringLiteral("PNG only")), qPrintable(error));
    QVERIFY(!exportChart(ChartKind::Throughput, {mRun}, png, ImageFormat::Pdf, {}, &error));
    QVERIFY(!exportChart(ChartKind::Throughput, {}, png, ImageFormat::Png, {}, &error));
}

void TestExport::reportHasTrafficPages()
{
    const Fabric superpod = io::loadFabric(FABRICSCOPE_TOPOLOGIES "/superpod-256.fabric.json");
    collective::Scenario s;
    s.collective = collective::Collective::AllReduce;
    s.bytes = 16 * 1024 * 1024;
    s.ranks = "32";
    s.routing = route::Policy::Static;
    s.algorithm = collective::Algorithm::Ring;
    const SimRunPtr ring = makeRun(superpod, s);
    s.algorithm = collective::Algorithm::Sharp;
    const SimRunPtr sharp = makeRun(superpod, s);
    s.algorithm = collective::Algorithm::Hierarchical;
    const SimRunPtr hierarchical = makeRun(superpod, s);

    // SHARP gets 'Bytes on the wire', hierarchical 'NVLink vs fabric', a ring neither.
    const QList<ReportTrafficView> views = trafficViewsFor({sharp, ring, hierarchical});
    QCOMPARE(views.size(), 2);
    QCOMPARE(views[0].mode, TrafficView::Mode::WireBytes);
    QCOMPARE(views[0].run, sharp);
    QCOMPARE(views[0].history.size(), 3);
    QCOMPARE(views[1].mode, TrafficView::Mode::NvlinkVsFabric);
    QCOMPARE(views[1].run, hierarchical);
    QVERIFY(trafficViewsFor({ring}).isEmpty());

    ReportContent c;
    c.title = QStringLiteral("SHARP against ring");
    c.traffic = views;
    const QString file = mDir.filePath(QStringLiteral("traffic-report.pdf"));
    QString error;
    QVERIFY2(writeReport(file, c, &error), qPrintable(error));
    QCOMPARE(pdfPages(file), 3); // the title page, then one page per view
    const QString text = pdfText(file);
    QVERIFY2(!text.isNull(), "no pdftotext: apt-get install poppler-utils");
    for (const char *expected : {"Bytes on the wire", "NVLink vs fabric", "SHARP", "NVLink"})
        QVERIFY2(text.contains(QLatin1String(expected)), expected);
}

void TestExport::cliExportsHeadless()
{
    const QString cli = QStringLiteral(FABRICSCOPE_CLI);
    QVERIFY2(QFileInfo::exists(cli), "fabricscope-cli is not built");
    const QString fabricFile = mDir.filePath(QStringLiteral("tree16.fabric.json"));
    io::saveFabric(mFabric, fabricFile.toStdString());
    const QString scenario = QStringLiteral(
        "{\"collective\":\"allreduce\",\"algorithm\":\"ring\",\"bytes\":67108864,"
        "\"routing\":\"ecmp\"}");
    auto runCli = [&](const QStringList &args, QString *err = nullptr) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM")); // the command must go offscreen itself
        p.setProcessEnvironment(env);
        p.start(cli, QStringList{QStringLiteral("export"), fabricFile} + args);
        p.waitForFinished(120000);
        if (err)
            *err = QString::fromUtf8(p.readAllStandardError());
        return p.exitCode();
    };
    QString err;
    const QString svg = mDir.filePath(QStringLiteral("cli.svg"));
    QCOMPARE(runCli({QStringLiteral("--scenario"), scenario, QStringLiteral("--at"),
                     QStringLiteral("50%"), QStringLiteral("--format"), QStringLiteral("svg"),
                     QStringLiteral("--size"), QStringLiteral("2400x1400"), QStringLiteral("-o"), svg},
                    &err),
             0);
    const QString text = readText(svg);
    QVERIFY2(text.contains(QStringLiteral("allreduce ring")), qPrintable(err));
    int found = 0;
    mFabric.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Switch && text.contains(QString::fromStdString(n.name)))
            ++found;
    });
    QVERIFY(found > 0);

    const QString png = mDir.filePath(QStringLiteral("cli.png"));
    QCOMPARE(runCli({QStringLiteral("--scenario"), scenario, QStringLiteral("--at"),
                     QStringLiteral("end"), QStringLiteral("--size"), QStringLiteral("800x600"),
                     QStringLiteral("-o"), png}, &err), 0);
    QCOMPARE(QImage(png).size(), QSize(800, 600));
    QVERIFY(colourCount(QImage(png)) > 4);

    const QString pdf = mDir.filePath(QStringLiteral("cli.pdf"));
    QCOMPARE(runCli({QStringLiteral("--format"), QStringLiteral("pdf"), QStringLiteral("-o"), pdf},
                    &err), 0);
    QFile pdfFile(pdf);
    QVERIFY(pdfFile.open(QIODevice::ReadOnly));
    QVERIFY2(pdfFile.read(5) == "%PDF-", qPrintable(pdf));
    const QString report = mDir.filePath(QStringLiteral("cli-report.pdf"));
    QCOMPARE(runCli({QStringLiteral("--scenario"), scenario, QStringLiteral("--compare"),
                     QStringLiteral("static,adaptive"), QStringLiteral("--format"),
                     QStringLiteral("report"), QStringLiteral("-o"), report}, &err), 0);
    const QString reportText = pdfText(report);
    QVERIFY2(!reportText.isNull(), "no pdftotext: apt-get install poppler-utils");
    QVERIFY2(reportText.contains(QStringLiteral("adaptive")), qPrintable(reportText.left(500)));
    QVERIFY(reportText.contains(QStringLiteral("Comparison")));
    // Bad input: one line, exit code 2.
    QCOMPARE(runCli({QStringLiteral("--at"), QStringLiteral("soon"), QStringLiteral("--scenario"),
                     scenario, QStringLiteral("-o"), png}, &err), 2);
    QVERIFY2(err.contains(QStringLiteral("--at")), qPrintable(err));
    QCOMPARE(runCli({QStringLiteral("--format"), QStringLiteral("gif"), QStringLiteral("-o"), png},
                    &err), 2);
}

QTEST_MAIN(TestExport)
#include "tst_export.moc"
