// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "barnotes.h"

#include <QBrush>
#include <QChart>
#include <QGraphicsSimpleTextItem>
#include <QRectF>

namespace fabric::views {

BarNotes::BarNotes(QChart *chart)
    : mChart(chart)
{
}

BarNotes::~BarNotes()
{
    // The items are the chart's children: it deletes them with itself.
}

void BarNotes::clear()
{
    qDeleteAll(mItems);
    mItems.clear();
}

void BarNotes::setNotes(const QStringList &notes, const QFont &font, const QColor &colour)
{
    clear();
    for (const QString &note : notes) {
        if (note.isEmpty()) {
            mItems.append(nullptr);
            continue;
        }
        auto *item = new QGraphicsSimpleTextItem(note, mChart);
        item->setFont(font);
        item->setBrush(colour);
        item->setZValue(10); // over the grid
        item->hide(); // until place() knows where the rows are
        mItems.append(item);
    }
}

void BarNotes::place(const QRectF &plot, bool visible)
{
    const double row = mItems.isEmpty() ? 0 : plot.height() / double(mItems.size());
    for (qsizetype i = 0; i < mItems.size(); ++i) {
        QGraphicsSimpleTextItem *item = mItems[i];
        if (!item)
            continue;
        item->setVisible(visible);
        const double height = item->boundingRect().height();
        // The value axis starts at 0 on the left: the note stands where the bar would begin.
        item->setPos(plot.left() + 4, plot.top() + row * (double(i) + 0.5) - height / 2);
    }
}

} // namespace fabric::views
