// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "autosave.h"
#include "guardedapplication.h"
#include "lessons.h"
#include "mainwindow.h"
#include "prompts.h"
#include "startup.h"

#include "common/numberlocale.h"

#include <QApplication>
#include <QGuiApplication>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <optional>
#include <string_view>

namespace {

void nameApplication()
{
    QCoreApplication::setApplicationName(QStringLiteral("FabricScope"));
    QCoreApplication::setOrganizationName(QStringLiteral("FabricScope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(FABRICSCOPE_VERSION));
}

/// Whether the command line only asks for help or the version: those must print and exit even
/// where no display can be opened (a terminal over SSH, the man page generator at build time).
bool onlyPrints(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const std::string_view a(argv[i]);
        if (a == "-h" || a == "--help" || a == "--help-all" || a == "-v" || a == "--version")
            return true;
    }
    return false;
}

} // namespace

int main(int argc, char **argv)
{
    if (onlyPrints(argc, argv)) {
        QCoreApplication app(argc, argv);
        nameApplication();
        QString error;
        fabric::app::parseCommandLine(QCoreApplication::arguments(), &error); // prints, exits
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 2;
    }
    fabric::app::GuardedApplication app(argc, argv);
    fabric::views::useEnglishNumbers();
    nameApplication();

    QString error;
    const auto options = fabric::app::parseCommandLine(QApplication::arguments(), &error);
    if (!options) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 2;
    }
    // Screenshots neither use nor change the user's window layout and recent files.
    QTemporaryDir scratchSettings;
    if (!options->screenshot.isEmpty())
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, scratchSettings.path());
    fabric::app::MainWindow window;
    if (!options->screenshot.isEmpty())
        window.setPrompts(fabric::app::consolePrompts());
    window.show();
    // What the command line asks for is opened from inside the event loop: opening a lesson or
    // a file, and the recovery question, run event loops of their own (progress, dialogs), and
    // objects Qt deletes later from such a loop before app.exec() are never deleted. The charts
    // of a lesson opened so kept the axes they replaced, drawn over the new ones.
    if (options->screenshot.isEmpty()) {
        std::optional<fabric::app::AutoSave> autosave;
        QTimer::singleShot(0, &window, [&] {
            fabric::app::applyStartup(window, *options);
            fabric::app::Prompts prompts;
            const bool restored = fabric::app::AutoSave::offerRecovery(window, prompts);
            autosave.emplace(window);
            // Its copy was removed as it opened: a new one at once, or a crash in the next
            // two minutes lost the restored work for good.
            if (restored)
                autosave->saveNow();
            // The lessons are offered once, to someone who started the program without asking
            // for anything in particular, on a screen.
            if (options->file.isEmpty() && options->family.isEmpty() && options->lesson.isEmpty()
                && QGuiApplication::platformName() != QLatin1String("offscreen"))
                fabric::app::offerLessonsOnFirstStart(window);
        });
        return app.exec();
    }

    int status = 0;
    QTimer::singleShot(0, &window, [&] {
        if (!fabric::app::applyStartup(window, *options)) {
            status = 2;
            QApplication::quit();
            return;
        }
        fabric::app::screenshotWhenReady(
            window, options->screenshot, options->presentation, [&status](bool ok) {
                status = ok ? 0 : 1;
                QApplication::quit();
            });
    });
    app.exec();
    return status;
}
