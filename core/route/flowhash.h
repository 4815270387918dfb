// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <cstdint>

namespace fabric::route {

/// RoCEv2's UDP destination port: the fixed field of every RDMA 5-tuple.
inline constexpr std::uint32_t kRoceUdpPort = 4791;
inline constexpr std::uint32_t kUdpProtocol = 17;

/// The header fields an ECMP switch hashes. The source port stands for the QP: RoCE NICs set
/// the UDP source port from the QP number, so each QP of a connection hashes on its own.
struct FiveTuple
{
    NodeId src = kNoNode;
    NodeId dst = kNoNode;
    std::uint32_t srcPort = 0;
    std::uint32_t dstPort = kRoceUdpPort;
    std::uint32_t protocol = kUdpProtocol;
};

/// SplitMix64's finaliser: a fast, well-mixed 64-bit permutation.
constexpr std::uint64_t mix64(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/// The hash a switch seeded with @p seed computes over @p t (the same function everywhere;
/// only the seed differs between switches, or not at all under polarised ECMP).
constexpr std::uint64_t flowHash(const FiveTuple &t, std::uint64_t seed)
{
    std::uint64_t h = mix64(seed);
    h = mix64(h ^ static_cast<std::uint32_t>(t.src));
    h = mix64(h ^ static_cast<std::uint32_t>(t.dst));
    h = mix64(h ^ (std::uint64_t(t.srcPort) << 32 | t.dstPort));
    return mix64(h ^ t.protocol);
}

/// UDP source port of QP @p qp of the connection @p src -> @p dst (ephemeral range 49152..).
constexpr std::uint32_t sourcePort(NodeId src, NodeId dst, int qp)
{
    const std::uint64_t base = mix64(std::uint64_t(std::uint32_t(src)) << 32 | std::uint32_t(dst));
    return 49152u + static_cast<std::uint32_t>((base + std::uint64_t(qp)) % 16384u);
}

} // namespace fabric::route
