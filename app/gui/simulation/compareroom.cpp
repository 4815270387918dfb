// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "compareroom.h"

#include "analysisdock.h"
#include "compareview.h"
#include "mainwindow.h"

#include <QDockWidget>
#include <QTabWidget>
#include <QTimer>

#include <algorithm>

namespace fabric::app {

CompareRoom::CompareRoom(MainWindow *window, AnalysisDock *dock)
    : QObject(window)
    , mWindow(window)
    , mDock(dock)
{
    connect(dock->tabs(), &QTabWidget::currentChanged, this, &CompareRoom::pageChanged);
}

bool CompareRoom::docked() const
{
    return mDock->isVisible() && !mDock->isFloating();
}

QList<QDockWidget *> CompareRoom::shownDocks() const
{
    QList<QDockWidget *> shown;
    for (QDockWidget *d : mWindow->findChildren<QDockWidget *>())
        if (d->isVisible() && !d->isFloating())
            shown << d;
    // In no order: raising a tabbed dock (a look at the Paths tab) moves it among the window's
    // children, and the same docks read as others, so the layout was never given back.
    std::sort(shown.begin(), shown.end());
    return shown;
}

void CompareRoom::pageChanged()
{
    QWidget *page = mDock->tabs()->currentWidget();
    const bool comparing = page && page->isAncestorOf(mDock->compareView());
    if (!comparing) {
        // Back to the layout the user had, unless they chose another height meanwhile: every
        // dock's size, not only this one's (resizing it back alone shares the room out anew: the
        // Metrics dock grows and the Simulation form is cut after Ranks).
        if (grown() && docked() && mDock->height() == mHeightGiven
            && shownDocks() == mDocksBefore) // nor closed or opened a dock
            mWindow->restoreState(mLayoutBefore);
        mLayoutBefore.clear();
        return;
    }
    if (!docked() || grown())
        return;
    // The page holds the view in a scroll area: what the dock adds around it stays the same.
    const int around = mDock->height() - page->height();
    const int wanted = std::min(
        around + mDock->compareView()->comfortableHeight(), mWindow->settledHeight() * 2 / 3);
    if (mDock->height() >= wanted)
        return;
    mLayoutBefore = mWindow->saveState();
    mDocksBefore = shownDocks();
    mWindow->resizeDocks({ mDock }, { wanted }, Qt::Vertical);
    // The docks take their new sizes in the next layout pass.
    QTimer::singleShot(0, this, [this] {
        if (grown())
            mHeightGiven = mDock->height();
    });
}

} // namespace fabric::app
