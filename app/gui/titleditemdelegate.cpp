// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "titleditemdelegate.h"

#include <QApplication>
#include <QListView>
#include <QPainter>

#include <algorithm>

namespace fabric::app {

namespace {
QFont weighted(QFont font, bool bold)
{
    font.setBold(bold);
    return font;
}

QString titleOf(const QString &text)
{
    return text.section(QLatin1Char('\n'), 0, 0);
}
QString descriptionOf(const QString &text)
{
    return text.section(QLatin1Char('\n'), 1);
}
} // namespace

TitledItemDelegate::Boxes TitledItemDelegate::layout(
    const QStyleOptionViewItem &option, const QString &text, int width)
{
    const int inner = std::max(1, width - 2 * kPadding);
    const QRect room(kPadding, kPadding, inner, 100000);
    Boxes boxes;
    boxes.title = QFontMetrics(weighted(option.font, true))
                      .boundingRect(room, Qt::TextWordWrap, titleOf(text));
    const QString description = descriptionOf(text);
    if (!description.isEmpty())
        boxes.description = QFontMetrics(weighted(option.font, false))
                                .boundingRect(room.translated(0, boxes.title.height() + 2),
                                    Qt::TextWordWrap, description);
    return boxes;
}

void TitledItemDelegate::paint(
    QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    // The model's text: the option's has its line breaks turned into line separators.
    const QString text = index.data(Qt::DisplayRole).toString();
    opt.text.clear(); // the style draws the background, selection and focus; the texts are ours
    const QWidget *widget = opt.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const Boxes boxes = layout(opt, text, opt.rect.width());
    const bool selected = opt.state & QStyle::State_Selected;
    painter->save();
    painter->setPen(
        opt.palette.color(QPalette::Normal, selected ? QPalette::HighlightedText : QPalette::Text));
    painter->setFont(weighted(opt.font, true));
    painter->drawText(boxes.title.translated(opt.rect.topLeft()), Qt::TextWordWrap, titleOf(text));
    painter->setFont(weighted(opt.font, false));
    painter->drawText(
        boxes.description.translated(opt.rect.topLeft()), Qt::TextWordWrap, descriptionOf(text));
    painter->restore();
}

QSize TitledItemDelegate::sizeHint(
    const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    // As wide as the list inside its spacing, and as tall as the texts wrapped to that.
    const auto *view = qobject_cast<const QListView *>(opt.widget);
    const int width = view ? view->viewport()->width() - 2 * view->spacing() : opt.rect.width();
    const Boxes boxes = layout(opt, index.data(Qt::DisplayRole).toString(), width);
    const int bottom = std::max(boxes.title.bottom(), boxes.description.bottom());
    return QSize(width, bottom + 1 + kPadding);
}

} // namespace fabric::app
