// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "keyboardfocus.h"

#include <QFocusEvent>
#include <QPainter>
#include <QPen>

namespace fabric::views {

namespace {
/// The window or a menu in front takes the focus for a while and gives it back: what it was stays.
bool passing(Qt::FocusReason why)
{
    return why == Qt::ActiveWindowFocusReason || why == Qt::PopupFocusReason;
}

bool fromKeyboard(Qt::FocusReason why)
{
    return why == Qt::TabFocusReason || why == Qt::BacktabFocusReason
        || why == Qt::ShortcutFocusReason || why == Qt::OtherFocusReason;
}
} // namespace

FocusFrameOverlay::FocusFrameOverlay(QWidget *target, int width)
    : QWidget(target)
    , mWidth(width)
{
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setFocusPolicy(Qt::NoFocus);
    setGeometry(target->rect());
    // Made by an application filter on the target's first FocusIn, it still gets that event: the
    // target's own filters run after the application's.
    target->installEventFilter(this);
    for (QObject *sibling : target->children())
        if (sibling != this && sibling->isWidgetType())
            sibling->installEventFilter(this);
    follow();
}

FocusFrameOverlay *FocusFrameOverlay::find(const QWidget &target)
{
    for (QObject *child : target.children())
        if (auto *overlay = dynamic_cast<FocusFrameOverlay *>(child))
            return overlay;
    return nullptr;
}

FocusFrameOverlay *FocusFrameOverlay::of(QWidget *target)
{
    if (FocusFrameOverlay *overlay = find(*target))
        return overlay;
    return new FocusFrameOverlay(target);
}

bool FocusFrameOverlay::isShownOn(const QWidget &widget)
{
    const FocusFrameOverlay *overlay = find(widget);
    return overlay && overlay->shown() && overlay->isVisible();
}

void FocusFrameOverlay::follow()
{
    // Hidden while there is no frame: a see-through widget over a view that repaints every frame
    // of an animation would only cost.
    setVisible(shown());
    if (isVisible()) {
        raise(); // above children added since
        update();
    }
}

bool FocusFrameOverlay::eventFilter(QObject *watched, QEvent *event)
{
    // A scroll area raises its scroll bars whenever it lays them out (a resize, a range that
    // grew), over the frame's right edge: whatever is raised above it, it goes back on top.
    if (watched != parentWidget()) {
        if (event->type() == QEvent::ZOrderChange && isVisible())
            raise();
        return QWidget::eventFilter(watched, event);
    }
    switch (event->type()) {
    case QEvent::FocusIn:
        if (const auto why = static_cast<QFocusEvent *>(event)->reason(); !passing(why))
            mFromKeyboard = fromKeyboard(why);
        follow();
        break;
    case QEvent::FocusOut:
        if (!passing(static_cast<QFocusEvent *>(event)->reason()))
            mFromKeyboard = false;
        follow();
        break;
    case QEvent::Resize:
        setGeometry(parentWidget()->rect());
        break;
    case QEvent::ChildAdded:
        if (QObject *child = static_cast<QChildEvent *>(event)->child();
            child != this && child->isWidgetType())
            child->installEventFilter(this);
        break;
    default:
        break;
    }
    return QWidget::eventFilter(watched, event);
}

void FocusFrameOverlay::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    // Square corners: a bevelled one leaves the corner pixel out.
    p.setPen(QPen(parentWidget()->palette().color(QPalette::Highlight), mWidth, Qt::SolidLine,
        Qt::SquareCap, Qt::MiterJoin));
    p.setBrush(Qt::NoBrush);
    const double inset = mWidth / 2.0;
    p.drawRect(QRectF(rect()).adjusted(inset, inset, -inset, -inset));
}

} // namespace fabric::views
