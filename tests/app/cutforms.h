// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QScrollArea>
#include <QString>
#include <QWidget>

/// The first visible form in @p window that scrolls only up and down yet is wider than its
/// viewport, so its rows are cut at the right with no way to reach them ("NAME is W px wide in
/// V px"); empty when every such form shows its rows whole.
inline QString firstCutForm(const QWidget *window)
{
    for (const QScrollArea *form : window->findChildren<QScrollArea *>()) {
        if (!form->isVisible() || !form->widget()
            || form->horizontalScrollBarPolicy() != Qt::ScrollBarAlwaysOff)
            continue;
        if (form->widget()->width() > form->viewport()->width())
            return QStringLiteral("%1 is %2 px wide in %3 px")
                .arg(QString::fromLatin1(form->widget()->metaObject()->className()))
                .arg(form->widget()->width())
                .arg(form->viewport()->width());
    }
    return {};
}
