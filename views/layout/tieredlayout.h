// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fabriclayout.h"
#include "model/fabric.h"

namespace fabric::views {

/**
 * Layered layout for fat-trees and Clos fabrics (ib-fat-tree, roce-clos, hpn, or anything
 * whose nodes carry tier hints). GPUs sit under their host at the bottom of their pod, the
 * pod's switch tiers above them, and switches shared by all pods (spines of a 2-tier tree,
 * cores, HPN aggregation planes, Meta's ATSW) in rows spanning every pod. With four pods or
 * more, pods go in two mirrored rows around the shared rows so the picture stays near 16:10.
 * Inside a row a switch sits above the middle of what it connects down to (rails and racks line
 * up), ordered by plane first so HPN's planes form two groups.
 *
 * A fabric of two planes kept apart (dual-plane HPN, see hasTwoSeparatePlanes()) is drawn
 * mirrored instead: plane 0's tiers above the hosts, plane 1's below them in the same order
 * outwards (ToR just under the GPUs, then aggregation, then core), pods side by side in one row
 * (the picture then nearer 2.2:1, so the pods do not shrink to slivers),
 * and each row's caption naming its plane. A GPU's two uplinks then go one up, one down.
 */
FabricLayout tieredLayout(const Fabric &fabric);

/// The tier a node is drawn in: LayoutHints::tier when set, else from its kind and role.
int effectiveTier(const Node &node);

} // namespace fabric::views
