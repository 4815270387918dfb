// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

namespace fabric::app {

/**
 * Scroll areas, lists, trees, text views, tab bars and push and tool buttons that the keyboard
 * focuses get a frame in the highlight colour (views::FocusFrameOverlay): the style shows their
 * focus faintly or not at all, so Tab seemed to land nowhere (a dock's scroll area, the History
 * list, the Run button). The widgets that draw themselves (the canvas, the heatmap, the
 * playback bar, a chart) make theirs. A field Tab reaches on a scrolling page is scrolled into
 * view, and Tab passes over the fields of a dock hidden behind another's tab and over a tab
 * bar's scroll arrows. Lives as long as the application it watches.
 */
class FocusFrames : public QObject
{
public:
    explicit FocusFrames(QObject *parent);
    ~FocusFrames() override;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
};

} // namespace fabric::app
