// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace fabric::collective {

/// The collective operations FabricScope expands into flows.
enum class Collective {
    AllReduce,
    AllGather,
    ReduceScatter,
    AllToAll,
    Broadcast,
    SendRecv, ///< Each pipeline stage (rank i) sends to the next (rank i+1).
    Custom, ///< Flows read from a traffic CSV.
};

/// How a collective is carried out.
enum class Algorithm {
    Ring, ///< Ring (all-reduce, all-gather, reduce-scatter) or pipelined chain (broadcast).
    Tree, ///< NCCL double binary tree (all-reduce) or binomial tree (broadcast).
    Hierarchical, ///< NVLink inside hosts, a ring per rail across hosts (all-reduce).
    Sharp, ///< In-network aggregation on SHARP switches (all-reduce).
    Torus, ///< Bucket algorithm on a torus, all dimensions and both directions at once.
    Direct, ///< Every flow at once (all-to-all, send/recv, custom traffic).
};

/// "allreduce", "allgather", "reducescatter", "alltoall", "broadcast", "sendrecv", "custom".
std::string_view toString(Collective c);
std::optional<Collective> collectiveFromString(std::string_view name);
/// "ring", "tree", "hierarchical", "sharp", "torus", "direct".
std::string_view toString(Algorithm a);
std::optional<Algorithm> algorithmFromString(std::string_view name);

/// Algorithms that implement @p c, the default first.
std::vector<Algorithm> algorithmsFor(Collective c);
/// The usual algorithm of @p c (ring for all-reduce, direct for all-to-all...).
Algorithm defaultAlgorithm(Collective c);

/**
 * The nccl-tests bus bandwidth factor (doc/PERFORMANCE.md of NVIDIA/nccl-tests): busbw =
 * algbw x factor; 2(n-1)/n for all-reduce, (n-1)/n for all-gather, reduce-scatter and
 * all-to-all, 1 for broadcast, send/recv and custom traffic.
 */
double busBandwidthFactor(Collective c, std::size_t ranks);

} // namespace fabric::collective
