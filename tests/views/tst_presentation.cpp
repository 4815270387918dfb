// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Presentation mode on the canvas: every text grows, none overprints another or is cut by the
// view, the legend grows with them and the fabric takes at least the room it had.
#include "generators/registry.h"
#include "canvas/fabriccanvas.h"
#include "textrecorder.h"

#include <QTest>

using namespace fabric;
using namespace fabric::views;
using fabric::testing::PaintedText;
using fabric::testing::TextRecorder;

namespace {

/// What one look at the canvas shows.
struct Look
{
    QList<PaintedText> texts;  ///< Everything the scene draws in the viewport, in its pixels.
    QList<PaintedText> legend; ///< The legend overlay's texts.
    double fill = 0;           ///< Share of the viewport the fabric's rectangle covers.
    bool legendOverFabric = false;
    bool legendFolded = false;
};

Look look(FabricCanvas &canvas)
{
    canvas.viewport()->grab(); // paint once: the canvas plans what to draw in its paint event
    Look out;
    const QRect vp = canvas.viewport()->rect();
    TextRecorder scene(vp.size());
    {
        QPainter p(&scene);
        canvas.scene()->render(&p, QRectF(vp), canvas.mapToScene(vp).boundingRect(),
                               Qt::IgnoreAspectRatio);
    }
    out.texts = scene.texts();
    TextRecorder legend(canvas.legend()->size());
    {
        QPainter p(&legend);
        const_cast<LegendWidget *>(canvas.legend())->render(&p);
    }
    out.legend = legend.texts();
    const QRectF fabric = canvas.mapFromScene(canvas.fabricBounds()).boundingRect();
    const QRectF shown = fabric.intersected(QRectF(vp));
    out.fill = shown.width() * shown.height() / (vp.width() * double(vp.height()));
    const QRect legendRect = canvas.legend()->isVisible()
        ? QRect(canvas.viewport()->mapFrom(&canvas, canvas.legend()->pos()), canvas.legend()->size())
        : QRect();
    out.legendOverFabric = legendRect.isValid() && QRectF(legendRect).intersects(fabric);
    out.legendFolded = canvas.legend()->isCollapsed();
    return out;
}

double largest(const QList<PaintedText> &texts)
{
    double px = 0;
    for (const PaintedText &t : texts)
        px = std::max(px, t.pixelSize);
    return px;
}

} // namespace

class TestPresentation : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void textsGrowWithoutOverlap_data();
    void textsGrowWithoutOverlap();
    void planeTiersKeepANameOnAProjector();
    void picturesDoNotDependOnTheMode();
};

void TestPresentation::textsGrowWithoutOverlap_data()
{
    QTest::addColumn<QByteArray>("family");
    QTest::addColumn<QByteArray>("params");
    QTest::newRow("superpod") << QByteArray("ib-fat-tree") << QByteArray(R"({"gpus":256})");
    QTest::newRow("hpn segment")
        << QByteArray("hpn") << QByteArray(R"({"segments":1,"hosts_per_segment":16})");
    QTest::newRow("tpu torus") << QByteArray("tpu-torus") << QByteArray(R"({"x":4,"y":4,"z":4})");
}

void TestPresentation::textsGrowWithoutOverlap()
{
    QFETCH(QByteArray, family);
    QFETCH(QByteArray, params);
    const Fabric f = gen::generate(family.toStdString(), nlohmann::json::parse(params.toStdString()));
    FabricCanvas canvas;
    canvas.resize(1280, 720);
    canvas.show();
    QVERIFY(QTest::qWaitForWindowExposed(&canvas));
    canvas.setFabric(&f);
    const Look normal = look(canvas);
    canvas.setPresentationMode(true);
    const Look shown = look(canvas);

    QVERIFY2(!shown.texts.isEmpty(), "the canvas shows no text at all");
    const QRectF view(canvas.viewport()->rect());
    QStringList problems = fabric::testing::overlappingTexts(shown.texts, 0.5);
    for (const PaintedText &t : shown.texts) {
        if (!view.adjusted(-0.5, -0.5, 0.5, 0.5).contains(t.rect))
            problems << QStringLiteral("cut by the view: '%1' at %2,%3 %4x%5")
                            .arg(t.text).arg(t.rect.x()).arg(t.rect.y())
                            .arg(t.rect.width()).arg(t.rect.height());
        if (t.clipped() || t.elided())
            problems << QStringLiteral("cut or elided: '%1'").arg(t.text);
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    QVERIFY2(largest(shown.texts) > largest(normal.texts) * 1.3,
             qPrintable(QStringLiteral("%1 px against %2 px").arg(largest(shown.texts))
                            .arg(largest(normal.texts))));
    QVERIFY2(largest(shown.legend) > largest(normal.legend) * 1.3,
             qPrintable(QStringLiteral("legend %1 px against %2 px").arg(largest(shown.legend))
                            .arg(largest(normal.legend))));
    // The larger names take wider margins; the folded legend gives no room back when normal
    // mode folds it too (where open it would cost the fabric a quarter of its size).
    const double kept = normal.legendFolded ? 0.85 : 0.999;
    QVERIFY2(shown.fill >= normal.fill * kept,
        qPrintable(QStringLiteral("fabric covers %1 of the view, %2 before")
                       .arg(shown.fill)
                       .arg(normal.fill)));
    QVERIFY(!normal.legendOverFabric);
    QVERIFY(!shown.legendOverFabric);
    // Normal mode keeps the same promises.
    QVERIFY2(fabric::testing::overlappingTexts(normal.texts, 0.5).isEmpty(),
             qPrintable(fabric::testing::overlappingTexts(normal.texts, 0.5).join(QLatin1Char('\n'))));
}

void TestPresentation::planeTiersKeepANameOnAProjector()
{
    // The canvas beside the docks in presentation mode at 1280x720 is about 745x570: an HPN
    // segment's tier names at presentation size, "Aggregation (plane 0)" or even "Agg. (plane
    // 0)", took more than the fifth of the width a fit gives them, and every switch row was
    // left unnamed. The shortest form ("Agg. p0", as the heatmap's rows) fits.
    const Fabric f = gen::generate("hpn", nlohmann::json { { "segments", 1 } });
    FabricCanvas canvas;
    canvas.resize(745, 570);
    canvas.show();
    QVERIFY(QTest::qWaitForWindowExposed(&canvas));
    canvas.setFabric(&f);
    canvas.setPresentationMode(true);
    const Look shown = look(canvas);
    QStringList missing;
    for (const QString &tier :
        { QStringLiteral("Core"), QStringLiteral("Agg"), QStringLiteral("ToR") })
        for (int plane = 0; plane < 2; ++plane) {
            const bool named
                = std::any_of(shown.texts.begin(), shown.texts.end(), [&](const PaintedText &t) {
                      return t.text.startsWith(tier)
                          && (t.text.endsWith(QStringLiteral(" p%1").arg(plane))
                              || t.text.endsWith(QStringLiteral("(plane %1)").arg(plane)));
                  });
            if (!named)
                missing << QStringLiteral("%1 of plane %2").arg(tier).arg(plane);
        }
    QVERIFY2(missing.isEmpty(),
        qPrintable(QStringLiteral("unnamed rows: ") + missing.join(QStringLiteral(", "))));
}

QTEST_MAIN(TestPresentation)
void TestPresentation::picturesDoNotDependOnTheMode()
{
    // Exported in presentation mode, a slide drew its text 1.5 times larger on top of itself and
    // the twisted torus took its short caption: a picture is sized by its own pixels.
    const Fabric f = gen::generate(
        "tpu-torus", nlohmann::json { { "x", 4 }, { "y", 4 }, { "z", 8 }, { "twisted", true } });
    FabricCanvas canvas;
    canvas.resize(1280, 720);
    canvas.show();
    QVERIFY(QTest::qWaitForWindowExposed(&canvas));
    canvas.setFabric(&f);
    canvas.viewport()->grab();
    const QImage normal = canvas.renderImage(QSize(1600, 900), QStringLiteral("t"));
    canvas.setPresentationMode(true);
    canvas.viewport()->grab();
    const QImage presented = canvas.renderImage(QSize(1600, 900), QStringLiteral("t"));
    QVERIFY(normal == presented);
    // And the window is still in presentation mode afterwards: its next look is the larger one.
    canvas.viewport()->grab();
    canvas.setPresentationMode(false);
    QVERIFY(canvas.renderImage(QSize(1600, 900), QStringLiteral("t")) == normal);
}

#include "tst_presentation.moc"
