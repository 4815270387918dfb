// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "wrappinglabel.h"

#include <QResizeEvent>

namespace fabric::app {

WrappingLabel::WrappingLabel(QWidget *parent)
    : QLabel(parent)
{
    setWordWrap(true);
}

QSize WrappingLabel::minimumSizeHint() const
{
    QSize hint = QLabel::minimumSizeHint();
    if (!text().isEmpty() && width() > 0)
        hint.setHeight(std::max(hint.height(), heightForWidth(width())));
    return hint;
}

void WrappingLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    // Narrower means more lines: the layout must ask again. Only the width changes the
    // height asked for, so this settles after one round.
    if (event->size().width() != event->oldSize().width())
        updateGeometry();
}

} // namespace fabric::app
