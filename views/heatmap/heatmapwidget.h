// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/keyboardfocus.h"
#include "heatmapdata.h"
#include "heatmappooling.h"
#include "style/colormap.h"

#include <QImage>
#include <QWidget>

#include <utility>
#include <vector>

namespace fabric::views {

/**
 * The congestion heatmap: directed links (rows, grouped by tier pair, direction and plane) by
 * time (columns), coloured by mean utilisation with a perceptual colour map and a legend with
 * units; a pixel that covers several cells shows the busiest (PixelBlocks). Hovering shows the
 * link, the time span and the utilisation; clicking emits
 * linkClicked() so the canvas can select the link. A vertical line follows the playback time.
 * The keyboard does what the mouse does: the arrows move a cursor a pixel at a time (Page Up and
 * Page Down a group, Home and End to the first and last time), showing what hovering shows, and
 * Enter emits linkClicked() for the cell under it.
 */
class HeatmapWidget : public QWidget
{
    Q_OBJECT
public:
    explicit HeatmapWidget(QWidget *parent = nullptr);

    /// Shows @p data (built by HeatmapData::build).
    void setData(HeatmapData data);
    const HeatmapData &data() const { return mData; }
    /// The line above the picture; empty gives the one that names no run.
    void setTitle(const QString &title);
    QString title() const { return mTitle; }

    /// Row and bin under widget point @p pos; false outside the matrix.
    bool cellAt(const QPointF &pos, int *row, int *bin) const;
    /// Centre of cell (@p row, @p bin) in widget coordinates.
    QPointF cellCenter(int row, int bin) const;
    /// The pixels that show cell (@p row, @p bin), in widget coordinates.
    QRectF cellRect(int row, int bin) const;
    /// Tooltip text at @p pos (empty outside the matrix).
    QString describeAt(const QPointF &pos) const;
    /// The tooltip text of cell (@p row, @p bin).
    QString describeCell(int row, int bin) const;
    /// The cell the keyboard cursor is on: (-1, -1) until the keyboard gives the widget focus.
    std::pair<int, int> cursorCell() const { return { mCursorRow, mCursorBin }; }
    /// The keyboard gave the focus: the frame and the cursor show.
    bool showsKeyboardFocus() const { return mFocusFrame->shown(); }

    /// The heatmap painted into an image of @p size (white background), for export.
    QImage renderImage(const QSize &size) const;
    /// Paints the heatmap on @p p laid out at @p deviceSize / @p scale and drawn @p scale times
    /// larger (text and all), from the device's origin.
    void paintScaled(QPainter &p, const QSizeF &deviceSize, double scale) const;
    /// Writes renderImage(@p size) as PNG; false and a one-line @p error when it cannot.
    bool exportPng(const QString &fileName, const QSize &size = QSize(1600, 900),
                   QString *error = nullptr) const;

    QSize sizeHint() const override;

public Q_SLOTS:
    /// Moves the time cursor line (simulated seconds; negative hides it).
    void setTime(double timeS);

Q_SIGNALS:
    void linkClicked(fabric::LinkId link);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    struct Geometry
    {
        double title = 0; ///< Height of the title's band.
        double labels = 0; ///< Width of the group names' column, left of the plot.
        bool rampTitle = true; ///< The colour ramp's title is drawn along it.
        QRectF plot;
        QRectF legend;
        /// Per group of rows: its band of the plot, top and bottom.
        std::vector<std::pair<double, double>> bands;
        /// The part of band @p i its cells fill: below the white line that separates it from
        /// the band above (which would hide a pooled band's first pixel row).
        std::pair<double, double> cells(std::size_t i) const
        {
            return { bands[i].first + (i > 0 ? 1.0 : 0.0), bands[i].second };
        }
        /// The group drawn at height @p y of the plot (-1 outside).
        int groupAt(double y) const;
    };
    /// Where the parts go in @p area, with text in @p font.
    Geometry geometryFor(const QRectF &area, const QFont &font) const;
    /// How group @p group's rows and the bins share the device pixels of its band, at @p scale
    /// device pixels per unit.
    std::pair<PixelBlocks, PixelBlocks> pixelBlocks(
        const Geometry &g, std::size_t group, double scale) const;
    void paintTo(QPainter &p, const QRectF &area) const;
    /// The colour table, and no band images (drawn again at the next paint).
    void rebuildImages();
    /// Moves the keyboard cursor @p rowSteps and @p binSteps displayed pixels (from one group's
    /// band into the next), to the busiest cell there, as the mouse would point at it.
    void moveCursor(int rowSteps, int binSteps);
    /// Puts the keyboard cursor on the first row of group @p group, at the same time.
    void moveCursorToGroup(int group);
    void setCursorCell(int row, int bin);
    /// Puts the keyboard cursor on the first pixel row, at the playback time.
    void startCursor();

    HeatmapData mData;
    QList<QRgb> mLut; ///< The colour map at 256 levels.
    /// Per group, its band as last drawn: a pixel per cell, or pooled to the device pixels it
    /// had when fewer (PixelBlocks).
    mutable std::vector<QImage> mBandImages;
    ColorMap mMap;
    QString mTitle;
    double mTimeS = -1;
    int mCursorRow = -1;
    int mCursorBin = -1;
    FocusFrameOverlay *mFocusFrame = nullptr;
};

} // namespace fabric::views
