// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "colormap.h"
#include "model/fabric.h"

#include <QColor>
#include <QList>
#include <QString>
#include <QWidget>

#include <functional>

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
    Qt::PenStyle style = Qt::SolidLine; ///< A line's dashes, as the canvas draws them.
};

/// What a drawing holds beyond nodes and links, so that its legend explains only that: a
/// picture of a torus or of a zoomed-in fat-tree has no bundle to explain.
struct LegendContent
{
    bool bundles = false; ///< Links between blocks drawn as one bundle each.
    bool blocks = false; ///< Pods, segments, zones, cubes or groups framed as blocks.
    /// When set, the nodes and links drawn (the others folded into their blocks): the legend
    /// lists only their kinds, roles and media. Unset, everything is drawn.
    std::function<bool(const Node &)> nodeShown;
    std::function<bool(const Link &)> linkShown;
};

/// What the canvas shows for @p fabric: link media and planes, node kinds and roles, rails,
/// and what @p content says is drawn; with @p loads the colour ramp of @p map instead of link
/// colours.
QList<LegendEntry> legendEntries(
    const Fabric &fabric, bool loads, const ColorMap &map, const LegendContent &content);

/// One legend for two drawings side by side: @p first's entries, each group (Links, Nodes)
/// followed by the entries of @p second's group of that heading that @p first lacks (an ECMP
/// run's collision badges beside an adaptive run that has none).
QList<LegendEntry> mergedLegend(const QList<LegendEntry> &first, const QList<LegendEntry> &second);

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
    /// The size of the folded legend, its one-line tab, whatever the current state.
    QSize foldedSize() const;

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
