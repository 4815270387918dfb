// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSize>
#include <QString>
#include <QStringList>

namespace fabric::views {

class FabricCanvas;
struct SimRun;

/**
 * Writes an animation of @p run on @p canvas as a PNG frame sequence in @p directory
 * (frame-00000.png, ...): @p frames pictures evenly spaced from the start to the end of the
 * run, each titled with its simulated time. Returns the files written (empty on failure, with
 * @p error set). Leaves the canvas showing the last frame.
 */
QStringList exportFrames(FabricCanvas &canvas, const SimRun &run, const QString &directory,
                         int frames, const QSize &size, const QString &title = QString(),
                         QString *error = nullptr, bool instantLoads = false);

} // namespace fabric::views
