// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fabriclayout.h"
#include "model/fabric.h"

namespace fabric::views {

/**
 * Dragonfly layout: groups (LayoutHints::pod of the routers) on a large circle, each group's
 * routers on a small circle with their endpoints fanned outwards, so intra-group links stay
 * inside a group's disc and global links are chords of the large circle.
 */
FabricLayout dragonflyLayout(const Fabric &fabric);

} // namespace fabric::views
