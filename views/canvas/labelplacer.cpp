// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "labelplacer.h"

#include <QFontMetricsF>

#include <cmath>

namespace fabric::views {

namespace {
constexpr double kCell = 64; ///< Device pixels per grid cell.

template <typename F>
void forCells(const QRectF &r, F &&f)
{
    const auto x0 = static_cast<qint64>(std::floor(r.left() / kCell));
    const auto x1 = static_cast<qint64>(std::floor(r.right() / kCell));
    const auto y0 = static_cast<qint64>(std::floor(r.top() / kCell));
    const auto y1 = static_cast<qint64>(std::floor(r.bottom() / kCell));
    for (qint64 x = x0; x <= x1; ++x)
        for (qint64 y = y0; y <= y1; ++y)
            f((static_cast<quint64>(static_cast<quint32>(x)) << 32) | static_cast<quint32>(y));
}
} // namespace

QFont labelFont(double px, bool bold)
{
    QFont font;
    font.setPixelSize(std::max(1, static_cast<int>(std::lround(px))));
    font.setBold(bold);
    return font;
}

LabelPlacer::LabelPlacer(double lod, const QRectF &view)
    : mLod(lod > 0 ? lod : 1)
    , mView(view.topLeft() * mLod, view.bottomRight() * mLod)
{
}

bool LabelPlacer::add(const QString &text, const QPointF &anchor, Qt::Alignment align,
                      const QFont &font, QPointF offset, double maxWidth, bool halo)
{
    if (text.isEmpty() || !std::isfinite(anchor.x()) || !std::isfinite(anchor.y()))
        return false;
    const QRectF box = boxOf(text, align, font, offset);
    if (box.width() > maxWidth)
        return false;
    if (!take(box.translated(anchor * mLod)))
        return false;
    mLabels.push_back({text, anchor, box, font, halo});
    return true;
}

QRectF LabelPlacer::boxOf(
    const QString &text, Qt::Alignment align, const QFont &font, QPointF offset)
{
    const QFontMetricsF fm(font);
    const double w = fm.horizontalAdvance(text) + 2, h = fm.height();
    const double x = align & Qt::AlignRight ? -w : align & Qt::AlignHCenter ? -w / 2 : 0;
    const double y = align & Qt::AlignBottom ? -h : align & Qt::AlignVCenter ? -h / 2 : 0;
    return QRectF(QPointF(x, y) + offset, QSizeF(w, h));
}

QRectF LabelPlacer::sceneRect(const QString &text, const QPointF &anchor, Qt::Alignment align,
    const QFont &font, QPointF offset) const
{
    const QRectF box = boxOf(text, align, font, offset);
    return QRectF(anchor + box.topLeft() / mLod, box.size() / mLod);
}

bool LabelPlacer::claim(const QRectF &sceneRect)
{
    return take(QRectF(sceneRect.topLeft() * mLod, sceneRect.bottomRight() * mLod));
}

bool LabelPlacer::take(const QRectF &device)
{
    if (!mView.contains(device) || !isFree(device))
        return false;
    occupy(device);
    return true;
}

void LabelPlacer::reserve(const QRectF &sceneRect, double clearance)
{
    occupy(QRectF(sceneRect.topLeft() * mLod, sceneRect.bottomRight() * mLod)
               .adjusted(-clearance, -clearance, clearance, clearance));
}

bool LabelPlacer::isFree(const QRectF &device) const
{
    bool free = true;
    forCells(device, [&](quint64 cell) {
        const auto it = mCells.constFind(cell);
        if (free && it != mCells.cend())
            for (int i : *it)
                if (mTaken[static_cast<std::size_t>(i)].intersects(device))
                    free = false;
    });
    return free;
}

void LabelPlacer::occupy(const QRectF &device)
{
    const int index = static_cast<int>(mTaken.size());
    mTaken.push_back(device);
    forCells(device, [&](quint64 cell) { mCells[cell].push_back(index); });
}

} // namespace fabric::views
