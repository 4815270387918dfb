// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QAction;
class QObject;
class QUndoGroup;

namespace fabric::app {

/// @p text shown as it is in a menu item: each '&' doubled, so none becomes an access key.
QString menuLiteral(QString text);

enum class UndoDirection { Undo, Redo };

/// A QAction property: the action's name in a list of commands, where its text changes with
/// what it would do ("Undo Add gpu-3"). Absent: the text.
inline constexpr char kListedNameProperty[] = "listedName";

/**
 * Edit > Undo or Redo for @p group's active stack, named "Undo Remove R&D leaf" with the
 * command's text taken literally. QUndoGroup::createUndoAction() puts the text in the item as
 * it is, so a node named "R&D leaf" showed as "RD leaf" with D as a second access key.
 * Object names actionUndo and actionRedo.
 */
QAction *createUndoGroupAction(QUndoGroup *group, UndoDirection direction, QObject *parent);

} // namespace fabric::app
