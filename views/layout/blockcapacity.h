// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fabriclayout.h"
#include "model/fabric.h"

namespace fabric::views {

/**
 * Adds to the detail of each pod block (a pod, zone or segment) a line on what its GPUs can
 * inject against what can leave it: "1229 Tb/s from GPUs, 179 Tb/s out (6.86:1)". Collapsed, the block
 * hides the links that make the ratio, and its band to the shared tiers shows only the exit;
 * this says how much narrower that is (Meta's zones join at about 7:1). GPU links are every
 * link of a GPU of the block other than NVLink; the exit is every link with one end in the
 * block. Blocks with no link out are left as they are.
 */
void describeBlockCapacity(const Fabric &fabric, FabricLayout &layout);

} // namespace fabric::views
