// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QComboBox;
class QFrame;
class QLabel;
class QToolButton;

namespace fabric::views {

class PlaybackClock;
class TimelineSlider;

/**
 * Transport controls of a playback: play/pause, previous/next event, speed, a timeline slider
 * with event marks and the current simulated time with units. It drives a PlaybackClock it does
 * not own. Keyboard (when the bar has focus, which it shows with a frame when the keyboard gave
 * it): Space plays or pauses, Left and Right step to the previous and next event, Home and End go
 * to the start and the end.
 */
class PlaybackBar : public QWidget
{
    Q_OBJECT
public:
    explicit PlaybackBar(QWidget *parent = nullptr);

    /// The clock to drive and follow (nullptr detaches).
    void setClock(PlaybackClock *clock);
    PlaybackClock *clock() const { return mClock; }

    /// The speeds offered, e.g. 0.1, 0.25, ... 100.
    static const QList<double> &speeds();

    /// Widgets, for tests and for the app to add to toolbars.
    QToolButton *playButton() const { return mPlay; }
    QComboBox *speedBox() const { return mSpeed; }
    TimelineSlider *slider() const { return mSlider; }
    /// The time label text, e.g. "1.25 ms / 5.25 s".
    QString timeText() const;
    /// Puts a button for @p action (a checkable view option) at the end of the bar.
    void addToggle(QAction *action);
    /// A short note after the time saying what the colours show, e.g. "loads: mean of 16 ms".
    void setNote(const QString &note);
    QString note() const;

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void syncRun();
    void syncTime(double timeS);
    void syncPlaying(bool playing);
    void syncSpeed(double speed);

    PlaybackClock *mClock = nullptr;
    QToolButton *mPlay = nullptr;
    QToolButton *mBack = nullptr;
    QToolButton *mForward = nullptr;
    QComboBox *mSpeed = nullptr;
    TimelineSlider *mSlider = nullptr;
    QLabel *mTime = nullptr;
    QLabel *mNote = nullptr;
    QFrame *mNoteRule = nullptr;
    /// Shows the note only where the bar has room for the whole of it: in a narrow dock (the
    /// compare view beside a presentation-mode canvas) it widened the dock past the window.
    void fitNote();
    QList<QMetaObject::Connection> mConnections;
};

} // namespace fabric::views
