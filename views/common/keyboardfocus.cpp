// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "keyboardfocus.h"

#include <QFocusEvent>
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

FocusFrameOverlay::FocusFrameOverlay(QWidget *target, int width)
    : QWidget(target)
    , mWidth(width)
{
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setFocusPolicy(Qt::NoFocus);
    setGeometry(target->rect());
    // A child made after its parent was shown stays hidden until told.
    show();
    raise();
    target->installEventFilter(this);
    // Made while the target already has the focus (on its first FocusIn): take it as given.
    if (target->hasFocus())
        mFocus.focusIn(Qt::TabFocusReason);
}

FocusFrameOverlay *FocusFrameOverlay::of(QWidget *target)
{
    for (QObject *child : target->children())
        if (auto *overlay = dynamic_cast<FocusFrameOverlay *>(child))
            return overlay;
    return new FocusFrameOverlay(target);
}

bool FocusFrameOverlay::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == parentWidget()) {
        switch (event->type()) {
        case QEvent::FocusIn:
            mFocus.focusIn(static_cast<QFocusEvent *>(event)->reason());
            raise(); // above children added since
            update();
            break;
        case QEvent::FocusOut:
            mFocus.focusOut(static_cast<QFocusEvent *>(event)->reason());
            update();
            break;
        case QEvent::Resize:
            setGeometry(parentWidget()->rect());
            raise();
            break;
        default:
            break;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void FocusFrameOverlay::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    mFocus.draw(p, *parentWidget(), rect(), mWidth);
}

} // namespace fabric::views
