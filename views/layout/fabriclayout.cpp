// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabriclayout.h"

#include <cmath>
#include <limits>

namespace fabric::views {

void FabricLayout::resize(std::size_t idBound)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    positions.assign(idBound, QPointF(nan, nan));
    sizes.assign(idBound, QSizeF());
    blockOf.assign(idBound, -1);
}

void FabricLayout::updateBounds()
{
    QRectF r;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const QPointF &p = positions[i];
        if (std::isnan(p.x()))
            continue;
        const QSizeF s = sizes[i];
        r |= QRectF(p.x() - s.width() / 2, p.y() - s.height() / 2, s.width(), s.height());
    }
    for (const LayoutBlock &b : blocks)
        r |= b.rect.adjusted(0, -20, 0, 0); // room for the title above
    for (const QLineF &l : decorations)
        r |= QRectF(l.p1(), l.p2()).normalized();
    // A quadratic's control point: a cubic's lie well outside its curve, so the layout that
    // makes cubics adds their extent itself.
    for (std::size_t i = 0; i < linkBend.size(); ++i)
        if (!std::isnan(linkBend[i].x()) && (i >= linkBend2.size() || std::isnan(linkBend2[i].x())))
            r |= QRectF(linkBend[i], QSizeF(0.01, 0.01));
    for (const LayoutLabel &l : labels)
        r |= QRectF(l.pos.x() - (l.rightAligned ? 220 : 0), l.pos.y() - 16, 220, 20);
    bounds = r;
}

} // namespace fabric::views
