// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "trafficview.h"

#include "charts/chartpanel.h"
#include "common/emptynote.h"
#include "export/atomicfile.h"
#include "export/canvasexport.h"
#include "export/svgpicture.h"
#include "style/picturescale.h"

#include <QGridLayout>
#include <QLabel>
#include <QPainter>
#include <QResizeEvent>

namespace fabric::views {

TrafficView::TrafficView(Mode mode, QWidget *parent)
    : QWidget(parent)
    , mMode(mode)
{
    const int count = mode == Mode::WireBytes ? 1 : 3;
    for (int i = 0; i < count; ++i)
        mCharts << new ChartPanel(this);
    mCaption = new QLabel(this);
    mCaption->setWordWrap(true);
    mCaption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    mCaption->setContentsMargins(6, 2, 6, 4);
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(2, 2, 2, 2);
    arrangeCharts(false);
    refresh();
}

void TrafficView::arrangeCharts(bool stacked)
{
    auto *grid = static_cast<QGridLayout *>(layout());
    mStacked = stacked;
    grid->removeWidget(mCaption);
    for (ChartPanel *chart : std::as_const(mCharts))
        grid->removeWidget(chart);
    const int n = int(mCharts.size());
    // On screen the charts stand in one row (the dock is wide and short) under the caption,
    // which holds the figures and so comes first: a short dock (1280x720) shows it whole and
    // scrolls to the charts. A narrow dock stacks them. Exports put the charts first, in two
    // rows (see chartRects()).
    grid->addWidget(mCaption, 0, 0, 1, stacked ? 1 : n);
    // The caption's row and a row or a column per chart, whichever way they stood before.
    for (int i = 0; i <= n; ++i) {
        grid->setColumnStretch(i, 0);
        grid->setRowStretch(i, 0);
    }
    for (int i = 0; i < n; ++i) {
        grid->addWidget(mCharts[i], stacked ? 1 + i : 1, stacked ? 0 : i);
        mCharts[i]->setMinimumHeight(stacked ? kStackedChartHeight : 0);
        if (stacked)
            grid->setRowStretch(1 + i, 1);
        else
            grid->setColumnStretch(i, i == 2 ? 3 : 2);
    }
    if (!stacked)
        grid->setRowStretch(1, 1);
}

void TrafficView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    const bool stacked = mCharts.size() > 1 && width() < kRowWidth;
    if (stacked != mStacked)
        arrangeCharts(stacked);
}

QSize TrafficView::sizeHint() const
{
    return QSize(640, 400); // as a chart: the dock keeps the size it had before these tabs
}

void TrafficView::setRuns(const SimRunPtr &current, const QList<SimRunPtr> &history)
{
    mRun = current;
    mHistory = history;
    refresh();
}

void TrafficView::refresh()
{
    mWire = mRun ? traffic::wireBytes(*mRun, mHistory) : traffic::WireBytes();
    mMedia = mRun ? traffic::nvlinkVsFabric(*mRun) : traffic::MediaSplit();
    if (mMode == Mode::WireBytes) {
        mCharts[0]->setSpec(mWire.chart);
    } else {
        mCharts[0]->setSpec(mMedia.ladder);
        mCharts[1]->setSpec(mMedia.bytes);
        mCharts[2]->setSpec(mMedia.throughput);
    }
    // Before a run the caption says so once, not once per empty chart.
    for (ChartPanel *chart : std::as_const(mCharts))
        chart->setVisible(bool(mRun));
    mCaption->setText(mRun ? caption().join(QLatin1Char(' ')) : nothingToShowYet());
}

QStringList TrafficView::caption() const
{
    return mMode == Mode::WireBytes ? mWire.caption : mMedia.caption;
}

QList<ChartPanel *> TrafficView::charts() const
{
    return mCharts;
}

QList<QRectF> TrafficView::chartRects(const QRectF &area) const
{
    if (mMode == Mode::WireBytes)
        return {area};
    const double top = area.height() * 0.55, left = area.width() * 0.4;
    return {QRectF(area.left(), area.top(), left, top),
            QRectF(area.left() + left, area.top(), area.width() - left, top),
            QRectF(area.left(), area.top() + top, area.width(), area.height() - top)};
}

void TrafficView::renderTo(QPainter *painter, const QRectF &target)
{
    // The caption below the charts, as many lines as the sentences need at this width.
    QFont font = painter->font();
    font.setPixelSize(std::max(11, int(target.width() / 100)));
    painter->save();
    painter->setFont(font);
    const double margin = font.pixelSize();
    const QString text = caption().join(QLatin1Char('\n'));
    const QRectF textArea(target.left() + margin, target.top(), target.width() - 2 * margin,
                          target.height());
    const QRectF needed = painter->boundingRect(textArea, Qt::TextWordWrap, text);
    const double captionH = text.isEmpty() ? 0.0 : needed.height() + margin;
    const QRectF charts(target.topLeft(), QSizeF(target.width(), target.height() - captionH));
    const QList<QRectF> rects = chartRects(charts);
    painter->restore();
    // One scale for all the charts, that of the whole picture.
    const double scale = pictureScale(target.width());
    for (qsizetype i = 0; i < mCharts.size(); ++i)
        mCharts[i]->renderTo(painter, rects[i], scale);
    painter->save();
    painter->setFont(font);
    painter->setPen(Qt::black);
    painter->drawText(QRectF(textArea.left(), charts.bottom(), textArea.width(), captionH),
                      Qt::TextWordWrap | Qt::AlignTop | Qt::AlignLeft, text);
    painter->restore();
}

bool TrafficView::paint(QPaintDevice *device, const QSize &size)
{
    QPainter painter;
    if (!painter.begin(device))
        return false;
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    renderTo(&painter, QRectF(QPointF(0, 0), QSizeF(size)));
    return painter.end();
}

QImage TrafficView::renderImage(const QSize &size)
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    paint(&image, size);
    return image;
}

bool TrafficView::exportImage(const QString &fileName, const QSize &size)
{
    const auto format = imageFormatForFile(fileName);
    if (format == ImageFormat::Png)
        return writePng(fileName, renderImage(size));
    if (format != ImageFormat::Svg)
        return false;
    // Vector: the charts' own scenes and the caption as text.
    return writeRendered(fileName, [&](QIODevice &device) {
        return writeSvgPicture(device, size, mCharts.first()->spec().title,
            caption().join(QLatin1Char(' ')), [&](QPaintDevice &svg) { return paint(&svg, size); });
    });
}

} // namespace fabric::views
