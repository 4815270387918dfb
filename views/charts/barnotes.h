// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QFont>
#include <QList>
#include <QStringList>

class QChart;
class QGraphicsSimpleTextItem;
class QRectF;

namespace fabric::views {

/**
 * Words written in the rows of a horizontal bar chart that have no bar, such as a failure that
 * cuts rank pairs off and so has no slowdown: an empty row reads as a zero.
 */
class BarNotes
{
public:
    explicit BarNotes(QChart *chart);
    BarNotes(const BarNotes &) = delete;
    BarNotes &operator=(const BarNotes &) = delete;
    ~BarNotes();

    /// One note per row, top row first; an empty string writes nothing in its row.
    void setNotes(const QStringList &notes, const QFont &font, const QColor &colour);
    /// Writes each note at the left of its row of @p plot, when @p visible (rows tall enough
    /// for a line of text).
    void place(const QRectF &plot, bool visible);

private:
    void clear();

    QChart *mChart;
    QList<QGraphicsSimpleTextItem *> mItems; ///< Per row; null where the row has no note.
};

} // namespace fabric::views
