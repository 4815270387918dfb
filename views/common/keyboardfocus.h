// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

namespace fabric::views {

/**
 * Whether a widget that draws itself got its focus from the keyboard (Tab, a shortcut, a find box
 * handing it on), so it shows a frame where the keys go; a click needs none. The widget calls
 * focusIn() and focusOut() from its focus events and draw() at the end of its paint.
 */
class KeyboardFocus
{
public:
    void focusIn(Qt::FocusReason why);
    void focusOut(Qt::FocusReason why);
    /// The focus came from the keyboard and @p widget still has it.
    bool shown(const QWidget &widget) const;
    /// When shown(): a frame @p width pixels wide inside @p rect, in @p widget's highlight colour.
    void draw(QPainter &p, const QWidget &widget, const QRectF &rect, int width = 3) const;

private:
    bool mFromKeyboard = false;
};

/**
 * The KeyboardFocus frame of a widget whose children cover whatever it paints itself (a scroll
 * area, a list, a panel holding a chart view): an overlay child, transparent to the mouse,
 * that follows the widget's size and focus. It owns itself as the widget's child.
 */
class FocusFrameOverlay : public QWidget
{
public:
    explicit FocusFrameOverlay(QWidget *target, int width = 2);
    /// The overlay of @p target, made on first use.
    static FocusFrameOverlay *of(QWidget *target);
    /// The focus came to the target from the keyboard and it still has it: the frame shows.
    bool shown() const { return mFocus.shown(*parentWidget()); }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    KeyboardFocus mFocus;
    int mWidth;
};

} // namespace fabric::views
