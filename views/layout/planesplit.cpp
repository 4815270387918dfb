// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "planesplit.h"

namespace fabric::views {

namespace {

/// A GPU or a host: what the planes' switches serve (not Node::isEndpoint, which is GPUs only).
bool isServed(const Node &n) { return n.kind == NodeKind::Gpu || n.kind == NodeKind::Host; }

/// A switch in no plane: one drawn from the palette into a dual-plane fabric, or a tier both
/// planes share (a single-plane HPN's aggregation).
bool isUnplaned(const Node &n)
{
    return !isServed(n) && n.hints.plane < 0;
}

} // namespace

bool hasTwoSeparatePlanes(const Fabric &f)
{
    bool ok = true, planeSeen[2] = {false, false};
    f.forEachNode([&](const Node &n) {
        if (!ok || isServed(n) || isUnplaned(n))
            return;
        if (n.hints.plane != 0 && n.hints.plane != 1) {
            ok = false;
            return;
        }
        planeSeen[n.hints.plane] = true;
    });
    if (!ok || !planeSeen[0] || !planeSeen[1])
        return false;

    bool homed = false; // at least one endpoint reaches the switches
    f.forEachNode([&](const Node &n) {
        if (!ok)
            return;
        bool reaches[2] = {false, false};
        // A switch in no plane joins the planes when it is cabled to both (a shared tier);
        // cabled to one, or to hosts alone, it says nothing about them: one drawn from the
        // palette undid the split of the whole picture.
        if (isUnplaned(n)) {
            for (LinkId l : f.linksOf(n.id))
                if (const Node &o = f.node(f.link(l).other(n.id)); !isServed(o) && !isUnplaned(o))
                    reaches[o.hints.plane] = true;
            ok = !(reaches[0] && reaches[1]);
            return;
        }
        for (LinkId l : f.linksOf(n.id)) {
            const Node &o = f.node(f.link(l).other(n.id));
            if (isServed(o) || isUnplaned(o))
                continue;
            if (!isServed(n) && o.hints.plane != n.hints.plane) {
                ok = false; // a link across the planes: they are not kept apart
                return;
            }
            reaches[o.hints.plane] = true;
        }
        if (isServed(n) && (reaches[0] || reaches[1])) {
            homed = true;
            ok = reaches[0] && reaches[1];
        }
    });
    return ok && homed;
}

} // namespace fabric::views
