// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "letterkeys.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>

namespace fabric::app {

LetterKeys::LetterKeys(QObject *parent)
    : QObject(parent)
{
    qApp->installEventFilter(this);
}

LetterKeys::~LetterKeys()
{
    qApp->removeEventFilter(this);
}

bool LetterKeys::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::ShortcutOverride)
        return false;
    const auto *key = static_cast<QKeyEvent *>(event);
    const Qt::KeyboardModifiers typing = Qt::ShiftModifier | Qt::KeypadModifier;
    const bool letter = key->text().size() == 1 && key->text().front().isLetterOrNumber()
        && (key->modifiers() & ~typing) == Qt::NoModifier;
    if (letter
        && (qobject_cast<QComboBox *>(watched) || qobject_cast<QAbstractItemView *>(watched))) {
        event->accept(); // the key goes to the widget as a key press, not to the shortcut
        return true;
    }
    return false;
}

} // namespace fabric::app
