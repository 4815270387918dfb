// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "focusframes.h"

#include "common/keyboardfocus.h"

#include <QAbstractScrollArea>
#include <QApplication>
#include <QFocusEvent>
#include <QGraphicsView>

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

bool FocusFrames::eventFilter(QObject *watched, QEvent *event)
{
    // The overlay follows the focus itself once made; a popup's list never shows a frame.
    if (event->type() == QEvent::FocusIn
        && static_cast<QFocusEvent *>(event)->reason() != Qt::PopupFocusReason)
        if (auto *area = qobject_cast<QAbstractScrollArea *>(watched);
            area && !qobject_cast<QGraphicsView *>(area))
            views::FocusFrameOverlay::of(area);
    return QObject::eventFilter(watched, event);
}

} // namespace fabric::app
