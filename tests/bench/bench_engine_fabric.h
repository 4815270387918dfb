// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A hand-built two-tier fat-tree and flow sets for the engine benchmarks and the SimGrid
// comparison, so they depend on nothing but the model and the engine.

#include "model/fabric.h"
#include "sim/flow.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace fabric::bench {

struct TwoTier
{
    Fabric fabric;
    std::vector<NodeId> gpus;
    std::vector<NodeId> leaves;
    std::vector<NodeId> spines;
    int gpusPerLeaf = 0;
    std::vector<LinkId> gpuLink;            ///< Per GPU: GPU - leaf.
    std::vector<std::vector<LinkId>> upLink; ///< [leaf][spine]
    double linkLatencyS = 0.0;
};

/// @p leaves leaves of @p gpusPerLeaf GPUs, each leaf wired once to each of @p spines spines;
/// every link @p gbps and @p latencyNs.
inline TwoTier makeTwoTier(int leaves, int gpusPerLeaf, int spines, double gbps = 400,
                           double latencyNs = 500)
{
    TwoTier t;
    t.gpusPerLeaf = gpusPerLeaf;
    t.linkLatencyS = latencyNs * 1e-9;
    const auto node = [&](NodeKind kind, const std::string &name) {
        Node n;
        n.kind = kind;
        n.name = name;
        return t.fabric.addNode(n);
    };
    const auto link = [&](NodeId a, NodeId b) {
        Link l;
        l.a = a;
        l.b = b;
        l.capacityGbps = gbps;
        l.latencyNs = latencyNs;
        l.medium = Medium::InfiniBand;
        return t.fabric.addLink(l);
    };
    for (int s = 0; s < spines; ++s)
        t.spines.push_back(node(NodeKind::Switch, "spine" + std::to_string(s)));
    for (int l = 0; l < leaves; ++l) {
        const NodeId leaf = node(NodeKind::Switch, "leaf" + std::to_string(l));
        t.leaves.push_back(leaf);
        t.upLink.emplace_back();
        for (int s = 0; s < spines; ++s)
            t.upLink.back().push_back(link(leaf, t.spines[std::size_t(s)]));
        for (int g = 0; g < gpusPerLeaf; ++g) {
            const NodeId gpu = node(NodeKind::Gpu, "gpu" + std::to_string(l * gpusPerLeaf + g));
            t.gpus.push_back(gpu);
            t.gpuLink.push_back(link(gpu, leaf));
        }
    }
    return t;
}

/// Up-down path from GPU index @p s to @p d through spine (s + d) mod spines.
inline sim::Path upDownPath(const TwoTier &t, int s, int d)
{
    const int ls = s / t.gpusPerLeaf;
    const int ld = d / t.gpusPerLeaf;
    sim::Path p;
    p.links.push_back(dirLink(t.gpuLink[std::size_t(s)], true));
    if (ls != ld) {
        const std::size_t spine = std::size_t(s + d) % t.spines.size();
        p.links.push_back(dirLink(t.upLink[std::size_t(ls)][spine], true));
        p.links.push_back(dirLink(t.upLink[std::size_t(ld)][spine], false));
    }
    p.links.push_back(dirLink(t.gpuLink[std::size_t(d)], false));
    return p;
}

/// A reproducible generator (the same numbers on every machine).
struct Lcg
{
    std::uint64_t state;
    explicit Lcg(std::uint64_t seed) : state(seed * 0x9E3779B97F4A7C15ull + 1) {}
    std::uint64_t next(std::uint64_t n)
    {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return (state >> 33) % n;
    }
};

inline sim::FlowSpec makeFlow(const TwoTier &t, int s, int d, double bytes)
{
    sim::FlowSpec f;
    f.src = t.gpus[std::size_t(s)];
    f.dst = t.gpus[std::size_t(d)];
    f.bytes = bytes;
    f.paths.push_back(upDownPath(t, s, d));
    f.latencyS = double(f.paths[0].links.size()) * t.linkLatencyS;
    return f;
}

/// All-to-all among every GPU: flow s -> d moves @p bytes(s, d, i) bytes (i counts the flows).
template<typename Bytes>
std::vector<sim::FlowSpec> allToAllSized(const TwoTier &t, Bytes &&bytes)
{
    const int n = int(t.gpus.size());
    std::vector<sim::FlowSpec> flows;
    flows.reserve(std::size_t(n) * std::size_t(n - 1));
    std::uint64_t i = 0;
    for (int s = 0; s < n; ++s)
        for (int d = 0; d < n; ++d)
            if (s != d)
                flows.push_back(makeFlow(t, s, d, bytes(s, d, i++)));
    return flows;
}

/// All-to-all among every GPU, every flow a distinct size around @p meanBytes (spread +-50%).
inline std::vector<sim::FlowSpec> allToAll(const TwoTier &t, double meanBytes)
{
    const int n = int(t.gpus.size());
    const std::uint64_t count = std::uint64_t(n) * std::uint64_t(n - 1);
    // A permutation of 0..count-1 (odd multiplier mod a power of two would not cover it; a
    // prime stride mod count does when they are coprime).
    return allToAllSized(t, [&](int, int, std::uint64_t i) {
        const double rank = double((i * 7919) % count) / double(count);
        return std::floor(meanBytes * (0.5 + rank));
    });
}

/// Whole bytes drawn log-uniform in [@p minBytes, @p maxBytes).
inline double logUniformBytes(Lcg &rng, double minBytes, double maxBytes)
{
    const double u = double(rng.next(std::uint64_t(1) << 30)) / double(std::uint64_t(1) << 30);
    return std::floor(minBytes * std::pow(maxBytes / minBytes, u));
}

/// MoE-dispatch-like all-to-all: every pair's size drawn log-uniform in [1 MiB, 64 MiB) from a
/// generator seeded with @p seed (so sizes are unequal, nearly all distinct).
inline std::vector<sim::FlowSpec> allToAllLogUniform(const TwoTier &t, std::uint64_t seed)
{
    Lcg rng(seed);
    return allToAllSized(t, [&](int, int, std::uint64_t) {
        return logUniformBytes(rng, double(1 << 20), double(1 << 26));
    });
}

/// All-to-all where the size depends on the source only (log-uniform in [1 MiB, 64 MiB), seeded):
/// a source's flows all finish together, so there are about as many events as GPUs.
inline std::vector<sim::FlowSpec> allToAllPerSource(const TwoTier &t, std::uint64_t seed)
{
    Lcg rng(seed);
    std::vector<double> perSource;
    for (std::size_t s = 0; s < t.gpus.size(); ++s)
        perSource.push_back(logUniformBytes(rng, double(1 << 20), double(1 << 26)));
    return allToAllSized(t, [&](int s, int, std::uint64_t) { return perSource[std::size_t(s)]; });
}

/// A ring all-reduce cut into @p steps: rank r sends to r+1, step k of rank r waits for step
/// k-1 of rank r-1 (what it forwards), each step 2(N-1)/N * bytes / steps.
inline std::vector<sim::FlowSpec> ringSteps(const TwoTier &t, int steps, double bytes)
{
    const int n = int(t.gpus.size());
    const double stepBytes = std::floor(2.0 * (n - 1) / n * bytes / steps);
    std::vector<sim::FlowSpec> flows;
    flows.reserve(std::size_t(n) * std::size_t(steps));
    for (int k = 0; k < steps; ++k)
        for (int r = 0; r < n; ++r) {
            sim::FlowSpec f = makeFlow(t, r, (r + 1) % n, stepBytes);
            f.step = k;
            f.rank = r;
            if (k > 0)
                f.after = {sim::FlowId((k - 1) * n + (r + n - 1) % n)};
            flows.push_back(std::move(f));
        }
    return flows;
}

/// In-network (SHARP) all-reduce shape, with spine 0 as the aggregation root: every GPU sends
/// @p bytes to its leaf; each leaf, once all its GPUs have sent, sends one reduced stream up to
/// the root; the root, once every leaf has sent, sends the result down to every leaf; each leaf
/// then sends it down to its GPUs. 2N + 2L flows.
inline std::vector<sim::FlowSpec> sharpLike(const TwoTier &t, double bytes)
{
    const int n = int(t.gpus.size());
    const int leaves = int(t.leaves.size());
    std::vector<sim::FlowSpec> flows;
    const auto hop = [&](NodeId src, NodeId dst, DirLinkId d) {
        sim::FlowSpec f;
        f.src = src;
        f.dst = dst;
        f.bytes = bytes;
        f.paths.push_back({{d}});
        f.latencyS = t.linkLatencyS;
        return f;
    };
    for (int g = 0; g < n; ++g) // 0 .. n-1: GPU -> leaf
        flows.push_back(hop(t.gpus[std::size_t(g)], t.leaves[std::size_t(g / t.gpusPerLeaf)],
                            dirLink(t.gpuLink[std::size_t(g)], true)));
    for (int l = 0; l < leaves; ++l) { // n .. n+L-1: leaf -> root
        flows.push_back(hop(t.leaves[std::size_t(l)], t.spines[0],
                            dirLink(t.upLink[std::size_t(l)][0], true)));
        for (int g = l * t.gpusPerLeaf; g < (l + 1) * t.gpusPerLeaf; ++g)
            flows.back().after.push_back(sim::FlowId(g));
    }
    for (int l = 0; l < leaves; ++l) { // n+L .. n+2L-1: root -> leaf
        flows.push_back(hop(t.spines[0], t.leaves[std::size_t(l)],
                            dirLink(t.upLink[std::size_t(l)][0], false)));
        for (int m = 0; m < leaves; ++m)
            flows.back().after.push_back(sim::FlowId(n + m));
    }
    for (int g = 0; g < n; ++g) { // leaf -> GPU
        const int l = g / t.gpusPerLeaf;
        flows.push_back(hop(t.leaves[std::size_t(l)], t.gpus[std::size_t(g)],
                            dirLink(t.gpuLink[std::size_t(g)], false)));
        flows.back().after.push_back(sim::FlowId(n + leaves + l));
    }
    return flows;
}

/// @p count flows between random distinct GPUs (on different leaves with @p crossLeafOnly),
/// random sizes and release times.
inline std::vector<sim::FlowSpec> randomFlows(const TwoTier &t, std::size_t count,
                                              std::uint64_t seed, double maxStartS,
                                              bool crossLeafOnly = false)
{
    Lcg rng(seed);
    const int n = int(t.gpus.size());
    std::vector<sim::FlowSpec> flows;
    for (std::size_t i = 0; i < count; ++i) {
        const int s = int(rng.next(std::uint64_t(n)));
        int d = int(rng.next(std::uint64_t(n - 1)));
        d += d >= s ? 1 : 0;
        if (crossLeafOnly && s / t.gpusPerLeaf == d / t.gpusPerLeaf)
            d = (d + t.gpusPerLeaf) % n;
        sim::FlowSpec f = makeFlow(t, s, d, 1e5 + double(rng.next(100000000)));
        f.notBeforeS = maxStartS * double(rng.next(1000000)) / 1e6;
        flows.push_back(f);
    }
    return flows;
}

} // namespace fabric::bench
