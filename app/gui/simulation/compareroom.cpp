// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "compareroom.h"

#include "analysisdock.h"
#include "compareview.h"
#include "mainwindow.h"

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

bool CompareRoom::underTheFabric() const
{
    return mDock->isVisible() && !mDock->isFloating()
        && mWindow->dockWidgetArea(mDock) == Qt::BottomDockWidgetArea;
}

void CompareRoom::pageChanged()
{
    QWidget *page = mDock->tabs()->currentWidget();
    const bool comparing = page && page->isAncestorOf(mDock->compareView());
    if (!comparing) {
        // Back to the height the user had, unless they chose another one meanwhile.
        if (mHeightBefore > 0 && underTheFabric() && mDock->height() == mHeightGiven)
            mWindow->resizeDocks({ mDock }, { mHeightBefore }, Qt::Vertical);
        mHeightBefore = 0;
        return;
    }
    if (!underTheFabric() || mHeightBefore > 0)
        return;
    // The page holds the view in a scroll area: what the dock adds around it stays the same.
    const int around = mDock->height() - page->height();
    const int wanted = std::min(
        around + mDock->compareView()->comfortableHeight(), mWindow->settledHeight() * 2 / 3);
    if (mDock->height() >= wanted)
        return;
    mHeightBefore = mDock->height();
    mWindow->resizeDocks({ mDock }, { wanted }, Qt::Vertical);
    // The docks take their new sizes in the next layout pass.
    QTimer::singleShot(0, this, [this] {
        if (mHeightBefore > 0)
            mHeightGiven = mDock->height();
    });
}

} // namespace fabric::app
