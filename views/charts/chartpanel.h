// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chartspec.h"

#include <QImage>
#include <QWidget>

class QAbstractAxis;
class QBarCategoryAxis;

namespace fabric::views {

/**
 * The thin adapter between FabricScope and the charting library (Qt Charts, deprecated from Qt
 * 6.10 in favour of Qt Graphs): everything else speaks ChartSpec, only this class includes Qt
 * Charts. Showing a spec with the same shape as the last one updates the existing series with
 * replace(), one call per series, so live updates stay cheap.
 *
 * A bar chart is a Tab stop: the arrow keys (and Home, End) move a cursor over its bars, which
 * shows the bar's name and value as a tooltip and as the accessible description, and Enter or
 * Space emits barClicked() as a click does.
 */
class ChartPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ChartPanel(QWidget *parent = nullptr);
    ~ChartPanel() override;

    void setSpec(const ChartSpec &spec);
    const ChartSpec &spec() const { return mSpec; }
    /// Series currently in the chart (lines or bar sets).
    int seriesCount() const;
    /// Times setSpec() rebuilt the series instead of replacing their points.
    int rebuildCount() const { return mRebuilds; }

    /// The chart painted into an image of @p size (white background).
    QImage renderImage(const QSize &size);
    /// Writes renderImage(@p size) as PNG; false and a one-line @p error when it cannot.
    bool exportPng(const QString &fileName, const QSize &size = QSize(1200, 700),
                   QString *error = nullptr);
    /// Vector SVG of the chart at @p size (in SVG user units); false and @p error on failure.
    bool exportSvg(const QString &fileName, const QSize &size = QSize(1200, 700),
                   QString *error = nullptr);
    /// Paints the chart into @p target of @p painter (any paint device: image, SVG, PDF). Its
    /// text and lines are drawn @p scale times their screen size; 0: pictureScale() of the
    /// target's width.
    void renderTo(QPainter *painter, const QRectF &target, double scale = 0);

    /// The widget the chart is drawn in (it takes the mouse clicks).
    QWidget *plotWidget() const;
    /// The middle of bar @p category of the first bar set, in plotWidget() coordinates.
    QPoint barCentre(int category) const;
    /// The category the keyboard's cursor is on; -1 before Tab reached the chart.
    int keyboardBar() const { return mKeyboardBar; }
    /// "leaf3: 1.8×": what the bars of @p category say (the note of a row without one).
    QString describeBar(int category) const;
    /// Tab brought the focus: a frame shows it.
    bool showsKeyboardFocus() const;

    QSize sizeHint() const override;
    /// Tall enough for the bottom axis's numbers and title to show whole in a compact frame.
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    /// The user clicked a bar of category @p category (an index into ChartSpec::categories);
    /// on a horizontal chart, anywhere across its row.
    void barClicked(int category);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    /**
     * The chart's frame for its height: on screen, lower than kCompactHeight (the Analysis dock
     * of a 1280x720 window), no title (the chart picker above names the chart) and thin
     * margins, so the plot keeps its room; pictures always get the full frame. The full frame's
     * title is wrapped to @p width, the chart's width on screen or in the picture.
     */
    void applyFrame(bool compact, double width);
    /// The window's text size over the application's (presentation mode's is larger): the
    /// chart's text is the theme's times this on screen, the theme's in pictures.
    double screenTextScale() const;
    /// Sets the chart's text to the theme's times @p scale, rebuilding series and axes.
    void applyTextScale(double scale);
    /// Scales the fonts of axes just added (the theme's) by the current text scale.
    void scaleAxisFonts();
    /// A picture of a chart with no data: its title, and the note the panel shows instead.
    void paintNote(QPainter *painter, const QRectF &target, double scale) const;
    /// The chart, or in its place what would fill it (ChartSpec::emptyNote) when it has no data.
    void showPlotOrNote();
    bool isCompactOnScreen() const;
    int verticalTickTarget() const;
    /// Sets @p axis's title: @p title followed by @p note, or in a compact frame @p title alone
    /// (only its unit on a vertical axis).
    void setAxisTitle(QAbstractAxis *axis, const QString &title, const QString &note = {});
    /// Breaks the names under vertical bars into lines that fit each group's width, in a full
    /// frame; a compact frame shows each on one line, elided by Qt if need be.
    /// The width the legend's names take beside the plot, marker and margins included.
    double legendWidthBeside() const;
    /// Device width of the legend as one row under the plot: every entry side by side.
    double legendWidthBelow() const;
    /// Whether the legend's names, and the words of the bar groups' names under a plot the
    /// legend narrows, fit whole with the legend beside the plot of a chart @p width wide.
    bool legendFitsBeside(double width) const;
    /// The axis naming the groups of upright bars under them; null for other charts.
    QBarCategoryAxis *barGroupAxis() const;
    /// The width Qt gives the name of a group of bars in a chart @p width wide.
    double categoryRoom(double width, bool legendBeside) const;
    void wrapCategoryLabels();
    void rebuild();
    void updateLines();
    /// Axes for the spec, the vertical value axis in about @p verticalTicks steps.
    void setupAxes(int verticalTicks);
    /// Shows bar value labels only when every bar is wide enough for its upright label, and
    /// makes room for them (makeRoomForBarLabels()). True when the value axis changed.
    bool fitBarLabels();
    /// Extends the value axis so every bar's label fits between its bar's end and the plot's
    /// edge; hides the labels when that would leave the bars too short. True when it changed.
    bool makeRoomForBarLabels();
    /// Lays the chart out now rather than on the next event loop turn (for a picture).
    void settleLayout();
    /// Puts the keyboard's cursor on @p category and says what its bars show.
    void setKeyboardBar(int category);
    /// Draws the keyboard's bar in a darker shade when @p shown, or every bar plain.
    void markKeyboardBar(bool shown);

    struct Private;
    Private *d;
    ChartSpec mSpec;
    int mKeyboardBar = -1;
    int mRebuilds = 0;
};

} // namespace fabric::views
