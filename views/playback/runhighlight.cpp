// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runhighlight.h"

#include "simrun.h"

#include "model/fabric.h"
#include "model/ids.h"

namespace fabric::views {

FabricCanvas::LinkHighlight runHighlight(const SimRun &run)
{
    using Highlight = FabricCanvas::LinkHighlight;
    Highlight h;
    if (!run.sharpTreeLinks.empty()) {
        // The tree proper is its switch-to-switch links; the GPUs' own links are every NIC
        // (and their load colour shows them busy), so they join only a tree inside one switch.
        const auto betweenSwitches = [&](LinkId l) {
            const Link &link = run.fabric->link(l);
            return run.fabric->node(link.a).kind == NodeKind::Switch
                && run.fabric->node(link.b).kind == NodeKind::Switch;
        };
        for (const LinkId l : run.sharpTreeLinks)
            if (run.fabric && betweenSwitches(l))
                h.links << l;
        if (h.links.isEmpty())
            for (const LinkId l : run.sharpTreeLinks)
                h.links << l;
        // Every tree link carries the reduction up and the result down: two lanes, in colours
        // that neither the rail colours of the GPUs nor the load ramp use.
        h.color = QColor(204, 0, 51);
        h.legend = QStringLiteral("SHARP tree, reduction up to the root switch");
        h.secondColor = QColor(0, 40, 120);
        h.secondLegend = QStringLiteral("SHARP tree, result down to the GPUs");
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
