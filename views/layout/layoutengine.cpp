// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "layoutengine.h"

#include "dragonflylayout.h"
#include "forcelayout.h"
#include "tieredlayout.h"

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

bool routersHaveGroups(const Fabric &f)
{
    bool ok = false;
    f.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Switch)
            ok = n.hints.pod >= 0;
    });
    return ok;
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
    const QString kind = layoutKind(fabric);
    if (kind == QLatin1String("torus"))
        return torusLayout(fabric, options.torusView, options.camera);
    if (kind == QLatin1String("dragonfly"))
        return dragonflyLayout(fabric);
    if (kind == QLatin1String("tiered"))
        return tieredLayout(fabric);
    return forceLayout(fabric);
}

} // namespace fabric::views
