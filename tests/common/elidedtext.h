// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QGraphicsView>
#include <QStringList>
#include <QWidget>

/// The texts Qt Charts (or any graphics view in @p root) shows elided: it cuts an axis's
/// numbers and title to "..." when the chart is too short for them. Only visible views count.
inline QStringList elidedTexts(const QWidget *root)
{
    QStringList out;
    for (const QGraphicsView *view : root->findChildren<QGraphicsView *>()) {
        if (!view->isVisible() || !view->scene())
            continue;
        for (const QGraphicsItem *item : view->scene()->items()) {
            const auto *text = dynamic_cast<const QGraphicsTextItem *>(item);
            if (text && text->isVisible() && text->toPlainText().endsWith(QLatin1String("...")))
                out.append(text->toPlainText());
        }
    }
    return out;
}
