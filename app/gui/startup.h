// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generators/registry.h"

#include <QImage>
#include <QSize>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

class QWidget;

namespace fabric::app {

class MainWindow;
class Prompts;

/// What the command line asks for: `fabricscope [FILE] [--template FAMILY [--set KEY=VALUE]...]
/// [--lesson NAME] [--run-default-scenario] [--screenshot PNG [--size WxH]]`.
struct StartupOptions
{
    QString file; ///< A fabric to open; empty = the embedded default.
    QString family; ///< Generate this family instead of opening a file.
    QString lesson; ///< Open this lesson (a shipped one's name or a NAME.lesson.json file).
    gen::ParamText params;
    QString screenshot; ///< Render the window to this PNG once the fabric is shown, then quit.
    QSize size; ///< Window size (for a screenshot, or to rehearse a projector's size).
    /// Run the simulation dock's scenario once the fabric is shown, unless the file's last-run
    /// scenario is running already (screenshots then wait for the run).
    bool runScenario = false;
    /// Start in presentation mode (F11): full screen, or with @c size in a window that large,
    /// laid out as on a screen of that size.
    bool presentation = false;
};

/// Parses @p arguments (argv, program name first). Returns nullopt and sets @p error (or
/// prints help/version and sets @p error empty) when the program should stop.
std::optional<StartupOptions> parseCommandLine(const QStringList &arguments, QString *error);

/// Opens what @p options name in @p window. False when the file or template was bad (an error
/// was shown or, for screenshots, printed).
bool applyStartup(MainWindow &window, const StartupOptions &options);

/// Prompts for unattended runs (screenshots): errors go to stderr, unsaved changes are kept
/// unsaved, dialogs are cancelled.
std::unique_ptr<Prompts> consolePrompts();

/// @p widget as it will look once what its last change queued has run (layouts, a scroll bar
/// coming or going).
QImage settledPicture(QWidget &widget);

/// Once the canvas has drawn, the metrics are in, no simulation is running and, when
/// @p presentation, presentation mode has its window size, renders @p window to @p fileName
/// and calls @p done with whether the PNG was written.
void screenshotWhenReady(
    MainWindow &window, const QString &fileName, bool presentation, std::function<void(bool)> done);

} // namespace fabric::app
