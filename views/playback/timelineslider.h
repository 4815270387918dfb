// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

#include <span>
#include <vector>

namespace fabric::views {

/**
 * A horizontal slider over simulated time with a tick for every event (timeline boundary).
 * Thousands of events are drawn as one mark per pixel column that holds any, computed once per
 * width, so painting stays cheap whatever the run.
 */
class TimelineSlider : public QWidget
{
    Q_OBJECT
public:
    explicit TimelineSlider(QWidget *parent = nullptr);

    void setRun(double endS, std::span<const double> eventsS);
    double endS() const { return mEndS; }
    double timeS() const { return mTimeS; }
    /// Pixel columns that carry an event mark at the current width (for tests and tooltips).
    int markedColumns() const;

    /// Simulated time at widget x coordinate @p x, and back.
    double timeAt(double x) const;
    double xAt(double timeS) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

public Q_SLOTS:
    void setTime(double timeS);

Q_SIGNALS:
    /// The user clicked or dragged to @p timeS.
    void seekRequested(double timeS);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void rebuildMarks();
    QRectF track() const;

    std::vector<double> mEvents;
    std::vector<bool> mMarks; ///< Per pixel column of the track.
    double mEndS = 0.0;
    double mTimeS = 0.0;
};

} // namespace fabric::views
