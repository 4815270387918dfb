// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "layoutpositions.h"

namespace fabric::views {

Fabric withLayoutPositions(const Fabric &fabric, const LayoutOptions &options)
{
    Fabric copy = fabric;
    const FabricLayout layout = computeLayout(fabric, options);
    fabric.forEachNode([&](const Node &n) {
        if (n.hints.position || !layout.hasNode(n.id))
            return;
        const QPointF p = layout.positions[std::size_t(n.id)];
        copy.node(n.id).hints.position = std::pair { p.x(), p.y() };
    });
    return copy;
}

} // namespace fabric::views
