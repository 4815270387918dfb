// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "equalcostpaths.h"

#include "transit.h"

#include <algorithm>
#include <deque>
#include <limits>

namespace fabric {

namespace {

constexpr int kUnreached = std::numeric_limits<int>::max();
constexpr std::uint64_t kSaturated = std::uint64_t(1) << 62;

/// The search state is a directed link: the hop just taken. Hops to a state are counted from
/// the first node; crossing an OCS along a circuit adds none, so chip -> OCS -> chip is one.
class ShortestPathDag
{
public:
    ShortestPathDag(const Fabric &fabric, NodeId from, NodeId to)
        : mFabric(fabric)
        , mFrom(from)
        , mTo(to)
        , mHops(2 * fabric.linkIdBound(), kUnreached)
    {
        search();
    }

    int hops() const { return mBest; }

    /// Number of shortest paths, by the states that arrive at the last node.
    std::uint64_t count()
    {
        mCount.assign(mHops.size(), kUncounted);
        std::uint64_t total = 0;
        for (DirLinkId d : arrivals())
            total = std::min(kSaturated, total + countInto(d));
        return total;
    }

    /// Lists up to @p max paths, walking back from the arrivals along states one hop closer.
    std::vector<std::vector<LinkId>> list(std::size_t max) const
    {
        std::vector<std::vector<LinkId>> out;
        std::vector<DirLinkId> stack;
        const auto back = [&](auto &&self, DirLinkId s) -> void {
            if (out.size() >= max)
                return;
            stack.push_back(s);
            const NodeId tail = mFabric.from(s);
            if (tail == mFrom) {
                if (hopsOf(s) == 1) {
                    std::vector<LinkId> &path = out.emplace_back();
                    for (auto it = stack.rbegin(); it != stack.rend(); ++it)
                        path.push_back(linkOf(*it));
                }
            } else {
                forEachPredecessor(s, [&](DirLinkId p) { self(self, p); });
            }
            stack.pop_back();
        };
        for (DirLinkId d : arrivals())
            back(back, d);
        return out;
    }

private:
    static constexpr std::uint64_t kUncounted = ~std::uint64_t(0);

    int hopsOf(DirLinkId d) const { return mHops[std::size_t(d)]; }

    /// Hops added by stepping from state @p d onto @p e (they meet at d's head); -1 when the
    /// forwarding rule forbids the step.
    int stepHops(DirLinkId d, DirLinkId e) const
    {
        const NodeId via = mFabric.to(d);
        if (linkOf(d) == linkOf(e))
            return -1;
        if (isOcs(via)) {
            // Along a circuit only, and the optical hop ends at a node other than an OCS or
            // the one it left.
            const NodeId far = mFabric.to(e);
            const bool usable = mFabric.ocsPeer(via, linkOf(d)) == linkOf(e) && !isOcs(far)
                && far != mFabric.from(d);
            return usable ? 0 : -1;
        }
        return mayForward(mFabric, previousNode(d), via, nextNode(e)) ? 1 : -1;
    }

    bool isOcs(NodeId n) const { return mFabric.node(n).kind == NodeKind::Ocs; }

    /// The node a path over @p d came from, and the node a path over @p e goes to, an OCS
    /// crossing being one hop: a host relays a circuit to or from one of its own GPUs as it
    /// relays a cable.
    NodeId previousNode(DirLinkId d) const { return acrossCircuit(mFabric.from(d), linkOf(d)); }
    NodeId nextNode(DirLinkId e) const { return acrossCircuit(mFabric.to(e), linkOf(e)); }
    NodeId acrossCircuit(NodeId end, LinkId l) const
    {
        if (!isOcs(end))
            return end;
        const LinkId peer = mFabric.ocsPeer(end, l);
        return peer == kNoLink ? end : mFabric.link(peer).other(end);
    }

    /// Breadth-first over states; 0-1 weights (OCS crossings) go to the front of the queue.
    void search()
    {
        std::deque<DirLinkId> queue;
        for (LinkId l : mFabric.linksOf(mFrom)) {
            const DirLinkId d = mFabric.leaving(l, mFrom);
            mHops[std::size_t(d)] = 1;
            queue.push_back(d);
        }
        while (!queue.empty()) {
            const DirLinkId d = queue.front();
            queue.pop_front();
            const int hd = hopsOf(d);
            if (hd > mBest)
                break;
            const NodeId head = mFabric.to(d);
            if (head == mTo) {
                mBest = std::min(mBest, hd);
                continue;
            }
            if (head == mFrom)
                continue;
            for (LinkId l : mFabric.linksOf(head)) {
                const DirLinkId e = mFabric.leaving(l, head);
                const int step = stepHops(d, e);
                if (step < 0 || hd + step >= hopsOf(e))
                    continue;
                mHops[std::size_t(e)] = hd + step;
                if (step == 0)
                    queue.push_front(e);
                else
                    queue.push_back(e);
            }
        }
    }

    /// The states that end a shortest path.
    std::vector<DirLinkId> arrivals() const
    {
        std::vector<DirLinkId> out;
        if (mBest == kUnreached)
            return out;
        for (LinkId l : mFabric.linksOf(mTo)) {
            const DirLinkId d = mFabric.arriving(l, mTo);
            if (hopsOf(d) == mBest)
                out.push_back(d);
        }
        return out;
    }

    /// Calls @p fn on every state one step before @p s on some shortest path to it.
    template<class Fn>
    void forEachPredecessor(DirLinkId s, Fn &&fn) const
    {
        const NodeId tail = mFabric.from(s);
        for (LinkId l : mFabric.linksOf(tail)) {
            const DirLinkId p = mFabric.arriving(l, tail);
            const int hp = hopsOf(p);
            if (hp == kUnreached)
                continue;
            const int step = stepHops(p, s);
            if (step >= 0 && hp + step == hopsOf(s))
                fn(p);
        }
    }

    /// Shortest paths from the first node that end with state @p s (memoised: the states form
    /// a DAG, so every one is counted once).
    std::uint64_t countInto(DirLinkId s)
    {
        std::uint64_t &memo = mCount[std::size_t(s)];
        if (memo != kUncounted)
            return memo;
        std::uint64_t n = 0;
        if (mFabric.from(s) == mFrom)
            n = hopsOf(s) == 1 ? 1 : 0;
        else
            forEachPredecessor(s, [&](DirLinkId p) { n = std::min(kSaturated, n + countInto(p)); });
        mCount[std::size_t(s)] = n;
        return n;
    }

    const Fabric &mFabric;
    NodeId mFrom;
    NodeId mTo;
    std::vector<int> mHops; ///< Per state: hops from the first node, kUnreached if none.
    std::vector<std::uint64_t> mCount;
    int mBest = kUnreached;
};

} // namespace

EqualCostPaths findEqualCostPaths(const Fabric &fabric, NodeId from, NodeId to,
                                  std::size_t maxListed)
{
    EqualCostPaths out;
    if (!fabric.hasNode(from) || !fabric.hasNode(to))
        return out;
    if (from == to) {
        out.hops = 0;
        out.count = 1;
        return out;
    }
    ShortestPathDag dag(fabric, from, to);
    if (dag.hops() == kUnreached)
        return out;
    out.hops = dag.hops();
    out.count = dag.count();
    out.listed = dag.list(maxListed);
    double bottleneck = std::numeric_limits<double>::infinity();
    for (const std::vector<LinkId> &path : out.listed)
        for (LinkId l : path)
            bottleneck = std::min(bottleneck, fabric.link(l).capacityGbps);
    out.bottleneckGbps = out.listed.empty() ? 0.0 : bottleneck;
    return out;
}

} // namespace fabric
