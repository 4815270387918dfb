// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStyledItemDelegate>

namespace fabric::app {

/**
 * Draws an item whose text is "title\ndescription" with the title in bold above its
 * description, both wrapped to the view's width: a list of entries that each carry a sentence
 * (the lesson gallery) reads as a list of names to scan, not one block of text.
 */
class TitledItemDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter *painter, const QStyleOptionViewItem &option,
        const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    /// Pixels of padding around the texts.
    static constexpr int kPadding = 6;
    /// The two texts' boxes for an item @p width pixels wide, from its top-left corner.
    struct Boxes
    {
        QRect title, description;
    };
    static Boxes layout(const QStyleOptionViewItem &option, const QString &text, int width);
};

} // namespace fabric::app
