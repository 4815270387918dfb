// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSize>
#include <QString>
#include <QStringList>

#include <functional>

namespace fabric::views {

class FabricCanvas;
struct SimRun;

/// The frame rate a sequence is meant to be played at: particles advance by 1/25 s of
/// animation per frame, as they would on screen.
inline constexpr double kFramesPerSecond = 25.0;
/// The most frames one export writes (the CLI's --frames, the GUI's dialog).
inline constexpr int kMaxFrames = 10000;
/// Frames of an export when not told (the CLI's --frames, the GUI dialog's first proposal):
/// 2.4 s of video at kFramesPerSecond.
inline constexpr int kDefaultFrames = 60;

/// How many frames of a sequence (frame-NNNNN.png) @p directory holds: an export into it
/// replaces them.
int framesIn(const QString &directory);

/// Told after each frame is written (how many so far, of how many); false stops the export.
using FrameProgress = std::function<bool(int written, int total)>;

/**
 * Writes an animation of @p run on @p canvas as a PNG frame sequence in @p directory
 * (frame-00000.png, ...): @p frames pictures evenly spaced from the start to the end of the
 * run, each titled with its simulated time. Returns the files written (empty on failure, with
 * @p error set; fewer than @p frames when @p progress stopped it, with @p error saying so).
 * Frames a longer sequence left in @p directory after the last one written are deleted, so the
 * folder holds one sequence. Leaves the canvas showing the last frame written.
 */
QStringList exportFrames(FabricCanvas &canvas, const SimRun &run, const QString &directory,
    int frames, const QSize &size, const QString &title = QString(), QString *error = nullptr,
    bool instantLoads = false, const FrameProgress &progress = {});

} // namespace fabric::views
