// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "scrollable.h"

#include <QEvent>
#include <QScrollArea>
#include <QScrollBar>

#include <algorithm>

namespace fabric::app {

namespace {

/// Scrolls up and down only, so it must be at least as wide as what it holds: otherwise a
/// larger font (presentation mode) cuts the right edge of every row off, with no scroll bar
/// to reach it. Its dock then widens instead.
class VerticalScrollArea : public QScrollArea
{
public:
    QSize minimumSizeHint() const override
    {
        const QSize base = QScrollArea::minimumSizeHint();
        if (!widget())
            return base;
        const int needed = widget()->minimumSizeHint().width()
            + verticalScrollBar()->sizeHint().width() + 2 * frameWidth();
        return { std::max(base.width(), needed), base.height() };
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        // The content's layout changed (a font change, rows shown or hidden): the width asked
        // for above may have too, and the layouts around only learn it from updateGeometry.
        if (watched == widget() && event->type() == QEvent::LayoutRequest)
            updateGeometry();
        return QScrollArea::eventFilter(watched, event);
    }
};

} // namespace

QScrollArea *scrollable(QWidget *content, bool horizontal)
{
    QScrollArea *scroll = horizontal ? new QScrollArea : new VerticalScrollArea;
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(horizontal ? Qt::ScrollBarAsNeeded
                                                    : Qt::ScrollBarAlwaysOff);
    scroll->setWidgetResizable(true);
    scroll->setWidget(content);
    // The area was a Tab stop of its own that drew no focus: Tab (or a dialog's first focus)
    // seemed to land nowhere. A form's fields take Tab instead, and the area follows them.
    // Content with a view of its own (a chart, a list, a table) keeps the area as a stop: a
    // view keeps Page Down and the arrows to itself, so only the area could scroll past it.
    QList<QWidget *> widgets = content->findChildren<QWidget *>();
    widgets << content;
    const auto takesTab = [](const QWidget *w) { return (w->focusPolicy() & Qt::TabFocus) != 0; };
    const auto keepsKeys = [&takesTab](const QWidget *w) {
        return takesTab(w) && qobject_cast<const QAbstractScrollArea *>(w);
    };
    if (std::any_of(widgets.begin(), widgets.end(), takesTab)
        && std::none_of(widgets.begin(), widgets.end(), keepsKeys))
        scroll->setFocusPolicy(Qt::NoFocus);
    return scroll;
}

} // namespace fabric::app
