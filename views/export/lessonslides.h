// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "playback/simrun.h"

#include <QList>
#include <QSize>
#include <QSizeF>
#include <QString>
#include <QStringList>

class QPainter;

namespace fabric::views {

class FabricCanvas;

/// One step of a lesson as a slide: its title, its narrative (numbers filled in) and the run
/// drawn on it.
struct LessonSlide
{
    QString title;
    QString text;
    SimRunPtr run;
    /// Draw the run's heatmap (every link against time) instead of its fabric.
    bool heatmap = false;
};

/**
 * Colours @p canvas (showing the run's fabric) with each directed link's utilisation averaged
 * over the whole run, and highlights what the run is about: the SHARP tree, or the switch links
 * an ECMP run left idle. The average, not an instant, so a link busy between two ring steps is
 * never drawn idle.
 */
void showRunAverage(FabricCanvas &canvas, const SimRun &run);

/// Page size of a slide, in points (PDF) or SVG user units: 16:9.
inline constexpr QSize kSlideSize(1280, 720);

/// Device pixels a slide's heatmap picture has per slide unit (it is an image).
inline constexpr double kSlideHeatmapFineness = 2.0;

/**
 * Paints @p run's heatmap as a lesson slide shows it in a picture @p area slide units large:
 * on @p painter's device, kSlideHeatmapFineness pixels a unit, with the text of a screen of
 * @p area's size.
 */
void paintSlideHeatmap(QPainter &painter, const SimRun &run, const QSizeF &area);

/// Writes @p slides as one PDF, one page per slide, under @p lessonTitle. False and @p error
/// when the file cannot be written.
bool exportLessonPdf(const QList<LessonSlide> &slides, const QString &lessonTitle,
                     const QString &fileName, QString *error = nullptr);

/**
 * Writes @p slides as SVG files, one per slide: `BASE-1.svg`, `BASE-2.svg`, ... where BASE is
 * @p target without its `.svg`, or `target/NAME` when @p target is a folder (created when
 * missing). Returns the files written; empty and @p error on failure.
 */
QStringList exportLessonSvgs(const QList<LessonSlide> &slides, const QString &lessonTitle,
                             const QString &name, const QString &target, QString *error = nullptr);

/**
 * Writes what @p canvas shows now (its loads, badges, highlights and legend) as one slide with
 * @p title above and @p caption below: a PDF page or an SVG, by @p fileName's suffix.
 */
bool exportSlide(FabricCanvas &canvas, const QString &title, const QString &caption,
                 const QString &fileName, QString *error = nullptr);

} // namespace fabric::views
