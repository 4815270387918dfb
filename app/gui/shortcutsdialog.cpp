// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "shortcutsdialog.h"

#include "prompts.h"
#include "undoactions.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace fabric::app {

ShortcutsDialog::ShortcutsDialog(const QList<QAction *> &actions, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    auto *table = new QTableWidget(0, 2, this);
    table->setHorizontalHeaderLabels({ tr("Action"), tr("Shortcut") });
    table->verticalHeader()->hide();
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    for (const QAction *a : actions) {
        if (a->shortcuts().isEmpty())
            continue;
        QStringList keys;
        for (const QKeySequence &k : a->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        const int row = table->rowCount();
        table->insertRow(row);
        const QString listed = a->property(kListedNameProperty).toString();
        table->setItem(row, 0,
            new QTableWidgetItem(listed.isEmpty() ? a->text().remove(QLatin1Char('&')) : listed));
        table->setItem(row, 1, new QTableWidgetItem(keys.join(QStringLiteral(", "))));
    }
    table->sortItems(0);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(table);
    layout->addWidget(buttons);
    // Wide enough for the longest action and its keys at the dialog's text size: a fixed
    // 480x520 cut "Ctrl+Shift+N" to "Ctrl+Shi..." in presentation mode's larger text.
    table->resizeColumnToContents(0);
    table->resizeColumnToContents(1);
    table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    const int rows = fontMetrics().height() * 26;
    QSize wanted(table->columnWidth(0) + table->columnWidth(1) + 60, rows);
    wanted = wanted.expandedTo(QSize(480, 520));
    if (const QSize room = screenRoom(parent); room.isValid())
        wanted = wanted.boundedTo(room);
    resize(wanted);
}

} // namespace fabric::app
