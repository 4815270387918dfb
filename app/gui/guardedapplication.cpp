// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "guardedapplication.h"

#include <QMessageBox>
#include <QTimer>

#include <exception>
#include <new>

namespace fabric::app {

GuardedApplication::GuardedApplication(int &argc, char **argv)
    : QApplication(argc, argv)
{}

bool GuardedApplication::notify(QObject *receiver, QEvent *event)
{
    try {
        return QApplication::notify(receiver, event);
    } catch (const std::bad_alloc &) {
        report(tr("There was not enough memory to finish the last action."));
    } catch (const std::exception &e) {
        report(tr("The last action failed: %1").arg(QString::fromUtf8(e.what())));
    } catch (...) {
        report(tr("The last action failed with an unknown error."));
    }
    return false;
}

void GuardedApplication::report(const QString &what)
{
    ++mCaught;
    qWarning("%s", qPrintable(what));
    // Shown from the event loop, not from inside the failed handler; one dialog at a time.
    if (mReporting || platformName() == QLatin1String("offscreen"))
        return;
    mReporting = true;
    QTimer::singleShot(0, this, [this, what] {
        QMessageBox::warning(activeWindow(), tr("FabricScope"),
                             what + QLatin1Char('\n')
                                 + tr("Your document is still open; save it if you can."));
        mReporting = false;
    });
}

} // namespace fabric::app
