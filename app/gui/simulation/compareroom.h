// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QObject>

class QDockWidget;

namespace fabric::app {

class AnalysisDock;
class MainWindow;

/**
 * Gives the Compare tab room for its two fabrics. Under the fabric the analysis dock has a
 * quarter of the window, which at 1280x720 left each compared canvas a strip; beside it
 * (presentation mode on a short screen) it shares its column with the Simulation dock, and
 * the canvases were about 110 px high. Picking the tab grows the dock until the canvases are
 * CompareView::kCanvasComfortableHeight high, up to two thirds of the window; leaving it puts
 * every dock back to its size, unless the user resized this dock, or closed or opened one,
 * meanwhile. Nothing changes when the dock floats.
 */
class CompareRoom : public QObject
{
    Q_OBJECT
public:
    CompareRoom(MainWindow *window, AnalysisDock *dock);

private:
    void pageChanged();
    bool docked() const;
    bool grown() const { return !mLayoutBefore.isEmpty(); }
    /// The docks shown in the window (not floating).
    QList<QDockWidget *> shownDocks() const;

    MainWindow *mWindow;
    AnalysisDock *mDock;
    int mHeightGiven = 0; ///< The height it grew to, to tell whether the user resized it since.
    /// The window's docks before the tab grew this one; empty when it is not grown.
    QByteArray mLayoutBefore;
    QList<QDockWidget *> mDocksBefore; ///< The docks shown then.
};

} // namespace fabric::app
