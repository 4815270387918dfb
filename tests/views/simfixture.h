// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generators/registry.h"
#include "playback/simrun.h"
#include "route/router.h"
#include "sim/engine.h"

#include <memory>
#include <string>

/// Small fabrics and runs the simulation-view tests share. The ring is built by hand here (one
/// flow per rank and step, each step waiting for the previous one from the predecessor) so the
/// tests do not depend on the collective layer.
namespace fabric::testing {

/// A 2-tier IB fat-tree of @p gpus GPUs, 8 per host.
inline Fabric fatTree(int gpus = 64, int tiers = 2)
{
    return gen::generate("ib-fat-tree", nlohmann::json{{"tiers", tiers}, {"gpus", gpus}});
}

/// A ring over every endpoint: @p steps steps of @p chunkBytes, routed with @p policy.
inline std::vector<sim::FlowSpec> ringFlows(const Fabric &fabric, route::Policy policy,
                                            double chunkBytes, int steps, int qps = 1)
{
    route::RouterOptions options;
    options.policy = policy;
    options.qps = qps;
    const route::Router router(fabric, options);
    const std::vector<NodeId> ranks = fabric.endpoints();
    const int n = static_cast<int>(ranks.size());
    std::vector<sim::FlowSpec> flows;
    flows.reserve(std::size_t(n) * std::size_t(steps));
    for (int step = 0; step < steps; ++step)
        for (int r = 0; r < n; ++r) {
            sim::FlowSpec f;
            // Rank r sends to r + 9: another host and another rail, so through a spine.
            f.src = ranks[std::size_t(r)];
            f.dst = ranks[std::size_t((r + 9) % n)];
            f.bytes = chunkBytes;
            f.step = step;
            f.rank = r;
            if (step > 0)
                f.after = {sim::FlowId((step - 1) * n + (r - 9 + n) % n)};
            router.routeInto(f);
            flows.push_back(std::move(f));
        }
    return flows;
}

inline std::shared_ptr<views::SimRun> runFlows(const Fabric &fabric,
                                               std::vector<sim::FlowSpec> flows,
                                               const QString &label)
{
    auto run = std::make_shared<views::SimRun>();
    static_cast<collective::ScenarioRun &>(*run) = collective::runFlows(fabric, std::move(flows));
    run->label = label;
    run->fabric = &fabric;
    return run;
}

inline std::shared_ptr<views::SimRun> ringRun(const Fabric &fabric, route::Policy policy,
                                              double chunkBytes = 16e6, int steps = 3)
{
    auto run = runFlows(fabric, ringFlows(fabric, policy, chunkBytes, steps),
                        QString::fromUtf8(route::toString(policy).data()));
    run->routing = run->label;
    run->algorithm = QStringLiteral("ring");
    run->collective = QStringLiteral("allreduce");
    return run;
}

} // namespace fabric::testing
