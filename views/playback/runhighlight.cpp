// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runhighlight.h"

#include "simrun.h"

#include "common/qtstrings.h"
#include "model/fabric.h"
#include "model/ids.h"
#include "model/units.h"

#include <algorithm>
#include <utility>

namespace fabric::views {

namespace {

/// The least and most bytes some links carried one way.
struct ByteRange
{
    double least = 0, most = 0;
    bool any = false;

    void add(double bytes)
    {
        least = any ? std::min(least, bytes) : bytes;
        most = any ? std::max(most, bytes) : bytes;
        any = true;
    }
    /// ": 1 GiB on each link" (or "0.5 GiB to 1 GiB"); empty when nothing was added.
    QString text() const
    {
        if (!any || most <= 0)
            return {};
        const QString mostText = toQString(units::formatBytes(most));
        if (most - least <= 1e-9 * most)
            return QStringLiteral(": %1 on each link").arg(mostText);
        return QStringLiteral(": %1 to %2 per link")
            .arg(toQString(units::formatBytes(least)), mostText);
    }
};

/// Bytes each of @p links carried towards the node of the higher tier (up the tree) and back.
std::pair<ByteRange, ByteRange> treeBytes(
    const Fabric &f, const sim::SimResult &result, const QList<LinkId> &links)
{
    ByteRange up, down;
    for (const LinkId l : links) {
        const Link &link = f.link(l);
        const bool aIsChild = f.node(link.a).hints.tier < f.node(link.b).hints.tier;
        const DirLinkId upward = dirLink(l, aIsChild);
        const DirLinkId downward = dirLink(l, !aIsChild);
        if (static_cast<std::size_t>(std::max(upward, downward)) >= result.links.size())
            continue;
        up.add(result.links[static_cast<std::size_t>(upward)].bytes);
        down.add(result.links[static_cast<std::size_t>(downward)].bytes);
    }
    return { up, down };
}

} // namespace

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
        // that neither the rail colours of the GPUs nor the load ramp use. The legend says
        // what each lane carried, from the run: one message's worth per link, however many
        // GPUs are below it, which is the point of reducing in the switches.
        const auto [up, down] = run.fabric ? treeBytes(*run.fabric, run.result, h.links)
                                           : std::pair<ByteRange, ByteRange> {};
        h.color = QColor(204, 0, 51);
        h.legend = QStringLiteral("SHARP tree, reduction up to the root switch") + up.text();
        h.secondColor = QColor(0, 40, 120);
        h.secondLegend = QStringLiteral("SHARP tree, result down to the GPUs") + down.text();
        return h;
    }
    if (!run.routedByHash() || !run.fabric)
        return h;
    const Fabric &f = *run.fabric;
    // A failed link is down, not left idle: the canvas marks it as failed instead.
    const std::vector<std::uint8_t> failed = collective::failedDirections(f, run);
    const auto idle = [&](DirLinkId d) {
        return run.result.links[std::size_t(d)].bytes <= 0
            && !(std::size_t(d) < failed.size() && failed[std::size_t(d)]);
    };
    // Only links on a path a flow's hash could have taken: a link no flow could use (a
    // dragonfly's global link between two groups no flow joins) is idle by the traffic's doing.
    // Dashing those hid the busy links of a 33-group dragonfly under 500 grey chords.
    const auto offered = [&](DirLinkId d) {
        return std::size_t(d) < run.equalCostLinks.size() && run.equalCostLinks[std::size_t(d)];
    };
    f.forEachLink([&](const Link &l) {
        if (f.node(l.a).kind != NodeKind::Switch || f.node(l.b).kind != NodeKind::Switch)
            return;
        const DirLinkId ab = dirLink(l.id, true), ba = dirLink(l.id, false);
        if (idle(ab) && idle(ba) && (offered(ab) || offered(ba)))
            h.links << l.id;
    });
    h.color = QColor(150, 150, 150);
    h.legend = QStringLiteral("Switch link ECMP left idle all run (dashed)");
    h.bundles = Highlight::Bundles::AllLinks;
    h.style = Qt::DashLine;
    return h;
}

} // namespace fabric::views
