// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "timelineslider.h"

#include "style/palette.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace fabric::views {

namespace {
constexpr double kMargin = 8.0; // room for the handle at both ends
}

TimelineSlider::TimelineSlider(QWidget *parent)
    : QWidget(parent)
{
    setFocusPolicy(Qt::NoFocus);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setToolTip(tr("Simulated time; ticks mark events (a flow starts or ends)"));
}

void TimelineSlider::setRun(double endS, std::span<const double> eventsS)
{
    mEndS = std::max(0.0, endS);
    mEvents.assign(eventsS.begin(), eventsS.end());
    mTimeS = 0.0;
    rebuildMarks();
    update();
}

int TimelineSlider::markedColumns() const
{
    return static_cast<int>(std::count(mMarks.begin(), mMarks.end(), true));
}

QRectF TimelineSlider::track() const
{
    return QRectF(kMargin, 0, std::max(1.0, width() - 2 * kMargin), height());
}

double TimelineSlider::timeAt(double x) const
{
    const QRectF t = track();
    const double f = std::clamp((x - t.left()) / t.width(), 0.0, 1.0);
    return f * mEndS;
}

double TimelineSlider::xAt(double timeS) const
{
    const QRectF t = track();
    const double f = mEndS > 0 ? std::clamp(timeS / mEndS, 0.0, 1.0) : 0.0;
    return t.left() + f * t.width();
}

QSize TimelineSlider::sizeHint() const { return QSize(400, 28); }
QSize TimelineSlider::minimumSizeHint() const { return QSize(80, 24); }

void TimelineSlider::setTime(double timeS)
{
    if (timeS == mTimeS)
        return;
    const double oldX = xAt(mTimeS);
    mTimeS = timeS;
    const double newX = xAt(mTimeS);
    // Repaint only the strip the handle left and the one it entered.
    update(QRectF(std::min(oldX, newX) - kMargin, 0, std::abs(newX - oldX) + 2 * kMargin, height())
               .toAlignedRect());
}

void TimelineSlider::rebuildMarks()
{
    const int columns = static_cast<int>(track().width()) + 1;
    mMarks.assign(static_cast<std::size_t>(columns), false);
    if (mEndS <= 0)
        return;
    for (const double e : mEvents) {
        const int c = static_cast<int>(std::lround(e / mEndS * (columns - 1)));
        if (c >= 0 && c < columns)
            mMarks[static_cast<std::size_t>(c)] = true;
    }
}

void TimelineSlider::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QRectF t = track();
    const double mid = t.center().y();
    const QColor ink = palette::ink();

    p.fillRect(QRectF(t.left(), mid - 2, t.width(), 4), palette().color(QPalette::Mid));
    p.fillRect(QRectF(t.left(), mid - 2, xAt(mTimeS) - t.left(), 4), palette::path());

    // Event marks: one short tick per pixel column holding events.
    QColor markColor = ink;
    markColor.setAlpha(150);
    p.setPen(QPen(markColor, 1));
    QVector<QLineF> ticks;
    for (std::size_t c = 0; c < mMarks.size(); ++c)
        if (mMarks[c])
            ticks.append(QLineF(t.left() + double(c) + 0.5, mid + 4, t.left() + double(c) + 0.5,
                                mid + 9));
    p.drawLines(ticks);

    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(ink, 1));
    p.setBrush(palette().color(QPalette::Button));
    p.drawEllipse(QPointF(xAt(mTimeS), mid), 6, 6);
}

void TimelineSlider::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && mEndS > 0)
        Q_EMIT seekRequested(timeAt(event->position().x()));
}

void TimelineSlider::mouseMoveEvent(QMouseEvent *event)
{
    if ((event->buttons() & Qt::LeftButton) && mEndS > 0)
        Q_EMIT seekRequested(timeAt(event->position().x()));
}

void TimelineSlider::resizeEvent(QResizeEvent *)
{
    rebuildMarks();
}

} // namespace fabric::views
