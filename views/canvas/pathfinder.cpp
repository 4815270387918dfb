// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "pathfinder.h"

#include "model/transit.h"

#include <deque>
#include <limits>

namespace fabric::views {

namespace {

constexpr int kInf = std::numeric_limits<int>::max();

/// Cost of stepping from state @p d onto @p e (they meet at d's head), or -1 when not allowed.
int stepCost(const Fabric &f, DirLinkId d, DirLinkId e)
{
    const NodeId via = f.to(d);
    if (linkOf(d) == linkOf(e))
        return -1;
    if (f.node(via).kind == NodeKind::Ocs)
        return f.ocsPeer(via, linkOf(d)) == linkOf(e) ? 0 : -1;
    return mayForward(f, f.from(d), via, f.to(e)) ? 1 : -1;
}

} // namespace

PathSet equalCostPaths(const Fabric &f, NodeId from, NodeId to, int maxPaths)
{
    PathSet out;
    out.from = from;
    out.to = to;
    if (!f.hasNode(from) || !f.hasNode(to) || from == to)
        return out;
    std::vector<int> dist(2 * f.linkIdBound(), kInf);
    std::deque<DirLinkId> queue;
    for (LinkId l : f.linksOf(from)) {
        const DirLinkId d = dirLink(l, f.link(l).a == from);
        dist[static_cast<std::size_t>(d)] = 1;
        queue.push_back(d);
    }
    int best = kInf;
    while (!queue.empty()) {
        const DirLinkId d = queue.front();
        queue.pop_front();
        const int dd = dist[static_cast<std::size_t>(d)];
        if (dd > best)
            break;
        const NodeId head = f.to(d);
        if (head == to) {
            best = std::min(best, dd);
            continue;
        }
        if (head == from)
            continue;
        for (LinkId l : f.linksOf(head)) {
            const DirLinkId e = dirLink(l, f.link(l).a == head);
            const int c = stepCost(f, d, e);
            if (c < 0 || dd + c >= dist[static_cast<std::size_t>(e)])
                continue;
            dist[static_cast<std::size_t>(e)] = dd + c;
            if (c == 0)
                queue.push_front(e);
            else
                queue.push_back(e);
        }
    }
    if (best == kInf)
        return out;
    out.hops = best;

    // Walk back from every arriving state along states one step closer.
    std::vector<DirLinkId> stack;
    auto emit = [&]() {
        QList<LinkId> path;
        for (auto it = stack.rbegin(); it != stack.rend(); ++it)
            path.append(linkOf(*it));
        double bottleneck = kInf;
        for (LinkId l : path)
            bottleneck = std::min(bottleneck, f.link(l).capacityGbps);
        out.bottleneckGbps = out.paths.isEmpty() ? bottleneck : std::min(out.bottleneckGbps, bottleneck);
        out.paths.append(path);
    };
    auto back = [&](auto &&self, DirLinkId s) -> void {
        if (static_cast<int>(out.paths.size()) >= maxPaths) {
            out.truncated = true;
            return;
        }
        stack.push_back(s);
        const NodeId tail = f.from(s);
        const int ds = dist[static_cast<std::size_t>(s)];
        if (tail == from && ds == 1) {
            emit();
        } else if (tail != from) {
            for (LinkId l : f.linksOf(tail)) {
                const DirLinkId p = dirLink(l, f.link(l).b == tail); // arriving at tail
                const int dp = dist[static_cast<std::size_t>(p)];
                if (dp == kInf)
                    continue;
                const int c = stepCost(f, p, s);
                if (c >= 0 && dp + c == ds)
                    self(self, p);
            }
        }
        stack.pop_back();
    };
    for (LinkId l : f.linksOf(to)) {
        const DirLinkId d = dirLink(l, f.link(l).b == to);
        if (dist[static_cast<std::size_t>(d)] == best)
            back(back, d);
    }
    return out;
}

} // namespace fabric::views
