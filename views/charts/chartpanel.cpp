// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartpanel.h"

#include "axisticks.h"
#include "barnotes.h"
#include "canvas/faultmarks.h"
#include "common/emptynote.h"
#include "common/keyboardfocus.h"
#include "common/qtstrings.h"
#include "export/atomicfile.h"
#include "export/svgpicture.h"
#include "model/units.h"
#include "style/palette.h"
#include "style/picturescale.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QHorizontalBarSeries>
#include <QKeyEvent>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QMouseEvent>
#include <QPainter>
#include <QPen>
#include <QScrollArea>
#include <QStackedLayout>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <memory>

namespace fabric::views {

namespace {
/// Below this height a panel on screen drops its title and thins its margins and axis.
constexpr int kCompactHeight = 260;
/// The margins of a compact frame: the plot gets what a title and wide margins took.
constexpr QMargins kCompactMargins(4, 2, 8, 0);
/// Steps of a value axis with room.
constexpr int kFullTicks = 5;
/// The share of a chart's height Qt Charts gives its bottom axes: it elides what does not fit
/// in it to "...", numbers and title alike.
constexpr double kBottomAxisShare = 0.4;
/// What a bottom axis takes beyond its two lines of text: the padding around the numbers and
/// the title, and the view's frame (measured with Qt 6.4's light theme, with 2 px to spare).
constexpr double kBottomAxisExtra = 20;
/// What a chart's width holds besides its plot (margins, the value axis), with some to spare.
constexpr double kPlotOverhead = 120;
/// The height (at 1x text) from which a compact chart wraps its bar groups' names on two lines.
constexpr int kTwoLineCompactHeight = 160;
/// The most of a chart's width Qt Charts gives a legend beside the plot (its layout's 0.4).
constexpr double kLegendBesideShare = 0.4;
/// What Qt keeps on both sides of a category label.
constexpr double kCategoryPadding = 12;
/// Room kept above and below the keyboard's bar when a scroll area brings it into view (pixels).
constexpr int kBarMargin = 40;
/// An axis's whole title, kept on the axis while a compact frame shows less of it.
constexpr const char *kFullTitle = "fullTitle";
/// An axis's note (ChartSpec::xNote), which only a full frame shows.
constexpr const char *kTitleNote = "titleNote";

/// @p text broken at spaces into lines of @p width, at most @p maxLines of them, as rich text.
/// What still does not fit is elided in the middle of its line, so a name's end stays: Qt
/// elides the end, and two runs named "Polarised hashing (same hash at every tier)" and "...
/// (2)" read the same.
QString fittedLabel(const QString &text, const QFont &font, double width, int maxLines)
{
    const QFontMetricsF metrics(font);
    QStringList lines;
    QString line;
    for (const QString &word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (!line.isEmpty() && metrics.horizontalAdvance(longer) > width) {
            lines.append(line);
            line = word;
        } else {
            line = longer;
        }
    }
    if (!line.isEmpty())
        lines.append(line);
    if (lines.size() > maxLines) {
        const QString rest = lines.mid(maxLines - 1).join(QLatin1Char(' '));
        lines.resize(maxLines - 1);
        lines.append(rest);
    }
    for (QString &l : lines)
        l = metrics.elidedText(l, Qt::ElideMiddle, width).toHtmlEscaped();
    return lines.join(QLatin1String("<br>"));
}

/// @p text as HTML lines broken at spaces so that each fits @p width in @p font: Qt Charts
/// elides a title wider than the chart to "...", where a line break keeps it whole.
QString wrapped(const QString &text, const QFont &font, double width)
{
    return fittedLabel(text, font, width, std::numeric_limits<int>::max());
}

/// The unit of a title such as "throughput (GB/s)", which fits beside a short axis where the
/// whole title is elided to "throu..."; the title itself when it names none.
QString unitOf(const QString &title)
{
    const qsizetype open = title.lastIndexOf(QLatin1Char('('));
    if (open < 0 || !title.endsWith(QLatin1Char(')')))
        return title;
    return title.mid(open + 1, title.size() - open - 2);
}
} // namespace

struct ChartPanel::Private
{
    QChartView *view = nullptr;
    QChart *chart = nullptr;
    QList<QLineSeries *> lines;
    QAbstractBarSeries *bars = nullptr;
    bool barShape = false;
    QLabel *empty = nullptr; ///< Shown instead of the chart when the spec has no data.
    QStackedLayout *pages = nullptr;
    QMargins fullMargins; ///< QChart's own margins, for the full frame.
    int verticalTicks = kFullTicks; ///< Steps of the vertical value axis, as setupAxes() last made it.
    bool compact = false; ///< The frame applyFrame() last set.
    double titleWidth = 0; ///< The width applyFrame() last wrapped the title to.
    QFont titleFont; ///< The theme's, for textScale 1.
    QFont legendFont; ///< The theme's, for textScale 1.
    double textScale = 1; ///< The scale applyTextScale() last set.
    std::unique_ptr<BarNotes> notes; ///< Words in the rows without a bar.
    FocusFrameOverlay *focusFrame = nullptr; ///< Over the chart view, which covers the panel.
    bool rendering = false; ///< A picture is being drawn: no keyboard mark in it.
};

namespace {

/// Points of @p line, drawn as steps when asked.
QList<QPointF> shaped(const ChartLine &line, bool steps)
{
    if (!steps || line.points.size() < 2)
        return line.points;
    QList<QPointF> out;
    out.reserve(line.points.size() * 2);
    for (qsizetype i = 0; i < line.points.size(); ++i) {
        if (i > 0)
            out.append(QPointF(line.points[i].x(), line.points[i - 1].y()));
        out.append(line.points[i]);
    }
    return out;
}

/// The largest finite bar value of @p spec (0 without bars).
double tallestBar(const ChartSpec &spec)
{
    double top = 0;
    for (const ChartBars &b : spec.bars)
        for (const double v : b.values)
            if (std::isfinite(v))
                top = std::max(top, v);
    return top;
}

/// Sets @p axis over [@p lo, @p hi], labelled at round steps by tickLabels(), so large values
/// read "150 k" rather than 1.5e+05.
void setRoundTicks(QCategoryAxis *axis, double lo, double hi, int target)
{
    const AxisTicks ticks = niceTicks(lo, hi, target);
    const QStringList labels = tickLabels(ticks);
    for (const QString &old : axis->categoriesLabels())
        axis->remove(old);
    axis->setStartValue(ticks.lo);
    for (qsizetype i = 0; i < labels.size(); ++i)
        axis->append(labels[i], ticks.values[i]);
    axis->setRange(ticks.lo, ticks.hi);
}

/// A value axis over [@p lo, @p hi] with round ticks (setRoundTicks()).
QCategoryAxis *roundAxis(double lo, double hi, int target = kFullTicks)
{
    auto *axis = new QCategoryAxis;
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    setRoundTicks(axis, lo, hi, target);
    return axis;
}

/// The pen of line @p index of @p count: one line keeps the theme's. Lines of a comparison often
/// coincide (two routings that place the flows alike): drawn alike, the last would hide the
/// others. The first is twice as wide and the later ones dashed, so one drawn over another
/// leaves it showing on both sides and through its gaps.
QPen linePen(QPen pen, qsizetype index, qsizetype count, double scale)
{
    if (count < 2)
        return pen;
    static constexpr Qt::PenStyle kStyles[]
        = { Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine, Qt::DashDotDotLine };
    pen.setWidthF(scale * (index == 0 ? 4.0 : 2.0));
    pen.setStyle(kStyles[index % qsizetype(std::size(kStyles))]);
    pen.setCapStyle(Qt::FlatCap);
    return pen;
}

/// @p font @p scale times as large.
QFont scaledFont(QFont font, double scale)
{
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * scale);
    else if (font.pixelSize() > 0)
        font.setPixelSize(int(std::lround(font.pixelSize() * scale)));
    return font;
}

} // namespace

ChartPanel::ChartPanel(QWidget *parent)
    : QWidget(parent)
    , d(new Private)
{
    d->chart = new QChart;
    d->chart->setAnimationOptions(QChart::NoAnimation);
    d->chart->legend()->setAlignment(Qt::AlignBottom);
    d->chart->setBackgroundRoundness(0);
    d->notes = std::make_unique<BarNotes>(d->chart);
    d->fullMargins = d->chart->margins();
    d->titleFont = d->chart->titleFont();
    d->legendFont = d->chart->legend()->font();
    d->textScale = screenTextScale();
    applyTextScale(d->textScale);
    // Bar labels show when the bars are wide enough, known once the chart laid itself out.
    connect(d->chart, &QChart::plotAreaChanged, this, [this] { fitBarLabels(); });
    d->view = new QChartView(d->chart, this);
    d->view->setRenderHint(QPainter::Antialiasing);
    d->view->viewport()->installEventFilter(this);
    // The panel is the Tab stop (for a bar chart), not the view inside it, which showed none.
    d->view->setFocusPolicy(Qt::NoFocus);
    d->empty = new QLabel(this);
    d->empty->setAlignment(Qt::AlignCenter);
    d->empty->setWordWrap(true);
    d->empty->setMargin(12);
    d->pages = new QStackedLayout(this);
    d->pages->setContentsMargins(0, 0, 0, 0);
    d->pages->addWidget(d->view);
    d->pages->addWidget(d->empty);
    d->focusFrame = new FocusFrameOverlay(this);
    showPlotOrNote();
}

ChartPanel::~ChartPanel()
{
    delete d;
}

QSize ChartPanel::sizeHint() const
{
    return QSize(640, 400);
}

QSize ChartPanel::minimumSizeHint() const
{
    const QList<QAbstractAxis *> bottom = d->chart->axes(Qt::Horizontal);
    QFont labels = font(), title = font();
    if (!bottom.isEmpty()) {
        labels = bottom.first()->labelsFont();
        title = bottom.first()->titleFont();
    }
    const double axis
        = QFontMetricsF(labels).height() + QFontMetricsF(title).height() + kBottomAxisExtra;
    return QSize(QWidget::minimumSizeHint().width(),
        int(std::ceil(axis / kBottomAxisShare)) + kCompactMargins.top() + kCompactMargins.bottom());
}

int ChartPanel::seriesCount() const
{
    return d->barShape ? (d->bars ? int(d->bars->count()) : 0) : int(d->lines.size());
}

void ChartPanel::setSpec(const ChartSpec &spec)
{
    const bool sameShape = !spec.isBarChart() && !d->barShape
        && spec.lines.size() == d->lines.size() && spec.xScale == mSpec.xScale
        && !d->lines.isEmpty();
    mSpec = spec;
    setAccessibleName(spec.title.isEmpty() ? tr("Chart") : tr("Chart: %1").arg(spec.title));
    showPlotOrNote();
    applyFrame(isCompactOnScreen(), width());
    if (sameShape)
        updateLines();
    else
        rebuild();
}

void ChartPanel::updateLines()
{
    for (qsizetype i = 0; i < d->lines.size(); ++i) {
        d->lines[i]->setName(mSpec.lines[i].name);
        d->lines[i]->replace(shaped(mSpec.lines[i], mSpec.steps));
    }
    setupAxes(verticalTickTarget());
}

void ChartPanel::rebuild()
{
    ++mRebuilds;
    d->chart->removeAllSeries();
    d->notes->setNotes({}, {}, {});
    d->lines.clear();
    d->bars = nullptr;
    for (QAbstractAxis *axis : d->chart->axes()) {
        d->chart->removeAxis(axis);
        delete axis;
    }
    d->barShape = mSpec.isBarChart();
    // A line's marker is a piece of the line, dashes and all (linePen). Bars keep the default:
    // with markers from the series Qt 6.4 draws them empty and elides their names.
    d->chart->legend()->setMarkerShape(
        d->barShape ? QLegend::MarkerShapeDefault : QLegend::MarkerShapeFromSeries);
    if (d->barShape) {
        if (mSpec.horizontal)
            d->bars = new QHorizontalBarSeries;
        else
            d->bars = new QBarSeries;
        for (const ChartBars &b : std::as_const(mSpec.bars)) {
            auto *set = new QBarSet(b.name);
            // Qt draws the first category at the bottom: reversed, it is at the top.
            QList<double> values = b.values;
            if (mSpec.horizontal)
                std::reverse(values.begin(), values.end());
            set->append(values);
            set->setLabelColor(palette::ink()); // over the bar on white, not inside it
            d->bars->append(set);
        }
        const double top = tallestBar(mSpec);
        // Past the end of their bars, so labels of neighbouring bars never run into each other
        // (upright over vertical bars), with the digits the largest needs (never 1.5e+05).
        d->bars->setLabelsVisible(true);
        d->bars->setLabelsFormat(QStringLiteral("@value") + mSpec.barLabelSuffix);
        d->bars->setLabelsPrecision(labelPrecision(top));
        d->bars->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
        d->bars->setLabelsAngle(mSpec.horizontal ? 0 : -90);
        // A long list of thin bars: thick enough for each value label to fit beside its bar.
        if (mSpec.horizontal)
            d->bars->setBarWidth(0.8);
        // A horizontal chart's rows take clicks anywhere (eventFilter()); upright bars here.
        if (!mSpec.horizontal)
            connect(d->bars, &QAbstractBarSeries::clicked, this,
                [this](int index, QBarSet *) { Q_EMIT barClicked(index); });
        d->chart->addSeries(d->bars); // the theme sets the label font: scale it after
        for (QBarSet *set : d->bars->barSets())
            set->setLabelFont(scaledFont(set->labelFont(), d->textScale));
        if (mSpec.horizontal && !d->bars->barSets().isEmpty())
            d->notes->setNotes(
                mSpec.barNotes, d->bars->barSets().first()->labelFont(), failedColour());
    } else {
        for (const ChartLine &line : std::as_const(mSpec.lines)) {
            auto *series = new QLineSeries;
            series->setName(line.name);
            series->replace(shaped(line, mSpec.steps));
            d->chart->addSeries(series); // the theme sets the colour: restyle the pen after
            series->setPen(
                linePen(series->pen(), d->lines.size(), mSpec.lines.size(), d->textScale));
            d->lines.append(series);
        }
    }
    setFocusPolicy(d->barShape ? Qt::TabFocus : Qt::NoFocus);
    if (mKeyboardBar >= int(mSpec.categories.size()))
        mKeyboardBar = -1;
    markKeyboardBar(hasFocus() && !d->rendering);
    // One set of bars named by its categories needs no legend.
    d->chart->legend()->setVisible(seriesCount() > 1 || (d->barShape && !mSpec.horizontal));
    setupAxes(verticalTickTarget());
}

void ChartPanel::setupAxes(int verticalTicks)
{
    d->verticalTicks = verticalTicks;
    for (QAbstractAxis *axis : d->chart->axes()) {
        d->chart->removeAxis(axis);
        delete axis;
    }
    if (d->barShape) {
        const double top = tallestBar(mSpec);
        // Head room past the longest bar for its value label.
        QCategoryAxis *values = roundAxis(0, top > 0 ? top * (mSpec.horizontal ? 1.15 : 1.3) : 1,
                                          mSpec.horizontal ? kFullTicks : d->verticalTicks);
        auto *categories = new QBarCategoryAxis;
        QStringList names = mSpec.categories;
        if (mSpec.horizontal)
            std::reverse(names.begin(), names.end());
        categories->append(names);
        d->chart->addAxis(values, mSpec.horizontal ? Qt::AlignBottom : Qt::AlignLeft);
        d->chart->addAxis(categories, mSpec.horizontal ? Qt::AlignLeft : Qt::AlignBottom);
        scaleAxisFonts();
        // Titles once added: a compact frame shortens the vertical one, known only then.
        setAxisTitle(values, mSpec.yTitle);
        setAxisTitle(categories, mSpec.xTitle);
        d->bars->attachAxis(categories);
        d->bars->attachAxis(values);
        wrapCategoryLabels(); // in the axis's own font, known once added
        return;
    }

    double x0 = std::numeric_limits<double>::max(), x1 = -x0, y1 = 0;
    for (const ChartLine &line : std::as_const(mSpec.lines))
        for (const QPointF &p : line.points) {
            x0 = std::min(x0, p.x());
            x1 = std::max(x1, p.x());
            y1 = std::max(y1, p.y());
        }
    if (x0 > x1)
        x0 = 0, x1 = 1;
    if (x1 <= x0)
        x1 = x0 + 1;
    const double top = mSpec.yTop > 0 ? mSpec.yTop : y1 > 0 ? y1 * 1.04 : 1;
    QCategoryAxis *y = roundAxis(0, top, d->verticalTicks);
    d->chart->addAxis(y, Qt::AlignLeft);
    setAxisTitle(y, mSpec.yTitle);

    QAbstractAxis *x = nullptr;
    if (mSpec.xScale == ChartSpec::XScale::Log2Bytes) {
        // Labels at powers of two, spaced so about eight fit.
        auto *cat = new QCategoryAxis;
        cat->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
        const int lo = int(std::floor(x0)), hi = int(std::ceil(x1));
        const int step = std::max(1, (hi - lo + 7) / 8);
        for (int e = lo; e <= hi; e += step)
            cat->append(toQString(units::formatBytes(std::ldexp(1.0, e))), e);
        cat->setRange(lo, hi);
        x = cat;
    } else {
        x = roundAxis(x0, x1);
    }
    d->chart->addAxis(x, Qt::AlignBottom);
    scaleAxisFonts();
    setAxisTitle(x, mSpec.xTitle, mSpec.xNote);
    for (QLineSeries *series : std::as_const(d->lines)) {
        series->attachAxis(x);
        series->attachAxis(y);
    }
}

void ChartPanel::scaleAxisFonts()
{
    // Axes just added carry the theme's fonts.
    for (QAbstractAxis *axis : d->chart->axes()) {
        axis->setLabelsFont(scaledFont(axis->labelsFont(), d->textScale));
        axis->setTitleFont(scaledFont(axis->titleFont(), d->textScale));
    }
}

double ChartPanel::screenTextScale() const
{
    const double application = QApplication::font().pointSizeF();
    return application > 0 && font().pointSizeF() > 0 ? font().pointSizeF() / application : 1;
}

void ChartPanel::applyTextScale(double scale)
{
    d->textScale = scale;
    d->chart->setTitleFont(scaledFont(d->titleFont, scale));
    d->chart->legend()->setFont(scaledFont(d->legendFont, scale));
    if (!d->chart->series().isEmpty())
        rebuild(); // new series and axes, with the theme's fonts scaled
}

void ChartPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    // Presentation mode enlarges the window's text; Qt Charts keeps its theme's fonts.
    if (event->type() == QEvent::FontChange && screenTextScale() != d->textScale) {
        applyTextScale(screenTextScale());
        applyFrame(isCompactOnScreen(), width());
        updateGeometry();
    }
}

bool ChartPanel::fitBarLabels()
{
    if (!d->bars || d->bars->count() == 0 || mSpec.categories.isEmpty())
        return false;
    const QRectF plot = d->chart->plotArea();
    const double bar = (mSpec.horizontal ? plot.height() : plot.width())
        / double(mSpec.categories.size()) * d->bars->barWidth() / double(d->bars->count());
    const double text = QFontMetricsF(d->bars->barSets().first()->labelFont()).height();
    d->bars->setLabelsVisible(bar >= text + 2);
    d->notes->place(plot, bar >= text + 2);
    return d->bars->isLabelsVisible() && makeRoomForBarLabels();
}

bool ChartPanel::makeRoomForBarLabels()
{
    // Each value label runs on past its bar's end (upright over vertical bars): the axis's
    // fixed head room was too little for it in a short panel, and Qt drew it over its bar.
    auto *values = qobject_cast<QCategoryAxis *>(
        d->chart->axes(mSpec.horizontal ? Qt::Horizontal : Qt::Vertical, d->bars).value(0));
    const QRectF plot = d->chart->plotArea();
    const double length = mSpec.horizontal ? plot.width() : plot.height();
    if (!values || length <= 0 || values->max() <= 0)
        return false;
    const QFontMetricsF metrics(d->bars->barSets().first()->labelFont());
    const double gap = 6 * d->textScale; // Qt's offset from the bar's end, with a margin
    double wanted = values->max();
    for (const ChartBars &b : std::as_const(mSpec.bars))
        for (const double v : b.values) {
            if (!std::isfinite(v) || v <= 0)
                continue;
            const QString label
                = QString::number(v, 'g', d->bars->labelsPrecision()) + mSpec.barLabelSuffix;
            const double room = length - metrics.horizontalAdvance(label) - gap;
            // Past a third of the plot, labels would squeeze the bars: none then.
            if (room < length / 3) {
                d->bars->setLabelsVisible(false);
                return false;
            }
            wanted = std::max(wanted, v * length / room);
        }
    if (wanted <= values->max() * (1 + 1e-9))
        return false;
    setRoundTicks(values, 0, wanted, mSpec.horizontal ? kFullTicks : d->verticalTicks);
    return true;
}

void ChartPanel::showPlotOrNote()
{
    // Nothing to plot: say what would fill the chart rather than draw empty axes.
    d->empty->setText(mSpec.emptyNote.isEmpty() ? nothingToShowYet() : mSpec.emptyNote);
    d->pages->setCurrentWidget(mSpec.hasData() ? static_cast<QWidget *>(d->view) : d->empty);
}

bool ChartPanel::isCompactOnScreen() const
{
    return height() < kCompactHeight * d->textScale;
}

int ChartPanel::verticalTickTarget() const
{
    // About one label per 45 px of a short panel: more would overprint and be elided to "...".
    const int perLabel = int(std::lround(45 * d->textScale));
    return isCompactOnScreen() ? std::clamp(height() / perLabel, 2, kFullTicks) : kFullTicks;
}

void ChartPanel::applyFrame(bool compact, double width)
{
    QString title;
    if (!compact) {
        // The width the chart's layout gives its title, with a little to spare.
        const double room = width - d->fullMargins.left() - d->fullMargins.right() - 32;
        QFont bold = d->chart->titleFont();
        bold.setBold(true);
        title = QStringLiteral("<b>%1</b>").arg(wrapped(mSpec.title, bold, room));
        if (!mSpec.subtitle.isEmpty())
            title += QStringLiteral("<br>%1").arg(
                wrapped(mSpec.subtitle, d->chart->titleFont(), room));
    }
    d->titleWidth = width;
    d->chart->setTitle(title);
    d->chart->setMargins(compact ? kCompactMargins : d->fullMargins);
    // Beside the plot, not under it: a short panel's height is the plot's. Also where one row
    // under the plot would cut the runs' names (a report comparing five runs read "allreduce
    // rin..." five times). Unless its names would be cut beside it too (kLegendBesideShare).
    const bool crowdedBelow = legendWidthBelow() > width * 0.9;
    d->chart->legend()->setAlignment(
        (compact || crowdedBelow) && legendFitsBeside(width) ? Qt::AlignRight : Qt::AlignBottom);
    d->compact = compact;
    wrapCategoryLabels(); // for the frame just set
    for (QAbstractAxis *axis : d->chart->axes())
        setAxisTitle(
            axis, axis->property(kFullTitle).toString(), axis->property(kTitleNote).toString());
}

namespace {
QStringList legendNames(const ChartSpec &spec)
{
    QStringList names;
    if (spec.isBarChart())
        for (const ChartBars &b : spec.bars)
            names << b.name;
    else
        for (const ChartLine &line : spec.lines)
            names << line.name;
    return names;
}
} // namespace

double ChartPanel::legendWidthBeside() const
{
    const QFontMetricsF metrics(d->chart->legend()->font());
    double widest = 0;
    for (const QString &name : legendNames(mSpec))
        widest = std::max(widest, metrics.horizontalAdvance(name));
    // A marker, the gaps around it and the legend's own margins: about three lines' height.
    return widest + 3 * metrics.height();
}

double ChartPanel::legendWidthBelow() const
{
    const QFontMetricsF metrics(d->chart->legend()->font());
    double row = 0;
    for (const QString &name : legendNames(mSpec))
        row += metrics.horizontalAdvance(name) + 3 * metrics.height();
    return row;
}

QBarCategoryAxis *ChartPanel::barGroupAxis() const
{
    return d->bars
        ? qobject_cast<QBarCategoryAxis *>(d->chart->axes(Qt::Horizontal, d->bars).value(0))
        : nullptr;
}

bool ChartPanel::legendFitsBeside(double width) const
{
    if (legendWidthBeside()
        > (width - kCompactMargins.left() - kCompactMargins.right()) * kLegendBesideShare)
        return false;
    // Beside the plot it also narrows the groups of bars: their names' words must still fit.
    if (!d->bars || mSpec.horizontal)
        return true;
    QBarCategoryAxis *axis = barGroupAxis();
    const QFontMetricsF metrics(axis ? axis->labelsFont() : d->chart->legend()->font());
    const double room = categoryRoom(width, true);
    for (const QString &name : std::as_const(mSpec.categories))
        for (const QString &word : name.split(QLatin1Char(' '), Qt::SkipEmptyParts))
            if (metrics.horizontalAdvance(word) > room)
                return false;
    return true;
}

double ChartPanel::categoryRoom(double width, bool legendBeside) const
{
    // Qt gives each label the plot's width over two more than the number of bar groups.
    const double plot
        = width - kPlotOverhead * d->textScale - (legendBeside ? legendWidthBeside() : 0);
    return plot / double(mSpec.categories.size() + 2) - kCategoryPadding;
}

void ChartPanel::wrapCategoryLabels()
{
    if (!d->bars || mSpec.horizontal)
        return;
    QBarCategoryAxis *axis = barGroupAxis();
    if (!axis || axis->count() != mSpec.categories.size())
        return;
    // Qt elides what does not fit its label's room: run names such as "allreduce ring ·
    // ecmp-polarized" lost their ends. A full frame has the height for a second line, and so
    // has a compact one in presentation mode's panel; the shorter panel of a 1280x720 window
    // keeps one.
    const bool legendBeside
        = d->chart->legend()->isVisible() && d->chart->legend()->alignment() == Qt::AlignRight;
    const double room = categoryRoom(d->titleWidth, legendBeside);
    const bool secondLine = !d->compact || height() >= kTwoLineCompactHeight * d->textScale;
    const QStringList shown = axis->categories();
    for (qsizetype i = 0; i < shown.size(); ++i) {
        const QString &name = mSpec.categories[i];
        const QString label
            = room <= 0 ? name : fittedLabel(name, axis->labelsFont(), room, secondLine ? 2 : 1);
        if (label != shown[i])
            axis->replace(shown[i], label);
    }
}

void ChartPanel::setAxisTitle(QAbstractAxis *axis, const QString &title, const QString &note)
{
    axis->setProperty(kFullTitle, title);
    axis->setProperty(kTitleNote, note);
    if (!d->compact)
        axis->setTitleText(note.isEmpty() ? title : title + QStringLiteral(", ") + note);
    else if (axis->orientation() == Qt::Vertical)
        axis->setTitleText(unitOf(title));
    else
        // The names of the bars' groups say what they are ("run"): a short panel keeps the
        // height for a second line of them instead.
        axis->setTitleText(qobject_cast<QBarCategoryAxis *>(axis) ? QString() : title);
}

void ChartPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // A dock dragged: re-frame at the threshold, re-wrap a title, re-place the legend.
    if (isCompactOnScreen() != d->compact || width() != d->titleWidth)
        applyFrame(isCompactOnScreen(), width());
    else
        wrapCategoryLabels(); // a compact panel's height decides on a second line
    // QChartView raises its minimum size to its chart's and never lowers it: once tall enough
    // for the full frame, it stayed taller than a short panel, which then showed its middle
    // (cut value labels at the top, the time axis's title at the bottom). This panel's own
    // minimum keeps the chart readable; the view takes whatever the panel gets.
    if (d->view->minimumSize() != QSize(0, 0)) {
        d->view->setMinimumSize(0, 0);
        d->pages->setGeometry(contentsRect());
    }
    if (verticalTickTarget() != d->verticalTicks && !d->chart->axes().isEmpty())
        setupAxes(verticalTickTarget());
    fitBarLabels();
}

bool ChartPanel::eventFilter(QObject *watched, QEvent *event)
{
    // A row of a horizontal bar chart (the resilience sweep's failures) is clicked anywhere
    // across the plot: a failure that cuts rank pairs off has no bar to click, and the thin
    // bars of a long list are hard to hit.
    if (watched == d->view->viewport() && event->type() == QEvent::MouseButtonRelease && d->bars
        && mSpec.horizontal) {
        const auto *mouse = static_cast<QMouseEvent *>(event);
        const QPointF inChart = d->chart->mapFromScene(d->view->mapToScene(mouse->pos()));
        if (mouse->button() == Qt::LeftButton && d->chart->plotArea().contains(inChart)) {
            const int slot = int(std::lround(d->chart->mapToValue(inChart, d->bars).y()));
            const int rows = int(mSpec.categories.size());
            if (slot >= 0 && slot < rows)
                Q_EMIT barClicked(rows - 1 - slot); // stored bottom first (see rebuild())
        }
    }
    return QWidget::eventFilter(watched, event);
}

QWidget *ChartPanel::plotWidget() const
{
    return d->view->viewport();
}

QPoint ChartPanel::barCentre(int category) const
{
    if (!d->bars || d->bars->count() == 0 || category < 0
        || category >= int(mSpec.categories.size()))
        return {};
    // Horizontal bars are stored bottom first (see rebuild()).
    const int slot = mSpec.horizontal ? int(mSpec.categories.size()) - 1 - category : category;
    const double value = d->bars->barSets().first()->at(slot);
    QPointF inChart = d->chart->mapToPosition(
        mSpec.horizontal ? QPointF(value / 2, slot) : QPointF(slot, value / 2), d->bars);
    if (mSpec.horizontal) // a row without a bar: just inside the plot
        inChart.setX(std::max(inChart.x(), d->chart->plotArea().left() + 2));
    return d->view->mapFromScene(d->chart->mapToScene(inChart));
}

void ChartPanel::renderTo(QPainter *painter, const QRectF &target, double scale)
{
    // Lay the chart out at the target size over the scale, paint its scene scaled up into the
    // target, then give it back to the view.
    const double k = scale > 0 ? scale : pictureScale(target.width());
    if (!mSpec.hasData()) { // the title and what would fill it, not bare axes
        paintNote(painter, target, k);
        return;
    }
    const QSizeF logical = target.size() / k;
    const QRectF old = d->chart->geometry();
    d->rendering = true;
    markKeyboardBar(false);
    // A picture gets the theme's text size, the full frame and axis, whatever the panel's
    // text size and height on screen.
    const double screenScale = d->textScale;
    if (screenScale != 1)
        applyTextScale(1);
    applyFrame(false, logical.width());
    const bool fewerTicks = d->verticalTicks != kFullTicks && !d->chart->axes().isEmpty();
    if (fewerTicks)
        setupAxes(kFullTicks);
    d->chart->setGeometry(QRectF(QPointF(0, 0), logical));
    // Axes and series replaced since the last event loop turn are deleted later: now, or their
    // items still paint (a tiny ghost chart in a corner).
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    settleLayout();
    if (fitBarLabels()) // the value axis grew for the labels
        settleLayout();
    d->chart->scene()->render(painter, target, QRectF(QPointF(0, 0), logical));
    if (screenScale != 1)
        applyTextScale(screenScale);
    applyFrame(isCompactOnScreen(), width());
    if (fewerTicks)
        setupAxes(verticalTickTarget());
    d->chart->setGeometry(old);
    fitBarLabels();
    d->rendering = false;
    markKeyboardBar(hasFocus());
}

void ChartPanel::settleLayout()
{
    // Layouts settle on the next event loop turn: settle them now, or axes paint where the
    // previous size put them.
    QCoreApplication::sendPostedEvents(d->chart, QEvent::LayoutRequest);
    if (QGraphicsLayout *layout = d->chart->layout())
        layout->activate();
}

void ChartPanel::paintNote(QPainter *painter, const QRectF &target, double scale) const
{
    painter->save();
    QFont title = scaledFont(d->titleFont, scale);
    title.setBold(true);
    const QFont text = scaledFont(d->titleFont, scale);
    const double margin = 12 * scale;
    const QRectF room = target.adjusted(margin, margin, -margin, -margin);
    const int flags = Qt::AlignHCenter | Qt::TextWordWrap;
    painter->setPen(palette::ink());
    painter->setFont(title);
    QRectF titleBox = painter->boundingRect(room, flags, mSpec.title);
    painter->setFont(text);
    QRectF noteBox = painter->boundingRect(room, flags, d->empty->text());
    // Both centred together, the title above the note.
    const double top
        = room.top() + (room.height() - titleBox.height() - margin - noteBox.height()) / 2;
    titleBox = QRectF(room.left(), top, room.width(), titleBox.height());
    noteBox = QRectF(room.left(), titleBox.bottom() + margin, room.width(), noteBox.height());
    painter->setFont(title);
    painter->drawText(titleBox, flags, mSpec.title);
    painter->setFont(text);
    painter->drawText(noteBox, flags, d->empty->text());
    painter->restore();
}

QImage ChartPanel::renderImage(const QSize &size)
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    renderTo(&painter, QRectF(QPointF(0, 0), QSizeF(size)));
    return image;
}

bool ChartPanel::exportPng(const QString &fileName, const QSize &size, QString *error)
{
    return writePng(fileName, renderImage(size), error);
}

bool ChartPanel::exportSvg(const QString &fileName, const QSize &size, QString *error)
{
    return writeRendered(
        fileName,
        [&](QIODevice &device) {
            return writeSvgPicture(device, size, mSpec.title, mSpec.yTitle, [&](QPaintDevice &svg) {
                QPainter painter;
                if (!painter.begin(&svg))
                    return false;
                renderTo(&painter, QRectF(QPointF(0, 0), QSizeF(size)));
                return painter.end();
            });
        },
        error);
}

QString ChartPanel::describeBar(int category) const
{
    if (category < 0 || category >= int(mSpec.categories.size()))
        return {};
    const int digits = labelPrecision(tallestBar(mSpec));
    QStringList values;
    for (const ChartBars &b : mSpec.bars) {
        const double v = category < b.values.size() ? b.values[category] : qQNaN();
        if (!std::isfinite(v))
            continue;
        const QString value = QString::number(v, 'g', digits) + mSpec.barLabelSuffix;
        values << (mSpec.bars.size() > 1 ? tr("%1 %2").arg(b.name, value) : value);
    }
    if (category < mSpec.barNotes.size() && !mSpec.barNotes[category].isEmpty())
        values << mSpec.barNotes[category];
    return tr("%1: %2").arg(mSpec.categories[category], values.join(QStringLiteral(", ")));
}

void ChartPanel::markKeyboardBar(bool shown)
{
    if (!d->bars)
        return;
    // Horizontal bars are stored bottom first (see rebuild()).
    const int count = int(mSpec.categories.size());
    const int slot = mSpec.horizontal ? count - 1 - mKeyboardBar : mKeyboardBar;
    for (QBarSet *set : d->bars->barSets()) {
        set->deselectAllBars();
        if (shown && mKeyboardBar >= 0 && slot < set->count()) {
            set->setSelectedColor(set->color().darker(170));
            set->selectBar(slot);
        }
    }
}

void ChartPanel::setKeyboardBar(int category)
{
    mKeyboardBar = category;
    markKeyboardBar(hasFocus());
    const QString text = describeBar(category);
    setAccessibleDescription(text);
    if (!hasFocus())
        return;
    // A long list of bars scrolls (the resilience sweep's): bring the bar into view first.
    for (QWidget *p = parentWidget(); p; p = p->parentWidget())
        if (auto *scroll = qobject_cast<QScrollArea *>(p); scroll && scroll->widget()) {
            const QPoint at = d->view->mapTo(scroll->widget(), barCentre(category));
            scroll->ensureVisible(at.x(), at.y(), 0, kBarMargin);
            break;
        }
    QToolTip::showText(d->view->mapToGlobal(barCentre(category)), text, this);
}

void ChartPanel::keyPressEvent(QKeyEvent *event)
{
    const int count = d->bars ? int(mSpec.categories.size()) : 0;
    if (count == 0) {
        QWidget::keyPressEvent(event);
        return;
    }
    // Either pair of arrows: down a horizontal chart's rows, along upright bars.
    switch (event->key()) {
    case Qt::Key_Up:
    case Qt::Key_Left:
        setKeyboardBar(std::max(0, mKeyboardBar - 1));
        break;
    case Qt::Key_Down:
    case Qt::Key_Right:
        setKeyboardBar(std::min(count - 1, mKeyboardBar + 1));
        break;
    case Qt::Key_Home:
        setKeyboardBar(0);
        break;
    case Qt::Key_End:
        setKeyboardBar(count - 1);
        break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space:
        if (mKeyboardBar >= 0)
            Q_EMIT barClicked(mKeyboardBar);
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

void ChartPanel::focusInEvent(QFocusEvent *event)
{
    QWidget::focusInEvent(event);
    if (d->bars && !mSpec.categories.isEmpty())
        setKeyboardBar(std::max(0, mKeyboardBar));
}

void ChartPanel::focusOutEvent(QFocusEvent *event)
{
    QWidget::focusOutEvent(event);
    markKeyboardBar(false);
    QToolTip::hideText();
}

bool ChartPanel::showsKeyboardFocus() const
{
    return d->focusFrame->shown();
}

} // namespace fabric::views
