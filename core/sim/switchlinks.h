// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"
#include "result.h"

#include <cstddef>

namespace fabric::sim {

/**
 * Calls @p f(link, from, to, stats) for each direction of every switch-to-switch link that
 * @p result has statistics for: the links where ECMP collisions and idle uplinks show. The
 * charts' imbalance histogram and the explain panel's collision counts both walk this set.
 */
template<typename F>
void forEachSwitchDirLink(const Fabric &fabric, const SimResult &result, F &&f)
{
    fabric.forEachLink([&](const Link &l) {
        const Node &a = fabric.node(l.a), &b = fabric.node(l.b);
        if (a.kind != NodeKind::Switch || b.kind != NodeKind::Switch)
            return;
        for (const bool fromA : {true, false}) {
            const auto d = static_cast<std::size_t>(dirLink(l.id, fromA));
            if (d >= result.links.size())
                continue;
            f(l, fromA ? a : b, fromA ? b : a, result.links[d]);
        }
    });
}

} // namespace fabric::sim
