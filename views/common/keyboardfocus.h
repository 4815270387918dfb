// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Qt>

class QPainter;
class QRectF;
class QWidget;

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

} // namespace fabric::views
