// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "layoutengine.h"

#include "dragonflylayout.h"
#include "forcelayout.h"
#include "tieredlayout.h"

#include <QtNumeric>

namespace fabric::views {

namespace {

bool allHaveTiers(const Fabric &f)
{
    bool all = f.nodeCount() > 0, anySwitch = false;
    f.forEachNode([&](const Node &n) {
        all = all && n.hints.tier >= 0;
        anySwitch = anySwitch || n.kind == NodeKind::Switch;
    });
    return all && anySwitch;
}

/// A router the user added from the palette has no group: it goes beside the ring, which the
/// others still draw (it made the whole fabric a tiered one).
bool routersHaveGroups(const Fabric &f)
{
    bool any = false;
    f.forEachNode(
        [&](const Node &n) { any = any || (n.kind == NodeKind::Switch && n.hints.pod >= 0); });
    return any;
}

/**
 * Whether the user placed every node of @p f somewhere else than @p computed puts it: a fabric
 * drawn by hand, whose file holds where each node was dropped. (A GraphML export holds every
 * node's position too, the layout's own, and keeps its layout when read back.)
 */
bool placedByHand(const Fabric &f, const FabricLayout &computed)
{
    bool all = f.nodeCount() > 0, moved = false;
    f.forEachNode([&](const Node &n) {
        if (!n.hints.position) {
            all = false;
            return;
        }
        const QPointF saved(n.hints.position->first, n.hints.position->second);
        moved = moved || !computed.hasNode(n.id)
            || QLineF(saved, computed.positions[std::size_t(n.id)]).length() > 0.5;
    });
    return all && moved;
}

/// Every node where the user put it, with no pod boxes or tier labels: those described where
/// the layout would have put the nodes, and framed nothing (an empty "Pod 0" box).
FabricLayout placedLayout(const Fabric &f)
{
    FabricLayout layout;
    layout.resize(f.nodeIdBound());
    f.forEachNode([&](const Node &n) {
        layout.positions[std::size_t(n.id)]
            = QPointF(n.hints.position->first, n.hints.position->second);
    });
    layout.name = QStringLiteral("placed");
    layout.updateBounds();
    return layout;
}

FabricLayout layoutOfKind(const Fabric &fabric, const LayoutOptions &options)
{
    const QString kind = layoutKind(fabric);
    if (kind == QLatin1String("torus"))
        return torusLayout(fabric, options.torusView, options.camera);
    if (kind == QLatin1String("dragonfly"))
        return dragonflyLayout(fabric);
    if (kind == QLatin1String("tiered"))
        return tieredLayout(fabric);
    return forceLayout(fabric);
}

} // namespace

QString layoutKind(const Fabric &f)
{
    const std::string &family = f.generator().family;
    if ((family == "tpu-torus" || family.empty()) && hasTorusHints(f))
        return QStringLiteral("torus");
    if (family == "dragonfly" && routersHaveGroups(f))
        return QStringLiteral("dragonfly");
    if (family == "ib-fat-tree" || family == "roce-clos" || family == "hpn" || allHaveTiers(f))
        return QStringLiteral("tiered");
    if (hasTorusHints(f))
        return QStringLiteral("torus");
    return QStringLiteral("force");
}

FabricLayout computeLayout(const Fabric &fabric, const LayoutOptions &options)
{
    FabricLayout layout = layoutOfKind(fabric, options);
    return placedByHand(fabric, layout) ? placedLayout(fabric) : layout;
}

void dropEmptyBlocks(FabricLayout &layout, const Fabric &fabric)
{
    std::vector<bool> hadMembers(layout.blocks.size(), false);
    std::vector<bool> hasLiveMembers(layout.blocks.size(), false);
    for (std::size_t id = 0; id < layout.blockOf.size(); ++id) {
        const int block = layout.blockOf[id];
        if (block < 0)
            continue;
        hadMembers[static_cast<std::size_t>(block)] = true;
        if (fabric.hasNode(static_cast<NodeId>(id)))
            hasLiveMembers[static_cast<std::size_t>(block)] = true;
    }
    const bool empty = fabric.nodeCount() == 0;
    std::vector<int> newIndex(layout.blocks.size(), -1);
    std::vector<LayoutBlock> kept;
    for (std::size_t i = 0; i < layout.blocks.size(); ++i) {
        // A block that never had members (a plane's band) stays while the fabric has nodes.
        if (empty || (hadMembers[i] && !hasLiveMembers[i]))
            continue;
        newIndex[i] = static_cast<int>(kept.size());
        kept.push_back(layout.blocks[i]);
    }
    layout.blocks = std::move(kept);
    for (std::size_t id = 0; id < layout.blockOf.size(); ++id) {
        int &block = layout.blockOf[id];
        if (block >= 0)
            block = fabric.hasNode(static_cast<NodeId>(id))
                ? newIndex[static_cast<std::size_t>(block)]
                : -1;
    }
    for (std::size_t id = 0; id < layout.positions.size(); ++id)
        if (!fabric.hasNode(static_cast<NodeId>(id)))
            layout.positions[id] = QPointF(qQNaN(), qQNaN()); // dead ids, as FabricLayout says
    if (empty) {
        layout.labels.clear();
        layout.decorations.clear();
    }
    layout.updateBounds();
}

} // namespace fabric::views
