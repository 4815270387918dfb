// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportwriter.h"

#include "atomicfile.h"

#include "canvas/fabriccanvas.h"
#include "charts/chartpanel.h"
#include "common/percent.h"
#include "common/plural.h"
#include "common/qtstrings.h"
#include "model/units.h"
#include "style/palette.h"

#include <QDateTime>
#include <QFontMetricsF>
#include <QPageLayout>
#include <QPainter>
#include <QPdfWriter>

#include <algorithm>
#include <cmath>

namespace fabric::views {

namespace {

QString orDash(double v, const QString &text)
{
    return std::isfinite(v) ? text : QStringLiteral("\u2013");
}

/// Draws @p text wrapped in @p width from @p y; returns the y below it.
double paragraph(QPainter &p, double x, double y, double width, const QString &text,
                 int flags = Qt::TextWordWrap)
{
    const QRectF bound = p.boundingRect(QRectF(x, y, width, 10000), flags, text);
    p.drawText(QRectF(x, y, width, bound.height()), flags, text);
    return y + bound.height();
}

void heading(QPainter &p, double x, double &y, double width, const QString &text, int px)
{
    p.save();
    QFont f = p.font();
    f.setPixelSize(px);
    f.setBold(true);
    p.setFont(f);
    y = paragraph(p, x, y, width, text) + px * 0.4;
    p.restore();
}

} // namespace

QList<ReportTrafficView> trafficViewsFor(const QList<SimRunPtr> &runs)
{
    QList<ReportTrafficView> views;
    for (const SimRunPtr &run : runs) {
        if (!run)
            continue;
        if (run->algorithm == QStringLiteral("sharp"))
            views << ReportTrafficView{TrafficView::Mode::WireBytes, run, runs};
        else if (run->algorithm == QStringLiteral("hierarchical"))
            views << ReportTrafficView{TrafficView::Mode::NvlinkVsFabric, run, runs};
    }
    return views;
}

QList<QStringList> comparisonTable(const QList<RunSummary> &runs)
{
    QList<QStringList> rows;
    rows << QStringList{QObject::tr("Run"), QObject::tr("Completion"), QObject::tr("algbw"),
                        QObject::tr("busbw"), QObject::tr("% of ideal"),
                        QObject::tr("Max link load"), QObject::tr("Collided links"),
                        QObject::tr("Idle links")};
    for (const RunSummary &r : runs) {
        // A torus has no switch links (its chips forward): "0 / 0" beside a run whose routing
        // mattered read as if nothing collided and nothing idled.
        QString collided = QObject::tr("\u2013 (no switch links)");
        QString idle = collided;
        if (r.fabricLinks > 0) {
            collided = r.collidedFabricLinks < 0
                ? QObject::tr("\u2013 (split flows)")
                : QStringLiteral("%1 / %2").arg(
                    grouped(r.collidedFabricLinks), grouped(r.fabricLinks));
            idle = QStringLiteral("%1 / %2").arg(grouped(r.idleFabricLinks), grouped(r.fabricLinks))
                + (r.failedFabricLinks > 0
                        ? QObject::tr(" (%1 failed)").arg(grouped(r.failedFabricLinks))
                        : QString());
        }
        rows << QStringList { r.label,
            toQString(units::formatSeconds(r.completionS))
                + (r.partial() ? QObject::tr(" (partial)") : QString()),
            orDash(r.algbwGBps, toQString(units::formatGBps(r.algbwGBps))),
            orDash(r.busbwGBps, toQString(units::formatGBps(r.busbwGBps))),
            orDash(r.ofIdeal, percentText(r.ofIdeal)),
            r.multipath
                ? percentText(r.maxLinkUtil)
                : QStringLiteral("%1 (%2)").arg(percentText(r.maxLinkUtil),
                    counted(r.maxLinkFlows, QObject::tr("1 flow"), QObject::tr("%1 flows"))),
            collided, idle };
    }
    return rows;
}

namespace {

/// The comparison table, the run column wrapped (a run name is never cut) and the number
/// columns as wide as their widest cell; the header repeats on a new page.
void comparisonPage(QPainter &p, const QRectF &page, double &y, const std::function<void()> &newPage,
                    const QList<RunSummary> &runs)
{
    const QList<QStringList> rows = comparisonTable(runs);
    const qsizetype columns = rows.first().size();
    const QFontMetricsF fm(p.font());
    constexpr double kPad = 6;
    // Number columns take what their widest cell needs, headers wrap to it; the run names get
    // the rest (at least a third of the page).
    QList<double> widths(columns, 0);
    for (qsizetype c = 1; c < columns; ++c) {
        for (qsizetype r = 1; r < rows.size(); ++r)
            widths[c] = std::max(widths[c], fm.horizontalAdvance(rows[r][c]) + 2 * kPad + 2);
        for (const QString &word : rows[0][c].split(QLatin1Char(' ')))
            widths[c] = std::max(widths[c], fm.horizontalAdvance(word) + 2 * kPad + 2);
    }
    double numbers = 0;
    for (qsizetype c = 1; c < columns; ++c)
        numbers += widths[c];
    widths[0] = std::max(page.width() / 3, page.width() - numbers);
    const double spare = page.width() - widths[0] - numbers;
    for (qsizetype c = 1; c < columns; ++c)
        widths[c] += spare / double(columns - 1);
    // Headers wrap between words (each fits, as measured); a run name anywhere if it must.
    auto wrap = [](qsizetype column) {
        return column == 0 ? Qt::TextWordWrap | Qt::TextWrapAnywhere : Qt::TextWordWrap;
    };
    auto rowHeight = [&](const QStringList &row) {
        double h = fm.height();
        for (qsizetype c = 0; c < columns; ++c)
            h = std::max(h, p.boundingRect(QRectF(0, 0, widths[c] - 2 * kPad, 10000), wrap(c), row[c])
                                .height());
        return h + 2 * kPad;
    };
    auto drawRow = [&](const QStringList &row, bool header) {
        const double h = rowHeight(row);
        if (header)
            p.fillRect(QRectF(page.left(), y, page.width(), h), QColor(230, 230, 230));
        double x = page.left();
        for (qsizetype c = 0; c < columns; ++c) {
            const int align = (c == 0 ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter;
            p.drawText(QRectF(x + kPad, y, widths[c] - 2 * kPad, h), align | wrap(c), row[c]);
            x += widths[c];
        }
        y += h;
        p.drawLine(QPointF(page.left(), y), QPointF(page.right(), y));
    };
    drawRow(rows[0], true);
    for (qsizetype r = 1; r < rows.size(); ++r) {
        if (y + rowHeight(rows[r]) > page.bottom()) {
            newPage();
            y = page.top();
            drawRow(rows[0], true);
        }
        drawRow(rows[r], false);
    }
}

/// The key tag of category @p i: "A", "B", ... "Z", "AA", ... Not "#1": the Compare tab numbers
/// runs "#N" in the order they ran, and the same number named two different runs.
QString letterTag(qsizetype i)
{
    QString tag;
    for (++i; i > 0; i = (i - 1) / 26)
        tag.prepend(QChar(char16_t(u'A' + (i - 1) % 26)));
    return tag;
}

/// A bar chart whose categories (run names) would be cut under their bars gets "A", "B", ...
/// there and the names in a key; returns the key ("" when the names fit).
QString keyCategories(ChartSpec &spec, double width, const QFontMetricsF &fm)
{
    if (!spec.isBarChart())
        return {};
    // The plot takes most of the width; each category gets an equal slot of it.
    const double slot = width * 0.85 / double(spec.categories.size()) - 8;
    const bool fits = std::all_of(spec.categories.cbegin(), spec.categories.cend(),
                                  [&](const QString &c) { return fm.horizontalAdvance(c) <= slot; });
    if (fits)
        return {};
    QStringList key;
    for (qsizetype i = 0; i < spec.categories.size(); ++i) {
        const QString tag = letterTag(i);
        key << QStringLiteral("%1\u00a0%2").arg(tag, spec.categories[i]); // the tag stays with its name
        spec.categories[i] = tag;
    }
    return key.join(QStringLiteral("    "));
}

} // namespace

void paintReport(QPainter &p, const QSizeF &pageSize, const std::function<void()> &newPage,
                 const ReportContent &content)
{
    const QRectF page(QPointF(0, 0), pageSize);
    QFont base = p.font();
    base.setPixelSize(13);
    p.setFont(base);
    p.setPen(palette::ink());

    // Page 1: title, scenario and the fabric diagram.
    double y = page.top();
    heading(p, page.left(), y, page.width(), content.title, 24);
    p.setPen(Qt::darkGray);
    y = paragraph(p, page.left(), y, page.width(),
                  QObject::tr("FabricScope design review \u00b7 %1")
                      .arg(QDateTime::currentDateTime().toString(Qt::ISODate)));
    p.setPen(palette::ink());
    y += 8;
    for (const QString &line : content.scenario)
        y = paragraph(p, page.left(), y, page.width(), line);
    y += 10;
    if (content.canvas) {
        const double caption = content.diagramCaption.isEmpty()
            ? 0
            : p.boundingRect(QRectF(0, 0, page.width(), 10000), Qt::TextWordWrap,
                             content.diagramCaption).height() + 4;
        const QRectF diagram(page.left(), y, page.width(), page.bottom() - y - caption);
        content.canvas->renderTo(&p, diagram, QRectF(), QString(), true);
        p.setPen(Qt::darkGray);
        paragraph(p, page.left(), diagram.bottom() + 4, page.width(), content.diagramCaption);
        p.setPen(palette::ink());
    }

    if (content.sideBySide) {
        newPage();
        y = page.top();
        heading(p, page.left(), y, page.width(), content.sideBySideTitle, 18);
        // Laid out as on a screen 1600 wide (its text in pixels of that screen), then fitted to
        // the page.
        const double scale = page.width() / 1600.0;
        p.save();
        p.translate(page.left(), y);
        p.scale(scale, scale);
        content.sideBySide(p, QSize(1600, int((page.bottom() - y) / scale)));
        p.restore();
        p.setFont(base);
        p.setPen(palette::ink());
    }

    // Charts, two to a page, each the page's width: titles, legends and run names fit whole.
    for (qsizetype i = 0; i < content.charts.size(); ++i) {
        if (i % 2 == 0)
            newPage();
        const double h = page.height() / 2;
        ChartSpec spec = content.charts[i];
        const QString key = keyCategories(spec, page.width(), QFontMetricsF(p.font()));
        const double keyH = key.isEmpty()
            ? 0
            : p.boundingRect(QRectF(0, 0, page.width(), 10000), Qt::TextWordWrap, key).height();
        const QRectF cell(page.left(), page.top() + (i % 2) * h, page.width(), h - 8 - keyH);
        ChartPanel panel;
        panel.setSpec(spec);
        panel.renderTo(&p, cell);
        paragraph(p, cell.left(), cell.bottom(), cell.width(), key);
    }

    // Traffic views, a page each: heading, then the charts and their caption.
    for (const ReportTrafficView &t : content.traffic) {
        if (!t.run)
            continue;
        newPage();
        y = page.top();
        heading(p, page.left(), y, page.width(),
                QStringLiteral("%1 \u2014 %2")
                    .arg(t.mode == TrafficView::Mode::WireBytes ? QObject::tr("Bytes on the wire")
                                                                : QObject::tr("NVLink vs fabric"),
                         t.run->label),
                18);
        TrafficView view(t.mode);
        view.setRuns(t.run, t.history);
        view.renderTo(&p, QRectF(page.left(), y, page.width(), page.bottom() - y));
        p.setFont(base);
        p.setPen(palette::ink());
    }

    // Comparison table and explanation.
    if (content.comparison.isEmpty() && content.explanation.isEmpty())
        return;
    newPage();
    y = page.top();
    if (!content.comparison.isEmpty()) {
        heading(p, page.left(), y, page.width(), QObject::tr("Comparison"), 18);
        comparisonPage(p, page, y, newPage, content.comparison);
        y += 20;
    }
    if (!content.explanation.isEmpty()) {
        heading(p, page.left(), y, page.width(), QObject::tr("What happened"), 18);
        for (const QString &s : content.explanation) {
            y = paragraph(p, page.left() + 16, y, page.width() - 16, s) + 6;
            if (y > page.bottom() - 40) {
                newPage();
                y = page.top();
            }
        }
    }
}

bool writeReport(const QString &fileName, const ReportContent &content, QString *error)
{
    return writeRendered(fileName, [&](QIODevice &device) {
        QPdfWriter pdf(&device);
        pdf.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape,
                                      QMarginsF(12, 12, 12, 12), QPageLayout::Millimeter));
        pdf.setResolution(96);
        pdf.setTitle(content.title);
        pdf.setCreator(QStringLiteral("FabricScope"));
        QPainter p;
        if (!p.begin(&pdf))
            return false;
        paintReport(p, QSizeF(pdf.width(), pdf.height()), [&pdf] { pdf.newPage(); }, content);
        return p.end();
    }, error);
}

} // namespace fabric::views
