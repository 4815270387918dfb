// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "route/torus.h"

#include <vector>

namespace fabric::collective::detail {

/// One phase of a bucket all-reduce: rings along one dimension, members in + order.
struct BucketPhase
{
    int dim = 0;
    int ringSize = 0;
    std::vector<std::vector<NodeId>> rings;
};

/**
 * The phases of a bucket all-reduce that visits the dimensions in @p order, its rings on the
 * torus's own cycles. The first phase's rings are whole cycles along the first dimension; on a
 * twisted torus, a short dimension's cycle runs through its twisted wrap-around and is twice
 * as long. Each later phase reduces across what the earlier ones have not joined yet: its
 * rings are runs of ringSize chips along its dimension, ringSize = (chips reached along this
 * and the earlier dimensions) / (chips reached along the earlier ones), so the ring sizes
 * multiply to the chip count and every chip gets every other's data exactly once. A run
 * shorter than its cycle closes over more than one hop. Throws UserError when the lines do
 * not split into such rings (a torus with chips missing). With @p throughFaults a step whose
 * link or circuit has failed still counts, by coordinates: the rings keep their shape and that
 * step detours.
 */
std::vector<BucketPhase> bucketPhases(
    const route::Torus &torus, const std::vector<int> &order, bool throughFaults = false);

} // namespace fabric::collective::detail
