// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessonslides.h"

#include "atomicfile.h"
#include "canvas/fabriccanvas.h"
#include "heatmap/heatmapdata.h"
#include "heatmap/heatmapwidget.h"
#include "playback/runhighlight.h"
#include "svgpicture.h"

#include <QBuffer>
#include <QDir>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>

#include <functional>
#include <memory>
#include <vector>

namespace fabric::views {

namespace {

/// PDF pages of kSlideSize points, no margins, at 72 dpi so a point is a painter unit.
void setUpSlidePages(QPdfWriter &writer, const QString &title)
{
    writer.setPageSize(
        QPageSize(QSizeF(kSlideSize), QPageSize::Point, QString(), QPageSize::ExactMatch));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    writer.setResolution(72);
    writer.setTitle(title);
    writer.setCreator(QStringLiteral("FabricScope"));
}

constexpr qreal kMargin = 32;

/// Where a slide's text goes: the bottom of the page.
QRectF textArea()
{
    return QRectF(kMargin, kSlideSize.height() - 150, kSlideSize.width() - 2 * kMargin, 138);
}

/// Where a slide's picture goes: between its title and its text.
QRectF pictureArea()
{
    return QRectF(kMargin, 78, kSlideSize.width() - 2 * kMargin, textArea().top() - 78 - 8);
}

/// Draws @p title in @p area in bold, 22 units high, or smaller down to kSmallestTitle when it
/// is longer than the width; one still longer wraps onto a second line. A slide of the screen's
/// run is titled with the fabric, the run, the time and what the colours show: 110 characters
/// and more, wider than the page at 22 units.
void drawTitle(QPainter &painter, QFont font, const QString &title, const QRectF &area)
{
    constexpr int kLargestTitle = 22;
    constexpr int kSmallestTitle = 15;
    font.setBold(true);
    for (int size = kLargestTitle; size >= kSmallestTitle; --size) {
        font.setPixelSize(size);
        if (QFontMetricsF(font, painter.device()).horizontalAdvance(title) <= area.width())
            break;
    }
    painter.setFont(font);
    painter.drawText(area, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, title);
}

/// Paints a slide into a page of kSlideSize units: @p header and the page number in small
/// type, @p title, then @p canvas (with @p pictureTitle and the legend), then @p text.
void paintPage(QPainter &painter, const QString &header, const QString &title,
               const QString &text, FabricCanvas *canvas, const QString &pictureTitle,
               const QString &pageNumber)
{
    const QRectF page(QPointF(0, 0), QSizeF(kSlideSize));
    painter.fillRect(page, Qt::white);
    const qreal margin = kMargin;

    // Sizes in slide units (pixels), not points: a PDF page has 72 to the inch, an SVG 96, and
    // the SVG's text was a third larger than the PDF's, its body running past the margin.
    QFont small = painter.font();
    small.setPixelSize(11);
    painter.setFont(small);
    painter.setPen(QColor(90, 90, 90));
    painter.drawText(QRectF(margin, 12, page.width() - 2 * margin, 20),
                     Qt::AlignLeft | Qt::AlignVCenter, header);
    painter.drawText(QRectF(margin, 12, page.width() - 2 * margin, 20),
                     Qt::AlignRight | Qt::AlignVCenter, pageNumber);

    painter.setPen(Qt::black);
    drawTitle(painter, small, title, QRectF(margin, 30, page.width() - 2 * margin, 46));

    QFont body = small;
    body.setPixelSize(13);
    painter.setFont(body);
    painter.drawText(textArea(), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, text);

    if (canvas) {
        painter.save();
        canvas->renderTo(&painter, pictureArea(), QRectF(), pictureTitle, true);
        painter.restore();
    }
}

} // namespace

void paintSlideHeatmap(QPainter &painter, const SimRun &run, const QSizeF &area)
{
    HeatmapWidget heatmap;
    heatmap.setData(HeatmapData::build(*run.fabric, run.result));
    heatmap.setTitle(QObject::tr("Link utilisation over time \u2014 %1").arg(run.label));
    // Laid out at the slide's size, with the text a screen of that size has (as the other
    // slides' fabrics). Laid out at twice the size and shrunk, its row names and ticks were
    // 6 points high on a 1280-point slide.
    heatmap.paintScaled(painter, area * kSlideHeatmapFineness, kSlideHeatmapFineness);
}

namespace {

/// Paints one lesson step: its run drawn on a canvas of its own, averaged over the run, or its
/// heatmap.
void paintSlide(QPainter &painter, const LessonSlide &slide, const QString &lessonTitle,
                int number, int count)
{
    if (slide.heatmap && slide.run && slide.run->fabric) {
        paintPage(painter, lessonTitle, slide.title, slide.text, nullptr, QString(),
            QStringLiteral("%1 / %2").arg(number).arg(count));
        const QRectF area = pictureArea();
        QImage image(
            (area.size() * kSlideHeatmapFineness).toSize(), QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        {
            QPainter fine(&image);
            fine.setRenderHint(QPainter::TextAntialiasing);
            paintSlideHeatmap(fine, *slide.run, area.size());
        }
        painter.drawImage(area, image);
        return;
    }
    std::unique_ptr<FabricCanvas> canvas;
    if (slide.run && slide.run->fabric) {
        canvas = std::make_unique<FabricCanvas>();
        canvas->resize(kSlideSize);
        canvas->setFabric(slide.run->fabric);
        showRunAverage(*canvas, *slide.run);
    }
    paintPage(painter, lessonTitle, slide.title, slide.text, canvas.get(),
              slide.run ? slide.run->label
                      + QStringLiteral(" \u00b7 utilisation averaged over the run")
                        : QString(),
              QStringLiteral("%1 / %2").arg(number).arg(count));
}

/// Paints @p paint on a one-page PDF or an SVG of kSlideSize, by @p fileName's suffix.
bool writeSlideFile(const QString &fileName, const QString &title,
                    const std::function<void(QPainter &)> &paint, QString *error)
{
    const bool pdf = fileName.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive);
    return writeRendered(
        fileName,
        [&](QIODevice &device) {
            QPainter painter;
            if (pdf) {
                QPdfWriter writer(&device);
                setUpSlidePages(writer, title);
                if (!painter.begin(&writer))
                    return false;
                paint(painter);
                return painter.end();
            }
            return writeSvgPicture(device, kSlideSize, title, QString(), [&](QPaintDevice &svg) {
                if (!painter.begin(&svg))
                    return false;
                paint(painter);
                return painter.end();
            });
        },
        error);
}

} // namespace

void showRunAverage(FabricCanvas &canvas, const SimRun &run)
{
    std::vector<float> loads(run.result.links.size());
    for (std::size_t d = 0; d < loads.size(); ++d)
        loads[d] = float(run.result.links[d].meanUtil);
    canvas.setLinkLoads(loads);
    canvas.setLinkBadges({});
    canvas.setHighlight(FabricCanvas::HighlightChannel::Simulation, runHighlight(run));
}

bool exportLessonPdf(const QList<LessonSlide> &slides, const QString &lessonTitle,
                     const QString &fileName, QString *error)
{
    return writeRendered(
        fileName,
        [&](QIODevice &device) {
            QPdfWriter pdf(&device);
            setUpSlidePages(pdf, lessonTitle);
            QPainter painter;
            if (!painter.begin(&pdf))
                return false;
            for (qsizetype i = 0; i < slides.size(); ++i) {
                if (i > 0)
                    pdf.newPage();
                paintSlide(painter, slides[i], lessonTitle, int(i + 1), int(slides.size()));
            }
            return painter.end();
        },
        error);
}

QStringList exportLessonSvgs(const QList<LessonSlide> &slides, const QString &lessonTitle,
                             const QString &name, const QString &target, QString *error)
{
    QString base = target;
    if (base.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive)) {
        base.chop(4);
    } else {
        if (!QDir().mkpath(target)) {
            if (error)
                *error = QObject::tr("Cannot create the folder %1.").arg(target);
            return {};
        }
        base = QDir(target).filePath(name);
    }
    QStringList files;
    for (qsizetype i = 0; i < slides.size(); ++i) {
        const QString file = QStringLiteral("%1-%2.svg").arg(base).arg(i + 1);
        const bool ok = writeSlideFile(
            file, slides[i].title,
            [&](QPainter &painter) {
                paintSlide(painter, slides[i], lessonTitle, int(i + 1), int(slides.size()));
            },
            error);
        if (!ok)
            return {};
        files << file;
    }
    return files;
}

bool exportSlide(FabricCanvas &canvas, const QString &title, const QString &caption,
                 const QString &fileName, QString *error)
{
    return writeSlideFile(
        fileName, title,
        [&](QPainter &painter) {
            paintPage(painter, QStringLiteral("FabricScope"), title, caption, &canvas, QString(),
                      QString());
        },
        error);
}

} // namespace fabric::views
