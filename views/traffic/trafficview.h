// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "playback/simrun.h"
#include "trafficdata.h"

#include <QImage>
#include <QList>
#include <QWidget>

class QLabel;

namespace fabric::views {

class ChartPanel;

/**
 * Where a run's bytes travel, as charts (through the ChartPanel adapter) with a caption of plain
 * sentences computed from the run:
 *  - WireBytes: bytes per GPU by tier and direction (GPU -> leaf ... spine -> leaf -> GPU) as
 *    grouped bars, a SHARP all-reduce next to a ring on the same ranks.
 *  - NvlinkVsFabric: the bandwidth ladder (NVLink against NIC per GPU) with the throughput the run
 *    got while busy, bytes per GPU by link class, and throughput over time by class.
 * Exports paint the charts and the caption together (PNG and vector SVG).
 */
class TrafficView : public QWidget
{
    Q_OBJECT
public:
    enum class Mode { WireBytes, NvlinkVsFabric };

    explicit TrafficView(Mode mode, QWidget *parent = nullptr);

    Mode mode() const { return mMode; }
    /// Shows @p current; @p history (newest first, may hold @p current) supplies the run it is
    /// compared with.
    void setRuns(const SimRunPtr &current, const QList<SimRunPtr> &history);
    SimRunPtr run() const { return mRun; }

    /// The figures shown (valid for the mode's kind).
    const traffic::WireBytes &wireBytes() const { return mWire; }
    /// The caption's sentences.
    QStringList caption() const;
    /// The chart panels on show (one for WireBytes, three for NvlinkVsFabric).
    QList<ChartPanel *> charts() const;

    /// Charts and caption painted into @p target of @p painter (any paint device).
    void renderTo(QPainter *painter, const QRectF &target);
    /// The view painted into an image of @p size (white background).
    QImage renderImage(const QSize &size);
    /// Writes the picture as PNG or SVG, by @p fileName's suffix; false when it cannot.
    bool exportImage(const QString &fileName, const QSize &size = QSize(1600, 1000));

    QSize sizeHint() const override;

    /// Below this width (a dock beside the fabric, presentation mode at 1280x720) the three
    /// charts stand in a column, each kStackedChartHeight high, and the page scrolls: in a row
    /// each got 150 px, titles, ticks and legends elided to "c…", "4…".
    static constexpr int kRowWidth = 3 * 340;
    static constexpr int kStackedChartHeight = 280;
    /// Lower than this (the Analysis dock under the fabric at 1920x1080, about 190 px) and wide
    /// enough for kCaptionWidth more, the caption of the three charts stands left of them:
    /// above them it left them only their titles, the plots scrolled out of view.
    static constexpr int kBesideBelowHeight = 300;
    static constexpr int kCaptionWidth = 380;
    static constexpr int kBesideChartHeight = 110;

    /// How the caption and the charts are laid out on screen.
    enum class Arrangement {
        Row, ///< The caption above the charts in a row.
        Stacked, ///< The caption above the charts in a column (a narrow dock).
        Beside, ///< The caption left of the charts in a row (a short, wide dock).
    };
    Arrangement arrangement() const { return mArrangement; }
    /// Whether the charts stand in a column.
    bool chartsStacked() const { return mArrangement == Arrangement::Stacked; }

protected:
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void refresh();
    void arrange(Arrangement arrangement);
    /// arrange() when the size calls for another arrangement; beside the caption, the charts
    /// as high as the page shows.
    void fitToShownSize();
    /// The arrangement for the view's width and the height it is shown in.
    Arrangement arrangementForSize();
    /// The height shown of the view: in a page that scrolls, the viewport's below the view's
    /// top (the view itself is then as high as it asks), else its own.
    int shownHeight();
    /// renderTo() over the whole of @p device, @p size large.
    bool paint(QPaintDevice *device, const QSize &size);
    /// Rectangles of the charts inside @p area (the caption below excluded).
    QList<QRectF> chartRects(const QRectF &area) const;

    Mode mMode;
    SimRunPtr mRun;
    QList<SimRunPtr> mHistory;
    traffic::WireBytes mWire;
    traffic::MediaSplit mMedia;
    QList<ChartPanel *> mCharts;
    QLabel *mCaption = nullptr;
    Arrangement mArrangement = Arrangement::Row;
    QWidget *mWatchedViewport = nullptr; ///< The scrolling page's viewport, once found.
};

} // namespace fabric::views
