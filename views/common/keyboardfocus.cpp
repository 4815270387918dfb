// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "keyboardfocus.h"

#include <QPainter>
#include <QPen>
#include <QWidget>

namespace fabric::views {

namespace {
/// The window or a menu in front takes the focus for a while and gives it back: what it was stays.
bool passing(Qt::FocusReason why)
{
    return why == Qt::ActiveWindowFocusReason || why == Qt::PopupFocusReason;
}
} // namespace

void KeyboardFocus::focusIn(Qt::FocusReason why)
{
    if (!passing(why))
        mFromKeyboard = why == Qt::TabFocusReason || why == Qt::BacktabFocusReason
            || why == Qt::ShortcutFocusReason || why == Qt::OtherFocusReason;
}

void KeyboardFocus::focusOut(Qt::FocusReason why)
{
    if (!passing(why))
        mFromKeyboard = false;
}

bool KeyboardFocus::shown(const QWidget &widget) const
{
    return mFromKeyboard && widget.hasFocus();
}

void KeyboardFocus::draw(QPainter &p, const QWidget &widget, const QRectF &rect, int width) const
{
    if (!shown(widget))
        return;
    p.save();
    // Square corners: a bevelled one leaves the corner pixel out.
    p.setPen(QPen(widget.palette().color(QPalette::Highlight), width, Qt::SolidLine, Qt::SquareCap,
        Qt::MiterJoin));
    p.setBrush(Qt::NoBrush);
    const double inset = width / 2.0;
    p.drawRect(rect.adjusted(inset, inset, -inset, -inset));
    p.restore();
}

} // namespace fabric::views
