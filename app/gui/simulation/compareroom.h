// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

namespace fabric::app {

class AnalysisDock;
class MainWindow;

/**
 * Gives the Compare tab room for its two fabrics. Under the fabric the analysis dock has a
 * quarter of the window, which at 1280x720 left each compared canvas a strip. Picking the tab
 * grows the dock until the canvases are CompareView::kCanvasComfortableHeight high, up to two
 * thirds of the window; leaving it puts the dock back to its height, unless the user resized
 * the dock meanwhile. Nothing changes when the dock floats or sits beside the fabric
 * (presentation mode on a short screen), where it is already tall.
 */
class CompareRoom : public QObject
{
    Q_OBJECT
public:
    CompareRoom(MainWindow *window, AnalysisDock *dock);

private:
    void pageChanged();
    bool underTheFabric() const;

    MainWindow *mWindow;
    AnalysisDock *mDock;
    int mHeightBefore = 0; ///< The dock's height before the Compare tab grew it; 0 when not grown.
    int mHeightGiven = 0; ///< The height it grew to, to tell whether the user resized it since.
};

} // namespace fabric::app
