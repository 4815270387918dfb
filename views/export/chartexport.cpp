// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartexport.h"

#include "atomicfile.h"

#include "charts/chartdata.h"
#include "charts/chartpanel.h"
#include "explain/runsummary.h"
#include "heatmap/heatmapwidget.h"
#include "style/picturescale.h"
#include "svgpicture.h"
#include "traffic/trafficview.h"

#include <QPainter>

#include <algorithm>
#include <array>
#include <cmath>

namespace fabric::views {

namespace {

struct KindName
{
    ChartKind kind;
    const char *name;
};

constexpr std::array<KindName, 10> kNames = {{
    {ChartKind::Throughput, "throughput"},
    {ChartKind::LinkLoad, "link-load"},
    {ChartKind::CompletionCdf, "completion-cdf"},
    {ChartKind::CompareTime, "compare-time"},
    {ChartKind::CompareBusbw, "compare-busbw"},
    {ChartKind::Heatmap, "heatmap"},
    {ChartKind::BytesOnWire, "bytes-on-wire"},
    {ChartKind::NvlinkVsFabric, "nvlink-vs-fabric"},
    {ChartKind::Sweep, "sweep"},
    {ChartKind::Resilience, "resilience"},
}};

/// The chart of a ChartPanel kind, or nullopt for the heatmap and the traffic views.
std::optional<ChartSpec> specFor(ChartKind kind, const QList<SimRunPtr> &runs,
                                 const ChartExportOptions &options)
{
    QList<RunSummary> summaries;
    for (const SimRunPtr &run : runs)
        summaries << RunSummary(*run);
    switch (kind) {
    case ChartKind::Throughput:
        return charts::throughput(runs);
    case ChartKind::LinkLoad:
        return charts::linkLoadHistogram(*runs.first());
    case ChartKind::CompletionCdf:
        return charts::completionCdf(runs);
    case ChartKind::CompareTime:
        return charts::compareCompletion(summaries);
    case ChartKind::CompareBusbw:
        return charts::compareBandwidth(summaries);
    case ChartKind::Sweep:
        return charts::busbwSweep(options.sweep);
    case ChartKind::Resilience:
        // A picture of a given size draws the worst failures its height can name: squeezed in,
        // 100 rows of a 960x540 picture were hairlines named "...".
        return charts::resilience(options.resilience, runs.first()->label,
            options.size.isEmpty() ? charts::kResilienceBars
                                   : charts::horizontalBarsFitting(int(options.size.height()
                                       / pictureScale(options.size.width()))));
    case ChartKind::Heatmap:
    case ChartKind::BytesOnWire:
    case ChartKind::NvlinkVsFabric:
        break;
    }
    return std::nullopt;
}

/// Paints with @p paint into an SVG file of @p size.
template<typename Paint>
bool writeSvg(const QString &fileName, const QSize &size, const QString &title, Paint paint,
              QString *error)
{
    auto render = [&](QIODevice &device) {
        return writeSvgPicture(
            device, size, title, QObject::tr("FabricScope chart"), [&](QPaintDevice &svg) {
                QPainter painter;
                if (!painter.begin(&svg))
                    return false;
                painter.setRenderHint(QPainter::Antialiasing);
                painter.setRenderHint(QPainter::TextAntialiasing);
                paint(&painter);
                return painter.end();
            });
    };
    return writeRendered(fileName, render, error);
}

} // namespace

QStringList chartNames()
{
    QStringList names;
    for (const KindName &k : kNames)
        names << QString::fromLatin1(k.name);
    return names;
}

std::optional<ChartKind> chartKindFromName(const QString &name)
{
    for (const KindName &k : kNames)
        if (name == QLatin1String(k.name))
            return k.kind;
    return std::nullopt;
}

bool chartComparesRuns(ChartKind kind)
{
    return kind == ChartKind::CompareTime || kind == ChartKind::CompareBusbw;
}

bool chartHasVectors(ChartKind kind)
{
    return kind != ChartKind::Heatmap;
}

QList<double> sweepSizes()
{
    QList<double> sizes;
    for (int e = 10; e <= 32; e += 2)
        sizes << std::ldexp(1.0, e);
    return sizes;
}

QSize defaultChartSize(ChartKind kind)
{
    if (kind == ChartKind::Heatmap)
        return QSize(1600, 900);
    if (kind == ChartKind::BytesOnWire || kind == ChartKind::NvlinkVsFabric)
        return QSize(1600, 1000);
    return QSize(1200, 700);
}

bool exportChart(ChartKind kind, const QList<SimRunPtr> &runs, const QString &fileName,
                 ImageFormat format, const ChartExportOptions &options, QString *error)
{
    auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (runs.isEmpty() || !runs.first())
        return fail(QObject::tr("A chart needs a simulated run."));
    if (format == ImageFormat::Pdf)
        return fail(QObject::tr("Charts are written as PNG or SVG, not PDF."));
    if (format == ImageFormat::Svg && !chartHasVectors(kind))
        return fail(QObject::tr("The heatmap is written as PNG only: its link \u00d7 time matrix "
                                "is a picture, not vectors."));
    QSize size = options.size.isEmpty() ? defaultChartSize(kind) : options.size;

    if (const std::optional<ChartSpec> spec = specFor(kind, runs, options)) {
        if (kind == ChartKind::Resilience && spec->categories.isEmpty())
            return fail(QObject::tr("The resilience chart needs a sweep with at least one "
                                    "element."));
        if (kind == ChartKind::Resilience && options.size.isEmpty())
            size.setHeight(std::max(size.height(),
                                    charts::horizontalBarsHeight(spec->categories.size())));
        ChartSpec shown = *spec;
        if (!options.title.isEmpty())
            shown.title = options.title;
        ChartPanel panel;
        panel.setSpec(shown);
        return format == ImageFormat::Png ? panel.exportPng(fileName, size, error)
                                          : panel.exportSvg(fileName, size, error);
    }
    const SimRun &run = *runs.first();
    if (kind == ChartKind::Heatmap) {
        if (!run.fabric)
            return fail(QObject::tr("The heatmap needs the run's fabric."));
        HeatmapWidget heatmap;
        heatmap.setData(HeatmapData::build(*run.fabric, run.result));
        heatmap.setTitle(options.title.isEmpty()
                             ? QObject::tr("Link utilisation over time \u2014 %1").arg(run.label)
                             : options.title);
        heatmap.setTime(options.timeS);
        return heatmap.exportPng(fileName, size, error);
    }
    TrafficView view(kind == ChartKind::BytesOnWire ? TrafficView::Mode::WireBytes
                                                    : TrafficView::Mode::NvlinkVsFabric);
    view.setRuns(runs.first(), runs);
    // The view has no title of its own: an asked one goes in a band above it.
    auto paint = [&](QPainter *p) {
        QRectF area(QPointF(0, 0), QSizeF(size));
        if (!options.title.isEmpty()) {
            QFont font = p->font();
            font.setPixelSize(std::max(12, size.width() / 70));
            font.setBold(true);
            p->save();
            p->setFont(font);
            p->setPen(Qt::black);
            const QRectF band(0, 0, size.width(), font.pixelSize() * 2.0);
            p->drawText(band, Qt::AlignCenter, options.title);
            p->restore();
            area.setTop(band.bottom());
        }
        view.renderTo(p, area);
    };
    const QString title =
        options.title.isEmpty() ? view.charts().first()->spec().title : options.title;
    if (format == ImageFormat::Svg)
        return writeSvg(fileName, size, title, paint, error);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        paint(&painter);
    }
    return writePng(fileName, image, error);
}

} // namespace fabric::views
