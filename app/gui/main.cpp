// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "autosave.h"
#include "guardedapplication.h"
#include "lessons.h"
#include "mainwindow.h"
#include "prompts.h"
#include "startup.h"

#include <QApplication>
#include <QGuiApplication>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
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
    const bool opened = fabric::app::applyStartup(window, *options);
    if (options->screenshot.isEmpty()) {
        fabric::app::Prompts prompts;
        fabric::app::AutoSave::offerRecovery(window, prompts);
        const fabric::app::AutoSave autosave(window);
        // The lessons are offered once, to someone who started the program without asking
        // for anything in particular, on a screen.
        if (options->file.isEmpty() && options->family.isEmpty() && options->lesson.isEmpty()
            && QGuiApplication::platformName() != QLatin1String("offscreen"))
            QTimer::singleShot(0, &window, [&window] {
                fabric::app::offerLessonsOnFirstStart(window);
            });
        return app.exec();
    }

    if (!opened)
        return 2;
    int status = 0;
    fabric::app::screenshotWhenReady(window, options->screenshot, [&status](bool ok) {
        status = ok ? 0 : 1;
        QApplication::quit();
    });
    app.exec();
    return status;
}
