// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "legend.h"

#include "model/units.h"
#include "common/qtstrings.h"
#include "palette.h"

#include <algorithm>
#include <cmath>

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QMouseEvent>
#include <QPainter>
#include <QStringList>

#include <map>
#include <set>

namespace fabric::views {

namespace {
constexpr double kRow = 17, kSymbol = 26, kPad = 8;

double bundleWidth(double gbps)
{
    return std::clamp(1.0 + 1.5 * std::log2(1.0 + gbps / 3200.0), 1.0, 14.0);
}
} // namespace

QList<LegendEntry> legendEntries(
    const Fabric &fabric, bool loads, const ColorMap &map, const LegendContent &content)
{
    QList<LegendEntry> out;
    std::set<Medium> media;
    std::set<int> planes;
    double totalGbps = 0;
    fabric.forEachLink([&](const Link &l) {
        totalGbps += l.capacityGbps;
        if (content.linkShown && !content.linkShown(l))
            return;
        if (l.plane >= 0)
            planes.insert(l.plane);
        else
            media.insert(l.medium);
    });
    std::set<SwitchRole> roles;
    bool gpus = false, rails = false, hosts = false, ocs = false;
    fabric.forEachNode([&](const Node &n) {
        if (content.nodeShown && !content.nodeShown(n))
            return;
        switch (n.kind) {
        case NodeKind::Gpu:
            gpus = true;
            rails = rails || n.hints.rail >= 0;
            break;
        case NodeKind::Host:
            hosts = true;
            break;
        case NodeKind::Ocs:
            ocs = true;
            break;
        case NodeKind::Switch:
            roles.insert(n.role);
            break;
        }
    });
    out.append({LegendEntry::Symbol::Heading, {}, 0, QStringLiteral("Links")});
    if (loads) {
        out.append({ LegendEntry::Symbol::Ramp, {}, 0,
            QStringLiteral("Utilisation 0 → 100% (%1)").arg(map.name()) });
        out.append({LegendEntry::Symbol::Line, QColor(0xc8, 0xc8, 0xc8), 1, QStringLiteral("Idle")});
    } else {
        for (int p : planes)
            out.append({LegendEntry::Symbol::Line, palette::plane(p), 2,
                        QStringLiteral("Plane %1 (NIC port %1)").arg(p)});
        for (Medium m : media)
            out.append({LegendEntry::Symbol::Line, palette::medium(m), 2, palette::mediumName(m)});
    }
    if (content.bundles) {
        out.append({ LegendEntry::Symbol::Bundle, QColor(0x80, 0x80, 0x80), bundleWidth(3200),
            QStringLiteral("Bundle, zoomed out: width ~ capacity (%1)")
                .arg(toQString(units::formatGbps(3200))) });
        // The wide sample no wider than all the fabric's links together: a 64-chip cube
        // (96 Tb/s) is not shown a 102 Tb/s bundle.
        double wide = 102400;
        while (wide > 3200 && wide > totalGbps)
            wide /= 2;
        if (wide > 3200)
            out.append({ LegendEntry::Symbol::Bundle, QColor(0x80, 0x80, 0x80), bundleWidth(wide),
                toQString(units::formatGbps(wide)) });
    }
    out.append({LegendEntry::Symbol::Heading, {}, 0, QStringLiteral("Nodes")});
    if (gpus && rails)
        out.append({LegendEntry::Symbol::Box, palette::rail(0), 0,
                    QStringLiteral("GPU, colour = rail (GPU index in its host)")});
    else if (gpus)
        out.append({LegendEntry::Symbol::Box, palette::chip(), 0, QStringLiteral("GPU / TPU chip")});
    if (hosts)
        out.append({LegendEntry::Symbol::Box, palette::host(), 0,
                    QStringLiteral("Host (NVLink domain)")});
    for (SwitchRole r : roles)
        out.append({ LegendEntry::Symbol::Box, palette::role(r), 0,
            palette::roleName(r, fabric.generator().family) });
    // With the links coloured by load, the outlines are all that tells the planes apart, and
    // "Outline = plane of the switch" never said which colour was which. One line names them
    // all: a line per plane pushed a lesson's legend over the height it may take, and folded it.
    if (!planes.empty()) {
        QStringList named;
        for (int p : planes)
            named << QStringLiteral("plane %1 %2").arg(p).arg(palette::planeColourName(p));
        out.append({ LegendEntry::Symbol::Box, palette::plane(*planes.begin()), -1,
            QStringLiteral("Switch outline: ") + named.join(QStringLiteral(", ")) });
    }
    if (ocs)
        out.append({LegendEntry::Symbol::Box, palette::ocs(), 0,
                    QStringLiteral("Optical circuit switch")});
    if (content.blocks)
        out.append({ LegendEntry::Symbol::Box, QColor(0xd9, 0xdf, 0xe6), 0,
            QStringLiteral("Block: a pod, segment, zone, cube or group") });
    return out;
}

QList<LegendEntry> mergedLegend(const QList<LegendEntry> &first, const QList<LegendEntry> &second)
{
    using Symbol = LegendEntry::Symbol;
    auto same = [](const LegendEntry &a, const LegendEntry &b) {
        return a.symbol == b.symbol && a.label == b.label;
    };
    // The entries of @p entries under heading @p heading (or before any heading when null).
    auto group = [](const QList<LegendEntry> &entries, const QString &heading) {
        QList<LegendEntry> out;
        QString current;
        for (const LegendEntry &e : entries) {
            if (e.symbol == Symbol::Heading)
                current = e.label;
            else if (current == heading)
                out.append(e);
        }
        return out;
    };
    QStringList headings { QString() };
    for (const QList<LegendEntry> *entries : { &first, &second })
        for (const LegendEntry &e : *entries)
            if (e.symbol == Symbol::Heading && !headings.contains(e.label))
                headings.append(e.label);
    QList<LegendEntry> out;
    for (const QString &heading : std::as_const(headings)) {
        QList<LegendEntry> entries = group(first, heading);
        for (const LegendEntry &e : group(second, heading))
            if (std::none_of(entries.begin(), entries.end(),
                    [&](const LegendEntry &f) { return same(e, f); }))
                entries.append(e);
        if (entries.isEmpty())
            continue;
        if (!heading.isNull())
            out.append({ Symbol::Heading, {}, 0, heading });
        out.append(entries);
    }
    return out;
}

QSizeF legendSize(const QList<LegendEntry> &entries, double scale)
{
    QFont font;
    font.setPixelSize(static_cast<int>(12 * scale));
    const QFontMetricsF fm(font);
    double w = 0;
    for (const LegendEntry &e : entries)
        w = std::max(w, fm.horizontalAdvance(e.label) + (e.symbol == LegendEntry::Symbol::Heading ? 0 : kSymbol * scale + 6));
    return QSizeF(w + 2 * kPad * scale, static_cast<double>(entries.size()) * kRow * scale + 2 * kPad * scale);
}

void paintLegend(QPainter *p, const QPointF &topLeft, const QList<LegendEntry> &entries,
                 const ColorMap &map, double scale)
{
    const QSizeF size = legendSize(entries, scale);
    p->save();
    p->setRenderHint(QPainter::Antialiasing, true);
    p->setPen(QColor(0xcc, 0xcc, 0xcc));
    p->setBrush(QColor(255, 255, 255, 235));
    p->drawRoundedRect(QRectF(topLeft, size), 4, 4);
    QFont font;
    font.setPixelSize(static_cast<int>(12 * scale));
    double y = topLeft.y() + kPad * scale;
    const double x = topLeft.x() + kPad * scale;
    const double row = kRow * scale, sym = kSymbol * scale;
    for (const LegendEntry &e : entries) {
        const double cy = y + row / 2;
        font.setBold(e.symbol == LegendEntry::Symbol::Heading);
        p->setFont(font);
        double tx = x + sym + 6;
        switch (e.symbol) {
        case LegendEntry::Symbol::Heading:
            tx = x;
            break;
        case LegendEntry::Symbol::Line:
        case LegendEntry::Symbol::Bundle: {
            QPen pen(e.color, e.width * scale);
            pen.setCapStyle(Qt::FlatCap);
            pen.setStyle(e.style);
            p->setPen(pen);
            p->drawLine(QPointF(x, cy), QPointF(x + sym, cy));
            break;
        }
        case LegendEntry::Symbol::Box:
            if (e.width < 0) {
                p->setPen(QPen(e.color, 2 * scale));
                p->setBrush(Qt::white);
            } else {
                p->setPen(QColor(0x33, 0x33, 0x33));
                p->setBrush(e.color);
            }
            p->drawRect(QRectF(x + sym / 2 - 8 * scale, cy - 4 * scale, 16 * scale, 8 * scale));
            break;
        case LegendEntry::Symbol::Ramp: {
            QLinearGradient g(QPointF(x, cy), QPointF(x + sym, cy));
            for (int i = 0; i <= 8; ++i)
                g.setColorAt(i / 8.0, map.map(i / 8.0));
            p->setPen(Qt::NoPen);
            p->setBrush(g);
            p->drawRect(QRectF(x, cy - 5 * scale, sym, 10 * scale));
            break;
        }
        }
        p->setPen(QColor(0x22, 0x22, 0x22));
        p->drawText(QRectF(tx, y, size.width(), row), Qt::AlignLeft | Qt::AlignVCenter, e.label);
        y += row;
    }
    p->restore();
}

namespace {
QString collapsedLabel() { return QObject::tr("Legend \u25be"); }
QString expandedHint() { return QObject::tr("Click to fold the legend"); }
} // namespace

LegendWidget::LegendWidget(QWidget *parent)
    : QWidget(parent)
{
    setCursor(Qt::PointingHandCursor);
    setToolTip(expandedHint());
}

void LegendWidget::setEntries(const QList<LegendEntry> &entries, const ColorMap &map)
{
    mEntries = entries;
    mMap = map;
    resize(sizeHint());
    updateGeometry();
    update();
}

QSize LegendWidget::fullSize() const { return legendSize(mEntries, mScale).toSize() + QSize(2, 2); }

void LegendWidget::setScale(double scale)
{
    if (mScale == scale)
        return;
    mScale = scale;
    resize(sizeHint());
    updateGeometry();
    update();
}

namespace {
QFont collapsedFont(double scale)
{
    QFont font;
    font.setPixelSize(static_cast<int>(12 * scale));
    font.setBold(true);
    return font;
}
} // namespace

QSize LegendWidget::sizeHint() const
{
    return mCollapsed ? foldedSize() : fullSize();
}

QSize LegendWidget::foldedSize() const
{
    const QFontMetrics fm(collapsedFont(mScale));
    const int pad = static_cast<int>(2 * kPad * mScale);
    return QSize(fm.horizontalAdvance(collapsedLabel()) + pad + 2, fm.height() + pad);
}

void LegendWidget::setCollapsed(bool collapsed)
{
    if (mCollapsed == collapsed)
        return;
    mCollapsed = collapsed;
    setToolTip(collapsed ? tr("Click to show the legend") : expandedHint());
    resize(sizeHint());
    updateGeometry();
    update();
}

void LegendWidget::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    setCollapsed(!mCollapsed);
    Q_EMIT collapseToggled(mCollapsed);
    event->accept();
}

void LegendWidget::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    if (!mCollapsed) {
        paintLegend(&p, QPointF(0, 0), mEntries, mMap, mScale);
        return;
    }
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(QColor(0xcc, 0xcc, 0xcc));
    p.setBrush(QColor(255, 255, 255, 235));
    p.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
    p.setFont(collapsedFont(mScale));
    p.setPen(QColor(0x33, 0x33, 0x33));
    p.drawText(rect(), Qt::AlignCenter, collapsedLabel());
}

} // namespace fabric::views
