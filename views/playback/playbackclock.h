// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <span>
#include <vector>

namespace fabric::views {

/**
 * The one animation clock of a playback, separate from simulated time (as OMNeT++ Qtenv's
 * DisplayUpdateController keeps animation time apart from simulation time).
 *
 * At speed 1x the whole run lasts baseDurationS() of wall-clock time (10 s by default) whatever
 * its simulated length, so a 3 µs and a 5 s collective both play at a watchable pace; speed()
 * scales that from 0.1x to 100x. Frames are capped at maxFps(): each timer tick measures the
 * wall time really elapsed and advances simulated time by it, so a slow consumer lowers the
 * frame rate, never the playback speed. Every change of simulated time is announced once by
 * timeChanged(); consumers sample the timeline there.
 */
class PlaybackClock : public QObject
{
    Q_OBJECT
public:
    static constexpr double kMinSpeed = 0.1;
    static constexpr double kMaxSpeed = 100.0;

    explicit PlaybackClock(QObject *parent = nullptr);

    /// The run to play: its length and its event times (timeline boundaries, ascending).
    /// Resets the time to 0 and pauses.
    void setRun(double endS, std::span<const double> eventsS);
    double endS() const { return mEndS; }
    const std::vector<double> &events() const { return mEvents; }

    double timeS() const { return mTimeS; }
    bool isPlaying() const { return mTimer.isActive(); }

    double speed() const { return mSpeed; }
    /// Clamped to kMinSpeed..kMaxSpeed.
    void setSpeed(double speed);
    /// Wall seconds the whole run takes at 1x (default 10).
    double baseDurationS() const { return mBaseDurationS; }
    /// Simulated seconds per wall-clock second at the current speed.
    double simulatedPerWallSecond() const;

    /**
     * The playback time mapped to wall-clock seconds at the current speed (timeS() divided by
     * simulatedPerWallSecond()): what animations such as the canvas particles follow, so they
     * move at a steady pace on screen whatever the speed, freeze when paused and jump on a
     * seek. 0 for an empty run.
     */
    double animationPhaseS() const;

    int maxFps() const { return mMaxFps; }
    /// Frame-rate cap, 1..240 (default 30).
    void setMaxFps(int fps);

    /// Moves simulated time as if @p wallS seconds of wall-clock time had passed while playing
    /// (the timer calls this; tests call it to play without waiting). Stops at the end.
    void advance(double wallS);

    /// Index of the first event strictly after @p timeS (events().size() when none).
    std::size_t nextEvent(double timeS) const;
    /// Index of the last event strictly before @p timeS (size_t(-1) when none).
    std::size_t previousEvent(double timeS) const;

public Q_SLOTS:
    /// Starts playing; from the start when at the end.
    void play();
    void pause();
    void togglePlay();
    /// Jumps to @p timeS (clamped to the run).
    void seek(double timeS);
    /// Jumps to the next / previous event mark and pauses.
    void stepForward();
    void stepBackward();

Q_SIGNALS:
    void timeChanged(double timeS);
    void playingChanged(bool playing);
    void speedChanged(double speed);
    /// setRun() was called: a new length and event marks.
    void runChanged();
    /// Playback reached the end of the run.
    void finished();

private:
    void tick();
    void setTime(double timeS);

    QTimer mTimer;
    QElapsedTimer mWall;
    std::vector<double> mEvents;
    double mEndS = 0.0;
    double mTimeS = 0.0;
    double mSpeed = 1.0;
    double mBaseDurationS = 10.0;
    int mMaxFps = 30;
};

} // namespace fabric::views
