// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "frameexport.h"

#include "atomicfile.h"

#include "canvas/fabriccanvas.h"
#include "canvasexport.h"
#include "common/qtstrings.h"
#include "explain/runsummary.h"
#include "model/units.h"
#include "playback/loadsampler.h"
#include "playback/simrun.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace fabric::views {

namespace {
// frame-00000.png on: the numbering `ffmpeg -i frame-%05d.png` reads. One spelling for the
// names written and the names looked for.
constexpr int kFrameDigits = 5;
QString framePrefix()
{
    return QStringLiteral("frame-");
}
QString frameSuffix()
{
    return QStringLiteral(".png");
}

QString frameFileName(int index)
{
    return framePrefix() + QString::number(index).rightJustified(kFrameDigits, QLatin1Char('0'))
        + frameSuffix();
}

/// Matches frameFileName's names only (not frame-1.png or frame-00001.png.bak).
QString frameFileGlob()
{
    return framePrefix() + QStringLiteral("[0-9]").repeated(kFrameDigits) + frameSuffix();
}

/// Deletes frame-NNNNN.png from @p first on, left by a longer export into the same folder: a
/// player or `ffmpeg -i frame-%05d.png` would run them on after this sequence's last frame.
void removeOlderFramesFrom(const QDir &dir, int first)
{
    for (int i = first; QFile::exists(dir.filePath(frameFileName(i))); ++i)
        QFile::remove(dir.filePath(frameFileName(i)));
}
} // namespace

int framesIn(const QString &directory)
{
    return int(QDir(directory).entryList({ frameFileGlob() }, QDir::Files).size());
}

QStringList exportFrames(FabricCanvas &canvas, const SimRun &run, const QString &directory,
    int frames, const QSize &size, const QString &title, QString *error, bool instantLoads,
    const FrameProgress &progress)
{
    QDir dir(directory);
    if (!dir.exists() && !QDir().mkpath(directory)) {
        if (error)
            *error = QFileInfo(directory).isFile()
                ? QObject::tr("%1 is a file: frames go into a folder.").arg(directory)
                : QObject::tr("Cannot create the folder %1.").arg(directory);
        return {};
    }
    frames = std::max(1, frames);
    LoadSampler sampler(run.result);
    if (instantLoads)
        sampler.setWindowS(0);
    const double end = run.result.completionS;
    QStringList written;
    for (int i = 0; i < frames; ++i) {
        const double t = frames == 1 ? end : end * i / (frames - 1);
        showLoadsAt(canvas, run, sampler, t);
        canvas.setParticlePhase(i / kFramesPerSecond);
        const QString caption = (title.isEmpty() ? QString() : title + QStringLiteral(" \u00b7 "))
            + momentNote(t, end, sampler.windowS());
        const QString file = dir.filePath(frameFileName(i));
        if (!writePng(file, canvas.renderImage(size, caption), error))
            return {};
        written << file;
        if (progress && !progress(i + 1, frames) && i + 1 < frames) {
            if (error)
                *error = QObject::tr("Stopped after %1 of %2 frames.").arg(i + 1).arg(frames);
            break;
        }
    }
    removeOlderFramesFrom(dir, int(written.size()));
    return written;
}

} // namespace fabric::views
