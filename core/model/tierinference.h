// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ids.h"

namespace fabric {

class Fabric;

/** True when a GPU or a host links directly to this node: the leaves of a fabric drawn by hand. */
bool hangsMachines(const Fabric &fabric, NodeId node);

/**
 * Gives every switch whose tier is unset (a hand-placed one) the tier its links imply: 2 for a
 * switch an endpoint or a host links to, then one more per switch hop away from those. A switch
 * without a role gets the role of its tier (leaf, spine, core). Switches no endpoint reaches
 * keep tier -1. Returns how many switches it changed.
 *
 * The tiered layout draws a switch at its tier, so this is what lets a fabric drawn by hand be
 * arranged like a generated one.
 */
int inferSwitchTiers(Fabric &fabric);

} // namespace fabric
