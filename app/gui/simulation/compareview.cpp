// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "compareview.h"

#include "canvas/fabriccanvas.h"
#include "canvas/faultmarks.h"
#include "common/qtstrings.h"
#include "explain/explainer.h"
#include "export/canvasexport.h"
#include "export/reportwriter.h"
#include "model/units.h"
#include "playback/loadsampler.h"
#include "playback/playbackbar.h"
#include "playback/playbackclock.h"
#include "playback/runhighlight.h"
#include "style/legend.h"
#include "style/picturescale.h"

#include <QComboBox>
#include <QEvent>
#include <QFontMetrics>
#include <QFontMetricsF>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace fabric::app {

CompareView::CompareView(QWidget *parent)
    : QWidget(parent)
    , mClock(new views::PlaybackClock(this))
    , mBar(new views::PlaybackBar(this))
    , mTable(new QTableWidget(this))
    , mVerdict(new QLabel(this))
{
    auto *grid = new QGridLayout;
    for (int i = 0; i < 2; ++i) {
        mTitle[i] = new QLabel(this);
        mTitle[i]->setAlignment(Qt::AlignCenter);
        QFont f = mTitle[i]->font();
        f.setBold(true);
        mTitle[i]->setFont(f);
        // A long title must not widen its column: both canvases get half the width. It wraps
        // instead (a run's name, or the prompt of a side with no run yet).
        mTitle[i]->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        mTitle[i]->setWordWrap(true);
        mCanvas[i] = new views::FabricCanvas(this);
        // Each side its own legend: the left run's badges went unexplained beside a right run
        // that drew none.
        mCanvas[i]->setLegendVisible(true);
        mCanvas[i]->setMinimumHeight(kCanvasMinimumHeight);
        // A view's size hint is its scene at the current zoom: the page asked for the height
        // of presentation mode's larger drawing after F11 and back, and scrolled in a short
        // dock, the fabrics cut at their top. The page's room decides their size instead.
        mCanvas[i]->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
        mCanvas[i]->setFitsToTop(true); // right under its title, whatever the page's height
        mPicker[i] = new QComboBox(this);
        mPicker[i]->setToolTip(tr("Any run of this fabric to compare"));
        // Like the titles: a long run name must not widen its column (the canvases would
        // resize and refit for ever).
        mPicker[i]->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        mPicker[i]->setMinimumContentsLength(12);
        mPicker[i]->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
        connect(mPicker[i], &QComboBox::activated, this, [this] {
            const auto chosen = [this](int side) {
                return mChoices.value(mPicker[side]->currentIndex());
            };
            setRuns(chosen(0), chosen(1));
        });
        grid->addWidget(mPicker[i], 0, i);
        grid->addWidget(mTitle[i], 2, i);
        grid->addWidget(mCanvas[i], 3, i);
        grid->setColumnStretch(i, 1);
    }
    // The verdict under the pickers, above the fabrics: under a short dock the table is what
    // scrolls out of sight, not the sentence that says which run won.
    grid->addWidget(mVerdict, 1, 0, 1, 2);
    grid->setRowStretch(3, 1);
    mBar->setClock(mClock);
    mTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    mTable->verticalHeader()->setVisible(false);
    mTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    mTable->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    mVerdict->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(grid, 1);
    layout->addWidget(mBar);
    layout->addWidget(mTable);
    connect(mClock, &views::PlaybackClock::timeChanged, this, &CompareView::showTime);
}

CompareView::~CompareView() = default;

void CompareView::setChoices(const QList<views::SimRunPtr> &runs, const views::SimRunPtr &left,
                             const views::SimRunPtr &right)
{
    mChoices = runs;
    // Numbered oldest first, so a run keeps its number as newer ones arrive and the oldest
    // leave; no runs (the fabric changed) starts again at #1.
    QHash<const views::SimRun *, int> numbers;
    for (qsizetype i = runs.size() - 1; i >= 0; --i) {
        const views::SimRun *run = runs[i].get();
        numbers.insert(run, mNumbers.value(run, 0) > 0 ? mNumbers.value(run) : ++mLastNumber);
    }
    mNumbers = numbers;
    if (runs.isEmpty())
        mLastNumber = 0;
    for (QComboBox *picker : mPicker) {
        const QSignalBlocker block(picker);
        picker->clear();
        for (int i = 0; i < runs.size(); ++i)
            picker->addItem(
                tr("#%1 %2 (%3)")
                    .arg(mNumbers.value(runs[i].get()))
                    .arg(runs[i]->label,
                        views::toQString(units::formatSeconds(runs[i]->result.completionS))));
        picker->setEnabled(runs.size() > 1);
    }
    mPicker[0]->setCurrentIndex(int(runs.indexOf(left)));
    mPicker[1]->setCurrentIndex(int(runs.indexOf(right)));
    setRuns(left, right);
}

void CompareView::setRuns(const views::SimRunPtr &left, const views::SimRunPtr &right)
{
    mClock->pause();
    mLeft = left;
    mRight = right;
    const views::SimRunPtr runs[2] = {left, right};
    QList<views::RunSummary> summaries;
    double end = 0;
    for (int i = 0; i < 2; ++i) {
        mSampler[i].reset();
        mCanvas[i]->setFabric(runs[i] ? runs[i]->fabric : nullptr);
        // Each side marks the faults its own run had, as the main canvas marks those in force:
        // a faulted run beside a healthy one showed no failed element.
        const bool hasRun = runs[i] && runs[i]->fabric && runs[i]->scenario;
        mCanvas[i]->setFaultMarks(hasRun
                ? views::faultMarks(*runs[i]->fabric, runs[i]->scenario->faults)
                : views::FabricCanvas::FaultMarks());
        // And what the main canvas highlights for its run (the links ECMP left idle, dashed, or
        // the SHARP tree), so idle links side by side are told from busy ones as on the main
        // canvas.
        mCanvas[i]->setHighlight(views::FabricCanvas::HighlightChannel::Simulation,
            runs[i] ? views::runHighlight(*runs[i]) : views::FabricCanvas::LinkHighlight());
        // An empty side says how to fill it: compare needs a run before the latest one.
        mTitle[i]->setText(runs[i] ? runs[i]->label
                                   : i == 0 ? tr("Run again (another routing, algorithm or size) "
                                                 "to compare with the run before")
                                            : tr("No run yet"));
        // The picker above names the run it shows: the title repeats it only in pictures.
        mTitle[i]->setVisible(!runs[i] || mChoices.value(mPicker[i]->currentIndex()) != runs[i]);
        if (!runs[i])
            continue;
        mSampler[i] = std::make_unique<views::LoadSampler>(runs[i]->result);
        mCanvas[i]->zoomToFit();
        summaries << views::RunSummary(*runs[i]);
        end = std::max(end, runs[i]->result.completionS);
    }
    // One clock over the longer run; events of both runs mark the slider.
    std::vector<double> events;
    for (const auto &run : runs)
        if (run)
            events.insert(events.end(), run->result.timeline.boundaries().begin(),
                          run->result.timeline.boundaries().end());
    std::sort(events.begin(), events.end());
    events.erase(std::unique(events.begin(), events.end()), events.end());
    mClock->setRun(end, events);
    applyLoadWindow();

    mRows = views::comparisonTable(summaries);
    fillTable();
    mVerdict->setText(summaries.size() == 2 ? views::compareRuns(summaries[0], summaries[1])
                                            : QString());
    // Open on the middle of the shorter run, where the difference shows.
    double shorter = end;
    for (const auto &run : runs)
        if (run)
            shorter = std::min(shorter, run->result.completionS);
    mClock->seek(shorter / 2);
    showTime(mClock->timeS());
}

QString CompareView::verdict() const
{
    return mVerdict->text();
}

QString CompareView::sideTitle(int side) const
{
    return mTitle[side]->text();
}

void CompareView::setInstantLoads(bool instant)
{
    mInstant = instant;
    applyLoadWindow();
    showTime(mClock->timeS());
}

void CompareView::applyLoadWindow()
{
    const double window = mInstant ? 0 : views::LoadSampler::defaultWindowS(mClock->endS());
    for (auto &sampler : mSampler)
        if (sampler)
            sampler->setWindowS(window);
    mBar->setNote(views::LoadSampler::windowNote(window));
}

void CompareView::showTime(double timeS)
{
    const views::SimRunPtr runs[2] = { mLeft, mRight };
    for (int i = 0; i < 2; ++i)
        if (mSampler[i] && runs[i])
            views::showLoadsAt(*mCanvas[i], *runs[i], *mSampler[i], timeS);
}

bool CompareView::runsDownFit() const
{
    const QFontMetrics text(mTable->font());
    const QFontMetrics header(mTable->horizontalHeader()->font());
    const int padding = 2 * text.averageCharWidth() + 2;
    int needed = 2 * mTable->frameWidth();
    for (qsizetype c = 0; c < mRows.first().size(); ++c) {
        int widest = header.horizontalAdvance(mRows.first()[c]) + padding;
        for (qsizetype r = 1; r < mRows.size(); ++r)
            widest = std::max(widest, text.horizontalAdvance(mRows[r].value(c)) + padding);
        needed += widest;
    }
    return needed <= mTable->width();
}

void CompareView::fillTable()
{
    if (mRows.isEmpty())
        return;
    // Beside the fabric in presentation mode the eight columns were a few letters each
    // ("mpleti", "of ide", "k link l"): there the figures go down, a column for each side.
    mRunsDown = runsDownFit();
    mTable->clear();
    if (mRunsDown) {
        mTable->setColumnCount(int(mRows.first().size()));
        mTable->setRowCount(int(mRows.size() - 1));
        mTable->setHorizontalHeaderLabels(mRows.first());
        for (int r = 1; r < mRows.size(); ++r)
            for (int c = 0; c < mRows[r].size(); ++c)
                mTable->setItem(r - 1, c, new QTableWidgetItem(mRows[r][c]));
        // The figures as wide as they are, the run's name the rest: equal shares cut a long
        // name ("allreduce ring · ecmp · 1 fault (2)") with room to spare beside it.
        mTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
        mTable->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    } else {
        // The first row names the runs; the sides are those of the canvases above.
        QStringList sides { QString() };
        for (qsizetype r = 1; r < mRows.size(); ++r)
            sides << (mRows.size() != 3 ? QString::number(r) : r == 1 ? tr("Left") : tr("Right"));
        mTable->setColumnCount(int(sides.size()));
        mTable->setRowCount(int(mRows.first().size()));
        mTable->setHorizontalHeaderLabels(sides);
        for (int figure = 0; figure < mRows.first().size(); ++figure) {
            auto *name = new QTableWidgetItem(mRows.first()[figure]);
            QFont bold = name->font();
            bold.setBold(true);
            name->setFont(bold);
            mTable->setItem(figure, 0, name);
            for (int r = 1; r < mRows.size(); ++r) {
                auto *cell = new QTableWidgetItem(mRows[r].value(figure));
                cell->setToolTip(cell->text());
                mTable->setItem(figure, r, cell);
            }
        }
        mTable->setWordWrap(true);
        mTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
        mTable->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    }
    fitTableHeight();
}

void CompareView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (!mRows.isEmpty() && runsDownFit() != mRunsDown)
        fillTable();
}

void CompareView::fitTableHeight()
{
    // As high as its rows: every pixel under a short dock goes to the canvases.
    mTable->resizeRowsToContents();
    mTable->setFixedHeight(mTable->horizontalHeader()->sizeHint().height()
        + mTable->verticalHeader()->length() + 2 * mTable->frameWidth());
}

void CompareView::changeEvent(QEvent *event)
{
    // Presentation mode enlarges the text: rows sized for the smaller text cut the last one.
    if (event->type() == QEvent::FontChange)
        fillTable();
    QWidget::changeEvent(event);
}

int CompareView::comfortableHeight() const
{
    return layout()->minimumSize().height() + kCanvasComfortableHeight - kCanvasMinimumHeight;
}

namespace {

/// Room for the table and the verdict under the pictures.
constexpr double kTableHeight = 170;

} // namespace

std::array<QRectF, 2> CompareView::pictureRects(const QSize &size) const
{
    const QList<views::LegendEntry> entries = views::mergedLegend(
        mCanvas[0]->fabric() ? mCanvas[0]->legendRoomEntries() : QList<views::LegendEntry>(),
        mCanvas[1]->fabric() ? mCanvas[1]->legendRoomEntries() : QList<views::LegendEntry>());
    const QSizeF legend = entries.isEmpty()
        ? QSizeF(0, 0)
        : views::legendSize(entries, views::legendScale(size.width()));
    // One legend, in its own column on the right, so both fabrics are drawn at the same size.
    const double column = legend.isEmpty() ? 0 : legend.width() + 20;
    const double w = size.width() - column, h = size.height() - kTableHeight;
    // Side by side, the natural reading of a comparison, unless one above the other draws the
    // fabrics much larger: a wide fabric (an HPN segment) side by side in a 16:9 picture used
    // a third of its height.
    const QSizeF sideBySide(w / 2 - 4, h), stacked(w, h / 2 - 4);
    auto smallerScale = [&](const QSizeF &cell) {
        double scale = std::numeric_limits<double>::infinity();
        for (const views::FabricCanvas *canvas : mCanvas)
            if (canvas->fabric())
                scale = std::min(scale, canvas->wholeFabricScale(cell));
        return scale;
    };
    const bool stack = smallerScale(stacked) > 1.25 * smallerScale(sideBySide);
    const QSizeF cell = stack ? stacked : sideBySide;
    // Each picture takes the height its drawing needs under its title, not its whole cell: a
    // fabric held by its width (most, side by side) left white above and below it and the
    // table at the foot of the picture. Pictures, table and verdict are centred as one group.
    const double title = views::FabricCanvas::pictureTitleHeight(cell.height());
    std::array<double, 2> need { 0, 0 };
    for (int i = 0; i < 2; ++i)
        if (mCanvas[i]->fabric())
            need[i] = std::min(cell.height(),
                title
                    + mCanvas[i]
                          ->wholeFabricSize(QSizeF(cell.width(), cell.height() - title))
                          .height());
    if (!stack) // side by side, one height for both
        need[0] = need[1] = std::max(need[0], need[1]);
    const double pictures = stack ? need[0] + 8 + need[1] : need[0];
    const double top = std::max(0.0, (size.height() - pictures - kTableHeight) / 2);
    if (stack)
        return { QRectF(QPointF(0, top), QSizeF(w, need[0])),
            QRectF(QPointF(0, top + need[0] + 8), QSizeF(w, need[1])) };
    return { QRectF(QPointF(0, top), QSizeF(cell.width(), need[0])),
        QRectF(QPointF(w / 2, top), QSizeF(cell.width(), need[1])) };
}

QImage CompareView::renderImage(const QSize &size)
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    paintPicture(painter, size);
    return image;
}

void CompareView::paintPicture(QPainter &p, const QSize &size)
{
    p.setRenderHint(QPainter::Antialiasing);
    const std::array<QRectF, 2> pictures = pictureRects(size);
    const double legendScale = views::legendScale(size.width());
    // What the two pictures draw at their size, which may fold pods the screen does not (the
    // column pictureRects() kept is as wide as the longest legend either fabric can have).
    std::array<QList<views::LegendEntry>, 2> drawn;
    for (int i = 0; i < 2; ++i)
        if (mCanvas[i]->fabric())
            drawn[i] = mCanvas[i]->pictureLegendEntries(pictures[i].size());
    const QList<views::LegendEntry> entries = views::mergedLegend(drawn[0], drawn[1]);
    for (int i = 0; i < 2; ++i)
        if (mCanvas[i]->fabric())
            mCanvas[i]->renderTo(&p, pictures[i], QRectF(), mTitle[i]->text(), false);
    if (!entries.isEmpty())
        views::paintLegend(&p,
            QPointF(size.width() - views::legendSize(entries, legendScale).width() - 10,
                pictures[0].top() + 40),
            entries, mCanvas[1]->colorMap(), legendScale);
    // The table and verdict drawn as text below.
    QList<views::RunSummary> summaries;
    for (const auto &run : {mLeft, mRight})
        if (run)
            summaries << views::RunSummary(*run);
    const QList<QStringList> rows = views::comparisonTable(summaries);
    double y = std::max(pictures[0].bottom(), pictures[1].bottom()) + 8;
    QFont f = p.font();
    f.setPixelSize(14);
    p.setFont(f);
    // The run names get the room they need; the figures share the rest.
    const QFontMetricsF fm(f);
    double nameW = 0;
    for (const QStringList &row : rows)
        nameW = std::max(nameW, fm.horizontalAdvance(row.value(0)) + 12);
    nameW = std::min(nameW, size.width() * 0.4);
    const double colW = (size.width() - nameW) / std::max<qsizetype>(1, rows.first().size() - 1);
    for (int r = 0; r < rows.size(); ++r) {
        if (r == 0)
            p.fillRect(QRectF(0, y, size.width(), 24), QColor(230, 230, 230));
        for (int c = 0; c < rows[r].size(); ++c) {
            const QRectF cell = c == 0 ? QRectF(6, y, nameW - 12, 24)
                                       : QRectF(nameW + (c - 1) * colW + 6, y, colW - 12, 24);
            p.drawText(cell, Qt::AlignVCenter | (c == 0 ? Qt::AlignLeft : Qt::AlignRight),
                       rows[r][c]);
        }
        y += 24;
    }
    p.drawText(QRectF(6, y + 6, size.width() - 12, size.height() - y - 6), Qt::TextWordWrap,
        mVerdict->text()
            + QStringLiteral("  (pictures at t = %1, %2)")
                  .arg(views::toQString(units::formatSeconds(mClock->timeS())), mBar->note()));
}

} // namespace fabric::app
