// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "collective.h"

#include "model/enumnames.h"

#include <array>
#include <utility>

namespace fabric::collective {
namespace {

constexpr std::array<std::pair<Collective, std::string_view>, 7> kCollectives { {
    { Collective::AllReduce, "allreduce" },
    { Collective::AllGather, "allgather" },
    { Collective::ReduceScatter, "reducescatter" },
    { Collective::AllToAll, "alltoall" },
    { Collective::Broadcast, "broadcast" },
    { Collective::SendRecv, "sendrecv" },
    { Collective::Custom, "custom" },
} };

constexpr std::array<std::pair<Algorithm, std::string_view>, 6> kAlgorithms { {
    { Algorithm::Ring, "ring" },
    { Algorithm::Tree, "tree" },
    { Algorithm::Hierarchical, "hierarchical" },
    { Algorithm::Sharp, "sharp" },
    { Algorithm::Torus, "torus" },
    { Algorithm::Direct, "direct" },
} };

} // namespace

std::string_view toString(Collective c)
{
    return nameIn(kCollectives, c);
}
std::optional<Collective> collectiveFromString(std::string_view name)
{
    return valueIn(kCollectives, name);
}
std::string_view toString(Algorithm a)
{
    return nameIn(kAlgorithms, a);
}
std::optional<Algorithm> algorithmFromString(std::string_view name)
{
    return valueIn(kAlgorithms, name);
}

std::vector<Algorithm> algorithmsFor(Collective c)
{
    switch (c) {
    case Collective::AllReduce:
        return { Algorithm::Ring, Algorithm::Tree, Algorithm::Hierarchical, Algorithm::Sharp,
            Algorithm::Torus };
    case Collective::AllGather:
    case Collective::ReduceScatter:
        return { Algorithm::Ring };
    case Collective::Broadcast:
        return { Algorithm::Ring, Algorithm::Tree };
    case Collective::AllToAll:
    case Collective::SendRecv:
    case Collective::Custom:
        return { Algorithm::Direct };
    }
    return {};
}

Algorithm defaultAlgorithm(Collective c)
{
    return algorithmsFor(c).front();
}

double busBandwidthFactor(Collective c, std::size_t ranks)
{
    const double n = static_cast<double>(ranks);
    if (ranks < 2)
        return 1.0;
    switch (c) {
    case Collective::AllReduce:
        return 2.0 * (n - 1) / n;
    case Collective::AllGather:
    case Collective::ReduceScatter:
    case Collective::AllToAll:
        return (n - 1) / n;
    case Collective::Broadcast:
    case Collective::SendRecv:
    case Collective::Custom:
        return 1.0;
    }
    return 1.0;
}

} // namespace fabric::collective
