// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Canvas benchmark: open (load + layout + scene) the full HPN pod and the 16x16x16 TPU pod, then
// time full repaints at fit-to-window into a 1920x1080 image (the real paint path: the view's
// paintEvent through QWidget::render), zoomed-in repaints, load recolouring and peak memory.
// Prints figures for docs/performance.md; never fails on time.
//
//   bench_canvas [--frames N] [--only hpn|tpu] [--fit-only] [--screenshots DIR]
// With --screenshots, renders every shipped fabric to DIR/canvas-<name>.png at 1600x1000 instead,
// plus the TPU pod coloured by dimension (canvas-tpu-torus-dimensions.png) and a generated
// twisted 8x8x16 TPU slice (canvas-tpu-torus-twisted[-slices].png).
#include "peakrss.h"
#include "generators/registry.h"
#include "canvas/fabriccanvas.h"
#include "io/fabricfile.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QScrollBar>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

using namespace fabric;
using namespace fabric::views;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

/// Median ms of @p frames full repaints of the canvas viewport into @p image.
double repaintMs(FabricCanvas &canvas, QImage &image, int frames)
{
    std::vector<double> ms;
    for (int i = 0; i < frames; ++i) {
        image.fill(Qt::white);
        QElapsedTimer t;
        t.start();
        canvas.viewport()->render(&image);
        ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    return median(ms);
}

Fabric openFabric(const QString &file, const char *family, const nlohmann::json &params)
{
    const QString path = QStringLiteral(FABRICSCOPE_TOPOLOGIES "/") + file;
    if (QFile::exists(path))
        return io::loadFabric(std::filesystem::path(path.toStdString()));
    return gen::generate(family, params);
}

/// With --fit-only, bench() stops after the fit-to-window repaints (for callgrind: run with
/// --toggle-collect='*repaintMs*' to count the instructions of those frames alone).
bool gFitOnly = false;

void bench(const char *label, const QString &file, const char *family, const nlohmann::json &params,
           int frames)
{
    QElapsedTimer total;
    total.start();
    const Fabric fabric = openFabric(file, family, params);
    const double loadMs = static_cast<double>(total.nsecsElapsed()) / 1e6;
    FabricCanvas canvas;
    canvas.setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    canvas.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    canvas.setFrameShape(QFrame::NoFrame);
    canvas.resize(1920, 1080);
    QElapsedTimer t;
    t.start();
    canvas.setFabric(&fabric);
    const double layoutMs = static_cast<double>(t.nsecsElapsed()) / 1e6;
    canvas.show();
    canvas.zoomToFit();
    QImage image(canvas.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    t.restart();
    canvas.viewport()->render(&image); // first frame
    const double firstMs = static_cast<double>(t.nsecsElapsed()) / 1e6;
    const double openMs = static_cast<double>(total.nsecsElapsed()) / 1e6;

    const double fitMs = repaintMs(canvas, image, frames);
    const bool fitDetail = canvas.showsDetail();
    if (gFitOnly) {
        std::printf("%s: fit-to-window 1920x1080 (%s): median %.1f ms over %d frames\n", label,
                    fitDetail ? "detail" : "blocks", fitMs, frames);
        return;
    }
    // Where a fit frame goes: repaint with one layer at a time (z 0 blocks, 1 links, 2 nodes).
    QString breakdown;
    const auto items = canvas.scene()->items();
    for (double z : {0.0, 1.0, 2.0}) {
        for (QGraphicsItem *item : items)
            item->setVisible(item->zValue() == z);
        breakdown += QStringLiteral(" %1 %2 ms;")
                         .arg(z == 0 ? QStringLiteral("blocks") : z == 1 ? QStringLiteral("links") : QStringLiteral("nodes"))
                         .arg(repaintMs(canvas, image, std::max(3, frames / 3)), 0, 'f', 1);
    }
    for (QGraphicsItem *item : items)
        item->setVisible(true);
    canvas.setAntialiasing(true);
    const double fitAaMs = repaintMs(canvas, image, frames);
    canvas.setAntialiasing(false);

    // Loads on every directed link, as playback sets them each frame.
    std::vector<float> loads(2 * fabric.linkIdBound());
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(0, 1);
    for (float &l : loads)
        l = u(rng);
    t.restart();
    canvas.setLinkLoads(loads);
    const double setLoadsMs = static_cast<double>(t.nsecsElapsed()) / 1e6;
    const double fitLoadsMs = repaintMs(canvas, image, frames);
    // The same loads with animated particles (as playback draws them), at fit and zoomed x6.
    canvas.setParticlesEnabled(true);
    canvas.setParticlePhase(0.5);
    const double fitParticlesMs = repaintMs(canvas, image, frames);
    const int fitParticles = canvas.lastParticleCount();
    canvas.zoomBy(6);
    const double midParticlesMs = repaintMs(canvas, image, frames);
    const int midParticles = canvas.lastParticleCount();
    canvas.zoomToFit();
    canvas.setParticlesEnabled(false);
    canvas.setLinkLoads({});

    // Zoomed in on the first endpoint: individual nodes and links.
    canvas.findAndFocus(QString::fromStdString(fabric.node(fabric.endpoints().front()).name));
    const double zoomLod = canvas.transform().m11();
    const double detailMs = repaintMs(canvas, image, frames);
    const bool zoomDetail = canvas.showsDetail();
    // Halfway: the zoom level with the most ink the plan still draws individually.
    canvas.zoomToFit();
    canvas.zoomBy(6);
    const double midMs = repaintMs(canvas, image, frames);
    const bool midDetail = canvas.showsDetail();

    std::printf("%s: %zu nodes, %zu links\n", label, fabric.nodeCount(), fabric.linkCount());
    std::printf("  load %.0f ms, canvas setFabric (layout + scene) %.0f ms, first frame %.1f ms, "
                "open total %.0f ms\n",
                loadMs, layoutMs, firstMs, openMs);
    std::printf("  fit-to-window 1920x1080 (%s): median %.1f ms, antialiased %.1f ms, with loads "
                "%.1f ms (setLinkLoads %.1f ms)\n",
                fitDetail ? "detail" : "blocks", fitMs, fitAaMs, fitLoadsMs, setLoadsMs);
    std::printf("  fit frame by layer alone:%s\n", qPrintable(breakdown));
    std::printf("  with loads and particles: fit %.1f ms (%d particles), zoomed x6 %.1f ms (%d "
                "particles)\n",
                fitParticlesMs, fitParticles, midParticlesMs, midParticles);
    std::printf("  zoomed x6 from fit (%s): %.1f ms; zoomed on one GPU, scale %.2f (%s): %.1f ms\n",
                midDetail ? "detail" : "blocks", midMs, zoomLod, zoomDetail ? "detail" : "blocks",
                detailMs);
    std::printf("  peak RSS so far %.0f MB\n", peakRssMb());
    std::fflush(stdout);
}

void screenshots(const QString &dir)
{
    QDir().mkpath(dir);
    struct Shot
    {
        const char *file, *name;
        TorusView view;
    };
    const Shot shots[] = {
        {"superpod-256.fabric.json", "ib-fat-tree", TorusView::Projection},
        {"fat-tree-k16.fabric.json", "ib-fat-tree-3tier", TorusView::Projection},
        {"meta-ai-zone.fabric.json", "roce-clos-zone", TorusView::Projection},
        {"meta-2-zones.fabric.json", "roce-clos", TorusView::Projection},
        {"hpn-segment.fabric.json", "hpn-segment", TorusView::Projection},
        {"hpn-pod.fabric.json", "hpn", TorusView::Projection},
        {"tpu-v4-cube.fabric.json", "tpu-torus-cube", TorusView::Projection},
        {"tpu-v4-pod.fabric.json", "tpu-torus", TorusView::Projection},
        {"tpu-v4-pod.fabric.json", "tpu-torus-slices", TorusView::Slices},
        {"dragonfly-small.fabric.json", "dragonfly", TorusView::Projection},
    };
    for (const Shot &s : shots) {
        const QString path = QStringLiteral(FABRICSCOPE_TOPOLOGIES "/") + QLatin1String(s.file);
        if (!QFile::exists(path))
            continue;
        const Fabric f = io::loadFabric(std::filesystem::path(path.toStdString()));
        FabricCanvas canvas;
        canvas.resize(1600, 1000);
        canvas.setTorusView(s.view);
        canvas.setFabric(&f);
        QString title = QString::fromStdString(f.metadata().value("title", std::string(s.name)));
        if (s.view == TorusView::Slices)
            title += QStringLiteral(" · slice view");
        const QImage image = canvas.renderImage(QSize(1600, 1000), title);
        const QString out = dir + QStringLiteral("/canvas-%1.png").arg(QLatin1String(s.name));
        image.save(out);
        std::printf("wrote %s\n", qPrintable(out));
    }
    // The pod's links coloured by torus dimension, in the 3D view (what Simulation > Colour torus
    // links by dimension shows, here without loads: full hues).
    {
        const QString path = QStringLiteral(FABRICSCOPE_TOPOLOGIES "/tpu-v4-pod.fabric.json");
        if (QFile::exists(path)) {
            const Fabric f = io::loadFabric(std::filesystem::path(path.toStdString()));
            FabricCanvas canvas;
            canvas.resize(1600, 1000);
            canvas.setFabric(&f);
            canvas.setDimensionColouring(true);
            const QString out = dir + QStringLiteral("/canvas-tpu-torus-dimensions.png");
            canvas.renderImage(QSize(1600, 1000), QString::fromStdString(f.metadata().value("title", std::string("tpu-torus")))
                                                      + QStringLiteral(" · links by dimension")).save(out);
            std::printf("wrote %s\n", qPrintable(out));
        }
    }
    // No shipped fabric is twisted: a generated 8x8x16 twisted slice (its twisted wrap-around
    // circuits in their own colour).
    {
        const Fabric f = gen::generate(
            "tpu-torus", nlohmann::json{{"x", 8}, {"y", 8}, {"z", 16}, {"twisted", true}});
        for (const TorusView view : {TorusView::Projection, TorusView::Slices}) {
            FabricCanvas canvas;
            canvas.resize(1600, 1000);
            canvas.setTorusView(view);
            canvas.setFabric(&f);
            QString title = QString::fromStdString(f.metadata().value("title", std::string("tpu-torus")));
            if (view == TorusView::Slices)
                title += QStringLiteral(" · slice view");
            const QString out = dir + QStringLiteral("/canvas-tpu-torus-twisted%1.png")
                                          .arg(view == TorusView::Slices ? QStringLiteral("-slices") : QString());
            canvas.renderImage(QSize(1600, 1000), title).save(out);
            std::printf("wrote %s\n", qPrintable(out));
        }
    }
}

/// The drawing budget of docs/architecture.md: 50K random 20 px lines into a 1920x1080 image (33 ms on an
/// idle machine). Printed so figures taken on a busy machine can be read against it.
void calibrate(int frames)
{
    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> x(0, 1900), y(0, 1060), a(0, 6.283);
    QList<QLineF> lines;
    for (int i = 0; i < 50000; ++i) {
        const QPointF p(x(rng), y(rng));
        const double t = a(rng);
        lines.append(QLineF(p, p + QPointF(20 * std::cos(t), 20 * std::sin(t))));
    }
    std::vector<double> ms;
    for (int i = 0; i < frames; ++i) {
        image.fill(Qt::white);
        QElapsedTimer t;
        t.start();
        QPainter p(&image);
        p.setPen(QPen(Qt::black, 0));
        p.drawLines(lines);
        p.end();
        ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    std::printf("calibration: 50K 20 px lines into 1920x1080: median %.1f ms (33 ms idle)\n",
                median(ms));
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    int frames = 30;
    QString shotsDir;
    QString only; // "hpn" or "tpu": bench one fabric (e.g. under callgrind)
    for (int i = 1; i < argc; ++i) {
        const QString a = QString::fromLocal8Bit(argv[i]);
        if (a == QLatin1String("--frames") && i + 1 < argc)
            frames = std::max(1, QString::fromLocal8Bit(argv[++i]).toInt());
        else if (a == QLatin1String("--screenshots") && i + 1 < argc)
            shotsDir = QString::fromLocal8Bit(argv[++i]);
        else if (a == QLatin1String("--only") && i + 1 < argc)
            only = QString::fromLocal8Bit(argv[++i]);
        else if (a == QLatin1String("--fit-only"))
            gFitOnly = true;
    }
    if (!shotsDir.isEmpty()) {
        screenshots(shotsDir);
        return 0;
    }
    calibrate(frames);
    if (only.isEmpty() || only == QLatin1String("hpn"))
        bench("HPN pod (15,360 GPUs)", QStringLiteral("hpn-pod.fabric.json"), "hpn",
              nlohmann::json::object(), frames);
    if (only.isEmpty() || only == QLatin1String("tpu"))
        bench("TPU v4 pod 16x16x16", QStringLiteral("tpu-v4-pod.fabric.json"), "tpu-torus",
              nlohmann::json::object(), frames);
    std::printf("peak RSS %.0f MB\n", peakRssMb());
    return 0;
}
