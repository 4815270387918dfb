// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// FabricCanvas: the legend's entries, for the canvas and for pictures of it, and its place in
// the view.
#include "fabriccanvas_p.h"

#include "common/percent.h"
#include "layout/toruscircuits.h"
#include "style/palette.h"

namespace fabric::views {

QList<LegendEntry> FabricCanvas::legendEntries() const
{
    // On screen the bundles are explained whenever zooming out can show them, which takes
    // blocks to fold (the entry says "zoomed out"); a picture's legend, below, only when it
    // draws them.
    return legendEntriesWith(
        !d->data.plan.detailNodes, d->bundlesPossible(), BadgeLayerItem::legibleAt(d->data.plan));
}

QList<LegendEntry> FabricCanvas::legendRoomEntries() const
{
    return legendEntriesWith(false, d->bundlesPossible(), true);
}

QList<LegendEntry> FabricCanvas::pictureLegendEntries(const QSizeF &pictureSize) const
{
    // The zoom renderTo() gives the whole fabric (less the room for the title and legend: the
    // fold is decided well away from that margin).
    const Private::PictureFit fit = d->fitPicture(pictureSize);
    return fit.source.isNull() ? legendEntries() : legendEntriesWith(fit.plan);
}

double FabricCanvas::wholeFabricScale(const QSizeF &area) const
{
    return d->fitPicture(area).scale;
}

QSizeF FabricCanvas::wholeFabricSize(const QSizeF &area) const
{
    if (area.isEmpty())
        return {};
    const Private::PictureFit fit = d->fitPicture(area);
    return (fit.source.size() * fit.scale).boundedTo(area);
}

QList<LegendEntry> FabricCanvas::legendEntriesWith(const DrawPlan &picturePlan) const
{
    // A picture draws what its plan draws; its badges are those the placer keeps under it (a
    // SHARP run's k=16 fat-tree drawn whole keeps none, where its legend listed the badge).
    return legendEntriesWith(!picturePlan.detailNodes, d->drawsBundles(picturePlan),
        !BadgeLayerItem::badgesUnder(d->data, picturePlan).empty());
}

QList<LegendEntry> FabricCanvas::legendEntriesWith(
    bool blocksFolded, bool bundlesDrawn, bool badgesDrawn) const
{
    if (!d->fabric)
        return {};
    // Rows and torus planes are not what the legend's block stands for: their members and
    // captions say what they are.
    const bool blocks
        = std::any_of(d->layout.blocks.begin(), d->layout.blocks.end(), [](const LayoutBlock &b) {
              return b.kind != LayoutBlock::Kind::Row && b.kind != LayoutBlock::Kind::Plane;
          });
    LegendContent content { bundlesDrawn, blocks, {}, {} };
    if (blocksFolded) {
        // Folded, a block hides its nodes and the links inside it.
        content.nodeShown = [this](const Node &n) { return d->data.drawnWhenFolded(int(n.id)); };
        content.linkShown = [this](const Link &l) {
            return d->blockOf(l.a) < 0 || d->blockOf(l.a) != d->blockOf(l.b);
        };
    }
    QList<LegendEntry> out
        = views::legendEntries(*d->fabric, !d->data.loads.empty(), d->data.colorMap, content);
    // Canvas-specific link entries go at the end of the Links group.
    QList<LegendEntry> extra;
    const bool dims = d->data.overlay.dimensionColours && d->data.hasDimensions;
    // The dimension hues replace the ICI and optical colours, and during a run the load ramp:
    // a link is its dimension's hue, paler the idler (the legend listed viridis and a grey
    // "Idle" that no line was drawn in).
    if (dims)
        out.removeIf([](const LegendEntry &e) {
            return e.label == palette::mediumName(Medium::Ici)
                || e.label == palette::mediumName(Medium::Optical)
                || e.symbol == LegendEntry::Symbol::Ramp || e.label == QLatin1String("Idle");
        });
    bool loadBars = false;
    for (std::size_t i = 0;
         blocksFolded && i < d->data.blockLoad.size() && i < d->layout.blocks.size(); ++i)
        loadBars = loadBars
            || (d->data.blockLoad[i] >= 0 && BlockLayerItem::hasLoadBar(d->layout.blocks[i]));
    // Shorter than the bundle's entry, which a drawing with blocks folded always has: adding it
    // never widens the legend, so a picture's legend column fitted without it still holds it.
    if (loadBars)
        extra.append({ LegendEntry::Symbol::Box,
            d->data.linkColours[SceneData::kLoadColours + SceneData::kLoadLevels - 1], 0,
            QStringLiteral("Bar in a block: its busiest link inside") });
    // Only where they are drawn: an overview of a SHARP run listed badges it did not show.
    if (badgesDrawn && !d->data.badges.empty())
        extra.append({ LegendEntry::Symbol::Box, palette::collisionBadge(), 1,
            QStringLiteral("Orange badge: flows sharing one link now (a collision)") });
    for (const Private::Highlight &h : d->highlights)
        if (!h.set.links.isEmpty() && !h.set.legend.isEmpty()) {
            // Dashed where the canvas dashes them (links ECMP left idle): a solid sample
            // explained dashes it did not show.
            extra.append({ LegendEntry::Symbol::Line, h.set.color, 3, h.set.legend, h.set.style });
            if (h.set.secondColor.isValid() && !h.set.secondLegend.isEmpty())
                extra.append(
                    { LegendEntry::Symbol::Line, h.set.secondColor, 3, h.set.secondLegend });
        }
    if (!d->faults.failedNodes.isEmpty() || !d->faults.failedLinks.isEmpty())
        extra.append({ LegendEntry::Symbol::Line, failedColour(), 3,
            d->faults.failedNodes.isEmpty()
                ? QStringLiteral("Failed (fault): dashed, crossed out")
                : QStringLiteral("Failed (fault): dashed links, crossed out") });
    if (!d->faults.degradedLinks.isEmpty())
        extra.append({ LegendEntry::Symbol::Line, degradedColour(), 3,
            d->faults.degradedKept > 0
                ? QStringLiteral("Degraded to %1% of capacity (fault)")
                      .arg(100 * d->faults.degradedKept, 0, 'g', 3)
                : QStringLiteral("Degraded (fault): part of capacity kept") });
    const bool lattice = d->layout.name == QLatin1String("torus-lattice");
    if (lattice) {
        // The OCS are not drawn: their circuits are the arcs (and the OCS panel's table).
        out.removeIf([dims](const LegendEntry &e) {
            return e.label == QLatin1String("Optical circuit switch")
                || (!dims && e.label == palette::mediumName(Medium::Optical));
        });
        // During a run the arcs take their load's colour: the optical amber would read as a
        // level of the ramp (viridis ends in yellow), so the entry then names no colour.
        if (!dims && d->data.loads.empty())
            extra.append({ LegendEntry::Symbol::Line, palette::medium(Medium::Optical), 1,
                QStringLiteral("OCS circuit, chip to chip (wrap-arounds as arcs)") });
        else if (!dims)
            extra.append({ LegendEntry::Symbol::Line, QColor(0x80, 0x80, 0x80), 1,
                QStringLiteral("Arc: OCS circuit, chip to chip, coloured by load") });
    }
    if (d->data.twistedLinks > 0) {
        const QColor twist = d->data.linkColours[SceneData::kTwistColour];
        // During a run the load colours the line, with the dimensions their hue, and the twist
        // is its magenta edge.
        const QString edge
            = d->data.loads.empty() && !dims ? QString() : QStringLiteral(" (magenta edge)");
        if (!lattice) {
            extra.append({ LegendEntry::Symbol::Line, twist, 2.2,
                QStringLiteral("Twisted wrap-around (through the OCS)") + edge });
        } else {
            // One entry per twisted dimension with all its shifts: an X wrap-around of a 4x8x8
            // lands 4 further in Y and 4 further in Z at once, which two entries made read as
            // two kinds of arcs.
            std::vector<std::pair<int, QStringList>> shifts;
            for (const TwistShift &t : torusCircuits(*d->fabric).twists()) {
                auto it = std::find_if(
                    shifts.begin(), shifts.end(), [&](const auto &s) { return s.first == t.dim; });
                if (it == shifts.end())
                    it = shifts.insert(shifts.end(), { t.dim, QStringList() });
                it->second << QStringLiteral("%1 in %2").arg(t.by).arg(dimensionName(t.along));
            }
            for (const auto &[dim, by] : shifts)
                extra.append({ LegendEntry::Symbol::Line, twist, 2.2,
                    QStringLiteral("Twisted %1 wrap-around: lands shifted by %2")
                            .arg(dimensionName(dim), by.join(QStringLiteral(" and by ")))
                        + edge });
        }
    }
    if (dims) {
        static const char *names[3] = { "X", "Y", "Z" };
        const bool loads = !d->data.loads.empty();
        for (int dim = 0; dim < 3; ++dim)
            if (d->data.overlay.dimensionFilter < 0 || d->data.overlay.dimensionFilter == dim)
                extra.append({ LegendEntry::Symbol::Line,
                    SceneData::dimensionColour(dim, SceneData::kFullDimLevel), 2,
                    QStringLiteral("Torus dimension %1%2")
                        .arg(QLatin1String(names[dim]),
                            loads && d->data.dimensionLoad[dim] >= 0
                                ? QStringLiteral(": %1 busy now%2")
                                      .arg(percentText(d->data.dimensionLoad[dim]),
                                          dim == std::max(0, d->data.overlay.dimensionFilter)
                                              ? QStringLiteral(" (paler = idler)")
                                              : QString())
                                : QString()) });
    }
    if (d->data.overlay.particles && !d->data.loads.empty())
        extra.append({ LegendEntry::Symbol::Box, QColor(0x1a, 0x1a, 0x1a), 0,
            QStringLiteral("Moving dots: traffic direction, denser = higher rate") });
    int at = 1;
    while (at < out.size() && out[at].symbol != LegendEntry::Symbol::Heading)
        ++at;
    for (int i = 0; i < extra.size(); ++i)
        out.insert(at + i, extra[i]);
    // A heading with nothing under it (no link drawn outside a folded zone) is left out.
    for (qsizetype i = out.size() - 1; i >= 0; --i)
        if (out[i].symbol == LegendEntry::Symbol::Heading
            && (i + 1 == out.size() || out[i + 1].symbol == LegendEntry::Symbol::Heading))
            out.removeAt(i);
    return out;
}

void FabricCanvas::setLegendVisible(bool visible)
{
    d->legendVisible = visible;
    updateLegend();
}

bool FabricCanvas::isLegendVisible() const
{
    return d->legendVisible;
}

void FabricCanvas::updateLegend()
{
    d->legend->setEntries(legendEntries(), d->data.colorMap);
    // Nothing drawn, nothing to explain: an empty legend would be a blank box in the corner.
    d->legend->setVisible(d->legendVisible && d->fabric && !d->legend->entries().isEmpty());
    const QRect vp = viewport()->geometry();
    const QSize full = d->legend->fullSize();
    // Folded unless asked for when it would cover too much of a narrow canvas, or on a shared
    // screen, where the fabric gets the room and a click shows the legend at the larger size.
    bool fold = d->presentation > 1 || full.width() > vp.width() * 0.4
        || full.height() > vp.height() * 0.6;
    // Folded too when a fitted fabric would lose more than a quarter of its size to it (the
    // default fabric at 1920x1080 shrank to two thirds under a band of 13 lines).
    const QRectF bounds = d->wholeFabric();
    if (!fold && d->fitPending && !bounds.isNull()) {
        const QRect area(QPoint(0, 0), viewport()->size());
        const double open = d->viewFit(bounds, area, full).scale;
        const double folded = d->viewFit(bounds, area, d->legend->foldedSize()).scale;
        fold = open < 0.75 * folded;
    }
    d->legend->setCollapsed(d->legendUserCollapsed.value_or(fold));
    d->legend->move(vp.right() - d->legend->width() - 8, vp.top() + 8);
    // A run's loads, badges and highlights add lines: a fitted view fits again, or the larger
    // legend covers the fabric's top-right corner (the default fabric's spine3 at 1920x1080).
    // Once per change: the refit's own legend update (a zoom that folds blocks) does not refit.
    if (d->shownLegend() != d->fittedLegend && d->fitPending && !d->legendRefitBlocked) {
        d->legendRefitBlocked = true;
        zoomToFit();
        d->legendRefitBlocked = false;
    }
}

} // namespace fabric::views
