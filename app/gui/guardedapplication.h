// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QApplication>

namespace fabric::app {

/**
 * The GUI's QApplication: an exception that escapes an event handler (a slot, a paint, a
 * timer) stops at the event loop instead of terminating the program. The event is dropped and
 * the user is told in one dialog; the open document stays, so its unsaved work can be saved.
 */
class GuardedApplication : public QApplication
{
    Q_OBJECT
public:
    GuardedApplication(int &argc, char **argv);

    bool notify(QObject *receiver, QEvent *event) override;

    /// How many exceptions were caught (for tests).
    int caughtExceptions() const { return mCaught; }

private:
    void report(const QString &what);

    int mCaught = 0;
    bool mReporting = false;
};

} // namespace fabric::app
