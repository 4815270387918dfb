// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "playbackclock.h"

#include <algorithm>
#include <cmath>

namespace fabric::views {

namespace {
// Events closer than this (relative to the run) count as "here" when stepping.
constexpr double kStepEpsilon = 1e-12;
// A stalled event loop must not make the animation jump: at most this much wall time per tick.
constexpr double kMaxTickS = 0.25;
} // namespace

PlaybackClock::PlaybackClock(QObject *parent)
    : QObject(parent)
{
    mTimer.setTimerType(Qt::PreciseTimer);
    mTimer.setInterval(1000 / mMaxFps);
    connect(&mTimer, &QTimer::timeout, this, &PlaybackClock::tick);
}

void PlaybackClock::setRun(double endS, std::span<const double> eventsS)
{
    pause();
    mEndS = std::max(0.0, endS);
    mEvents.assign(eventsS.begin(), eventsS.end());
    mTimeS = 0.0;
    Q_EMIT runChanged();
    Q_EMIT timeChanged(mTimeS);
}

void PlaybackClock::setSpeed(double speed)
{
    if (!std::isfinite(speed))
        return;
    speed = std::clamp(speed, kMinSpeed, kMaxSpeed);
    if (speed == mSpeed)
        return;
    mSpeed = speed;
    Q_EMIT speedChanged(mSpeed);
}

double PlaybackClock::simulatedPerWallSecond() const
{
    return mEndS / mBaseDurationS * mSpeed;
}

double PlaybackClock::animationPhaseS() const
{
    const double rate = simulatedPerWallSecond();
    return rate > 0 ? mTimeS / rate : 0.0;
}

void PlaybackClock::setMaxFps(int fps)
{
    mMaxFps = std::clamp(fps, 1, 240);
    mTimer.setInterval(std::max(1, static_cast<int>(std::lround(1000.0 / mMaxFps))));
}

void PlaybackClock::advance(double wallS)
{
    if (wallS <= 0)
        return;
    const double next = mTimeS + wallS * simulatedPerWallSecond();
    if (next >= mEndS) {
        setTime(mEndS);
        pause();
        Q_EMIT finished();
        return;
    }
    setTime(next);
}

std::size_t PlaybackClock::nextEvent(double timeS) const
{
    const double eps = kStepEpsilon * std::max(1.0, mEndS);
    const auto it = std::upper_bound(mEvents.begin(), mEvents.end(), timeS + eps);
    return static_cast<std::size_t>(it - mEvents.begin());
}

std::size_t PlaybackClock::previousEvent(double timeS) const
{
    const double eps = kStepEpsilon * std::max(1.0, mEndS);
    const auto it = std::lower_bound(mEvents.begin(), mEvents.end(), timeS - eps);
    return it == mEvents.begin() ? std::size_t(-1)
                                 : static_cast<std::size_t>(it - mEvents.begin()) - 1;
}

void PlaybackClock::play()
{
    if (isPlaying() || mEndS <= 0)
        return;
    if (mTimeS >= mEndS)
        setTime(0.0);
    mWall.start();
    mTimer.start();
    Q_EMIT playingChanged(true);
}

void PlaybackClock::pause()
{
    if (!isPlaying())
        return;
    mTimer.stop();
    Q_EMIT playingChanged(false);
}

void PlaybackClock::togglePlay()
{
    if (isPlaying())
        pause();
    else
        play();
}

void PlaybackClock::seek(double timeS)
{
    if (!std::isfinite(timeS))
        return;
    setTime(std::clamp(timeS, 0.0, mEndS));
}

void PlaybackClock::stepForward()
{
    pause();
    const std::size_t i = nextEvent(mTimeS);
    setTime(i < mEvents.size() ? std::min(mEvents[i], mEndS) : mEndS);
}

void PlaybackClock::stepBackward()
{
    pause();
    const std::size_t i = previousEvent(mTimeS);
    setTime(i < mEvents.size() ? std::max(mEvents[i], 0.0) : 0.0);
}

void PlaybackClock::tick()
{
    const double wallS = static_cast<double>(mWall.nsecsElapsed()) * 1e-9;
    mWall.start();
    advance(std::min(wallS, kMaxTickS));
}

void PlaybackClock::setTime(double timeS)
{
    if (timeS == mTimeS)
        return;
    mTimeS = timeS;
    Q_EMIT timeChanged(mTimeS);
}

} // namespace fabric::views
