// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "maxminids.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace fabric::sim {

/**
 * Where the pair (group, constraint) sits in the group's list of crossings (System's group
 * refill). Up to kDenseConstraints constraints, a table indexed by group x constraint (the
 * fastest). A place is below the number of constraints, so 16 bits hold it: 32 MB at 4,096,
 * and the table of a 128-GPU all-to-all (512 directed links) stays in a core's L2 cache.
 * Above, a hash table with open addressing (linear probing, deletion by backward shift) that
 * takes memory in proportion to the pairs listed, so the group refill also serves the
 * 1,024-rank all-to-all of a fat-tree pod (over 4,096 links: 512 MB at 16,384 as a table).
 * The hash costs the 128-GPU all-to-all about a quarter more time.
 */
class CrossingIndex
{
public:
    static constexpr std::size_t kDenseConstraints = 4096;
    static_assert(kDenseConstraints <= 32768, "dense places are 16-bit");
    /// Groups, constraints and places are below 2^kBits (2,097,152): the hash packs three of
    /// them in a word. System's group refill does not run on more constraints.
    static constexpr int kBits = 21;
    static constexpr std::size_t kMaxConstraints = std::size_t(1) << kBits;

    /// Forgets every pair; @p constraints is the number of constraints from now on.
    void reset(std::size_t constraints)
    {
        mSlots.clear();
        mCount = 0;
        mConstraints = constraints;
        mDense.clear();
        if (constraints <= kDenseConstraints)
            mDense.assign(constraints * constraints, -1);
    }

    /// The place stored for (@p group, @p c), or -1.
    std::int32_t find(ConstraintId group, ConstraintId c) const
    {
        if (!mDense.empty())
            return mDense[denseIndex(group, c)];
        if (mSlots.empty())
            return -1;
        const std::uint64_t key = keyOf(group, c);
        for (std::size_t i = home(key);; i = (i + 1) & mask()) {
            if (mSlots[i] == kEmpty)
                return -1;
            if (keyIn(mSlots[i]) == key)
                return placeIn(mSlots[i]);
        }
    }

    /// Stores @p place for (@p group, @p c), over any place it had.
    void set(ConstraintId group, ConstraintId c, std::int32_t place)
    {
        if (!mDense.empty()) {
            std::int16_t &slot = mDense[denseIndex(group, c)];
            mCount += slot < 0 ? 1 : 0;
            slot = std::int16_t(place);
            return;
        }
        if (10 * (mCount + 1) > 7 * mSlots.size()) // at most 70% full
            grow();
        const std::uint64_t key = keyOf(group, c);
        std::size_t i = home(key);
        while (mSlots[i] != kEmpty && keyIn(mSlots[i]) != key)
            i = (i + 1) & mask();
        if (mSlots[i] == kEmpty)
            ++mCount;
        mSlots[i] = key << kBits | std::uint64_t(std::uint32_t(place));
    }

    /// Removes (@p group, @p c) if it is there.
    void erase(ConstraintId group, ConstraintId c)
    {
        if (!mDense.empty()) {
            std::int16_t &slot = mDense[denseIndex(group, c)];
            mCount -= slot < 0 ? 0 : 1;
            slot = -1;
            return;
        }
        if (mSlots.empty())
            return;
        const std::uint64_t key = keyOf(group, c);
        std::size_t i = home(key);
        while (mSlots[i] == kEmpty || keyIn(mSlots[i]) != key) {
            if (mSlots[i] == kEmpty)
                return;
            i = (i + 1) & mask();
        }
        --mCount;
        // Backward shift: pull later entries of the probe run into the hole when the hole lies
        // on their way from home, so every key stays reachable without tombstones.
        for (std::size_t j = (i + 1) & mask();; j = (j + 1) & mask()) {
            if (mSlots[j] == kEmpty)
                break;
            const std::size_t h = home(keyIn(mSlots[j]));
            const bool holeOnTheWay = ((j - h) & mask()) >= ((j - i) & mask());
            if (holeOnTheWay) {
                mSlots[i] = mSlots[j];
                i = j;
            }
        }
        mSlots[i] = kEmpty;
    }

    std::size_t size() const { return mCount; }

private:
    // A slot is one word: the key (group, constraint) in the high bits, the place in the low
    // ones, kBits each (8 bytes a pair, where a key and a place apart took 16 with padding).
    // Valid slots leave the top bit 0, so all ones marks an empty slot.
    static constexpr std::uint64_t kEmpty = ~std::uint64_t(0);
    static constexpr std::uint64_t kLowBits = (std::uint64_t(1) << kBits) - 1;
    static std::uint64_t keyIn(std::uint64_t slot) { return slot >> kBits; }
    static std::int32_t placeIn(std::uint64_t slot) { return std::int32_t(slot & kLowBits); }

    std::size_t denseIndex(ConstraintId group, ConstraintId c) const
    {
        return std::size_t(group) * mConstraints + std::size_t(c);
    }
    static std::uint64_t keyOf(ConstraintId group, ConstraintId c)
    {
        return (std::uint64_t(std::uint32_t(group)) << kBits) | std::uint32_t(c);
    }
    std::size_t mask() const { return mSlots.size() - 1; }
    std::size_t home(std::uint64_t key) const
    {
        // Fibonacci hashing: the high bits of the product mix both halves of the key.
        return std::size_t((key * 0x9E3779B97F4A7C15ull) >> mShift);
    }
    void grow()
    {
        std::vector<std::uint64_t> old = std::move(mSlots);
        const std::size_t size = old.empty() ? 1024 : 2 * old.size();
        mSlots.assign(size, kEmpty);
        mShift = 64;
        for (std::size_t s = size; s > 1; s >>= 1)
            --mShift;
        mCount = 0;
        for (const std::uint64_t slot : old)
            if (slot != kEmpty) {
                const std::uint64_t key = keyIn(slot);
                set(ConstraintId(key >> kBits), ConstraintId(key & kLowBits), placeIn(slot));
            }
    }

    std::vector<std::int16_t> mDense;
    std::size_t mConstraints = 0;
    std::vector<std::uint64_t> mSlots;
    std::size_t mCount = 0;
    int mShift = 64;
};

} // namespace fabric::sim
