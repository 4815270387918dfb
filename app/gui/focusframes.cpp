// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "focusframes.h"

#include "common/keyboardfocus.h"

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QApplication>
#include <QDockWidget>
#include <QFocusEvent>
#include <QKeyEvent>
#include <QPointer>
#include <QPushButton>
#include <QScrollArea>
#include <QTabBar>
#include <QToolButton>

namespace fabric::app {

FocusFrames::FocusFrames(QObject *parent)
    : QObject(parent)
{
    qApp->installEventFilter(this);
}

FocusFrames::~FocusFrames()
{
    qApp->removeEventFilter(this);
}

namespace {
/// Scrolls the page @p widget sits on so it shows: Tab from outside a dock's scrolling page
/// could land on a field below its fold (QScrollArea only follows Tab from inside it). A widget
/// larger than the page (a chart) places itself.
void bringIntoView(QWidget *widget)
{
    for (QWidget *p = widget->parentWidget(); p; p = p->parentWidget())
        if (auto *scroll = qobject_cast<QScrollArea *>(p)) {
            if (scroll->widget() && scroll->widget() != widget
                && widget->width() <= scroll->viewport()->width()
                && widget->height() <= scroll->viewport()->height())
                scroll->ensureWidgetVisible(widget);
            return;
        }
}

/// Nothing of @p widget is inside its window: each parent clips it to its own rectangle.
/// (visibleRegion() also takes away the children that cover it, so a list without a frame,
/// covered by its viewport and scroll bar, seemed out of sight.)
bool clippedAway(const QWidget *widget)
{
    QRect shown = widget->rect();
    for (const QWidget *w = widget; !w->isWindow() && w->parentWidget(); w = w->parentWidget()) {
        shown = shown.translated(w->pos()) & w->parentWidget()->rect();
        if (shown.isEmpty())
            return true;
    }
    return false;
}

/// Shown, but where no one can see it: QMainWindow keeps a dock behind another dock's tab
/// shown and moves it out of the window, and so it does with the tab bar of docks hidden in
/// presentation mode. Those stay in the Tab chain: Tab landed on the Paths list, the Metrics
/// tree or a tab bar with nothing on screen to show it. A field below the fold of a scrolling
/// page is not out of sight: it is scrolled into view.
bool outOfSight(const QWidget *widget)
{
    bool onAPage = false;
    for (const QWidget *p = widget->parentWidget(); p; p = p->parentWidget()) {
        if (const auto *dock = qobject_cast<const QDockWidget *>(p))
            return !dock->isFloating() && clippedAway(dock);
        onAPage = onAPage || qobject_cast<const QScrollArea *>(p);
    }
    return !onAPage && clippedAway(widget);
}

/// Moves the focus on to the next (or, Shift+Tab, the previous) stop, as Tab does.
void tabOn(QWidget *from, bool forward)
{
    QPointer<QWidget> window = from->window();
    // After the focus change under way has finished, not from inside it.
    QMetaObject::invokeMethod(
        window,
        [window, forward] {
            if (!window)
                return;
            QKeyEvent key(QEvent::KeyPress, forward ? Qt::Key_Tab : Qt::Key_Backtab,
                forward ? Qt::NoModifier : Qt::ShiftModifier);
            QCoreApplication::sendEvent(window, &key);
        },
        Qt::QueuedConnection);
}

/// The style marks these faintly, if at all, when they have the focus: a pale fill on a tab,
/// a thin line on a button. (A check box keeps the style's mark: in a form it is as wide as the
/// row, and a frame round it ran over its box.)
bool framed(const QWidget *widget)
{
    return qobject_cast<const QAbstractScrollArea *>(widget)
        || qobject_cast<const QTabBar *>(widget) || qobject_cast<const QPushButton *>(widget)
        || qobject_cast<const QToolButton *>(widget);
}

/// A tab bar's scroll arrows: the arrow keys on the bar do what they do, and as Tab stops of
/// their own (presentation mode's tabs overflow) they were two more stops to pass.
bool tabBarArrow(const QWidget *widget)
{
    return qobject_cast<const QAbstractButton *>(widget)
        && qobject_cast<const QTabBar *>(widget->parentWidget());
}
} // namespace

bool FocusFrames::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::FocusIn || !watched->isWidgetType())
        return QObject::eventFilter(watched, event);
    const Qt::FocusReason why = static_cast<QFocusEvent *>(event)->reason();
    auto *widget = static_cast<QWidget *>(watched);
    const bool tabbed = why == Qt::TabFocusReason || why == Qt::BacktabFocusReason;
    const bool arrow = tabbed && tabBarArrow(widget);
    if (arrow)
        widget->setFocusPolicy(Qt::NoFocus);
    if (arrow || (tabbed && outOfSight(widget))) {
        tabOn(widget, why == Qt::TabFocusReason);
        return QObject::eventFilter(watched, event);
    }
    // The overlay follows the focus itself once made; a popup's list never shows a frame.
    if (why != Qt::PopupFocusReason && framed(widget))
        views::FocusFrameOverlay::of(widget);
    if (tabbed)
        bringIntoView(widget);
    return QObject::eventFilter(watched, event);
}

} // namespace fabric::app
