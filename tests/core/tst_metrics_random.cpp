// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The fast diameter and path counts against a plain search that applies transit.h hop by hop,
// on random small fabrics mixing switches, hosts, GPUs, forwarding chips, OCS circuits and
// GPUs cabled back to back.
#include "model/equalcostpaths.h"
#include "model/metrics.h"
#include "model/transit.h"

#include <QtTest>

#include <limits>
#include <map>
#include <random>
#include <set>

using namespace fabric;

namespace {

struct Reference
{
    int hops = -1;
    std::uint64_t paths = 0;
};

/// Breadth-first search over (node, previous node) states, checking mayForward() at every step
/// and crossing an OCS only along a circuit (ocsPeer()), as one hop.
Reference referenceSearch(const Fabric &f, NodeId from, NodeId to)
{
    if (from == to)
        return { 0, 1 };
    using State = std::pair<NodeId, NodeId>; // node, previous non-OCS node
    std::map<State, int> dist;
    std::map<State, std::uint64_t> count;
    std::vector<State> frontier { { from, kNoNode } };
    dist[frontier[0]] = 0;
    count[frontier[0]] = 1;
    for (int level = 0; !frontier.empty(); ++level) {
        Reference found;
        for (const State &s : frontier)
            if (s.first == to) {
                found.hops = level;
                found.paths += count[s];
            }
        if (found.hops >= 0)
            return found;
        std::vector<State> next;
        for (const State &s : frontier) {
            const auto [v, u] = s;
            for (LinkId l : f.linksOf(v)) {
                NodeId w = f.link(l).other(v);
                if (f.node(w).kind == NodeKind::Ocs) {
                    const LinkId out = f.ocsPeer(w, l);
                    if (out == kNoLink)
                        continue;
                    w = f.link(out).other(w);
                    if (f.node(w).kind == NodeKind::Ocs || w == v)
                        continue;
                }
                if (v != from && !mayForward(f, u, v, w))
                    continue;
                // The source only starts paths: the same rule for hosts as in transit.h.
                if (v == from && f.node(w).kind == NodeKind::Host && f.node(v).host != w)
                    continue;
                const State t { w, v };
                if (!dist.count(t)) {
                    dist[t] = level + 1;
                    next.push_back(t);
                }
                if (dist[t] == level + 1)
                    count[t] += count[s];
            }
        }
        frontier = next;
    }
    return {};
}

/// Whether @p path is a chain of links from @p a to @p b.
bool joins(const Fabric &f, const std::vector<LinkId> &path, NodeId a, NodeId b)
{
    NodeId at = a;
    for (LinkId l : path) {
        const Link &link = f.link(l);
        if (link.a != at && link.b != at)
            return false;
        at = link.other(at);
    }
    return at == b;
}

int referenceDiameter(const Fabric &f)
{
    const std::vector<NodeId> eps = f.endpoints();
    int best = 0;
    for (std::size_t i = 0; i < eps.size(); ++i)
        for (std::size_t j = i + 1; j < eps.size(); ++j) {
            const int d = referenceSearch(f, eps[i], eps[j]).hops;
            if (d < 0)
                return -1;
            best = std::max(best, d);
        }
    return best;
}

struct Hop
{
    NodeId from, to;
    double gbps;
};

/// Every hop a path may take, in both directions: links (hosts only to their own GPUs) and OCS
/// circuits (one hop between the nodes at their two fibres).
std::vector<Hop> hops(const Fabric &f)
{
    auto usable = [&](NodeId a, NodeId b) {
        const Node &na = f.node(a), &nb = f.node(b);
        if (na.kind == NodeKind::Host)
            return nb.host == a;
        if (nb.kind == NodeKind::Host)
            return na.host == b;
        return na.kind != NodeKind::Ocs && nb.kind != NodeKind::Ocs && a != b;
    };
    std::vector<Hop> out;
    f.forEachLink([&](const Link &l) {
        if (usable(l.a, l.b)) {
            out.push_back({ l.a, l.b, l.capacityGbps });
            out.push_back({ l.b, l.a, l.capacityGbps });
        }
    });
    f.forEachNode([&](const Node &o) {
        for (const auto &[p, q] : o.circuits) {
            LinkId lp = kNoLink, lq = kNoLink;
            for (LinkId l : f.linksOf(o.id)) {
                const int port = f.link(l).a == o.id ? f.link(l).portA : f.link(l).portB;
                (port == p ? lp : port == q ? lq : l) = l;
            }
            if (lp == kNoLink || lq == kNoLink)
                continue;
            const NodeId u = f.link(lp).other(o.id), v = f.link(lq).other(o.id);
            if (usable(u, v)) {
                const double gbps = std::min(f.link(lp).capacityGbps, f.link(lq).capacityGbps);
                out.push_back({ u, v, gbps });
                out.push_back({ v, u, gbps });
            }
        }
    });
    return out;
}

/// The smallest cut between the halves, by trying every side for every switch and host. A GPU
/// that does not forward only sends (first half) or only receives (second half).
double referenceBisection(const Fabric &f)
{
    const auto [first, second] = metrics::bisectionHalves(f);
    std::vector<int> side(f.nodeIdBound(), -1); // 0 = source side, 1 = sink side
    std::vector<NodeId> free;
    for (NodeId e : first)
        side[static_cast<std::size_t>(e)] = 0;
    for (NodeId e : second)
        side[static_cast<std::size_t>(e)] = 1;
    f.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Switch || n.kind == NodeKind::Host)
            free.push_back(n.id);
    });
    std::vector<Hop> valid;
    for (const Hop &h : hops(f)) {
        const Node &from = f.node(h.from), &to = f.node(h.to);
        const bool sends = !from.isEndpoint() || from.forwards || side[std::size_t(h.from)] == 0;
        const bool receives = !to.isEndpoint() || to.forwards || side[std::size_t(h.to)] == 1;
        if (sends && receives)
            valid.push_back(h);
    }
    double best = std::numeric_limits<double>::infinity();
    for (std::uint32_t mask = 0; mask < (1u << free.size()); ++mask) {
        for (std::size_t i = 0; i < free.size(); ++i)
            side[static_cast<std::size_t>(free[i])] = (mask >> i) & 1;
        double cut = 0;
        for (const Hop &h : valid)
            if (side[std::size_t(h.from)] == 0 && side[std::size_t(h.to)] == 1)
                cut += h.gbps;
        best = std::min(best, cut);
    }
    return best;
}

Fabric randomFabric(std::mt19937 &rng, int scale)
{
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    Fabric f;
    std::vector<NodeId> hosts, all;
    for (int i = pick(0, 3 * scale); i > 0; --i) {
        Node n;
        n.kind = NodeKind::Host;
        hosts.push_back(f.addNode(n));
        all.push_back(hosts.back());
    }
    // A backbone of switches that GPUs mostly hang off, so many fabrics are connected; the
    // random links below add the odd cases.
    std::vector<NodeId> switches;
    for (int i = pick(0, 4 * scale); i > 0; --i) {
        Node n;
        n.kind = NodeKind::Switch;
        switches.push_back(f.addNode(n));
        all.push_back(switches.back());
        if (switches.size() > 1 && pick(0, 3))
            f.addLink({ kNoLink, switches[switches.size() - 2], switches.back(), -1, -1, 400, 0,
                Medium::Ethernet, -1 });
    }
    for (int i = pick(2, 9 * scale); i > 0; --i) {
        Node n;
        n.kind = NodeKind::Gpu;
        n.forwards = pick(0, 4) == 0;
        if (!hosts.empty() && pick(0, 1))
            n.host = hosts[static_cast<std::size_t>(pick(0, int(hosts.size()) - 1))];
        all.push_back(f.addNode(n));
        if (n.host != kNoNode && pick(0, 3))
            f.addLink({ kNoLink, all.back(), n.host, -1, -1, 3600, 0, Medium::NvLink, -1 });
        if (!switches.empty() && pick(0, 3))
            f.addLink({ kNoLink, all.back(),
                switches[static_cast<std::size_t>(pick(0, int(switches.size()) - 1))], -1, -1,
                100.0 * pick(1, 4), 0, Medium::Ethernet, -1 });
    }
    NodeId ocs = kNoNode;
    if (pick(0, 1)) {
        Node n;
        n.kind = NodeKind::Ocs;
        ocs = f.addNode(n);
    }
    const int links = pick(1, int(all.size()));
    int port = 0;
    for (int i = 0; i < links; ++i) {
        const NodeId a = all[static_cast<std::size_t>(pick(0, int(all.size()) - 1))];
        NodeId b = all[static_cast<std::size_t>(pick(0, int(all.size()) - 1))];
        if (ocs != kNoNode && pick(0, 3) == 0)
            b = ocs;
        if (a == b)
            continue;
        f.addLink({ kNoLink, a, b, -1, b == ocs ? port++ : -1, 100.0 * pick(1, 4), 0,
            Medium::Ethernet, -1 });
    }
    if (ocs != kNoNode)
        for (int p = 0; p + 1 < port; p += 2)
            if (pick(0, 3))
                f.node(ocs).circuits.push_back({ p, p + 1 });
    return f;
}

} // namespace

class TestMetricsRandom : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void matchesReferenceSearch();
    void bisectionMatchesMinimumCut();
};

void TestMetricsRandom::matchesReferenceSearch()
{
    std::mt19937 rng(20261129);
    int connected = 0;
    for (int round = 0; round < 400; ++round) {
        const Fabric f = randomFabric(rng, 1 + round % 3);
        const int expected = referenceDiameter(f);
        connected += expected > 0;
        const int actual = metrics::diameterHops(f);
        if (actual != expected) {
            qWarning("round %d: diameter %d, reference %d", round, actual, expected);
            f.forEachNode([](const Node &n) {
                qWarning("node %d kind %d fwd %d host %d", n.id, int(n.kind), n.forwards, n.host);
            });
            f.forEachLink([](const Link &l) {
                qWarning("link %d: %d-%d ports %d %d", l.id, l.a, l.b, l.portA, l.portB);
            });
        }
        QCOMPARE(actual, expected);
        const std::vector<NodeId> eps = f.endpoints();
        for (NodeId a : eps)
            for (NodeId b : eps) {
                const Reference ref = referenceSearch(f, a, b);
                QCOMPARE(metrics::shortestPathHops(f, a, b), ref.hops);
                QCOMPARE(metrics::equalCostPathCount(f, a, b), ref.paths);
                // The path view lists what the count counts: every path, distinct, a to b.
                const EqualCostPaths found = findEqualCostPaths(f, a, b, 64);
                QCOMPARE(found.listed.size(), a == b ? 0 : std::min<std::size_t>(ref.paths, 64));
                QCOMPARE(std::set(found.listed.begin(), found.listed.end()).size(),
                         found.listed.size());
                for (const std::vector<LinkId> &path : found.listed)
                    QVERIFY(joins(f, path, a, b));
            }
    }
    qInfo("%d of 400 fabrics connected", connected);
    QVERIFY(connected > 50); // the rounds are not all trivial
}

void TestMetricsRandom::bisectionMatchesMinimumCut()
{
    std::mt19937 rng(7);
    int nonZero = 0;
    for (int round = 0; round < 400; ++round) {
        const Fabric f = randomFabric(rng, 1 + round % 2);
        const double expected = referenceBisection(f);
        nonZero += expected > 0;
        QCOMPARE(metrics::bisectionGbps(f), expected);
    }
    qInfo("%d of 400 bisections above zero", nonZero);
    QVERIFY(nonZero > 100);
}

QTEST_GUILESS_MAIN(TestMetricsRandom)
#include "tst_metrics_random.moc"
