// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmapwidget.h"

#include "common/emptynote.h"
#include "common/percent.h"
#include "common/plural.h"
#include "common/qtstrings.h"
#include "export/atomicfile.h"
#include "heatmappooling.h"
#include "model/units.h"
#include "style/palette.h"
#include "style/picturescale.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <tuple>

namespace fabric::views {

namespace {
/// The group names' column: this wide, or in a narrow widget (a dock beside the fabric on a
/// 1280x720 projector) a share of it, but never narrower than the longest name. A wide widget
/// (the dock under the fabric, an export for a slide) widens it, up to that share, to fit the
/// names with their link counts: at 170 a 1200 px export dropped every count.
constexpr double kLabelWidth = 170;
constexpr double kLabelShare = 0.3;
/// The keyboard cursor's least size where many cells share one, in lines of the widget's text:
/// it grows with presentation mode's larger text, where a fixed 9 px was lost from a distance.
constexpr double kCursorLines = 0.8;
/// Narrower than this, the legend leaves out the ramp's title (the heatmap's title says it).
constexpr double kRampTitleFrom = 640;
/// Gap between the plot and the colour ramp, the ramp's width, then the gaps before its tick
/// labels and before its turned title.
constexpr double kRampGap = 14;
constexpr double kRampWidth = 16;
constexpr double kRampLabelGap = 4;
constexpr double kRampTitleGap = 6;
/// The title's band and the time axis's (tick labels, then its name) for text @p textHeight
/// high: presentation mode's larger text cut the axis name when these were fixed.
double titleHeight(double textHeight) { return std::max(24.0, textHeight + 8); }
double axisHeight(double textHeight) { return 6 + 2 * textHeight; }

/// Heights of the bands of rows with @p rows rows each in @p height pixels: in proportion to
/// the rows, but none lower than @p floor while the height allows it, so every group keeps
/// room for its name (HPN's few spine and core links got 4 px rows and no name beside them).
std::vector<double> bandHeights(const std::vector<int> &rows, double height, double floor)
{
    const std::size_t n = rows.size();
    std::vector<double> h(n, 0.0);
    if (n == 0)
        return h;
    floor = std::min(floor, height / double(n));
    std::vector<bool> raised(n, false);
    // Each pass raises the bands the shared height leaves below the floor; at most n passes.
    for (std::size_t pass = 0; pass < n; ++pass) {
        double left = height, rowsLeft = 0;
        for (std::size_t i = 0; i < n; ++i) {
            if (raised[i])
                left -= floor;
            else
                rowsLeft += rows[i];
        }
        bool more = false;
        for (std::size_t i = 0; i < n; ++i) {
            if (raised[i])
                continue;
            h[i] = rowsLeft > 0 ? left * rows[i] / rowsLeft : 0.0;
            if (h[i] < floor) {
                raised[i] = more = true;
                h[i] = floor;
            }
        }
        if (!more)
            break;
    }
    return h;
}

QString percent(double u)
{
    // A tenth of a percent below 10%, where it tells a trickle from nothing; none for nothing.
    return percentText(u, u > 0 && u < 0.1 ? 1 : 0);
}

/// Width of the ramp's tick labels in @p fm: "100%" is the widest.
double rampLabelWidth(const QFontMetricsF &fm)
{
    return fm.horizontalAdvance(percent(1.0));
}

/// The legend's whole width: gap, ramp, tick labels, then (@p withTitle) the ramp's title
/// turned along it, one line of text. Fixed at 110 px, presentation mode's larger labels ran
/// into the title.
double legendWidth(const QFontMetricsF &fm, bool withTitle)
{
    return kRampGap + kRampWidth + kRampLabelGap + rampLabelWidth(fm)
        + (withTitle ? kRampTitleGap + fm.height() : 0) + 4;
}

/// The most time ticks (up to 5 intervals) whose labels, each as wide as @p widestLabel, fit
/// side by side along @p width with @p gap between them: six labels of "103 ms" in a narrow
/// dock overprinted, and 8 px apart they read as one run of figures.
int timeIntervals(double width, double widestLabel, double gap)
{
    for (const int n : { 5, 4, 2 })
        if (width / n >= widestLabel + gap)
            return n;
    return 1;
}

/// A group's label as it is drawn: its text, where, at what scale of the font.
struct GroupLabel
{
    QRectF room;
    QString text;
    double fontScale = 1;
    int flags = 0;
    int form = 0; ///< The form it took: an index into groupLabelForms().
};

/// A group's name in its forms, longest first: with its link count, without, then the short
/// name with and without the count.
std::array<QString, 4> groupLabelForms(const HeatmapData::Group &group)
{
    const QString count = grouped(group.linkCount);
    return { QStringLiteral("%1 (%2)").arg(group.label, count), group.label,
        QStringLiteral("%1 (%2)").arg(group.shortLabel, count), group.shortLabel };
}

/// A group's label beside its band of rows, never over another's, in form @p form or a
/// shorter one: wrapped when the band is tall enough; else on one line, in the first form from
/// @p form on that fits, and shortened in the middle as a last resort (the tooltip has it
/// whole). A band lower than the smallest text (8 px: ten groups in the dock of a 1280x720
/// window) borrows room from its neighbours' bands when the label before it left that free, so
/// every other group is named instead of none.
/// @p freeFrom is where the label above ended, and becomes where this one ends; @p bottom is
/// the plot's. Nothing when the band has no room.
std::optional<GroupLabel> placeGroupLabel(const QFont &font, const QRectF &band,
    const HeatmapData::Group &group, double bottom, double &freeFrom, int form)
{
    const QFontMetricsF fm(font);
    const std::array<QString, 4> forms = groupLabelForms(group);
    QRectF room = band;
    room.setTop(std::max(band.top(), freeFrom));
    const int wrap = Qt::AlignRight | Qt::AlignVCenter | Qt::TextWordWrap;
    if (fm.boundingRect(room, wrap, forms[std::size_t(form)]).height() <= room.height()) {
        freeFrom = room.bottom();
        return GroupLabel { room, forms[std::size_t(form)], 1, wrap, form };
    }
    // One line; in a band lower than the text (a short dock, presentation mode's larger
    // text), a font as high as the band, down to 8 px.
    constexpr double kSmallestTextPx = 8;
    if (room.height() < kSmallestTextPx) {
        room = QRectF(
            band.left(), band.center().y() - kSmallestTextPx / 2, band.width(), kSmallestTextPx);
        if (room.bottom() > bottom)
            room.moveBottom(bottom);
        // Pushed down by the label above, it must still be centred on its own band.
        if (room.top() < freeFrom)
            room.moveTop(freeFrom);
        if (room.center().y() > band.bottom() || room.bottom() > bottom)
            return std::nullopt;
    }
    const double shrink = std::min(1.0, room.height() / fm.height());
    QFont smallFont = font;
    smallFont.setPointSizeF(font.pointSizeF() * shrink);
    const QFontMetricsF small(smallFont);
    int taken = int(forms.size()) - 1;
    for (int f = form; f < taken; ++f)
        if (small.horizontalAdvance(forms[std::size_t(f)]) <= room.width()) {
            taken = f;
            break;
        }
    freeFrom = room.bottom();
    return GroupLabel { room,
        small.elidedText(forms[std::size_t(taken)], Qt::ElideMiddle, room.width()), shrink,
        Qt::AlignRight | Qt::AlignVCenter, taken };
}

void drawGroupLabel(QPainter &p, const GroupLabel &label)
{
    p.save();
    QFont font = p.font();
    font.setPointSizeF(font.pointSizeF() * label.fontScale);
    p.setFont(font);
    p.drawText(label.room, label.flags, label.text);
    p.restore();
}
} // namespace

HeatmapWidget::HeatmapWidget(QWidget *parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    // A Tab stop, where the keys move a cursor over the cells. A click leaves the focus where it
    // was, so Space and the arrows still drive the playback for whoever uses the mouse.
    setFocusPolicy(Qt::TabFocus);
    // Low enough that the Analysis dock of a 1280x720 window (about 150 px) shows the whole
    // picture, time axis and ramp included, instead of scrolling them out of view.
    setMinimumSize(360, 120);
    setTitle({});
    mFocusFrame = new FocusFrameOverlay(this);
}

void HeatmapWidget::setData(HeatmapData data)
{
    mData = std::move(data);
    // Another run's rows: the cursor starts again at the next key.
    mCursorRow = mCursorBin = -1;
    setAccessibleDescription({});
    rebuildImages();
    update();
}

void HeatmapWidget::setTitle(const QString &title)
{
    mTitle = title.isEmpty() ? tr("Link utilisation over time") : title;
    setAccessibleName(tr("Heatmap: %1").arg(mTitle));
    update();
}

void HeatmapWidget::setTime(double timeS)
{
    mTimeS = timeS;
    update();
}

void HeatmapWidget::rebuildImages()
{
    // A 256-entry table: the colour map is evaluated once per level, not per cell.
    mLut = QList<QRgb>(256);
    for (int i = 0; i < 256; ++i)
        mLut[i] = mMap.map(i / 255.0).rgb();
    mBandImages.assign(mData.groups().size(), QImage());
}

HeatmapWidget::Geometry HeatmapWidget::geometryFor(const QRectF &area, const QFont &font) const
{
    const QFontMetricsF fm(font);
    const double text = fm.height();
    Geometry g;
    g.title = titleHeight(text);
    g.rampTitle = area.width() >= kRampTitleFrom;
    const double legend = legendWidth(fm, g.rampTitle);
    double longestName = 0, longestCounted = 0;
    for (const auto &group : mData.groups()) {
        longestName = std::max(longestName, fm.horizontalAdvance(group.label));
        longestCounted = std::max(longestCounted, fm.horizontalAdvance(groupLabelForms(group)[0]));
    }
    const double share = (area.width() - legend) * kLabelShare;
    const double widest = std::max(kLabelWidth, std::min(longestCounted + 16, share));
    g.labels = std::min(widest, std::max(share, longestName + 16));
    g.plot = QRectF(area.left() + g.labels, area.top() + g.title,
        std::max(10.0, area.width() - g.labels - legend),
        std::max(10.0, area.height() - g.title - axisHeight(text)));
    g.legend = QRectF(g.plot.right() + kRampGap, g.plot.top(), kRampWidth, g.plot.height());
    std::vector<int> rows;
    for (const auto &group : mData.groups())
        rows.push_back(group.rowCount);
    double top = g.plot.top();
    for (const double h : bandHeights(rows, g.plot.height(), text)) {
        g.bands.emplace_back(top, top + h);
        top += h;
    }
    return g;
}

int HeatmapWidget::Geometry::groupAt(double y) const
{
    for (std::size_t i = 0; i < bands.size(); ++i)
        if (y >= bands[i].first && y < bands[i].second)
            return int(i);
    return -1;
}

bool HeatmapWidget::cellAt(const QPointF &pos, int *row, int *bin) const
{
    const Geometry g = geometryFor(rect(), font());
    if (mData.rowCount() == 0 || !g.plot.contains(pos))
        return false;
    const int group = g.groupAt(pos.y());
    if (group < 0)
        return false;
    // Where a pixel shows the busiest of several cells, that one.
    const auto [rows, bins] = pixelBlocks(g, std::size_t(group), devicePixelRatioF());
    std::tie(*row, *bin) = busiestCellOf(mData, mData.groups()[std::size_t(group)].firstRow, rows,
        rows.pixelAt(pos.y()), bins, bins.pixelAt(pos.x()));
    return true;
}

std::pair<PixelBlocks, PixelBlocks> HeatmapWidget::pixelBlocks(
    const Geometry &g, std::size_t group, double scale) const
{
    const auto [top, bottom] = g.cells(group);
    return { PixelBlocks::fit(mData.groups()[group].rowCount, top, bottom, scale),
        PixelBlocks::fit(mData.binCount(), g.plot.left(), g.plot.right(), scale) };
}

QRectF HeatmapWidget::cellRect(int row, int bin) const
{
    const int group = mData.groupOf(row);
    if (group < 0)
        return {};
    const Geometry g = geometryFor(rect(), font());
    const auto [rows, bins] = pixelBlocks(g, std::size_t(group), devicePixelRatioF());
    const auto [top, bottom]
        = rows.span(rows.pixelOf(row - mData.groups()[std::size_t(group)].firstRow));
    const auto [left, right] = bins.span(bins.pixelOf(bin));
    return QRectF(QPointF(left, top), QPointF(right, bottom));
}

QPointF HeatmapWidget::cellCenter(int row, int bin) const
{
    // The centre of the pixel that shows the cell.
    return cellRect(row, bin).center();
}

QString HeatmapWidget::describeAt(const QPointF &pos) const
{
    int row = 0, bin = 0;
    return cellAt(pos, &row, &bin) ? describeCell(row, bin) : QString();
}

QString HeatmapWidget::describeCell(int row, int bin) const
{
    const DirLinkId d = mData.busiestLinkAt(row, bin);
    const int group = mData.groupOf(row);
    QString text = mData.rowLabel(row);
    if (mData.linksOf(row).size() > 1)
        text += QStringLiteral("\nbusiest here: link %1").arg(linkOf(d));
    else
        text += QStringLiteral("\nlink %1").arg(linkOf(d));
    if (group >= 0)
        text += QStringLiteral(" (%1)").arg(mData.groups()[std::size_t(group)].label);
    text += QStringLiteral("\n%1 \u2013 %2\nmean utilisation %3")
                .arg(toQString(units::formatSeconds(bin * mData.binS())),
                     toQString(units::formatSeconds((bin + 1) * mData.binS())),
                     percent(mData.value(row, bin)));
    return text;
}

void HeatmapWidget::paintTo(QPainter &p, const QRectF &area) const
{
    const Geometry g = geometryFor(area, p.font());
    const QColor ink = palette::ink();
    p.setPen(ink);
    QFont bold = p.font();
    bold.setBold(true);
    p.save();
    p.setFont(bold);
    const QRectF titleRoom(area.left() + 4, area.top(), area.width() - 8, g.title);
    p.drawText(titleRoom, Qt::AlignLeft | Qt::AlignVCenter,
        QFontMetricsF(bold).elidedText(mTitle, Qt::ElideRight, titleRoom.width()));
    p.restore();

    if (mData.rowCount() == 0) {
        p.drawText(g.plot, Qt::AlignCenter | Qt::TextWordWrap, nothingToShowYet());
        return;
    }
    // Each group's rows in its own band; where a band has fewer device pixels than cells, each
    // pixel shows the busiest cell it covers.
    // (An export draws the screen-sized picture scaled: its pixels are the device's.)
    const double scale = std::abs(p.deviceTransform().m22());
    for (std::size_t i = 0; i < g.bands.size(); ++i) {
        const auto [rows, bins] = pixelBlocks(g, i, scale);
        // Pooled: whole device pixels, one per pixel of the image, so the painter drops none.
        const QRectF target(QPointF(bins.start(), rows.start()), QPointF(bins.end(), rows.end()));
        if (i > 0) { // a white line from the band's first whole pixel row down to the cells
            const double line = std::ceil(g.bands[i].first * scale - 0.5) / scale;
            p.fillRect(QRectF(QPointF(g.plot.left(), line), QPointF(g.plot.right(), rows.start())),
                Qt::white);
        }
        QImage &image = mBandImages[i];
        if (image.size() != QSize(bins.pixels, rows.pixels))
            image = pooledImage(mData, mData.groups()[i].firstRow, rows, bins, mLut);
        p.drawImage(target, image);
    }
    p.setPen(QPen(ink, 1));
    p.setBrush(Qt::NoBrush);
    // A 1-pixel pen fills the row below and the column right of a line: so drawn, the frame
    // lies around the cells, not on the first row and column.
    p.drawRect(g.plot.adjusted(-1, -1, 0, 0));

    // Groups: a bracket and a label on the left (the white lines between them are drawn above).
    // One form of name for the whole column, the longest every name can take: a short name
    // under long ones read as another kind of link, a count beside some names and not others
    // as a figure missing.
    const QFontMetricsF fm(p.font());
    std::vector<std::optional<GroupLabel>> labels;
    const auto placeLabels = [&](int form) {
        labels.clear();
        double freeFrom = g.plot.top();
        int shortest = form;
        for (std::size_t i = 0; i < g.bands.size(); ++i) {
            const auto [y0, y1] = g.bands[i];
            labels.push_back(
                placeGroupLabel(p.font(), QRectF(area.left() + 2, y0, g.labels - 12, y1 - y0),
                    mData.groups()[i], g.plot.bottom(), freeFrom, form));
            if (labels.back())
                shortest = std::max(shortest, labels.back()->form);
        }
        return shortest;
    };
    for (int form = 0, taken = placeLabels(0); taken > form;)
        taken = placeLabels(form = taken);
    p.setPen(ink);
    for (std::size_t i = 0; i < g.bands.size(); ++i) {
        const auto [y0, y1] = g.bands[i];
        p.drawLine(QPointF(g.plot.left() - 6, y0 + 1), QPointF(g.plot.left() - 6, y1 - 1));
        if (labels[i])
            drawGroupLabel(p, *labels[i]);
    }

    // Time axis with up to six ticks, as many as their labels leave room for.
    const double end = mData.endS();
    p.setPen(ink);
    double widestLabel = 0;
    for (int i = 0; i <= 5; ++i)
        widestLabel = std::max(
            widestLabel, fm.horizontalAdvance(toQString(units::formatSeconds(end * i / 5))));
    const int intervals = timeIntervals(g.plot.width(), widestLabel, fm.height());
    for (int i = 0; i <= intervals; ++i) {
        const double t = end * i / intervals;
        const double x = g.plot.left() + g.plot.width() * i / intervals;
        p.drawLine(QPointF(x, g.plot.bottom()), QPointF(x, g.plot.bottom() + 4));
        const QString label = toQString(units::formatSeconds(t));
        const double w = fm.horizontalAdvance(label);
        p.drawText(QPointF(std::clamp(x - w / 2, area.left(), area.right() - w),
                           g.plot.bottom() + 4 + fm.ascent()),
                   label);
    }
    p.drawText(QRectF(g.plot.left(), g.plot.bottom() + 4 + fm.height(), g.plot.width(),
                      fm.height()),
               Qt::AlignHCenter, tr("simulated time"));

    // Legend: the colour ramp with its unit.
    for (int y = 0; y < int(g.legend.height()); ++y) {
        const double v = 1.0 - y / std::max(1.0, g.legend.height() - 1);
        p.fillRect(QRectF(g.legend.left(), g.legend.top() + y, g.legend.width(), 1),
                   mMap.map(v));
    }
    p.setPen(ink);
    p.drawRect(g.legend);
    for (const double v : {0.0, 0.5, 1.0}) {
        const double y = g.legend.bottom() - v * g.legend.height();
        p.drawText(
            QPointF(g.legend.right() + kRampLabelGap,
                std::clamp(y + fm.ascent() / 2, g.legend.top() + fm.ascent(), g.legend.bottom())),
            percent(v));
    }
    // The ramp's title along it, as long a form as its height holds (a short dock on a
    // 1280x720 projector cut the long one at both ends).
    for (const QString &title : {tr("utilisation (load / capacity)"), tr("utilisation")}) {
        if (!g.rampTitle || fm.horizontalAdvance(title) > g.legend.height())
            continue;
        p.save();
        p.translate(g.legend.right() + kRampLabelGap + rampLabelWidth(fm) + kRampTitleGap,
            g.legend.center().y());
        p.rotate(90);
        p.drawText(QRectF(-g.legend.height() / 2, -fm.height(), g.legend.height(), fm.height()),
                   Qt::AlignCenter, title);
        p.restore();
        break;
    }

    if (mTimeS >= 0 && end > 0) {
        const double x = g.plot.left() + std::clamp(mTimeS / end, 0.0, 1.0) * g.plot.width();
        p.setPen(QPen(palette::selection(), 2));
        p.drawLine(QPointF(x, g.plot.top()), QPointF(x, g.plot.bottom()));
    }
}

void HeatmapWidget::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    paintTo(p, rect());
    if (hasFocus() && mCursorRow >= 0) {
        // The keyboard's cell, ringed in white and ink so it shows on every colour of the ramp;
        // never smaller than a fingertip's worth of pixels where the cells are pooled.
        QRectF ring = cellRect(mCursorRow, mCursorBin);
        const QPointF centre = ring.center();
        const double least = kCursorLines * fontMetrics().height();
        ring.setSize(ring.size().expandedTo(QSizeF(least, least)));
        ring.moveCenter(centre);
        const double line = std::max(1.0, least / 12);
        // Inside the plot at its edges, off the group names and the title: the cell stays inside
        // the ring, just not at its centre. The white line is drawn across the ring's edge.
        const double halo = 1.5 * line;
        const QRectF plot = geometryFor(rect(), font()).plot.adjusted(halo, halo, -halo, -halo);
        ring.moveLeft(std::max(ring.left(), plot.left()));
        ring.moveRight(std::min(ring.right(), plot.right()));
        ring.moveTop(std::max(ring.top(), plot.top()));
        ring.moveBottom(std::min(ring.bottom(), plot.bottom()));
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(Qt::white, 3 * line));
        p.drawRect(ring);
        p.setPen(QPen(palette::ink(), line));
        p.drawRect(ring);
    }
}

QImage HeatmapWidget::renderImage(const QSize &size) const
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter p(&image);
    p.setRenderHint(QPainter::TextAntialiasing);
    // Wider than a screen: the screen-sized heatmap drawn larger, text and all.
    paintScaled(p, QSizeF(size), pictureScale(size.width()));
    return image;
}

void HeatmapWidget::paintScaled(QPainter &p, const QSizeF &deviceSize, double scale) const
{
    p.save();
    p.scale(scale, scale);
    paintTo(p, QRectF(QPointF(0, 0), deviceSize / scale));
    p.restore();
}

bool HeatmapWidget::exportPng(const QString &fileName, const QSize &size, QString *error) const
{
    return writePng(fileName, renderImage(size), error);
}

QSize HeatmapWidget::sizeHint() const
{
    return QSize(900, 480);
}

void HeatmapWidget::mouseMoveEvent(QMouseEvent *event)
{
    const QString text = describeAt(event->position());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

void HeatmapWidget::mousePressEvent(QMouseEvent *event)
{
    int row = 0, bin = 0;
    if (event->button() != Qt::LeftButton || !cellAt(event->position(), &row, &bin))
        return;
    // The keys go on from the cell clicked.
    mCursorRow = row;
    mCursorBin = bin;
    setAccessibleDescription(describeCell(row, bin));
    update();
    Q_EMIT linkClicked(linkOf(mData.busiestLinkAt(row, bin)));
}

void HeatmapWidget::leaveEvent(QEvent *)
{
    QToolTip::hideText();
}

void HeatmapWidget::startCursor()
{
    const double binS = mData.binS();
    mCursorBin
        = mTimeS >= 0 && binS > 0 ? std::clamp(int(mTimeS / binS), 0, mData.binCount() - 1) : 0;
    moveCursorToGroup(0);
}

void HeatmapWidget::moveCursorToGroup(int group)
{
    const int groups = int(mData.groups().size());
    if (groups == 0)
        return;
    const auto at = std::size_t(std::clamp(group, 0, groups - 1));
    const auto [rows, bins] = pixelBlocks(geometryFor(rect(), font()), at, devicePixelRatioF());
    const auto [row, bin] = busiestCellOf(
        mData, mData.groups()[at].firstRow, rows, 0, bins, bins.pixelOf(std::max(0, mCursorBin)));
    setCursorCell(row, bin);
}

void HeatmapWidget::moveCursor(int rowSteps, int binSteps)
{
    if (mCursorRow < 0 || mData.rowCount() == 0)
        return;
    const Geometry g = geometryFor(rect(), font());
    const double scale = devicePixelRatioF();
    const int groups = int(mData.groups().size());
    int group = mData.groupOf(mCursorRow);
    auto [rows, bins] = pixelBlocks(g, std::size_t(group), scale);
    int rowPixel
        = rows.pixelOf(mCursorRow - mData.groups()[std::size_t(group)].firstRow) + rowSteps;
    const int binPixel = std::clamp(bins.pixelOf(mCursorBin) + binSteps, 0, bins.pixels - 1);
    // Up from a band's first pixel row is the last of the band above, as the eye reads it.
    while (rowPixel < 0 && group > 0) {
        rows = pixelBlocks(g, std::size_t(--group), scale).first;
        rowPixel += rows.pixels;
    }
    while (rowPixel >= rows.pixels && group + 1 < groups) {
        rowPixel -= rows.pixels;
        rows = pixelBlocks(g, std::size_t(++group), scale).first;
    }
    const auto [row, bin] = busiestCellOf(mData, mData.groups()[std::size_t(group)].firstRow, rows,
        std::clamp(rowPixel, 0, rows.pixels - 1), bins, binPixel);
    setCursorCell(row, bin);
}

void HeatmapWidget::setCursorCell(int row, int bin)
{
    mCursorRow = row;
    mCursorBin = bin;
    const QString text = describeCell(row, bin);
    // What a screen reader says; the tooltip is what the mouse would show there.
    setAccessibleDescription(text);
    if (hasFocus())
        QToolTip::showText(
            mapToGlobal(cellRect(row, bin).bottomRight().toPoint() + QPoint(8, 8)), text, this);
    update();
}

void HeatmapWidget::keyPressEvent(QKeyEvent *event)
{
    if (mData.rowCount() == 0) {
        QWidget::keyPressEvent(event);
        return;
    }
    if (mCursorRow < 0)
        startCursor();
    switch (event->key()) {
    case Qt::Key_Up:
        moveCursor(-1, 0);
        break;
    case Qt::Key_Down:
        moveCursor(1, 0);
        break;
    case Qt::Key_Left:
        moveCursor(0, -1);
        break;
    case Qt::Key_Right:
        moveCursor(0, 1);
        break;
    case Qt::Key_PageUp:
        moveCursorToGroup(mData.groupOf(mCursorRow) - 1);
        break;
    case Qt::Key_PageDown:
        moveCursorToGroup(mData.groupOf(mCursorRow) + 1);
        break;
    case Qt::Key_Home:
        moveCursor(0, -mData.binCount());
        break;
    case Qt::Key_End:
        moveCursor(0, mData.binCount());
        break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space:
        Q_EMIT linkClicked(linkOf(mData.busiestLinkAt(mCursorRow, mCursorBin)));
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

void HeatmapWidget::focusInEvent(QFocusEvent *event)
{
    QWidget::focusInEvent(event);
    // The overlay saw this event first (it filters the widget's events), so it knows its reason.
    if (showsKeyboardFocus() && mCursorRow < 0 && mData.rowCount() > 0)
        startCursor();
    update();
}

void HeatmapWidget::focusOutEvent(QFocusEvent *event)
{
    QWidget::focusOutEvent(event);
    QToolTip::hideText();
    update();
}

} // namespace fabric::views
