// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fabriclayout.h"
#include "model/fabric.h"

namespace fabric::views {

/**
 * Bows the links of @p layout that join two nodes of one row over another node of that row
 * (spine to spine in a real dump, a link drawn between two leaves): drawn straight, such a link
 * runs along the row through the nodes between its ends, and reads as links to each of them.
 * Sets FabricLayout::linkBow afresh for the fabric's links as they are; links between rows stay
 * straight. The tiered layout calls it, and the canvas again after an edit of the links.
 */
void bowLinksAlongRows(const Fabric &f, FabricLayout &layout);

} // namespace fabric::views
