// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// NCCL's double binary tree all-reduce: two binary trees over the ranks, each carrying half the
// data, reduce up and broadcast down pipelined in chunks. Tree B is tree A shifted by one rank
// (mirrored when p is odd), so a leaf of one tree is an inner node of the other.
#include "algorithms.h"
#include "ideal.h"
#include "ringphase.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <span>

namespace fabric::collective::detail {
namespace {

/// In-order balanced binary tree over positions [0, n): parent of each (root: -1).
std::vector<int> binaryTree(int n)
{
    std::vector<int> parent(static_cast<std::size_t>(n), -1);
    std::function<void(int, int, int)> build = [&](int lo, int hi, int up) {
        if (lo > hi)
            return;
        const int mid = (lo + hi) / 2;
        parent[std::size_t(mid)] = up;
        build(lo, mid - 1, mid);
        build(mid + 1, hi, mid);
    };
    build(0, n - 1, -1);
    return parent;
}

} // namespace

void expandTree(Context &c)
{
    const int n = static_cast<int>(c.ranks.size());
    const std::vector<int> parentA = binaryTree(n);
    const double half = c.scenario.bytes / 2;
    const int chunks = c.chunksFor(half, 4 * std::size_t(n - 1), 4.0 * 1048576.0, 32);
    const double chunkBytes = half / chunks;
    c.out.stepFlows = 4 * std::size_t(n - 1) * std::size_t(chunks);

    HopBound hop;
    int depth = 0;
    const std::size_t firstFlow = c.sink.flows().size();
    for (int t = 0; t < 2; ++t) {
        // Position p of tree t holds rank rankAt(p).
        auto rankAt = [&](int p) {
            const int q = t == 0 ? p : (n % 2 == 0 ? (p + 1) % n : n - 1 - p);
            return c.ranks[std::size_t(q)];
        };
        std::vector<std::vector<int>> children(static_cast<std::size_t>(n));
        int root = 0;
        for (int p = 0; p < n; ++p) {
            if (parentA[std::size_t(p)] < 0)
                root = p;
            else
                children[std::size_t(parentA[std::size_t(p)])].push_back(p);
        }
        // Breadth-first order from the root: parents before children.
        std::vector<int> order { root };
        for (std::size_t i = 0; i < order.size(); ++i)
            for (int ch : children[std::size_t(order[i])])
                order.push_back(ch);
        std::vector<int> level(static_cast<std::size_t>(n), 0);
        for (int p : order)
            if (parentA[std::size_t(p)] >= 0)
                level[std::size_t(p)] = level[std::size_t(parentA[std::size_t(p)])] + 1;
        for (int p : order) {
            depth = std::max(depth, level[std::size_t(p)]);
            if (parentA[std::size_t(p)] >= 0)
                boundHop(c.sink, rankAt(p), rankAt(parentA[std::size_t(p)]), hop);
        }

        std::vector<sim::FlowId> upPrev(static_cast<std::size_t>(n), -1),
            up(static_cast<std::size_t>(n), -1);
        std::vector<sim::FlowId> downPrev(static_cast<std::size_t>(n), -1),
            down(static_cast<std::size_t>(n), -1);
        for (int k = 0; k < chunks; ++k) {
            // Reduce: children before parents.
            for (auto it = order.rbegin(); it != order.rend(); ++it) {
                const int p = *it, par = parentA[std::size_t(p)];
                if (par < 0)
                    continue;
                std::vector<sim::FlowId> after { upPrev[std::size_t(p)] };
                for (int ch : children[std::size_t(p)])
                    after.push_back(up[std::size_t(ch)]);
                up[std::size_t(p)]
                    = c.sink.add(rankAt(p), rankAt(par), chunkBytes, after, { k, p, 2 * t });
            }
            // Broadcast: parents before children; the root starts once its children reduced.
            for (int p : order) {
                const int par = parentA[std::size_t(p)];
                if (par < 0)
                    continue;
                std::vector<sim::FlowId> after { downPrev[std::size_t(p)] };
                if (par == root)
                    for (int ch : children[std::size_t(root)])
                        after.push_back(up[std::size_t(ch)]);
                else
                    after.push_back(down[std::size_t(par)]);
                down[std::size_t(p)]
                    = c.sink.add(rankAt(par), rankAt(p), chunkBytes, after, { k, p, 2 * t + 1 });
            }
            std::swap(upPrev, up);
            std::swap(downPrev, down);
        }
    }

    // The ring's 2(p-1)/p S/B with B = the slowest hop is no bound here: the two trees put most
    // of their bytes on NVLink and spread the rest over every NIC of a host, so on a few hosts
    // of 8 GPUs the tree finished in 56% of it. What no schedule of these flows beats: the
    // busiest rank's bytes over its links, after the first message; and the deepest leaf's
    // data climbing to the root and coming back down, one message a hop.
    const std::span<const sim::FlowSpec> flows
        = std::span<const sim::FlowSpec>(c.sink.flows()).subspan(firstFlow);
    double firstByteS = hop.latencyS;
    for (const sim::FlowSpec &flow : flows)
        firstByteS = std::min(firstByteS, flow.latencyS);
    const ideal::BusiestRank busiest = ideal::busiestRank(c.fabric(), flows);
    Ideal &ideal = c.out.ideal;
    ideal.bandwidthBytesPerS = busiest.bytesPerS > 0 ? busiest.bytesPerS : hop.bytesPerS;
    ideal.messageLatencyS = c.scenario.alphaS + firstByteS;
    ideal.timeS = std::max(
        2.0 * std::max(depth, 1) * ideal.messageLatencyS, ideal.messageLatencyS + busiest.timeS);
    ideal.formula = "max(2 depth a, a + busiest rank's bytes / B)";
}

} // namespace fabric::collective::detail
