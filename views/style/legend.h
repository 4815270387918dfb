// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "colormap.h"
#include "model/fabric.h"

#include <QColor>
#include <QList>
#include <QString>
#include <QWidget>

class QPainter;

namespace fabric::views {

/// One line of the canvas legend.
struct LegendEntry
{
    enum class Symbol { Heading, Line, Box, Bundle, Ramp };
    Symbol symbol = Symbol::Line;
    QColor color;
    double width = 1; ///< Device pixels, for lines and bundles.
    QString label;
};

/// What the canvas shows for @p fabric: link media and planes, node kinds and roles, rails,
/// bundle widths; with @p loads the colour ramp of @p map instead of link colours.
QList<LegendEntry> legendEntries(const Fabric &fabric, bool loads, const ColorMap &map);

/// Size the legend needs at @p scale (1 = 12 px text).
QSizeF legendSize(const QList<LegendEntry> &entries, double scale = 1);
/// Paints the legend with its top-left corner at @p topLeft, in device units of @p painter.
void paintLegend(QPainter *painter, const QPointF &topLeft, const QList<LegendEntry> &entries,
                 const ColorMap &map, double scale = 1);

/**
 * The legend as a small widget, for a dock or as an overlay on the canvas. It can fold to a
 * one-line "Legend" tab (a click toggles it), so on a narrow canvas it does not hide the fabric.
 */
class LegendWidget : public QWidget
{
    Q_OBJECT
public:
    explicit LegendWidget(QWidget *parent = nullptr);
    void setEntries(const QList<LegendEntry> &entries, const ColorMap &map = ColorMap());
    const QList<LegendEntry> &entries() const { return mEntries; }
    QSize sizeHint() const override;
    /// The size of the unfolded legend, whatever the current state.
    QSize fullSize() const;

    void setCollapsed(bool collapsed);
    bool isCollapsed() const { return mCollapsed; }
    /// Text and symbols at @p scale times their normal size (1 = 12 px text).
    void setScale(double scale);
    double scale() const { return mScale; }

Q_SIGNALS:
    /// The user clicked the legend to fold or unfold it.
    void collapseToggled(bool collapsed);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    QList<LegendEntry> mEntries;
    ColorMap mMap;
    bool mCollapsed = false;
    double mScale = 1;
};

} // namespace fabric::views
