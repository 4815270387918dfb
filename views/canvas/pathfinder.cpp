// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "pathfinder.h"

#include "model/equalcostpaths.h"

namespace fabric::views {

PathSet equalCostPaths(const Fabric &f, NodeId from, NodeId to, int maxPaths)
{
    PathSet out;
    out.from = from;
    out.to = to;
    if (from == to)
        return out;
    const EqualCostPaths found =
        findEqualCostPaths(f, from, to, static_cast<std::size_t>(std::max(maxPaths, 0)));
    if (found.hops < 0)
        return out;
    out.hops = found.hops;
    out.bottleneckGbps = found.bottleneckGbps;
    out.truncated = found.truncated();
    out.count = found.count;
    for (const std::vector<LinkId> &path : found.listed)
        out.paths.append(QList<LinkId>(path.begin(), path.end()));
    return out;
}

} // namespace fabric::views
