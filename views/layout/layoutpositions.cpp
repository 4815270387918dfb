// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "layoutpositions.h"

#include <algorithm>

namespace fabric::views {

Fabric withLayoutPositions(const Fabric &fabric, const LayoutOptions &options)
{
    Fabric copy = fabric;
    FabricLayout layout = computeLayout(fabric, options);
    // A file cannot hide a node. The torus lattice hides the OCSes (it draws each circuit chip
    // to chip), and every one of them sat at one spot with all its fibres fanning in: the slice
    // view places them in a row under the planes, each fibre drawn to its own.
    const bool hides
        = std::find(layout.hidden.begin(), layout.hidden.end(), true) != layout.hidden.end();
    if (hides && options.torusView != TorusView::Slices) {
        LayoutOptions slices = options;
        slices.torusView = TorusView::Slices;
        layout = computeLayout(fabric, slices);
    }
    fabric.forEachNode([&](const Node &n) {
        if (n.hints.position || !layout.hasNode(n.id))
            return;
        const QPointF p = layout.positions[std::size_t(n.id)];
        copy.node(n.id).hints.position = std::pair { p.x(), p.y() };
    });
    return copy;
}

} // namespace fabric::views
