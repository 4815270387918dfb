// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runsummary.h"

#include "common/qtstrings.h"
#include "sim/switchlinks.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace fabric::views {

RunSummary summarize(const SimRun &run)
{
    RunSummary s;
    const sim::SimResult &r = run.result;
    s.label = run.label;
    s.completionS = r.completionS;
    s.algbwGBps = run.summary.algbwGBps;
    s.busbwGBps = run.summary.busbwGBps;
    s.idealS = run.summary.idealS;
    if (std::isfinite(run.summary.idealS) && r.completionS > 0)
        s.fractionOfIdeal = run.summary.idealS / r.completionS;
    s.bottleneck = r.bottlenecks.empty() ? -1 : r.bottlenecks.front();
    for (const sim::FlowSpec &f : run.flows())
        if (f.paths.size() > 1) {
            s.multipath = true;
            break;
        }
    for (const sim::LinkStats &l : r.links) {
        s.maxLinkUtil = std::max(s.maxLinkUtil, l.peakUtil);
        s.maxLinkFlows = std::max(s.maxLinkFlows, int(l.peakFlows));
        s.wireBytes += l.bytes;
    }
    if (!run.fabric)
        return s;

    // Switch-to-switch directed links, grouped by (role from, role to, plane).
    const Fabric &f = *run.fabric;
    struct Group
    {
        int links = 0, idle = 0, collided = 0;
        bool used = false;
    };
    std::map<std::tuple<int, int, int>, Group> groups;
    sim::forEachSwitchDirLink(
        f, r, [&](const Link &l, const Node &u, const Node &v, const sim::LinkStats &stats) {
            Group &g = groups[{int(u.role), int(v.role), l.plane}];
            ++g.links;
            if (stats.bytes <= 0)
                ++g.idle;
            else
                g.used = true;
            if (stats.peakFlows >= 2)
                ++g.collided;
        });
    for (const auto &[key, g] : groups)
        if (g.used) {
            s.fabricLinks += g.links;
            s.idleFabricLinks += g.idle;
            s.collidedFabricLinks += g.collided;
        }
    if (s.multipath)
        s.collidedFabricLinks = -1;
    return s;
}

} // namespace fabric::views
