// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "playback/simrun.h"

#include <QHash>
#include <QWidget>

#include <array>

#include <memory>

class QComboBox;
class QLabel;
class QPainter;
class QTableWidget;

namespace fabric::views {
class FabricCanvas;
class LoadSampler;
class PlaybackBar;
class PlaybackClock;
} // namespace fabric::views

namespace fabric::app {

/**
 * Two runs side by side: two canvases coloured by their own loads and kept at the same
 * simulated time by one playback clock (so the faster run finishes first on screen), and a
 * table of completion time, algbw, busbw, % of ideal, max link load, collided and idle links,
 * with a sentence saying which was faster and why.
 */
class CompareView : public QWidget
{
    Q_OBJECT
public:
    explicit CompareView(QWidget *parent = nullptr);
    ~CompareView() override;

    void setRuns(const views::SimRunPtr &left, const views::SimRunPtr &right);
    /// Offers @p runs (newest first) in the two pickers above the canvases and shows @p left
    /// against @p right; the user can then pick any two of them.
    void setChoices(const QList<views::SimRunPtr> &runs, const views::SimRunPtr &left,
                    const views::SimRunPtr &right);
    QComboBox *picker(int side) const { return mPicker[side]; }
    views::SimRunPtr left() const { return mLeft; }
    views::SimRunPtr right() const { return mRight; }

    views::PlaybackClock *clock() const { return mClock; }
    views::FabricCanvas *leftCanvas() const { return mCanvas[0]; }
    views::FabricCanvas *rightCanvas() const { return mCanvas[1]; }
    QTableWidget *table() const { return mTable; }
    QString verdict() const;
    QLabel *verdictLabel() const { return mVerdict; }
    /// The title over side @p side (0 left, 1 right): a run's label, or how to fill that side.
    QString sideTitle(int side) const;

    /// Below this the canvases do not shrink (the page scrolls): at 1280x720 the dock under
    /// the fabric left them about 45 px, a strip with scroll bars and no fabric to read.
    static constexpr int kCanvasMinimumHeight = 150;
    /// Canvases this high show a fabric's tiers and colours.
    static constexpr int kCanvasComfortableHeight = 260;
    /// The view's height with its canvases kCanvasComfortableHeight high.
    int comfortableHeight() const;

    /// The whole view (both canvases and the table) as an image, for screenshots and export.
    QImage renderImage(const QSize &size);
    /// renderImage() onto @p painter, whose device is @p size large and white.
    void paintPicture(QPainter &painter, const QSize &size);
    /// Where renderImage() draws the two fabrics in a picture of @p size: side by side, or one
    /// above the other when that draws them much larger (a wide fabric).
    std::array<QRectF, 2> pictureRects(const QSize &size) const;

    /// Loads at the instant instead of the mean over a window around the cursor. Both sides
    /// use one window, a twentieth of the longer run, so their colours compare.
    void setInstantLoads(bool instant);
    bool instantLoads() const { return mInstant; }

    /// Whether the table lists the runs down (a row each, the usual form) or, where its columns
    /// would not fit the width, the figures down with a column for each side.
    bool tableRunsDown() const { return mRunsDown; }

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void showTime(double timeS);
    /// Fills the table from mRows in the orientation the width allows, then fits its height.
    void fillTable();
    /// Whether mRows, a run a row, fits the table's width without cutting a header or a cell.
    bool runsDownFit() const;
    void fitTableHeight();
    void applyLoadWindow();

    views::SimRunPtr mLeft, mRight;
    QList<views::SimRunPtr> mChoices;
    /// Each run's number in the pickers, in the order the runs arrived since the fabric last
    /// changed: kept as the oldest leave the history (they were renumbered by position).
    QHash<const views::SimRun *, int> mNumbers;
    int mLastNumber = 0;
    QComboBox *mPicker[2] = {nullptr, nullptr};
    views::FabricCanvas *mCanvas[2] = {nullptr, nullptr};
    QLabel *mTitle[2] = {nullptr, nullptr};
    std::unique_ptr<views::LoadSampler> mSampler[2];
    bool mInstant = false;
    views::PlaybackClock *mClock = nullptr;
    views::PlaybackBar *mBar = nullptr;
    QTableWidget *mTable = nullptr;
    QList<QStringList> mRows; ///< views::comparisonTable() of the runs shown, header first.
    bool mRunsDown = true;
    QLabel *mVerdict = nullptr;
};

} // namespace fabric::app
