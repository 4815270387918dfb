// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "focusframes.h"

#include "common/keyboardfocus.h"

#include <QAbstractScrollArea>
#include <QApplication>
#include <QFocusEvent>
#include <QScrollArea>

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
} // namespace

bool FocusFrames::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::FocusIn || !watched->isWidgetType())
        return QObject::eventFilter(watched, event);
    const Qt::FocusReason why = static_cast<QFocusEvent *>(event)->reason();
    auto *widget = static_cast<QWidget *>(watched);
    // The overlay follows the focus itself once made; a popup's list never shows a frame.
    if (why != Qt::PopupFocusReason)
        if (auto *area = qobject_cast<QAbstractScrollArea *>(widget))
            views::FocusFrameOverlay::of(area);
    if (why == Qt::TabFocusReason || why == Qt::BacktabFocusReason)
        bringIntoView(widget);
    return QObject::eventFilter(watched, event);
}

} // namespace fabric::app
