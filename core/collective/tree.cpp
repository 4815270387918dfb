// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// NCCL's double binary tree all-reduce: two binary trees over the ranks, each carrying half the
// data, reduce up and broadcast down pipelined in chunks. Tree B is tree A shifted by one rank
// (mirrored when p is odd), so a leaf of one tree is an inner node of the other.
#include "algorithms.h"
#include "ideal.h"
#include "ringphase.h"

#include <cmath>
#include <functional>

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

    Ideal &ideal = c.out.ideal;
    ideal.bandwidthBytesPerS = hop.bytesPerS;
    ideal.messageLatencyS = c.scenario.alphaS + hop.latencyS;
    // No all-reduce without in-network reduction beats 2(p-1)/p S/B; the tree adds its depth
    // up and down in latency.
    ideal.timeS = 2.0 * std::max(depth, 1) * ideal.messageLatencyS
        + 2.0 * (n - 1) / n * c.scenario.bytes / hop.bytesPerS;
    ideal.formula = "2 depth a + 2(p-1)/p S/B";
}

} // namespace fabric::collective::detail
