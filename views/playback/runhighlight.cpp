// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runhighlight.h"

#include "simrun.h"

#include "model/ids.h"

namespace fabric::views {

FabricCanvas::LinkHighlight runHighlight(const SimRun &run)
{
    using Highlight = FabricCanvas::LinkHighlight;
    Highlight h;
    if (!run.sharpTreeLinks.empty()) {
        for (const LinkId l : run.sharpTreeLinks)
            h.links << l;
        h.color = QColor(213, 94, 0);
        h.legend = QStringLiteral("SHARP aggregation tree");
        return h;
    }
    if (!run.routing.startsWith(QStringLiteral("ecmp")) || !run.fabric)
        return h;
    const Fabric &f = *run.fabric;
    f.forEachLink([&](const Link &l) {
        if (f.node(l.a).kind != NodeKind::Switch || f.node(l.b).kind != NodeKind::Switch)
            return;
        if (run.result.links[std::size_t(dirLink(l.id, true))].bytes <= 0
            && run.result.links[std::size_t(dirLink(l.id, false))].bytes <= 0)
            h.links << l.id;
    });
    h.color = QColor(150, 150, 150);
    h.legend = QStringLiteral("Switch link ECMP left idle all run (dashed)");
    h.bundles = Highlight::Bundles::AllLinks;
    h.style = Qt::DashLine;
    return h;
}

} // namespace fabric::views
