// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "maxminids.h"

#include <cstddef>
#include <utility>
#include <vector>

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

/**
 * A min-heap of (fill level, constraint) in FillsLater order, for a lazy progressive filling:
 * keys only grow, so a stale key is refreshed in place at the top (one sift-down, not a pop
 * and a push). The comparisons choose a child without branching, since which child is earlier
 * is a coin toss the branch predictor loses half the time. (Four children a node did worse:
 * the loop over them costs more mispredictions than the halved depth saves.)
 */
class FillHeap
{
public:
    using Entry = std::pair<double, ConstraintId>;

    void clear() { mHeap.clear(); }
    void add(double level, ConstraintId c) { mHeap.emplace_back(level, c); }
    /// Orders what add() put in.
    void build()
    {
        for (std::size_t i = mHeap.size() / 2; i-- > 0;)
            siftDown(i);
    }
    bool empty() const { return mHeap.empty(); }
    const Entry &top() const { return mHeap.front(); }
    void pop()
    {
        mHeap.front() = mHeap.back();
        mHeap.pop_back();
        if (!mHeap.empty())
            siftDown(0);
    }
    /// Raises the top's key to @p level (>= its key) and restores the order.
    void raiseTop(double level)
    {
        mHeap.front().first = level;
        siftDown(0);
    }
    /// Whether the top would still come first with key @p level.
    bool topStaysFirstAt(double level) const
    {
        const Entry raised(level, mHeap.front().second);
        const std::size_t n = mHeap.size();
        return !(n > 1 && later(raised, mHeap[1])) && !(n > 2 && later(raised, mHeap[2]));
    }

private:
    static bool later(const Entry &a, const Entry &b)
    {
        return (a.first > b.first) | ((a.first == b.first) & (a.second > b.second));
    }
    void siftDown(std::size_t i)
    {
        const Entry moving = mHeap[i];
        const std::size_t n = mHeap.size();
        while (true) {
            std::size_t child = 2 * i + 1;
            if (child >= n)
                break;
            if (child + 1 < n)
                child += std::size_t(later(mHeap[child], mHeap[child + 1]));
            if (!later(moving, mHeap[child]))
                break;
            mHeap[i] = mHeap[child];
            i = child;
        }
        mHeap[i] = moving;
    }
    std::vector<Entry> mHeap;
};

} // namespace fabric::sim
