// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QList>

class QAction;

namespace fabric::app {

/// Help > Keyboard Shortcuts: every action that has a shortcut, read from the actions
/// themselves so the list never goes stale.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    ShortcutsDialog(const QList<QAction *> &actions, QWidget *parent = nullptr);
};

} // namespace fabric::app
