// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "sparecubes.h"

#include "generators/tputorus.h"

#include <QtNumeric>

#include <map>
#include <vector>

namespace fabric::views {

namespace {

constexpr int kSide = gen::kTpuCubeSide;

} // namespace

bool isSpareChip(const Node &n)
{
    return n.kind == NodeKind::Gpu && n.standby && n.hints.pod >= 0 && n.hints.index >= 0
        && n.hints.index < kSide * kSide * kSide;
}

double placeSpareCubes(const Fabric &fabric, FabricLayout &layout, QPointF topLeft, double pitch,
    double chipSide)
{
    std::map<int, std::vector<NodeId>> cubes;
    fabric.forEachNode([&](const Node &n) {
        if (isSpareChip(n))
            cubes[n.hints.pod].push_back(n.id);
    });
    if (cubes.empty())
        return topLeft.y();
    const double layerGap = 1.5 * pitch;
    const double layerWidth = (kSide - 1) * pitch;
    const double cubeWidth = kSide * layerWidth + (kSide - 1) * layerGap;
    const double cubeGap = 3 * pitch;
    if (layout.linkVia.size() < fabric.linkIdBound())
        layout.linkVia.resize(fabric.linkIdBound(), QPointF(qQNaN(), qQNaN()));
    double left = topLeft.x();
    for (const auto &[cube, chips] : cubes) {
        // A spare's chips are named spareK-...; a cube the OCS switched out keeps its chips'
        // names, so it says what it is.
        const QString first = QString::fromStdString(fabric.node(chips.front()).name);
        const QString title = first.startsWith(QLatin1String("spare"))
            ? QStringLiteral("Spare cube (%1, on standby)").arg(first.section('-', 0, 0))
            : QStringLiteral("Cube switched out of the slice (on standby)");
        LayoutBlock block;
        block.kind = LayoutBlock::Kind::Cube;
        block.rect = QRectF(left, topLeft.y(), cubeWidth, layerWidth).adjusted(-10, -10, 10, 10);
        block.title = title;
        block.detail = QStringLiteral("%1 chips, no circuit until the OCS switches it in")
                           .arg(chips.size());
        const int index = static_cast<int>(layout.blocks.size());
        layout.blocks.push_back(block);
        for (NodeId id : chips) {
            const int local = fabric.node(id).hints.index;
            const int x = local % kSide, y = local / kSide % kSide, z = local / (kSide * kSide);
            const auto i = static_cast<std::size_t>(id);
            layout.positions[i] = QPointF(left + z * (layerWidth + layerGap) + x * pitch,
                topLeft.y() + y * pitch);
            layout.sizes[i] = QSizeF(chipSide, chipSide);
            layout.blockOf[i] = index;
            // Its fibres lead to no circuit: each ends where it starts, so no line runs to
            // the OCS.
            for (LinkId l : fabric.linksOf(id))
                if (fabric.node(fabric.link(l).other(id)).kind == NodeKind::Ocs)
                    layout.linkVia[static_cast<std::size_t>(l)] = layout.positions[i];
        }
        // A caption: it says what the row is. A plain name is capped at a quarter of the
        // fabric's drawn width (addTierLabels), which the ~260 px title passes only in a large
        // picture: the window's fit (less room beside the docks and legend) would leave the row
        // untitled.
        layout.labels.push_back({ QPointF(left, topLeft.y() - 14), title, false, true });
        left += cubeWidth + cubeGap;
    }
    return topLeft.y() + layerWidth;
}

} // namespace fabric::views
