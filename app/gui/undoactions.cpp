// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "undoactions.h"

#include <QAction>
#include <QCoreApplication>
#include <QUndoGroup>

namespace fabric::app {

QString menuLiteral(QString text)
{
    return text.replace(QLatin1Char('&'), QStringLiteral("&&"));
}

QAction *createUndoGroupAction(QUndoGroup *group, UndoDirection direction, QObject *parent)
{
    const bool undo = direction == UndoDirection::Undo;
    auto *action = new QAction(parent);
    action->setObjectName(undo ? QStringLiteral("actionUndo") : QStringLiteral("actionRedo"));
    const QString bare = undo ? QCoreApplication::translate("MainWindow", "&Undo")
                              : QCoreApplication::translate("MainWindow", "&Redo");
    const QString plain = QString(bare).remove(QLatin1Char('&'));
    // Lists of commands (Help > Keyboard Shortcuts) name it so, not "Undo Add gpu-3".
    action->setProperty(kListedNameProperty, plain);
    const auto setCommandText = [action, bare, plain](const QString &commandText) {
        action->setText(
            commandText.isEmpty() ? bare : bare + QLatin1Char(' ') + menuLiteral(commandText));
        // The tooltip is not a menu item: there the text is shown as it is.
        action->setToolTip(
            plain + (commandText.isEmpty() ? QString() : QLatin1Char(' ') + commandText));
    };
    // The group's undo and redo sides differ only in which of its signals and slots they use.
    const auto textChanged = undo ? &QUndoGroup::undoTextChanged : &QUndoGroup::redoTextChanged;
    const auto canChanged = undo ? &QUndoGroup::canUndoChanged : &QUndoGroup::canRedoChanged;
    const auto perform = undo ? &QUndoGroup::undo : &QUndoGroup::redo;
    QObject::connect(group, textChanged, action, setCommandText);
    QObject::connect(group, canChanged, action, &QAction::setEnabled);
    QObject::connect(action, &QAction::triggered, group, perform);
    setCommandText(undo ? group->undoText() : group->redoText());
    action->setEnabled(undo ? group->canUndo() : group->canRedo());
    return action;
}

} // namespace fabric::app
