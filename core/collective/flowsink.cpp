// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "flowsink.h"

#include <algorithm>

namespace fabric::collective {

const route::Route &FlowSink::route(NodeId src, NodeId dst)
{
    const std::uint64_t key = std::uint64_t(std::uint32_t(src)) << 32 | std::uint32_t(dst);
    auto it = mRoutes.find(key);
    if (it == mRoutes.end())
        it = mRoutes.emplace(key, mRouter.route(src, dst)).first;
    return it->second;
}

namespace {
sim::FlowSpec routedFlow(NodeId src, NodeId dst, double bytes, const route::Route &r, FlowTags tags,
    double messages, double alphaS)
{
    sim::FlowSpec f;
    f.src = src;
    f.dst = dst;
    f.bytes = bytes;
    f.weights = r.weights;
    f.split = r.split;
    f.latencyS = r.latencyS * messages;
    f.releaseDelayS = alphaS * messages;
    f.step = tags.step;
    f.rank = tags.rank;
    f.phase = tags.phase;
    return f;
}
} // namespace

sim::FlowId FlowSink::add(NodeId src, NodeId dst, double bytes, std::vector<sim::FlowId> after,
    FlowTags tags, double messages)
{
    const route::Route &r = route(src, dst);
    sim::FlowSpec f = routedFlow(src, dst, bytes, r, tags, messages, mAlphaS);
    f.paths = r.paths;
    after.erase(std::remove(after.begin(), after.end(), sim::FlowId(-1)), after.end());
    std::sort(after.begin(), after.end());
    after.erase(std::unique(after.begin(), after.end()), after.end());
    f.after = std::move(after);
    mFlows.push_back(std::move(f));
    return static_cast<sim::FlowId>(mFlows.size() - 1);
}

sim::FlowId FlowSink::addOnce(NodeId src, NodeId dst, double bytes, FlowTags tags)
{
    route::Route r = mRouter.route(src, dst);
    sim::FlowSpec f = routedFlow(src, dst, bytes, r, tags, 1.0, mAlphaS);
    f.paths = std::move(r.paths);
    mFlows.push_back(std::move(f));
    return static_cast<sim::FlowId>(mFlows.size() - 1);
}

sim::FlowId FlowSink::addOnPath(NodeId src, NodeId dst, double bytes, sim::Path path,
    double latencyS, double notBeforeS, double alphaS, FlowTags tags)
{
    sim::FlowSpec f;
    f.src = src;
    f.dst = dst;
    f.bytes = bytes;
    f.paths.push_back(std::move(path));
    f.latencyS = latencyS;
    f.notBeforeS = notBeforeS;
    f.releaseDelayS = alphaS;
    f.step = tags.step;
    f.rank = tags.rank;
    f.phase = tags.phase;
    mFlows.push_back(std::move(f));
    return static_cast<sim::FlowId>(mFlows.size() - 1);
}

} // namespace fabric::collective
