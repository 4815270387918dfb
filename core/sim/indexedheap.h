// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace fabric::sim {

/**
 * A binary min-heap of ids 0..n-1 with a double key each, indexed by id, so changing a key moves
 * one entry (O(log n)) instead of piling up stale ones. Ties break on the id, so the order is
 * deterministic. The engine keeps predicted finish times in one (id = flow); progressive filling
 * keeps fill levels in one (id = constraint).
 */
class IndexedHeap
{
public:
    explicit IndexedHeap(std::size_t idCount = 0) : mPos(idCount, kAbsent) {}

    /// Empties the heap and makes room for ids below @p idCount.
    void reset(std::size_t idCount)
    {
        mHeap.clear();
        mPos.assign(idCount, kAbsent);
    }
    bool empty() const { return mHeap.empty(); }
    std::int32_t topId() const { return mHeap.front().flow; }
    double topKey() const { return mHeap.front().timeS; }
    void pop() { remove(topId()); }

    /// Inserts @p flow or moves it to @p timeS.
    void set(std::int32_t flow, double timeS)
    {
        std::uint32_t &pos = mPos[std::size_t(flow)];
        if (pos == kAbsent) {
            pos = std::uint32_t(mHeap.size());
            mHeap.push_back({timeS, flow});
            up(pos);
            return;
        }
        const bool earlier = timeS < mHeap[pos].timeS;
        mHeap[pos].timeS = timeS;
        if (earlier)
            up(pos);
        else
            down(pos);
    }

    /**
     * Inserts @p flow or changes its key like set(), without restoring the order: for a batch
     * that changes a large part of the keys, where one reorder() (O(n)) afterwards costs less
     * than a sift each (O(log n)). Until then, only setUnordered() and remove() may be called.
     */
    void setUnordered(std::int32_t flow, double timeS)
    {
        std::uint32_t &pos = mPos[std::size_t(flow)];
        if (pos == kAbsent) {
            pos = std::uint32_t(mHeap.size());
            mHeap.push_back({ timeS, flow });
            return;
        }
        mHeap[pos].timeS = timeS;
    }
    /// Restores the heap order after setUnordered() (Floyd's bottom-up build).
    void reorder()
    {
        for (std::size_t i = mHeap.size() / 2; i-- > 0;)
            down(std::uint32_t(i));
    }
    std::size_t size() const { return mHeap.size(); }

    bool contains(std::int32_t flow) const { return mPos[std::size_t(flow)] != kAbsent; }

    /// Empty when every position is recorded where its entry is and no child precedes its
    /// parent; otherwise what is wrong (a test and debugging aid, O(n)).
    std::string checkInvariants() const
    {
        for (std::size_t i = 0; i < mHeap.size(); ++i) {
            if (mPos[std::size_t(mHeap[i].flow)] != i)
                return "heap entry " + std::to_string(i) + " (id " + std::to_string(mHeap[i].flow)
                    + ") is not where its position says";
            if (i > 0 && mHeap[i].before(mHeap[(i - 1) / 2]))
                return "heap entry " + std::to_string(i) + " precedes its parent";
        }
        std::size_t present = 0;
        for (std::uint32_t pos : mPos)
            present += pos != kAbsent;
        if (present != mHeap.size())
            return std::to_string(present) + " ids have positions, the heap holds "
                + std::to_string(mHeap.size());
        return {};
    }

    void remove(std::int32_t flow)
    {
        const std::uint32_t pos = mPos[std::size_t(flow)];
        if (pos == kAbsent)
            return;
        mPos[std::size_t(flow)] = kAbsent;
        const Entry last = mHeap.back();
        mHeap.pop_back();
        if (pos == mHeap.size())
            return;
        mHeap[pos] = last;
        mPos[std::size_t(last.flow)] = pos;
        up(pos);
        down(mPos[std::size_t(last.flow)]);
    }

private:
    struct Entry
    {
        double timeS;
        std::int32_t flow;
        bool before(const Entry &o) const
        {
            return timeS < o.timeS || (timeS == o.timeS && flow < o.flow);
        }
    };
    static constexpr std::uint32_t kAbsent = 0xffffffffu;

    void place(std::uint32_t pos, const Entry &e)
    {
        mHeap[pos] = e;
        mPos[std::size_t(e.flow)] = pos;
    }
    void up(std::uint32_t pos)
    {
        const Entry e = mHeap[pos];
        while (pos > 0) {
            const std::uint32_t parent = (pos - 1) / 2;
            if (!e.before(mHeap[parent]))
                break;
            place(pos, mHeap[parent]);
            pos = parent;
        }
        place(pos, e);
    }
    void down(std::uint32_t pos)
    {
        const Entry e = mHeap[pos];
        const std::uint32_t n = std::uint32_t(mHeap.size());
        while (true) {
            std::uint32_t child = 2 * pos + 1;
            if (child >= n)
                break;
            if (child + 1 < n && mHeap[child + 1].before(mHeap[child]))
                ++child;
            if (!mHeap[child].before(e))
                break;
            place(pos, mHeap[child]);
            pos = child;
        }
        place(pos, e);
    }

    std::vector<Entry> mHeap;
    std::vector<std::uint32_t> mPos; ///< Flow -> heap position, kAbsent when not in it.
};

} // namespace fabric::sim
