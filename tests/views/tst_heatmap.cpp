// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "exportchecks.h"
#include "generators/registry.h"
#include "heatmap/heatmapdata.h"
#include "heatmap/heatmapwidget.h"
#include "simfixture.h"
#include "tabfixture.h"
#include "textrecorder.h"

#include "common/qtstrings.h"
#include "model/units.h"

#include <QFontMetricsF>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace fabric;
using namespace fabric::views;

namespace {

/// HPN's heatmap after an ECMP ring, on @p w: two segments of 8 hosts, 4 aggregation switches a
/// plane, eight groups with long names ("leaf -> GPU \u00b7 plane 1 (512)") that wrap or shorten.
void showHpnRing(HeatmapWidget &w)
{
    static const Fabric hpn = gen::generate("hpn",
        nlohmann::json { { "segments", 2 }, { "hosts_per_segment", 8 }, { "aggs_per_plane", 4 } });
    static const auto run = testing::ringRun(hpn, route::Policy::Ecmp, 16e6, 1);
    w.setData(HeatmapData::build(hpn, run->result, 40));
}

} // namespace

class TestHeatmap : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void groupsByTierAndDirection();
    void binsAddUpToTheLinkBytes();
    void bandsKeepTheBusiestLink();
    void hoverAndClick();
    void keysMoveACursorAsTheMouseWould();
    void keyboardCursorGrowsWithTheText();
    void exportsAPng();
    void groupLabelsNeverOverprint();
    void groupLabelsShareOneForm();
    void wideHeatmapNamesKeepTheirCounts();
    void shortenedGroupLabelsStayDistinct();
    void saturatedCellsStayVisibleWhenSmall();
    void idleLinksStayDarkWhenSmall();
    void textStaysApartWhenNarrow();

private:
    /// Shows @p w with the fixture's run in @p bins bins, @p size large; false if never shown.
    bool showRun(HeatmapWidget &w, int bins, QSize size) const;

    Fabric mFabric;
    std::shared_ptr<SimRun> mRun;
};

bool TestHeatmap::showRun(HeatmapWidget &w, int bins, QSize size) const
{
    w.setData(HeatmapData::build(mFabric, mRun->result, bins));
    w.resize(size);
    w.show();
    return QTest::qWaitForWindowExposed(&w);
}

void TestHeatmap::initTestCase()
{
    mFabric = testing::fatTree(64);
    mRun = testing::ringRun(mFabric, route::Policy::Ecmp, 16e6, 3);
    QVERIFY(mRun->result.completionS > 0);
}

void TestHeatmap::groupsByTierAndDirection()
{
    const HeatmapData h = HeatmapData::build(mFabric, mRun->result, 50);
    QCOMPARE(h.binCount(), 50);
    QVERIFY(h.rowCount() > 0);
    QStringList labels;
    for (const auto &g : h.groups())
        labels << g.label;
    QVERIFY2(labels.contains(QStringLiteral("GPU \u2192 leaf")), qPrintable(labels.join('|')));
    QVERIFY2(labels.contains(QStringLiteral("leaf \u2192 spine")), qPrintable(labels.join('|')));
    QVERIFY2(labels.contains(QStringLiteral("spine \u2192 leaf")), qPrintable(labels.join('|')));
    // Rows run bottom-up: GPU links before leaf-spine links.
    QVERIFY(labels.indexOf(QStringLiteral("GPU \u2192 leaf"))
            < labels.indexOf(QStringLiteral("leaf \u2192 spine")));
    // A group keeps all its links, idle ones too (ECMP leaves some uplinks idle).
    int rows = 0;
    for (const auto &g : h.groups()) {
        QCOMPARE(g.rowCount, g.linkCount);
        rows += g.rowCount;
    }
    QCOMPARE(rows, h.rowCount());
    QVERIFY(!h.isBanded());
}

void TestHeatmap::binsAddUpToTheLinkBytes()
{
    const HeatmapData h = HeatmapData::build(mFabric, mRun->result, 64);
    const double binS = h.binS();
    for (int r = 0; r < h.rowCount(); ++r) {
        const DirLinkId d = h.linksOf(r).front();
        const sim::LinkStats &s = mRun->result.links[std::size_t(d)];
        double bytes = 0;
        for (int b = 0; b < h.binCount(); ++b) {
            QVERIFY(h.value(r, b) >= 0.0f && h.value(r, b) <= 1.0f);
            bytes += double(h.value(r, b)) * s.capacityBytesPerS * binS;
        }
        QVERIFY2(qAbs(bytes - s.bytes) <= 1e-4 * std::max(1.0, s.bytes),
                 qPrintable(QStringLiteral("%1: %2 vs %3").arg(h.rowLabel(r)).arg(bytes).arg(
                     s.bytes)));
    }
}

void TestHeatmap::bandsKeepTheBusiestLink()
{
    const HeatmapData full = HeatmapData::build(mFabric, mRun->result, 20);
    const HeatmapData banded = HeatmapData::build(mFabric, mRun->result, 20, 40);
    QVERIFY(banded.isBanded());
    QVERIFY(banded.rowCount() <= 40 + int(banded.groups().size()));
    QVERIFY(banded.rowCount() < full.rowCount());
    // Each band shows the max of its members, and names the member that has it.
    for (int r = 0; r < banded.rowCount(); ++r)
        for (int b = 0; b < banded.binCount(); ++b) {
            float best = 0;
            for (const DirLinkId d : banded.linksOf(r))
                for (int fr = 0; fr < full.rowCount(); ++fr)
                    if (full.linksOf(fr).front() == d)
                        best = std::max(best, full.value(fr, b));
            QCOMPARE(banded.value(r, b), best);
        }
}

void TestHeatmap::keyboardCursorGrowsWithTheText()
{
    // In presentation mode's larger text the keyboard's ring stayed 9 pixels wide on a band a
    // pixel high: from the back of a room it was lost. It grows with the widget's text, and
    // stays inside the plot where the cell is at its edge.
    const auto ringSize = [this](double textScale) {
        testing::TabFixture fixture;
        auto *w = new HeatmapWidget(&fixture.window);
        fixture.add(w);
        QFont font = w->font();
        font.setPointSizeF(font.pointSizeF() * textScale);
        w->setFont(font);
        w->setData(HeatmapData::build(mFabric, mRun->result, 40));
        if (!fixture.show(QSize(700, 300)))
            return QSize();
        const QImage without = w->grab().toImage();
        QTest::keyClick(fixture.before, Qt::Key_Tab);
        if (!QTest::qWaitFor([w] { return w->hasFocus(); }))
            return QSize();
        const QImage with = w->grab().toImage();
        // What the ring changed, inside the focus frame along the edge.
        QRect changed;
        for (int y = 4; y < with.height() - 4; ++y)
            for (int x = 4; x < with.width() - 4; ++x)
                if (with.pixel(x, y) != without.pixel(x, y))
                    changed |= QRect(x, y, 1, 1);
        // The cursor starts on the run's first pixel column and the first band's top row: the
        // ring stays in the plot, off the group names left of it and the title above it.
        const auto [row, bin] = w->cursorCell();
        const QRectF cell = w->cellRect(row, bin);
        if (changed.left() < std::floor(cell.left()) || changed.top() < std::floor(cell.top()))
            return QSize();
        return changed.size();
    };
    const QSize normal = ringSize(1.0);
    const QSize presented = ringSize(1.5);
    QVERIFY2(normal.width() >= 12 && normal.height() >= 12,
        qPrintable(QStringLiteral("%1x%2").arg(normal.width()).arg(normal.height())));
    QVERIFY2(presented.width() >= normal.width() * 1.3,
        qPrintable(QStringLiteral("%1 vs %2").arg(presented.width()).arg(normal.width())));
}

void TestHeatmap::keysMoveACursorAsTheMouseWould()
{
    // Whoever works without a mouse reaches the heatmap by Tab and reads it with the arrows: each
    // key moves a cell as the mouse would point at it, says what hovering says, and Enter picks
    // the link as a click does.
    testing::TabFixture fixture;
    auto *w = new HeatmapWidget(&fixture.window);
    fixture.add(w);
    // Fewer pixels than rows in a band: the keys step over pixels, not one link at a time.
    w->setData(HeatmapData::build(mFabric, mRun->result, 40));
    QVERIFY(fixture.show(QSize(700, 260)));
    const HeatmapData &h = w->data();
    QCOMPARE(w->cursorCell(), std::make_pair(-1, -1));
    const QColor highlight = w->palette().color(QPalette::Highlight);
    const auto corner = [w] { return testing::TabFixture::corner(w); };
    QVERIFY(corner() != highlight);

    QTest::keyClick(fixture.before, Qt::Key_Tab);
    QTRY_VERIFY(w->hasFocus());
    QVERIFY(w->showsKeyboardFocus());
    QCOMPARE(corner(), highlight);
    // The first pixel row at the start of the run, as the mouse there would show it.
    const auto [row0, bin0] = w->cursorCell();
    int r = -1, b = -1;
    QVERIFY(w->cellAt(w->cellCenter(row0, bin0), &r, &b));
    QCOMPARE(std::make_pair(r, b), std::make_pair(row0, bin0));
    QCOMPARE(h.groupOf(row0), 0);
    QCOMPARE(w->accessibleDescription(), w->describeCell(row0, bin0));
    QVERIFY(w->accessibleDescription().contains(QStringLiteral("%")));

    // Down walks the pixel rows and carries on into the next group's band.
    const int firstGroupRows = h.groups().front().rowCount;
    std::pair<int, int> at = w->cursorCell();
    int presses = 0;
    while (h.groupOf(at.first) == 0 && presses <= firstGroupRows) {
        QTest::keyClick(w, Qt::Key_Down);
        ++presses;
        const auto next = w->cursorCell();
        QVERIFY2(
            w->cellCenter(next.first, next.second).y() > w->cellCenter(at.first, at.second).y(),
            "every Down moves the cursor a pixel row down");
        at = next;
    }
    QCOMPARE(h.groupOf(at.first), 1);
    QVERIFY2(presses < firstGroupRows, "the band is pooled: fewer presses than its links");
    QTest::keyClick(w, Qt::Key_Up);
    QCOMPARE(h.groupOf(w->cursorCell().first), 0);
    // Page Down goes to the next band's first pixel row (which shows its first rows).
    QTest::keyClick(w, Qt::Key_PageDown);
    const auto [paged, pagedBin] = w->cursorCell();
    QCOMPARE(h.groupOf(paged), 1);
    QCOMPARE(w->cellCenter(paged, pagedBin).y(), w->cellCenter(h.groups()[1].firstRow, 0).y());

    // Right moves in time; End and Home go to the last and first bins.
    const int binBefore = w->cursorCell().second;
    QTest::keyClick(w, Qt::Key_Right);
    QVERIFY(w->cursorCell().second > binBefore);
    QTest::keyClick(w, Qt::Key_End);
    QCOMPARE(w->cursorCell().second, h.binCount() - 1);
    QTest::keyClick(w, Qt::Key_Home);
    QCOMPARE(w->cursorCell().second, 0);
    const auto [row, bin] = w->cursorCell();
    QCOMPARE(w->accessibleDescription(), w->describeCell(row, bin));

    QSignalSpy spy(w, &HeatmapWidget::linkClicked);
    QTest::keyClick(w, Qt::Key_Return);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).value<LinkId>(), linkOf(h.busiestLinkAt(row, bin)));

    // A click elsewhere takes the frame away; exported pictures never have it.
    fixture.before->setFocus(Qt::MouseFocusReason);
    QTRY_VERIFY(!w->hasFocus());
    QVERIFY(corner() != highlight);
    QVERIFY(w->renderImage(QSize(700, 260)).pixelColor(0, 0) != highlight);
    // A new run starts the cursor again.
    w->setData(HeatmapData::build(mFabric, mRun->result, 20));
    QCOMPARE(w->cursorCell(), std::make_pair(-1, -1));
}

void TestHeatmap::hoverAndClick()
{
    HeatmapWidget w;
    QVERIFY(showRun(w, 40, QSize(900, 500)));
    const HeatmapData &h = w.data();
    // The busiest cell of the first leaf -> spine row.
    int row = -1;
    for (const auto &g : h.groups())
        if (g.label == QStringLiteral("leaf \u2192 spine"))
            row = g.firstRow;
    QVERIFY(row >= 0);
    int bin = 0;
    for (int b = 0; b < h.binCount(); ++b)
        if (h.value(row, b) > h.value(row, bin))
            bin = b;
    const QPointF at = w.cellCenter(row, bin);
    int r = -1, b = -1;
    QVERIFY(w.cellAt(at, &r, &b));
    // The plot is lower than the rows: the pixel shows, and names, the busiest cell it covers.
    QVERIFY(h.value(r, b) >= h.value(row, bin));
    QCOMPARE(w.cellCenter(r, b), at);
    const QString tip = w.describeAt(at);
    const Link &link = mFabric.link(linkOf(h.busiestLinkAt(r, b)));
    QVERIFY2(tip.contains(QString::fromStdString(mFabric.node(link.a).name)), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("%")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("s")), qPrintable(tip));
    QVERIFY(w.describeAt(QPointF(2, 2)).isEmpty());
    // An idle cell reads "0%", as the ramp's foot does: both said "0.0 %" beside "50 %".
    int idleRow = -1, idleBin = -1;
    for (int rr = 0; rr < h.rowCount() && idleRow < 0; ++rr)
        for (int bb = 0; bb < h.binCount() && idleRow < 0; ++bb)
            if (h.value(rr, bb) == 0.0f && w.cellAt(w.cellCenter(rr, bb), &r, &b)
                && h.value(r, b) == 0.0f) {
                idleRow = r;
                idleBin = b;
            }
    QVERIFY(idleRow >= 0);
    const QString idleTip = w.describeAt(w.cellCenter(idleRow, idleBin));
    QVERIFY2(idleTip.contains(QStringLiteral(" 0%")) && !idleTip.contains(QStringLiteral("0.0")),
        qPrintable(idleTip));

    QSignalSpy spy(&w, &HeatmapWidget::linkClicked);
    // On the pixel whose centre it is (toPoint() would round to the next one).
    QTest::mouseClick(
        &w, Qt::LeftButton, {}, QPoint(int(std::floor(at.x())), int(std::floor(at.y()))));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).value<LinkId>(), link.id);
}

void TestHeatmap::exportsAPng()
{
    HeatmapWidget w;
    w.setData(HeatmapData::build(mFabric, mRun->result, 80));
    w.setTime(mRun->result.completionS / 2);
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("heatmap.png"));
    QVERIFY(w.exportPng(file, QSize(1200, 700)));
    const QImage image(file);
    QCOMPARE(image.size(), QSize(1200, 700));
    const int colours = testing::colourCount(image, 7);
    QVERIFY2(colours > 20, qPrintable(QString::number(colours)));
}

void TestHeatmap::groupLabelsNeverOverprint()
{
    // From a tall dock down to a projector's short one: every group label stays in its own
    // band of rows, whatever it takes (one line, shortened, or left out for the tooltip).
    // HPN's groups have long names ("leaf -> GPU · plane 1 (512)") that wrap.
    HeatmapWidget w;
    showHpnRing(w);
    QVERIFY(w.data().groups().size() >= 6);
    int labelsSeen = 0;
    for (int height = 90; height <= 420; height += 15) {
        w.resize(900, height);
        testing::TextRecorder recorder(w.size());
        w.render(&recorder);
        QList<QRectF> labels;
        for (const testing::PaintedText &t : recorder.texts())
            if (t.text.contains(QChar(0x2192))) // "GPU -> leaf (512)"
                labels << t.rect;
        labelsSeen += labels.size();
        // Once the plot has 9 px a group, every group is named: the few spine and core links
        // get a band of their own height, not rows as thin as their share of the links.
        const int plotHeight = height - 24 - 6 - 2 * int(QFontMetricsF(w.font()).height());
        // Lower, groups lend their room to a neighbour's name: one at least every 16 px.
        QVERIFY2(labels.size() >= std::min(int(w.data().groups().size()), plotHeight / 16),
            qPrintable(
                QStringLiteral("height %1: %2 groups named").arg(height).arg(labels.size())));
        if (plotHeight >= 9 * int(w.data().groups().size()))
            QVERIFY2(labels.size() == int(w.data().groups().size()),
                qPrintable(QStringLiteral("height %1: %2 of %3 groups named")
                               .arg(height)
                               .arg(labels.size())
                               .arg(w.data().groups().size())));
        for (int i = 0; i < labels.size(); ++i)
            for (int j = i + 1; j < labels.size(); ++j)
                QVERIFY2(!labels[i].adjusted(0, 1, 0, -1).intersects(labels[j].adjusted(0, 1, 0, -1)),
                         qPrintable(QStringLiteral("height %1: two group labels overlap").arg(height)));
    }
    QVERIFY(labelsSeen > 0);
}

void TestHeatmap::groupLabelsShareOneForm()
{
    // A column that read "GPU \u2192 leaf \u00b7 plane 0" over "leaf\u2192spine p0" looked like
    // two kinds of link, and a count beside some names and not others like a figure missing:
    // where one group's name must take a shorter form, every group's does.
    HeatmapWidget w;
    showHpnRing(w);
    int shortSeen = 0, longSeen = 0, countedSeen = 0;
    for (const double scale : { 1.0, 1.5 }) {
        QFont font = QWidget().font();
        font.setPointSizeF(font.pointSizeF() * scale);
        w.setFont(font);
        for (const int width : { 420, 520, 640, 900 })
            for (int height = 120; height <= 420; height += 60) {
                w.resize(width, height);
                testing::TextRecorder recorder(w.size());
                w.render(&recorder);
                int longForms = 0, shortForms = 0, counted = 0;
                static const QRegularExpression count(QStringLiteral("\\([0-9,]+\\)$"));
                for (const testing::PaintedText &t : recorder.texts()) {
                    if (!t.text.contains(QChar(0x2192)))
                        continue;
                    ++(t.text.contains(QStringLiteral(" \u2192 ")) ? longForms : shortForms);
                    counted += t.text.contains(count) ? 1 : 0;
                }
                shortSeen += shortForms;
                longSeen += longForms;
                countedSeen += counted;
                const QString where
                    = QStringLiteral("%1x%2 at %3x text").arg(width).arg(height).arg(scale);
                QVERIFY2(longForms == 0 || shortForms == 0,
                    qPrintable(QStringLiteral("%1: %2 long and %3 short group names")
                                   .arg(where)
                                   .arg(longForms)
                                   .arg(shortForms)));
                QVERIFY2(counted == 0 || counted == longForms + shortForms,
                    qPrintable(QStringLiteral("%1: %2 of %3 group names with their link count")
                                   .arg(where)
                                   .arg(counted)
                                   .arg(longForms + shortForms)));
            }
    }
    // Both forms, with and without counts, occur over these sizes, so the checks above met
    // columns of each.
    QVERIFY(shortSeen > 0 && longSeen > 0);
    QVERIFY(countedSeen > 0 && countedSeen < shortSeen + longSeen);
}

void TestHeatmap::wideHeatmapNamesKeepTheirCounts()
{
    // An export for a slide (1200 px) or the dock under the fabric at 1920x1080 has room for
    // the full names with their link counts; a column fixed at 170 px dropped every count.
    HeatmapWidget w;
    showHpnRing(w);
    // Normal text at both widths, presentation mode's larger text across the full screen.
    for (const auto &[scale, width] :
        { std::pair(1.0, 1200), std::pair(1.0, 1920), std::pair(1.5, 1920) }) {
        QFont font = QWidget().font();
        font.setPointSizeF(font.pointSizeF() * scale);
        w.setFont(font);
        w.resize(width, 400);
        testing::TextRecorder recorder(w.size());
        w.render(&recorder);
        static const QRegularExpression counted(QStringLiteral("^\\S.* \u2192 .* \\([0-9,]+\\)$"));
        int names = 0;
        for (const testing::PaintedText &t : recorder.texts()) {
            if (!t.text.contains(QChar(0x2192)))
                continue;
            ++names;
            QVERIFY2(t.text.contains(counted),
                qPrintable(
                    QStringLiteral("%1 px at %2x text: \"%3\"").arg(width).arg(scale).arg(t.text)));
        }
        QCOMPARE(names, 8); // 4 kinds of link in each of the 2 planes
    }
}

void TestHeatmap::shortenedGroupLabelsStayDistinct()
{
    // Presentation mode's larger text in the narrow dock of a 1280x720 window: HPN's names
    // ("leaf -> spine · plane 0") do not fit. Cut in the middle, "leaf -> spine" and "leaf -> GPU"
    // of a plane both read "leaf -> …plane 0"; every group shown must still be told apart.
    HeatmapWidget w;
    showHpnRing(w);
    QFont presentation = w.font();
    presentation.setPointSizeF(presentation.pointSizeF() * 1.5);
    w.setFont(presentation);
    for (const int width : { 420, 520, 640 }) {
        w.resize(width, 300);
        testing::TextRecorder recorder(w.size());
        w.render(&recorder);
        QStringList labels;
        for (const testing::PaintedText &t : recorder.texts())
            if (t.text.contains(QChar(0x2192)))
                labels << t.text;
        QVERIFY2(labels.size() >= 6, qPrintable(labels.join(QStringLiteral(" | "))));
        QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), labels.size());
        for (const QString &label : std::as_const(labels))
            QVERIFY2(!label.contains(QChar(0x2026)), qPrintable(label));
    }
}

void TestHeatmap::saturatedCellsStayVisibleWhenSmall()
{
    // A plot lower than its rows (a dock on a 1280x720 projector): each pixel must show the
    // busiest cell it covers, or a lone saturated link among idle ones disappears.
    HeatmapWidget w;
    QVERIFY(showRun(w, 120, QSize(700, 170)));
    const QImage shown = w.grab().toImage();
    const QRgb saturated = ColorMap().map(1.0).rgb();
    const HeatmapData &h = w.data();
    int checked = 0;
    for (const auto &group : h.groups()) {
        const QPointF first = w.cellCenter(group.firstRow, 0);
        const QPointF last = w.cellCenter(group.firstRow + group.rowCount - 1, 0);
        QVERIFY2(last.y() - first.y() < group.rowCount - 1, "the plot must be lower than its rows");
        for (int r = group.firstRow; r < group.firstRow + group.rowCount; ++r)
            for (int b = 0; b < h.binCount(); ++b) {
                if (h.value(r, b) < 0.999f)
                    continue;
                const QPointF at = w.cellCenter(r, b);
                const QPoint pixel(int(std::floor(at.x())), int(std::floor(at.y())));
                QVERIFY2(shown.pixel(pixel) == saturated,
                    qPrintable(QStringLiteral("%1 row %2 bin %3 is saturated but not drawn so")
                                   .arg(group.label)
                                   .arg(r)
                                   .arg(b)));
                // Hovering or clicking there names a cell at least that busy.
                int row = -1, bin = -1;
                QVERIFY(w.cellAt(at, &row, &bin));
                QVERIFY2(h.value(row, bin) >= 0.999f, qPrintable(w.describeAt(at)));
                ++checked;
            }
    }
    QVERIFY2(checked > 0, "the fixture's run saturates no link");
}

void TestHeatmap::idleLinksStayDarkWhenSmall()
{
    // Every third GPU sends to the same rail of the next host, through its leaf: a third of
    // the GPU -> leaf links are busy. In a plot lower than its rows each pixel shows the
    // busiest row it covers; in link order nearly every pixel covered a busy link and the
    // band read all busy (a torus ring's chip -> chip links did). Busiest first, about a
    // third of the band is lit.
    const Fabric fabric = testing::fatTree(256);
    const std::vector<NodeId> gpus = fabric.endpoints();
    const int n = int(gpus.size());
    route::RouterOptions options;
    options.policy = route::Policy::Ecmp;
    const route::Router router(fabric, options);
    std::vector<sim::FlowSpec> flows;
    for (int i = 0; i < n; i += 3) {
        sim::FlowSpec f;
        f.src = gpus[std::size_t(i)];
        f.dst = gpus[std::size_t((i + 8) % n)];
        f.bytes = 16e6;
        router.routeInto(f);
        flows.push_back(std::move(f));
    }
    const double busyShare = double(flows.size()) / n;
    const auto run = testing::runFlows(fabric, std::move(flows), QStringLiteral("third"));
    HeatmapWidget w;
    w.setData(HeatmapData::build(fabric, run->result, 40));
    w.resize(QSize(700, 170));
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const HeatmapData &h = w.data();
    const auto group = std::find_if(h.groups().begin(), h.groups().end(),
        [](const HeatmapData::Group &g) { return g.label == QStringLiteral("GPU \u2192 leaf"); });
    QVERIFY(group != h.groups().end());
    QCOMPARE(group->linkCount, n);
    // The rows' order: the links that carried the most bytes first.
    auto bytesOf
        = [&](int row) { return run->result.links[std::size_t(h.linksOf(row).front())].bytes; };
    for (int r = group->firstRow + 1; r < group->firstRow + group->rowCount; ++r)
        QVERIFY(bytesOf(r - 1) >= bytesOf(r));
    const QImage shown = w.grab().toImage();
    const QPointF top = w.cellCenter(group->firstRow, 5);
    const QPointF bottom = w.cellCenter(group->firstRow + group->rowCount - 1, 5);
    QVERIFY2(bottom.y() - top.y() < group->rowCount / 2, "the plot must pool several rows a pixel");
    const QRgb idle = ColorMap().map(0.0).rgb();
    int lit = 0, pixels = 0;
    for (int y = int(std::floor(top.y())); y <= int(std::floor(bottom.y())); ++y, ++pixels)
        lit += shown.pixel(int(std::floor(top.x())), y) != idle;
    const double litShare = double(lit) / pixels;
    QVERIFY2(litShare < busyShare + 0.15,
        qPrintable(QStringLiteral("%1 of the band lit for %2 of its links busy")
                       .arg(litShare, 0, 'f', 2)
                       .arg(busyShare, 0, 'f', 2)));
}

void TestHeatmap::textStaysApartWhenNarrow()
{
    // Beside the fabric in presentation mode on a 1280x720 projector the heatmap is about
    // 440 px wide, in text 1.5 times larger: six time ticks overprinted each other and the
    // ramp's "100%" ran into its title. No text may overlap another or leave the widget,
    // the time axis keeps its two ends, and every group keeps its whole name.
    HeatmapWidget w;
    w.setData(HeatmapData::build(mFabric, mRun->result, 60));
    const QFont normal = w.font();
    for (const double fontScale : { 1.0, 1.5 })
        for (const int width : { 400, 440, 480, 500, 520, 560, 600, 700, 900 }) {
            QFont f = normal;
            f.setPointSizeF(normal.pointSizeF() * fontScale);
            w.setFont(f);
            w.resize(width, 330);
            testing::TextRecorder recorder(w.size());
            w.render(&recorder);
            const QString at = QStringLiteral("%1 px, text x%2: ").arg(width).arg(fontScale);
            const QStringList overlaps = testing::overlappingTexts(recorder.texts());
            QVERIFY2(overlaps.isEmpty(), qPrintable(at + overlaps.join(QStringLiteral("; "))));
            QStringList shown;
            for (const testing::PaintedText &t : recorder.texts()) {
                QVERIFY2(QRectF(w.rect()).adjusted(-1, -1, 1, 1).contains(t.rect),
                    qPrintable(at + t.text + QStringLiteral(" leaves the widget")));
                shown << t.text;
            }
            QVERIFY2(shown.contains(QStringLiteral("0 s")), qPrintable(at + shown.join('|')));
            // The time ticks stand a line of text apart: 8 px apart they read as one run of
            // figures.
            const auto zero = std::find_if(recorder.texts().begin(), recorder.texts().end(),
                [](const testing::PaintedText &t) { return t.text == QStringLiteral("0 s"); });
            std::vector<QRectF> ticks;
            for (const testing::PaintedText &t : recorder.texts())
                if (qFuzzyCompare(t.rect.top(), zero->rect.top()))
                    ticks.push_back(t.rect);
            std::sort(ticks.begin(), ticks.end(),
                [](const QRectF &a, const QRectF &b) { return a.left() < b.left(); });
            QVERIFY2(ticks.size() >= 2, qPrintable(at + shown.join('|')));
            for (std::size_t i = 1; i < ticks.size(); ++i)
                QVERIFY2(ticks[i].left() - ticks[i - 1].right() >= 0.9 * ticks[i].height(),
                    qPrintable(at
                        + QStringLiteral("time ticks %1 px apart")
                              .arg(ticks[i].left() - ticks[i - 1].right())));
            const QString end = toQString(units::formatSeconds(w.data().endS()));
            QVERIFY2(shown.contains(end), qPrintable(at + end + " missing: " + shown.join('|')));
            for (const auto &group : w.data().groups())
                QVERIFY2(std::any_of(shown.begin(), shown.end(),
                             [&](const QString &t) { return t.startsWith(group.label); }),
                    qPrintable(at + group.label + QStringLiteral(" not named whole")));
        }
}

QTEST_MAIN(TestHeatmap)
#include "tst_heatmap.moc"
