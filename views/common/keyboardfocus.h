// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

namespace fabric::views {

/**
 * A frame in the highlight colour round a widget the keyboard brought the focus to (Tab, a
 * shortcut, a find box handing it on), so whoever works without a mouse sees where the keys
 * go; a click needs none. It is an overlay child of the widget, transparent to the mouse and
 * shown only while the frame is, so it draws over whatever covers the widget (a scroll area's
 * viewport, a chart view, the canvas's legend) and is never in a picture the widget renders.
 * It owns itself as the widget's child.
 */
class FocusFrameOverlay : public QWidget
{
public:
    explicit FocusFrameOverlay(QWidget *target, int width = 2);
    /// The overlay of @p target, made on first use.
    static FocusFrameOverlay *of(QWidget *target);
    /// Whether @p widget shows a frame now: it has an overlay, and the overlay is on screen.
    static bool isShownOn(const QWidget &widget);
    /// The focus came to the target from the keyboard and it still has it: the frame shows.
    bool shown() const { return mFromKeyboard && parentWidget()->hasFocus(); }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    static FocusFrameOverlay *find(const QWidget &target);
    void follow();

    bool mFromKeyboard = false;
    int mWidth;
};

} // namespace fabric::views
