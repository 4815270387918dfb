// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "trafficview.h"

#include "charts/chartpanel.h"
#include "common/emptynote.h"
#include "export/atomicfile.h"
#include "export/canvasexport.h"
#include "export/svgpicture.h"
#include "style/picturescale.h"

#include <QAbstractScrollArea>
#include <QGridLayout>
#include <QLabel>
#include <QPainter>
#include <QResizeEvent>

#include <algorithm>

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
    arrange(Arrangement::Row);
    refresh();
}

void TrafficView::arrange(Arrangement arrangement)
{
    auto *grid = static_cast<QGridLayout *>(layout());
    mArrangement = arrangement;
    grid->removeWidget(mCaption);
    for (ChartPanel *chart : std::as_const(mCharts))
        grid->removeWidget(chart);
    const int n = int(mCharts.size());
    // On screen the charts stand in one row (the dock is wide and short) under the caption,
    // which holds the figures and so comes first: a short dock (1280x720) shows it whole and
    // scrolls to the charts. A narrow dock stacks them; a very short and wide one puts the
    // caption beside them. Exports put the charts first, in two rows (see chartRects()).
    // The caption's row or column and a row or a column per chart, whichever way they stood.
    for (int i = 0; i <= n; ++i) {
        grid->setColumnStretch(i, 0);
        grid->setRowStretch(i, 0);
        grid->setColumnMinimumWidth(i, 0);
    }
    mCaption->setMaximumWidth(QWIDGETSIZE_MAX);
    const bool stacked = arrangement == Arrangement::Stacked;
    const bool beside = arrangement == Arrangement::Beside;
    if (beside) {
        grid->addWidget(mCaption, 0, 0, Qt::AlignTop);
        mCaption->setMaximumWidth(kCaptionWidth);
        grid->setColumnMinimumWidth(0, kCaptionWidth);
    } else {
        grid->addWidget(mCaption, 0, 0, 1, stacked ? 1 : n);
    }
    const int firstColumn = beside ? 1 : 0;
    for (int i = 0; i < n; ++i) {
        grid->addWidget(mCharts[i],
            stacked      ? 1 + i
                : beside ? 0
                         : 1,
            stacked ? 0 : firstColumn + i);
        // Beside the caption, down to a compact chart's height (it drops its title there), so
        // the page need not scroll; in a row under the caption, the charts' own minimum.
        mCharts[i]->setMinimumHeight(stacked ? kStackedChartHeight
                : beside                     ? kBesideChartHeight
                                             : 0);
        if (stacked)
            grid->setRowStretch(1 + i, 1);
        else
            grid->setColumnStretch(firstColumn + i, i == 2 ? 3 : 2);
    }
    if (!stacked)
        grid->setRowStretch(beside ? 0 : 1, 1);
}

int TrafficView::shownHeight()
{
    for (QWidget *w = parentWidget(); w; w = w->parentWidget()) {
        auto *area = qobject_cast<QAbstractScrollArea *>(w);
        if (!area)
            continue;
        QWidget *viewport = area->viewport();
        if (mWatchedViewport != viewport) {
            // The page stops growing at the view's minimum: the dock's height then reaches
            // the view only through its viewport.
            if (mWatchedViewport)
                mWatchedViewport->removeEventFilter(this);
            viewport->installEventFilter(this);
            mWatchedViewport = viewport;
        }
        return viewport->height() - mapTo(viewport, QPoint(0, 0)).y();
    }
    return height();
}

TrafficView::Arrangement TrafficView::arrangementForSize()
{
    const int n = int(mCharts.size());
    if (n > 1 && width() < kRowWidth)
        return Arrangement::Stacked;
    // Not the one chart of "Bytes on the wire": as low as the page is there, Qt Charts elides
    // its eight category names to "...", and bars without names say nothing.
    if (n > 1 && shownHeight() < kBesideBelowHeight && width() >= kCaptionWidth + kRowWidth)
        return Arrangement::Beside;
    return Arrangement::Row;
}

void TrafficView::fitToShownSize()
{
    if (const Arrangement wanted = arrangementForSize(); wanted != mArrangement)
        arrange(wanted);
    // A page that scrolls is as high as its content's preferred height for the width (the
    // word-wrapped caption makes it ask), which took the charts' 400 px: at most what the page
    // shows, they fit it instead of scrolling their plots away.
    const int most = mArrangement == Arrangement::Beside
        ? std::max(kBesideChartHeight, shownHeight() - 2 * layout()->contentsMargins().top())
        : QWIDGETSIZE_MAX;
    for (ChartPanel *chart : std::as_const(mCharts))
        if (chart->maximumHeight() != most)
            chart->setMaximumHeight(most);
}

void TrafficView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitToShownSize();
}

bool TrafficView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == mWatchedViewport && event->type() == QEvent::Resize)
        fitToShownSize();
    return QWidget::eventFilter(watched, event);
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
