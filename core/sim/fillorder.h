// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "maxmin.h"

#include <utility>

namespace fabric::sim {

/// Heap order of the progressive fillings' lazy heaps of (fill level, constraint): the lowest
/// level first, the lower id on a tie, so every filling breaks ties the same way. A function
/// object, so the heap operations inline it.
struct FillsLater
{
    bool operator()(const std::pair<double, ConstraintId> &a,
                    const std::pair<double, ConstraintId> &b) const
    {
        return a.first > b.first || (a.first == b.first && a.second > b.second);
    }
};

} // namespace fabric::sim
