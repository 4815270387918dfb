// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportwriter.h"

#include "canvas/fabriccanvas.h"
#include "charts/chartpanel.h"
#include "common/qtstrings.h"
#include "model/units.h"
#include "style/palette.h"

#include <QDateTime>
#include <QPageLayout>
#include <QPainter>
#include <QPdfWriter>

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
        rows << QStringList{
            r.label,
            toQString(units::formatSeconds(r.completionS)),
            orDash(r.algbwGBps, toQString(units::formatGBps(r.algbwGBps))),
            orDash(r.busbwGBps, toQString(units::formatGBps(r.busbwGBps))),
            orDash(r.fractionOfIdeal,
                   QStringLiteral("%1%").arg(r.fractionOfIdeal * 100, 0, 'f', 0)),
            r.multipath ? QStringLiteral("%1%").arg(r.maxLinkUtil * 100, 0, 'f', 0)
                        : QStringLiteral("%1% (%2 flows)")
                              .arg(r.maxLinkUtil * 100, 0, 'f', 0)
                              .arg(r.maxLinkFlows),
            r.collidedFabricLinks < 0
                ? QObject::tr("\u2013 (split flows)")
                : QStringLiteral("%1 / %2").arg(r.collidedFabricLinks).arg(r.fabricLinks),
            QStringLiteral("%1 / %2").arg(r.idleFabricLinks).arg(r.fabricLinks)};
    }
    return rows;
}

bool writeReport(const QString &fileName, const ReportContent &content, QString *error)
{
    QPdfWriter pdf(fileName);
    pdf.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape,
                                  QMarginsF(12, 12, 12, 12), QPageLayout::Millimeter));
    pdf.setResolution(96);
    pdf.setTitle(content.title);
    pdf.setCreator(QStringLiteral("FabricScope"));
    QPainter p;
    if (!p.begin(&pdf)) {
        if (error)
            *error = QObject::tr("Cannot write %1.").arg(fileName);
        return false;
    }
    const QRectF page = QRectF(QPointF(0, 0), QSizeF(pdf.width(), pdf.height()));
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
        const QRectF diagram(page.left(), y, page.width(), page.bottom() - y - 24);
        content.canvas->renderTo(&p, diagram, QRectF(), QString(), true);
        p.setPen(Qt::darkGray);
        paragraph(p, page.left(), diagram.bottom() + 4, page.width(), content.diagramCaption);
        p.setPen(palette::ink());
    }

    // Charts, four to a page.
    for (qsizetype i = 0; i < content.charts.size(); ++i) {
        if (i % 4 == 0)
            pdf.newPage();
        const double w = page.width() / 2, h = page.height() / 2;
        const QRectF cell(page.left() + (i % 2) * w, page.top() + ((i % 4) / 2) * h, w - 8, h - 8);
        ChartPanel panel;
        panel.setSpec(content.charts[i]);
        panel.renderTo(&p, cell);
    }

    // Traffic views, a page each: heading, then the charts and their caption.
    for (const ReportTrafficView &t : content.traffic) {
        if (!t.run)
            continue;
        pdf.newPage();
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
    if (!content.comparison.isEmpty() || !content.explanation.isEmpty()) {
        pdf.newPage();
        y = page.top();
        if (!content.comparison.isEmpty()) {
            heading(p, page.left(), y, page.width(), QObject::tr("Comparison"), 18);
            const QList<QStringList> rows = comparisonTable(content.comparison);
            const double colW = page.width() / rows.first().size();
            const double rowH = 22;
            for (qsizetype r = 0; r < rows.size(); ++r) {
                if (r == 0) {
                    p.fillRect(QRectF(page.left(), y, page.width(), rowH), QColor(230, 230, 230));
                }
                for (qsizetype c = 0; c < rows[r].size(); ++c)
                    p.drawText(QRectF(page.left() + c * colW + 4, y, colW - 8, rowH),
                               Qt::AlignVCenter | (c == 0 ? Qt::AlignLeft : Qt::AlignRight),
                               rows[r][c]);
                y += rowH;
                p.drawLine(QPointF(page.left(), y), QPointF(page.right(), y));
            }
            y += 20;
        }
        if (!content.explanation.isEmpty()) {
            heading(p, page.left(), y, page.width(), QObject::tr("What happened"), 18);
            for (const QString &s : content.explanation) {
                y = paragraph(p, page.left() + 16, y, page.width() - 16, s) + 6;
                if (y > page.bottom() - 40) {
                    pdf.newPage();
                    y = page.top();
                }
            }
        }
    }
    if (!p.end()) {
        if (error)
            *error = QObject::tr("Cannot write %1.").arg(fileName);
        return false;
    }
    return true;
}

} // namespace fabric::views
