// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "router.h"

#include "flowhash.h"

#include "model/error.h"
#include "model/units.h"

#include <algorithm>
#include <bit>
#include <iterator>
#include <limits>
#include <set>
#include <string>
#include <unordered_map>

namespace fabric::route {
namespace {

constexpr std::size_t kMaxHops = 4096;

bool planeAllows(int linkPlane, int plane)
{
    return plane < 0 || linkPlane < 0 || linkPlane == plane;
}

/// The planes among @p planes that bind (>= 0), each once, sorted.
std::vector<int> distinctPlanes(std::vector<int> planes)
{
    std::erase_if(planes, [](int p) { return p < 0; });
    std::sort(planes.begin(), planes.end());
    planes.erase(std::unique(planes.begin(), planes.end()), planes.end());
    return planes;
}

std::string nameOf(const Fabric &f, NodeId n)
{
    return f.hasNode(n) ? "'" + f.node(n).name + "'" : "#" + std::to_string(n);
}

/**
 * The d-mod-k choice among @p cands for destination @p key; @p radix is the product of the
 * switch counts of the earlier choices.
 *
 * The digit picks the next switch, not the arc: parallel links to one switch are one port group
 * and their member is picked by the next digit, which is not consumed. Going up, a leaf thus
 * gives destination key its (switch, member) pair; coming down, the single-switch hop into the
 * destination's leaf picks the same member by the same digit, so each destination of a leaf owns
 * one downlink, as OpenSM's ftree assigns them. Counting parallel arcs as digits of their own
 * instead left the down hop's digit at the leaf ordinal: every flow into a leaf then took the
 * first of the spine's parallel links (8 flows on one of 32 on the 256-GPU SuperPOD unit).
 */
std::size_t staticPick(
    const std::vector<const ForwardingArc *> &cands, std::uint64_t key, std::uint64_t &radix)
{
    std::vector<NodeId> next; // distinct next switches, in the fabric's link order
    for (const ForwardingArc *a : cands)
        if (std::find(next.begin(), next.end(), a->to) == next.end())
            next.push_back(a->to);
    const NodeId to = next[(key / radix) % next.size()];
    radix = std::min<std::uint64_t>(radix * next.size(), std::uint64_t(1) << 62);
    std::vector<std::size_t> group;
    for (std::size_t i = 0; i < cands.size(); ++i)
        if (cands[i]->to == to)
            group.push_back(i);
    return group[(key / radix) % group.size()];
}

} // namespace

/// One walk from src to dst in one plane over the distance field of dst's attachments.
class Router::Walk
{
public:
    /// @p reachable: whether @p dst attaches to any transit node in @p plane at all.
    Walk(const Router &router, NodeId src, NodeId dst, int plane, const Distances &dist,
        bool reachable)
        : mRouter(router)
        , mSrc(src)
        , mDst(dst)
        , mPlane(plane)
        , mDist(dist)
        , mReachable(reachable)
    {
    }

    bool reachable() const { return mReachable; }

    /// Equal-cost next arcs from @p cur, in the fabric's link order.
    void candidates(NodeId cur, std::vector<const ForwardingArc *> &out) const
    {
        out.clear();
        const auto arcs = mRouter.mGraph.arcsOf(cur);
        const std::int32_t ci = mRouter.mCompact[static_cast<std::size_t>(cur)];
        if (ci < 0 || mDist[static_cast<std::size_t>(ci)] == 0) {
            // An endpoint source, or the last switch: a direct arc to dst wins.
            for (const ForwardingArc &arc : arcs)
                if (arc.to == mDst && mRouter.arcInPlane(arc, mPlane))
                    out.push_back(&arc);
            if (!out.empty() || ci >= 0)
                return;
            int best = std::numeric_limits<int>::max();
            for (const ForwardingArc &arc : arcs) {
                const int d = distOf(arc.to);
                if (d < 0 || d > best || !mRouter.arcInPlane(arc, mPlane))
                    continue;
                if (d < best) {
                    best = d;
                    out.clear();
                }
                out.push_back(&arc);
            }
            return;
        }
        const int want = mDist[static_cast<std::size_t>(ci)] - 1;
        for (const ForwardingArc &arc : arcs)
            if (distOf(arc.to) == want && mRouter.arcInPlane(arc, mPlane))
                out.push_back(&arc);
    }

    /// One path, @p choose(node, candidates) returning the index of the candidate to take.
    template<typename Choose> sim::Path single(Choose &&choose) const
    {
        sim::Path path;
        std::vector<const ForwardingArc *> cands;
        for (NodeId cur = mSrc; cur != mDst;) {
            candidates(cur, cands);
            if (cands.empty() || path.links.size() > kMaxHops)
                throw noPath();
            const ForwardingArc *arc = cands[choose(cur, cands)];
            mRouter.appendArc(cur, *arc, path.links);
            cur = arc->to;
        }
        return path;
    }

    /**
     * Calls @p onArc(from, arc) for the arcs of every equal-cost path, each once. A transit node
     * marked in @p done (by transit index) had its arcs given by an earlier walk on the same
     * distance field, so it is not expanded again; the nodes expanded here are marked. Nodes
     * next to the destination are expanded every time: their arcs lead to this destination.
     */
    template<typename OnArc>
    void forEachPathArc(std::vector<std::uint8_t> &done, OnArc &&onArc) const
    {
        std::vector<NodeId> stack { mSrc };
        std::vector<const ForwardingArc *> cands;
        while (!stack.empty()) {
            const NodeId cur = stack.back();
            stack.pop_back();
            if (cur == mDst)
                continue;
            const std::int32_t ci = mRouter.mCompact[static_cast<std::size_t>(cur)];
            if (ci >= 0 && mDist[static_cast<std::size_t>(ci)] > 0) {
                if (done[static_cast<std::size_t>(ci)])
                    continue;
                done[static_cast<std::size_t>(ci)] = 1;
            } else if (ci < 0 && cur != mSrc) {
                continue; // an endpoint forwards nothing
            }
            candidates(cur, cands);
            for (const ForwardingArc *arc : cands) {
                onArc(cur, *arc);
                stack.push_back(arc->to);
            }
        }
    }

    const Distances &distances() const { return mDist; }

    /// How many equal-cost paths there are (a double: fat-trees have astronomically many).
    double pathCount() { return count(mSrc); }

    /// Every equal-cost path, or past @p maxPaths a subset as even as possible on every hop.
    std::vector<sim::Path> spread(std::size_t maxPaths)
    {
        const double total = count(mSrc);
        if (total < 1)
            throw noPath();
        if (total > double(maxPaths))
            return balanced(maxPaths);
        const auto m = std::size_t(total);
        std::vector<sim::Path> out;
        std::vector<const ForwardingArc *> cands;
        for (std::size_t i = 0; i < m; ++i) {
            double j = double(i);
            sim::Path path;
            for (NodeId cur = mSrc; cur != mDst;) {
                candidates(cur, cands);
                const ForwardingArc *pick = cands.back();
                for (const ForwardingArc *c : cands) {
                    const double n = count(c->to);
                    if (j < n) {
                        pick = c;
                        break;
                    }
                    j -= n;
                }
                mRouter.appendArc(cur, *pick, path.links);
                cur = pick->to;
            }
            out.push_back(std::move(path));
        }
        return out;
    }

    /// @p m paths where every switch deals the paths reaching it round-robin over its
    /// candidate arcs, so each hop's ports carry shares as equal as @p m allows. A subset in
    /// lexicographic order would only be even on the first hop: with 8 parallel spine -> leaf
    /// links, 64 of 256 paths took 2 of them. Each round starts one port further, so a second
    /// pass through a switch takes new combinations rather than repeating the first.
    std::vector<sim::Path> balanced(std::size_t m) const
    {
        std::unordered_map<NodeId, std::size_t> visits;
        std::vector<sim::Path> out;
        for (std::size_t i = 0; i < m; ++i)
            out.push_back(single([&](NodeId at, const std::vector<const ForwardingArc *> &c) {
                const std::size_t k = visits[at]++;
                return (k + k / c.size()) % c.size();
            }));
        return out;
    }

    UserError noPath() const
    {
        const Fabric &f = mRouter.fabric();
        return UserError("no path from " + nameOf(f, mSrc) + " to " + nameOf(f, mDst)
            + (mPlane >= 0 ? " in plane " + std::to_string(mPlane) : std::string()));
    }

private:
    int distOf(NodeId n) const
    {
        const std::int32_t c = mRouter.mCompact[static_cast<std::size_t>(n)];
        return c < 0 ? -1 : mDist[static_cast<std::size_t>(c)];
    }

    double count(NodeId v)
    {
        if (v == mDst)
            return 1;
        if (const auto it = mCount.find(v); it != mCount.end())
            return it->second;
        std::vector<const ForwardingArc *> cands;
        candidates(v, cands);
        double n = 0;
        for (const ForwardingArc *c : cands)
            n += count(c->to);
        mCount.emplace(v, n);
        return n;
    }

    const Router &mRouter;
    NodeId mSrc, mDst;
    int mPlane;
    const Distances &mDist;
    bool mReachable;
    std::unordered_map<NodeId, double> mCount;
};

Router::Router(const Fabric &fabric, const RouterOptions &options)
    : mDeadDirections(resolveFaults(fabric, options.faults).deadDirections())
    , mGraph(fabric, mDeadDirections)
    , mOptions(options)
    , mTorus(Torus::detect(mGraph))
{
    if (options.qps < 1 || options.qps > 64)
        throw UserError(
            "--qps must be an integer from 1 to 64, got " + std::to_string(options.qps));
    if (options.maxPaths < 1)
        throw UserError("maximum paths per flow must be at least 1");
    if (options.policy == Policy::Dor && !mTorus)
        throw UserError("--routing dor needs a torus (chips with x, y, z coordinates); this "
                        "fabric has none: use ecmp, ecmp-polarized, static, adaptive or spray");

    // The transit nodes path searches may cross between hosts: switches and forwarding chips
    // (hosts only ever join their own GPUs, which route() handles apart).
    const std::size_t bound = fabric.nodeIdBound();
    mCompact.assign(bound, -1);
    for (std::size_t n = 0; n < bound; ++n) {
        const auto id = static_cast<NodeId>(n);
        if (fabric.hasNode(id) && mGraph.isTransit(id) && fabric.node(id).kind != NodeKind::Host) {
            mCompact[n] = static_cast<std::int32_t>(mTransit.size());
            mTransit.push_back(id);
        }
    }
    // The distance searches run from the destinations backwards, so each transit node lists
    // the arcs arriving at it (mTTo = where the arc leaves from). A failed direction then
    // blocks only the travel it should; without faults every arc has its reverse anyway.
    mTOffsets.assign(mTransit.size() + 1, 0);
    for (NodeId t : mTransit)
        for (const ForwardingArc &arc : mGraph.arcsOf(t))
            if (const std::int32_t c = mCompact[static_cast<std::size_t>(arc.to)]; c >= 0)
                ++mTOffsets[static_cast<std::size_t>(c) + 1];
    for (std::size_t i = 0; i < mTransit.size(); ++i)
        mTOffsets[i + 1] += mTOffsets[i];
    mTTo.resize(mTOffsets.back());
    mTArc.resize(mTOffsets.back());
    {
        std::vector<std::uint32_t> fill(mTOffsets.begin(), mTOffsets.end() - 1);
        for (std::size_t from = 0; from < mTransit.size(); ++from)
            for (const ForwardingArc &arc : mGraph.arcsOf(mTransit[from]))
                if (const std::int32_t c = mCompact[static_cast<std::size_t>(arc.to)]; c >= 0) {
                    const std::uint32_t e = fill[static_cast<std::size_t>(c)]++;
                    mTTo[e] = static_cast<std::int32_t>(from);
                    mTArc[e] = &arc;
                }
    }

    indexArrivals();

    // d-mod-k keys: destinations numbered leaf by leaf, by their port order on the leaf, so the
    // h-th up-going choice takes digit h of the key (port on leaf, then leaf in pod, ...).
    mStaticKey.assign(bound, 0);
    std::vector<NodeId> firstAttach(bound, kNoNode);
    std::vector<NodeId> leaves;
    for (NodeId e : mGraph.endpoints()) {
        mStaticKey[static_cast<std::size_t>(e)] = e;
        if (mCompact[static_cast<std::size_t>(e)] >= 0)
            continue;
        for (const ForwardingArc &arc : mGraph.arcsOf(e))
            if (mCompact[static_cast<std::size_t>(arc.to)] >= 0) {
                firstAttach[static_cast<std::size_t>(e)] = arc.to;
                leaves.push_back(arc.to);
                break;
            }
    }
    std::sort(leaves.begin(), leaves.end());
    leaves.erase(std::unique(leaves.begin(), leaves.end()), leaves.end());
    std::vector<std::vector<NodeId>> down(leaves.size());
    std::size_t perLeaf = 1;
    for (std::size_t i = 0; i < leaves.size(); ++i) {
        for (const ForwardingArc &arc : mGraph.arcsOf(leaves[i]))
            if (firstAttach[static_cast<std::size_t>(arc.to)] == leaves[i]
                && std::find(down[i].begin(), down[i].end(), arc.to) == down[i].end())
                down[i].push_back(arc.to);
        perLeaf = std::max(perLeaf, down[i].size());
    }
    for (std::size_t i = 0; i < leaves.size(); ++i)
        for (std::size_t p = 0; p < down[i].size(); ++p)
            mStaticKey[static_cast<std::size_t>(down[i][p])]
                = static_cast<std::int64_t>(i * perLeaf + p);
}

Router::~Router() = default;

bool Router::arcInPlane(const ForwardingArc &arc, int plane) const
{
    if (plane < 0)
        return true;
    const Fabric &f = fabric();
    return planeAllows(f.link(arc.link).plane, plane)
        && (arc.circuitLink == kNoLink || planeAllows(f.link(arc.circuitLink).plane, plane));
}

void Router::appendArc(NodeId from, const ForwardingArc &arc, std::vector<DirLinkId> &out) const
{
    const Fabric &f = fabric();
    out.push_back(f.leaving(arc.link, from));
    if (arc.circuitLink != kNoLink)
        out.push_back(f.leaving(arc.circuitLink, arc.ocs));
}

void Router::noteEqualCostLinks(const Walk &walk) const
{
    if (mEqualCostLinks.empty())
        mEqualCostLinks.assign(2 * fabric().linkIdBound(), 0);
    std::vector<std::uint8_t> &done = mEqualCostDone[&walk.distances()];
    if (done.empty())
        done.assign(mTransit.size(), 0);
    walk.forEachPathArc(done, [&](NodeId from, const ForwardingArc &arc) {
        mArcLinks.clear();
        appendArc(from, arc, mArcLinks);
        for (const DirLinkId d : mArcLinks)
            mEqualCostLinks[static_cast<std::size_t>(d)] = 1;
    });
}

std::vector<int> Router::planesOf(NodeId node) const
{
    std::vector<int> planes;
    if (!fabric().node(node).isEndpoint())
        return planes;
    for (const ForwardingArc &arc : mGraph.arcsOf(node))
        planes.push_back(fabric().link(arc.link).plane);
    return distinctPlanes(std::move(planes));
}

void Router::indexArrivals()
{
    const std::size_t bound = fabric().nodeIdBound();
    const auto isEndpoint = [&](NodeId n) { return mCompact[static_cast<std::size_t>(n)] < 0; };
    mArrivalOffsets.assign(bound + 1, 0);
    for (NodeId t : mTransit)
        for (const ForwardingArc &arc : mGraph.arcsOf(t))
            if (isEndpoint(arc.to))
                ++mArrivalOffsets[static_cast<std::size_t>(arc.to) + 1];
    for (std::size_t n = 0; n < bound; ++n)
        mArrivalOffsets[n + 1] += mArrivalOffsets[n];
    mArrivalFrom.resize(mArrivalOffsets.back());
    mArrivalArc.resize(mArrivalOffsets.back());
    std::vector<std::uint32_t> fill(mArrivalOffsets.begin(), mArrivalOffsets.end() - 1);
    for (NodeId t : mTransit)
        for (const ForwardingArc &arc : mGraph.arcsOf(t))
            if (isEndpoint(arc.to)) {
                const std::uint32_t e = fill[static_cast<std::size_t>(arc.to)]++;
                mArrivalFrom[e] = t;
                mArrivalArc[e] = &arc;
            }
}

std::vector<int> Router::arrivalPlanesOf(NodeId endpoint) const
{
    std::vector<int> planes;
    if (!fabric().node(endpoint).isEndpoint())
        return planes;
    const auto n = static_cast<std::size_t>(endpoint);
    if (mCompact[n] >= 0)
        return planesOf(endpoint); // a chip that forwards is its own attachment
    for (std::uint32_t e = mArrivalOffsets[n]; e < mArrivalOffsets[n + 1]; ++e) {
        const ForwardingArc &arc = *mArrivalArc[e];
        // The link at the endpoint's end: a circuit's second fibre, or the one link.
        planes.push_back(
            fabric().link(arc.circuitLink != kNoLink ? arc.circuitLink : arc.link).plane);
    }
    return distinctPlanes(std::move(planes));
}

std::vector<NodeId> Router::attachments(NodeId endpoint, int plane) const
{
    const auto n = static_cast<std::size_t>(endpoint);
    if (mCompact[n] >= 0)
        return { endpoint };
    std::vector<NodeId> out;
    for (std::uint32_t e = mArrivalOffsets[n]; e < mArrivalOffsets[n + 1]; ++e)
        if (arcInPlane(*mArrivalArc[e], plane))
            out.push_back(mArrivalFrom[e]);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

const Router::Distances &Router::distances(const std::vector<NodeId> &targets, int plane) const
{
    auto key = std::make_pair(plane, targets);
    if (const auto it = mDistanceCache.find(key); it != mDistanceCache.end())
        return it->second;
    Distances dist(mTransit.size(), -1);
    std::vector<std::int32_t> queue;
    queue.reserve(mTransit.size());
    for (NodeId t : targets) {
        const std::int32_t c = mCompact[static_cast<std::size_t>(t)];
        if (c >= 0 && dist[static_cast<std::size_t>(c)] < 0) {
            dist[static_cast<std::size_t>(c)] = 0;
            queue.push_back(c);
        }
    }
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const auto v = static_cast<std::size_t>(queue[head]);
        const std::int16_t next = static_cast<std::int16_t>(dist[v] + 1);
        for (std::uint32_t e = mTOffsets[v]; e < mTOffsets[v + 1]; ++e) {
            const auto u = static_cast<std::size_t>(mTTo[e]);
            if (dist[u] >= 0 || (plane >= 0 && !arcInPlane(*mTArc[e], plane)))
                continue;
            dist[u] = next;
            queue.push_back(mTTo[e]);
        }
    }
    return mDistanceCache.emplace(std::move(key), std::move(dist)).first->second;
}

void Router::releaseDistances() const
{
    mEqualCostDone.clear(); // keyed by the fields' addresses, which a refill may reuse
    mDistanceCache.clear();
}

void Router::prepare(const std::vector<NodeId> &destinations) const
{
    std::map<int, std::vector<std::vector<NodeId>>> missing; // plane -> target sets
    std::set<std::pair<int, std::vector<NodeId>>> seen;
    for (NodeId d : destinations) {
        std::vector<int> planes = arrivalPlanesOf(d);
        if (planes.empty())
            planes.push_back(-1);
        for (int plane : planes) {
            auto key = std::make_pair(plane, attachments(d, plane));
            if (key.second.empty() || mDistanceCache.count(key) || !seen.insert(key).second)
                continue;
            missing[plane].push_back(std::move(key.second));
        }
    }
    for (const auto &[plane, keys] : missing)
        for (std::size_t i = 0; i < keys.size(); i += 64)
            fillDistances(plane,
                std::vector<std::vector<NodeId>>(keys.begin() + std::ptrdiff_t(i),
                    keys.begin() + std::ptrdiff_t(std::min(keys.size(), i + 64))));
}

void Router::fillDistances(int plane, const std::vector<std::vector<NodeId>> &keys) const
{
    // Bit i of a node's mask: reached by the BFS of keys[i]. Each level moves every frontier
    // bit across the arcs at once.
    const std::size_t n = mTransit.size();
    std::vector<Distances> dist(keys.size(), Distances(n, -1));
    std::vector<std::uint64_t> visited(n, 0), frontier(n, 0), next(n, 0);
    for (std::size_t i = 0; i < keys.size(); ++i)
        for (NodeId t : keys[i]) {
            const auto c = static_cast<std::size_t>(mCompact[static_cast<std::size_t>(t)]);
            visited[c] |= std::uint64_t(1) << i;
            frontier[c] |= std::uint64_t(1) << i;
            dist[i][c] = 0;
        }
    for (std::int16_t level = 1;; ++level) {
        bool any = false;
        for (std::size_t v = 0; v < n; ++v) {
            if (!frontier[v])
                continue;
            for (std::uint32_t e = mTOffsets[v]; e < mTOffsets[v + 1]; ++e)
                if (plane < 0 || arcInPlane(*mTArc[e], plane))
                    next[static_cast<std::size_t>(mTTo[e])] |= frontier[v];
        }
        for (std::size_t u = 0; u < n; ++u) {
            std::uint64_t fresh = next[u] & ~visited[u];
            next[u] = 0;
            frontier[u] = fresh;
            if (!fresh)
                continue;
            any = true;
            visited[u] |= fresh;
            for (; fresh; fresh &= fresh - 1)
                dist[std::size_t(std::countr_zero(fresh))][u] = level;
        }
        if (!any)
            break;
    }
    for (std::size_t i = 0; i < keys.size(); ++i)
        mDistanceCache.emplace(std::make_pair(plane, keys[i]), std::move(dist[i]));
}

int Router::planeOf(NodeId src, NodeId dst, std::uint32_t port) const
{
    // The NIC port (plane) of this QP: one both ends have.
    std::vector<int> planes = planesOf(src);
    const std::vector<int> dstPlanes = arrivalPlanesOf(dst);
    if (planes.empty())
        planes = dstPlanes;
    else if (!dstPlanes.empty()) {
        std::vector<int> common;
        std::set_intersection(planes.begin(), planes.end(), dstPlanes.begin(), dstPlanes.end(),
            std::back_inserter(common));
        planes = common;
    }
    return planes.empty() ? -1 : planes[port % planes.size()];
}

Router::Walk Router::walkFor(NodeId src, NodeId dst, std::uint32_t port) const
{
    const int plane = planeOf(src, dst, port);
    const std::vector<NodeId> targets = attachments(dst, plane);
    return Walk(*this, src, dst, plane, distances(targets, plane), !targets.empty());
}

bool Router::hasPathChoice(NodeId src, NodeId dst) const
{
    Walk walk = walkFor(src, dst, sourcePort(src, dst, 0));
    return walk.reachable() && walk.pathCount() > 1;
}

std::vector<sim::Path> Router::routeQp(NodeId src, NodeId dst, int qp) const
{
    const std::uint32_t port = sourcePort(src, dst, qp);
    Walk walk = walkFor(src, dst, port);
    if (!walk.reachable())
        throw walk.noPath();

    if (hashes(mOptions.policy))
        noteEqualCostLinks(walk);
    const FiveTuple tuple { src, dst, port };
    switch (mOptions.policy) {
    case Policy::Ecmp:
        return { walk.single([&](NodeId at, const std::vector<const ForwardingArc *> &c) {
            const std::size_t n = c.size();
            return n == 1
                ? 0
                : flowHash(tuple, mix64(mOptions.seed ^ mix64(std::uint64_t(at) + 1))) % n;
        }) };
    case Policy::EcmpPolarized: {
        const std::uint64_t h = flowHash(tuple, mOptions.seed);
        return { walk.single(
            [&](NodeId, const std::vector<const ForwardingArc *> &c) { return h % c.size(); }) };
    }
    case Policy::Static: {
        const auto key = static_cast<std::uint64_t>(mStaticKey[static_cast<std::size_t>(dst)]);
        std::uint64_t radix = 1;
        return { walk.single([&](NodeId, const std::vector<const ForwardingArc *> &c) {
            return staticPick(c, key, radix);
        }) };
    }
    case Policy::Adaptive:
    case Policy::Spray:
    case Policy::Dor:
        break;
    }
    return walk.spread(static_cast<std::size_t>(mOptions.maxPaths));
}

std::vector<sim::Path> Router::routeDor(NodeId src, NodeId dst) const
{
    for (NodeId n : { src, dst })
        if (!mTorus->hasCoordinates(n))
            throw UserError("--routing dor: " + nameOf(fabric(), n)
                + " is not a torus chip (no x, y, z coordinates)");
    std::vector<sim::Path> out;
    const auto routes = mTorus->dorRoutes(src, dst, static_cast<std::size_t>(mOptions.maxPaths));
    // A failed link or circuit on every dimension-order route: detour over the shortest paths
    // that survive, split evenly (docs/simulation.md, "Faults").
    if (routes.empty() && !mDeadDirections.empty())
        return routeQp(src, dst, 0);
    for (const auto &arcs : routes) {
        sim::Path path;
        NodeId at = src;
        for (const ForwardingArc *arc : arcs) {
            appendArc(at, *arc, path.links);
            at = arc->to;
        }
        out.push_back(std::move(path));
    }
    if (out.empty())
        throw UserError("--routing dor: no dimension-order path from " + nameOf(fabric(), src)
            + " to " + nameOf(fabric(), dst) + " (a torus link or circuit is missing)");
    return out;
}

Route Router::route(NodeId src, NodeId dst) const
{
    const Fabric &f = fabric();
    if (!f.hasNode(src) || !f.hasNode(dst) || src == dst)
        throw UserError("no route from " + nameOf(f, src) + " to " + nameOf(f, dst));
    const Node &s = f.node(src);
    const Node &d = f.node(dst);

    std::vector<std::pair<sim::Path, double>> weighted;
    auto add = [&](std::vector<sim::Path> paths, double share) {
        for (sim::Path &p : paths) {
            const double w = share / double(paths.size());
            auto it = std::find_if(
                weighted.begin(), weighted.end(), [&](const auto &e) { return e.first == p; });
            if (it == weighted.end())
                weighted.emplace_back(std::move(p), w);
            else
                it->second += w;
        }
    };

    if (s.isEndpoint() && d.isEndpoint() && f.sameHost(src, dst)) {
        // Inside a host: its NVLink domain, as NCCL would.
        sim::Path p;
        for (const auto &[from, to] : { std::pair { src, s.host }, std::pair { s.host, dst } })
            for (const ForwardingArc &arc : mGraph.arcsOf(from))
                if (arc.to == to) {
                    appendArc(from, arc, p.links);
                    break;
                }
        if (p.links.size() == 2)
            add({ std::move(p) }, 1.0);
    }
    if (weighted.empty() && s.isEndpoint() && d.isEndpoint() && !s.forwards && !d.forwards) {
        // Two GPUs cabled to each other (back to back, no switch): the cable is the path, one
        // hop as the metrics count it. The transit search below only crosses switches and
        // forwarding chips, so it found none. Parallel cables: one, or all for the policies
        // that spread.
        std::vector<sim::Path> direct;
        for (const ForwardingArc &arc : mGraph.arcsOf(src))
            if (arc.to == dst) {
                sim::Path p;
                appendArc(src, arc, p.links);
                direct.push_back(std::move(p));
            }
        if (direct.size() > 1 && mOptions.policy != Policy::Adaptive
            && mOptions.policy != Policy::Spray)
            direct.resize(1);
        if (!direct.empty())
            add(std::move(direct), 1.0);
    }
    if (weighted.empty()) {
        try {
            if (mOptions.policy == Policy::Dor)
                add(routeDor(src, dst), 1.0);
            else
                for (int qp = 0; qp < mOptions.qps; ++qp)
                    add(routeQp(src, dst, qp), 1.0 / mOptions.qps);
        } catch (const UserError &) {
            if (!mOptions.allowUnreachable)
                throw;
            return {};
        }
    }

    Route r;
    for (auto &[path, w] : weighted) {
        r.latencyS = std::max(r.latencyS, pathLatencyS(src, path));
        r.paths.push_back(std::move(path));
        r.weights.push_back(w);
    }
    if (r.paths.size() == 1)
        r.weights.clear();
    else
        r.split = mOptions.policy == Policy::Adaptive ? sim::Split::Adaptive : sim::Split::Weighted;
    return r;
}

void Router::routeInto(sim::FlowSpec &flow) const
{
    Route r = route(flow.src, flow.dst);
    flow.paths = std::move(r.paths);
    flow.weights = std::move(r.weights);
    flow.split = r.split;
    flow.latencyS = r.latencyS;
}

double Router::pathLatencyS(NodeId src, const sim::Path &path) const
{
    const Fabric &f = fabric();
    double ns = 0;
    NodeId at = src;
    for (std::size_t i = 0; i < path.links.size(); ++i) {
        ns += f.link(linkOf(path.links[i])).latencyNs;
        at = f.to(path.links[i]);
        if (i + 1 < path.links.size())
            ns += f.node(at).switchLatencyNs;
    }
    return units::nsToSeconds(ns);
}

} // namespace fabric::route
