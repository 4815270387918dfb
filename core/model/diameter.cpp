// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Diameter between endpoints without a search from every endpoint.
//
// A path between two endpoints runs through "transit" nodes only (transit.h). Transit nodes with
// at least one transit neighbour are "public"; the others ("private": a host whose GPUs do not
// forward, a switch without uplinks) can only join two endpoints they both touch, in two hops.
// An endpoint that does not forward reaches the public graph through its set S of public
// neighbours, one hop away; a chip that forwards is itself public (S = {itself}, no extra hop).
// So, for endpoints e1 != e2,
//     dist(e1, e2) = min(off1 + off2 + d(S1, S2),  2 if they share a private neighbour,
//                        1 if they are linked directly)
// where d is the distance in the public graph. Endpoints with the same (offset, S) form a class
// with the same distances: a fat-tree has one class per leaf, HPN one per rail and segment, a
// torus one per chip. One bit-parallel BFS (64 classes at a time) over the public graph gives
// d(S1, S2) for every pair of classes. The two exceptions only lower a class pair's value when
// they hold for every endpoint pair of it (e.g. one host whose GPUs sit on different rails),
// which is checked by counting those pairs per class pair.
#include "forwardinggraph.h"
#include "metrics.h"
#include "metricsdetail.h"

#include <algorithm>
#include <bit>
#include <map>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace fabric::metrics {
namespace {

using Mask = std::uint64_t;

std::uint64_t pairKey(std::uint32_t a, std::uint32_t b)
{
    if (a > b)
        std::swap(a, b);
    return (std::uint64_t(a) << 32) | b;
}

bool intersects(const std::vector<NodeId> &a, const std::vector<NodeId> &b)
{
    auto i = a.begin(), j = b.begin();
    while (i != a.end() && j != b.end()) {
        if (*i == *j)
            return true;
        *i < *j ? ++i : ++j;
    }
    return false;
}

/// The public graph: public transit nodes, compactly numbered, without parallel arcs.
struct PublicGraph
{
    std::vector<int> indexOf; // node id -> compact index, or -1
    std::vector<std::uint32_t> offsets;
    std::vector<int> adjacency;

    std::size_t size() const { return offsets.size() - 1; }
};

PublicGraph buildPublicGraph(const ForwardingGraph &g)
{
    PublicGraph pg;
    pg.indexOf.assign(g.nodeIdBound(), -1);
    int count = 0;
    for (std::size_t v = 0; v < g.nodeIdBound(); ++v) {
        const auto id = static_cast<NodeId>(v);
        if (!g.isTransit(id))
            continue;
        const auto arcs = g.arcsOf(id);
        if (std::any_of(arcs.begin(), arcs.end(),
                [&](const ForwardingArc &a) { return g.isTransit(a.to); }))
            pg.indexOf[v] = count++;
    }
    pg.offsets.reserve(static_cast<std::size_t>(count) + 1);
    pg.offsets.push_back(0);
    std::vector<int> row;
    for (std::size_t v = 0; v < g.nodeIdBound(); ++v) {
        if (pg.indexOf[v] < 0)
            continue;
        row.clear();
        for (const ForwardingArc &a : g.arcsOf(static_cast<NodeId>(v)))
            if (const int w = pg.indexOf[static_cast<std::size_t>(a.to)]; w >= 0)
                row.push_back(w);
        std::sort(row.begin(), row.end());
        row.erase(std::unique(row.begin(), row.end()), row.end());
        pg.adjacency.insert(pg.adjacency.end(), row.begin(), row.end());
        pg.offsets.push_back(static_cast<std::uint32_t>(pg.adjacency.size()));
    }
    return pg;
}

struct EndpointClass
{
    int offset = 1; // hops from the endpoint into the public graph
    std::vector<int> sources; // S, compact indices
    std::uint64_t size = 0; // endpoints in the class
};

struct Subclass
{
    int cls = 0;
    std::uint64_t size = 0;
    std::vector<NodeId> privateNeighbours; // sorted
};

/// Pairs of endpoints of a class pair that are closer than the public graph says.
struct Shortcuts
{
    std::uint64_t sharePrivate = 0; // pairs with a common private neighbour
    std::uint64_t direct = 0; // pairs linked directly
    std::uint64_t both = 0; // pairs that are both
};

class DiameterSearch
{
public:
    DiameterSearch(const ForwardingGraph &graph, const Progress &progress)
        : mGraph(graph)
        , mPublic(buildPublicGraph(mGraph))
        , mProgress(progress)
    {
    }

    int run()
    {
        if (mGraph.endpoints().size() < 2)
            return 0;
        classify();
        countShortcuts();
        searchClassPairs();
        unreachableClassPairs();
        return mDisconnected ? -1 : mBest;
    }

private:
    bool isPublic(NodeId id) const { return mPublic.indexOf[static_cast<std::size_t>(id)] >= 0; }

    /// Sorts every endpoint into its class and its subclass: the endpoints of a class with the
    /// same private neighbours (a host's GPUs on one leaf), the unit of the shortcut count.
    void classify()
    {
        std::map<std::vector<int>, int> classIds;
        std::map<std::pair<int, std::vector<NodeId>>, std::size_t> subclassIds;
        mClassOf.assign(mGraph.nodeIdBound(), -1);
        mSubclassOf.assign(mGraph.nodeIdBound(), 0);
        std::vector<int> key;
        std::vector<NodeId> privateNeighbours;
        for (NodeId e : mGraph.endpoints()) {
            key.clear();
            privateNeighbours.clear();
            if (mGraph.isTransit(e) && isPublic(e)) {
                key = { 0, mPublic.indexOf[static_cast<std::size_t>(e)] };
            } else {
                key.push_back(1);
                for (const ForwardingArc &a : mGraph.arcsOf(e)) {
                    if (isPublic(a.to)) {
                        key.push_back(mPublic.indexOf[static_cast<std::size_t>(a.to)]);
                        continue;
                    }
                    // A private chip that forwards is both a neighbour to talk to directly and
                    // a relay between its other neighbours.
                    if (mGraph.isTransit(a.to))
                        privateNeighbours.push_back(a.to);
                    if (mGraph.fabric().node(a.to).isEndpoint())
                        mDirectLinks.push_back({ std::min(e, a.to), std::max(e, a.to) });
                }
                sortUnique(key, 1);
                sortUnique(privateNeighbours, 0);
            }
            const auto [it, added] = classIds.try_emplace(key, static_cast<int>(mClasses.size()));
            if (added)
                mClasses.push_back({ key[0], std::vector<int>(key.begin() + 1, key.end()), 0 });
            ++mClasses[static_cast<std::size_t>(it->second)].size;
            mClassOf[static_cast<std::size_t>(e)] = it->second;
            const auto [sub, subAdded]
                = subclassIds.try_emplace({ it->second, privateNeighbours }, mSubclasses.size());
            if (subAdded)
                mSubclasses.push_back({ it->second, 0, privateNeighbours });
            ++mSubclasses[sub->second].size;
            mSubclassOf[static_cast<std::size_t>(e)] = sub->second;
        }
    }

    template<typename T> static void sortUnique(std::vector<T> &v, std::size_t from)
    {
        std::sort(v.begin() + static_cast<std::ptrdiff_t>(from), v.end());
        v.erase(std::unique(v.begin() + static_cast<std::ptrdiff_t>(from), v.end()), v.end());
    }

    /// Counts, per class pair, the endpoint pairs that share a private node or a link.
    void countShortcuts()
    {
        // Per subclass pair, so a pair of endpoints sharing two private nodes (a host and a lone
        // leaf) counts once.
        std::unordered_map<NodeId, std::vector<std::size_t>> subclassesOfPrivate;
        for (std::size_t s = 0; s < mSubclasses.size(); ++s)
            for (NodeId p : mSubclasses[s].privateNeighbours)
                subclassesOfPrivate[p].push_back(s);
        std::unordered_set<std::uint64_t> seen;
        for (const auto &[p, subs] : subclassesOfPrivate) {
            for (std::size_t i = 0; i < subs.size(); ++i) {
                for (std::size_t j = i; j < subs.size(); ++j) {
                    const Subclass &s1 = mSubclasses[subs[i]];
                    const Subclass &s2 = mSubclasses[subs[j]];
                    if (!seen.insert(pairKey(static_cast<std::uint32_t>(subs[i]),
                                         static_cast<std::uint32_t>(subs[j])))
                             .second)
                        continue;
                    const std::uint64_t pairs
                        = i == j ? s1.size * (s1.size - 1) / 2 : s1.size * s2.size;
                    shortcutsOf(s1.cls, s2.cls).sharePrivate += pairs;
                }
            }
        }
        sortUnique(mDirectLinks, 0);
        for (const auto &[a, b] : mDirectLinks) {
            Shortcuts &s = shortcutsOf(
                mClassOf[static_cast<std::size_t>(a)], mClassOf[static_cast<std::size_t>(b)]);
            ++s.direct;
            if (intersects(
                    mSubclasses[mSubclassOf[static_cast<std::size_t>(a)]].privateNeighbours,
                    mSubclasses[mSubclassOf[static_cast<std::size_t>(b)]].privateNeighbours))
                ++s.both;
        }
    }

    Shortcuts &shortcutsOf(int c1, int c2)
    {
        return mShortcuts[pairKey(static_cast<std::uint32_t>(c1), static_cast<std::uint32_t>(c2))];
    }

    std::uint64_t pairsBetween(int c1, int c2) const
    {
        const std::uint64_t n1 = mClasses[static_cast<std::size_t>(c1)].size;
        const std::uint64_t n2 = mClasses[static_cast<std::size_t>(c2)].size;
        return c1 == c2 ? n1 * (n1 - 1) / 2 : n1 * n2;
    }

    /// The largest distance of the class pair when every endpoint pair of it is a shortcut.
    std::optional<int> shortcutDistance(int c1, int c2) const
    {
        const auto it = mShortcuts.find(
            pairKey(static_cast<std::uint32_t>(c1), static_cast<std::uint32_t>(c2)));
        if (it == mShortcuts.end())
            return std::nullopt;
        const Shortcuts &s = it->second;
        if (s.sharePrivate + s.direct - s.both < pairsBetween(c1, c2))
            return std::nullopt;
        return s.sharePrivate > s.both ? 2 : 1;
    }

    void consider(int c1, int c2, int distance)
    {
        if (distance <= mBest || pairsBetween(c1, c2) == 0)
            return;
        if (const auto shortcut = shortcutDistance(c1, c2))
            distance = std::min(distance, *shortcut);
        mBest = std::max(mBest, distance);
    }

    void searchClassPairs()
    {
        std::vector<int> searchable;
        for (std::size_t c = 0; c < mClasses.size(); ++c)
            if (!mClasses[c].sources.empty())
                searchable.push_back(static_cast<int>(c));
        const std::size_t n = mPublic.size();
        std::vector<Mask> visited(n), frontier(n), next(n), reached(searchable.size());
        const std::size_t batches = (searchable.size() + 63) / 64;
        for (std::size_t batch = 0; batch < batches; ++batch) {
            detail::checkCancelled(mProgress);
            detail::reportProgress(mProgress, 0, 1, double(batch) / double(batches));
            const std::size_t first = batch * 64;
            const std::size_t count = std::min<std::size_t>(64, searchable.size() - first);
            const Mask all = count == 64 ? ~Mask(0) : (Mask(1) << count) - 1;
            std::fill(visited.begin(), visited.end(), 0);
            std::fill(frontier.begin(), frontier.end(), 0);
            std::fill(reached.begin(), reached.end(), 0);
            for (std::size_t b = 0; b < count; ++b)
                for (int s : mClasses[static_cast<std::size_t>(searchable[first + b])].sources)
                    visited[static_cast<std::size_t>(s)] |= Mask(1) << b;
            frontier = visited;
            for (int level = 0;; ++level) {
                // Stop once every class pair is joined: further levels cannot matter.
                if (collectReached(searchable, first, visited, reached, level) == all
                    || !advance(visited, frontier, next))
                    break;
            }
            for (std::size_t j = 0; j < searchable.size(); ++j)
                for (Mask missing = all & ~reached[j]; missing; missing &= missing - 1)
                    unreachable(
                        searchable[first + static_cast<std::size_t>(std::countr_zero(missing))],
                        searchable[j]);
        }
    }

    // Records class pairs first joined at @p level; returns the searches that joined every class.
    Mask collectReached(const std::vector<int> &searchable, std::size_t first,
        const std::vector<Mask> &visited, std::vector<Mask> &reached, int level)
    {
        Mask complete = ~Mask(0);
        for (std::size_t j = 0; j < searchable.size(); ++j) {
            const EndpointClass &c2 = mClasses[static_cast<std::size_t>(searchable[j])];
            Mask now = 0;
            for (int s : c2.sources)
                now |= visited[static_cast<std::size_t>(s)];
            for (Mask fresh = now & ~reached[j]; fresh; fresh &= fresh - 1) {
                const int c1
                    = searchable[first + static_cast<std::size_t>(std::countr_zero(fresh))];
                consider(c1, searchable[j],
                    mClasses[static_cast<std::size_t>(c1)].offset + c2.offset + level);
            }
            reached[j] = now;
            complete &= now;
        }
        return complete;
    }

    // One BFS level for all 64 searches at once; false when no search moved.
    bool advance(std::vector<Mask> &visited, std::vector<Mask> &frontier, std::vector<Mask> &next)
    {
        Mask any = 0;
        for (std::size_t v = 0; v < visited.size(); ++v) {
            Mask m = 0;
            for (std::uint32_t k = mPublic.offsets[v]; k < mPublic.offsets[v + 1]; ++k)
                m |= frontier[static_cast<std::size_t>(mPublic.adjacency[k])];
            next[v] = m & ~visited[v];
            any |= next[v];
        }
        for (std::size_t v = 0; v < visited.size(); ++v)
            visited[v] |= next[v];
        frontier.swap(next);
        return any != 0;
    }

    void unreachable(int c1, int c2)
    {
        if (pairsBetween(c1, c2) == 0)
            return;
        if (const auto shortcut = shortcutDistance(c1, c2))
            mBest = std::max(mBest, *shortcut);
        else
            mDisconnected = true;
    }

    // Classes with no public neighbour reach other endpoints only through shortcuts.
    void unreachableClassPairs()
    {
        for (std::size_t c1 = 0; c1 < mClasses.size(); ++c1) {
            if (!mClasses[c1].sources.empty())
                continue;
            for (std::size_t c2 = 0; c2 < mClasses.size(); ++c2)
                if (c2 >= c1 || !mClasses[c2].sources.empty())
                    unreachable(static_cast<int>(c1), static_cast<int>(c2));
        }
    }

    const ForwardingGraph &mGraph;
    PublicGraph mPublic;
    const Progress &mProgress;
    std::vector<EndpointClass> mClasses;
    std::vector<int> mClassOf; // node id -> class
    std::vector<Subclass> mSubclasses;
    std::vector<std::size_t> mSubclassOf; // node id -> subclass
    std::vector<std::pair<NodeId, NodeId>> mDirectLinks; // endpoint pairs, lower id first
    std::unordered_map<std::uint64_t, Shortcuts> mShortcuts;
    int mBest = 0;
    bool mDisconnected = false;
};

} // namespace

int detail::diameterHops(const ForwardingGraph &graph, const Progress &progress)
{
    return DiameterSearch(graph, progress).run();
}

int diameterHops(const Fabric &fabric, const Progress &progress)
{
    return detail::diameterHops(ForwardingGraph(fabric), progress);
}

} // namespace fabric::metrics
