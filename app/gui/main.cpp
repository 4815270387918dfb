// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"
#include "prompts.h"
#include "startup.h"

#include <QApplication>
#include <QSettings>
#include <QTemporaryDir>

#include <cstdio>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("FabricScope"));
    QApplication::setOrganizationName(QStringLiteral("FabricScope"));
    QApplication::setApplicationVersion(QStringLiteral(FABRICSCOPE_VERSION));

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
    if (options->screenshot.isEmpty())
        return app.exec();

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
