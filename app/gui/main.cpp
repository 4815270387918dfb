// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include <QApplication>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("FabricScope"));
    QApplication::setOrganizationName(QStringLiteral("FabricScope"));
    QApplication::setApplicationVersion(QStringLiteral(FABRICSCOPE_VERSION));
    MainWindow window;
    window.show();
    return app.exec();
}
