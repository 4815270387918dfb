// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "run.h"

#include "expansion.h"

#include "model/error.h"
#include "model/faults.h"
#include "model/units.h"
#include "route/router.h"
#include "sim/footprint.h"
#include "sim/switchlinks.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <unordered_set>

namespace fabric::collective {
namespace {

/// Refuses a run whose estimated peak memory is above the scenario's limit, before the engine
/// allocates its state for it.
void checkMemory(const Expansion &e, const Scenario &scenario)
{
    checkMemoryLimit(scenario, "this run's " + units::formatCount(e.flows.size()) + " flows",
        estimatedRunBytes(e));
}

} // namespace

double estimatedRunBytes(const Expansion &expansion)
{
    std::size_t uses = 0;
    for (const sim::FlowSpec &f : expansion.flows)
        for (const sim::Path &p : f.paths)
            uses += p.links.size();
    return sim::estimatedRunBytes(expansion.flows.size(), uses);
}

ScenarioRun runScenario(const Fabric &fabric, const Scenario &scenario,
    const sim::SimOptions &options, const sim::SimCallbacks &callbacks,
    const ExpandOptions &expandOptions)
{
    ScenarioRun run;
    run.scenario = scenario;
    route::RouterOptions routing = routerOptions(scenario);
    routing.allowUnreachable = routing.allowUnreachable || expandOptions.allowUnreachable;
    const route::Router router(fabric, routing);
    run.expansion = expand(router, scenario, expandOptions);
    run.equalCostLinks = router.equalCostLinks();
    checkMemory(run.expansion, scenario);
    sim::SimOptions effective = options;
    // Degraded links run at their fraction of capacity (the router already left out what
    // failed).
    if (!scenario.faults.empty() && effective.capacityKept.empty())
        effective.capacityKept = resolveFaults(fabric, scenario.faults).kept;
    if (run.expansion.symmetry)
        effective.linkOrbits = run.expansion.symmetry->orbits;
    if (scenario.fidelity == Fidelity::Coarse && effective.coarseFinishWindow <= 0.0)
        effective.coarseFinishWindow = kCoarseFinishWindow;
    // summarize() asks the router again (hasPathChoice), but for at most a few hundred pairs
    // on collided links: its distance fields need not count at the engine's peak memory.
    router.releaseDistances();
    run.result = sim::simulate(fabric, run.expansion.flows, effective, callbacks);
    run.summary = summarize(fabric, run, &router);
    return run;
}

bool ranCoarse(const ScenarioRun &run)
{
    return run.scenario && run.scenario->fidelity == Fidelity::Coarse;
}

std::string fidelityNote(const ScenarioRun &run)
{
    if (!ranCoarse(run))
        return {};
    const auto percent
        = [](double fraction) { return units::formatDecimal(fraction * 100, 3) + "%"; };
    return "coarse run: flows due to finish within " + percent(kCoarseFinishWindow)
        + " of their own transfer time ended together, giving up their bandwidth at most "
        + units::formatSeconds(run.result.largestEarlyFinishS)
        + " before their last byte was due; completion within " + percent(kCoarseCompletionBound)
        + " of an exact run";
}

ScenarioRun runFlows(const Fabric &fabric, std::vector<sim::FlowSpec> flows,
    const sim::SimOptions &options, const sim::SimCallbacks &callbacks)
{
    ScenarioRun run;
    run.expansion.collective = Collective::Custom;
    run.expansion.algorithm = Algorithm::Direct;
    run.expansion.bytes = kUnknown;
    run.expansion.flows = std::move(flows);
    run.expansion.stepFlows = run.expansion.flows.size();
    run.result = sim::simulate(fabric, run.expansion.flows, options, callbacks);
    run.summary = summarize(fabric, run);
    return run;
}

namespace {

/// Summary::collidedWithoutChoice: of the @p collided directions (index = directed link id),
/// how many carried no flow with a second shortest path. @p router routed the run's flows.
int collidedWithoutChoice(
    const route::Router &router, const ScenarioRun &run, const std::vector<std::uint8_t> &collided)
{
    constexpr std::size_t kPairsLooked = 256; // a path count each: the explanation waits
    enum Seen : std::uint8_t { Unseen, OnlyOnePath, AChoice };
    std::vector<Seen> seen(collided.size(), Unseen);
    try {
        std::map<std::pair<NodeId, NodeId>, bool> hasChoice;
        for (const sim::FlowSpec &f : run.expansion.flows) {
            if (f.paths.size() != 1)
                continue;
            std::optional<bool> choice;
            for (const DirLinkId d : f.paths[0].links) {
                const auto i = static_cast<std::size_t>(d);
                if (i >= collided.size() || !collided[i])
                    continue;
                if (!choice) {
                    auto [at, added] = hasChoice.try_emplace({ f.src, f.dst }, false);
                    if (added && hasChoice.size() > kPairsLooked)
                        return 0;
                    if (added)
                        at->second = router.hasPathChoice(f.src, f.dst);
                    choice = at->second;
                }
                seen[i] = *choice ? AChoice : std::max(seen[i], OnlyOnePath);
            }
        }
    } catch (const UserError &) {
        return 0; // the general explanation, rather than none
    }
    return int(std::count(seen.begin(), seen.end(), OnlyOnePath));
}

/// The link figures of Summary: peaks, hop-bytes, and idle and collided fabric links.
void countLinks(
    const Fabric &fabric, const ScenarioRun &run, const route::Router *router, Summary &s)
{
    const sim::SimResult &r = run.result;
    s.multipath = std::any_of(run.expansion.flows.begin(), run.expansion.flows.end(),
                              [](const sim::FlowSpec &f) { return f.paths.size() > 1; });
    for (const sim::LinkStats &l : r.links) {
        s.maxLinkUtil = std::max(s.maxLinkUtil, l.peakUtil);
        s.maxLinkFlows = std::max(s.maxLinkFlows, int(l.peakFlows));
        s.wireBytes += l.bytes;
    }
    // Every switch-to-switch direction of the fabric, used by the run or not: two runs on one
    // fabric are compared over one count (otherwise a run inside one zone leaves out the
    // aggregation tier it never reaches, and a hierarchical run shows "0 / 0" idle links
    // against the ring's 448), and the canvas dashes those idle links too.
    // A failed link carried nothing because it was down: counted idle, the explanation would
    // blame ECMP's hashing for the links a failed spine took with it.
    const std::vector<std::uint8_t> failed = failedDirections(fabric, run);
    std::vector<std::uint8_t> collided(r.links.size(), 0);
    sim::forEachSwitchDirLink(
        fabric, r, [&](const Link &l, const Node &from, const Node &, const sim::LinkStats &stats) {
            ++s.fabricLinks;
            const auto d = std::size_t(dirLink(l.id, from.id == l.a));
            if (d < failed.size() && failed[d]) {
                ++s.failedFabricLinks;
                return;
            }
            if (stats.bytes <= 0) {
                ++s.idleFabricLinks;
                if (d < run.equalCostLinks.size() && run.equalCostLinks[d])
                    ++s.idleEqualCostFabricLinks;
            }
            if (stats.peakFlows >= 2) {
                ++s.collidedFabricLinks;
                collided[d] = 1;
            }
        });
    if (s.multipath)
        s.collidedFabricLinks = -1;
    const bool onePath = run.scenario && route::picksOnePath(run.scenario->routing);
    if (router && onePath && s.collidedFabricLinks > 0 && s.idleFabricLinks > 0)
        s.collidedWithoutChoice = collidedWithoutChoice(*router, run, collided);
}

} // namespace

std::vector<std::uint8_t> failedDirections(const Fabric &fabric, const ScenarioRun &run)
{
    if (!run.scenario || run.scenario->faults.empty())
        return {};
    return resolveFaults(fabric, run.scenario->faults).deadDirections();
}

Summary summarize(const Fabric &fabric, const ScenarioRun &run, const route::Router *router)
{
    const Expansion &e = run.expansion;
    const sim::SimResult &r = run.result;
    Summary s;
    s.completionS = r.completionS;
    if (e.ideal.timeS > 0)
        s.idealS = e.ideal.timeS;
    // A cancelled run's completion time is where it stopped, not when the collective ended.
    if (r.completionS > 0 && !r.cancelled) {
        s.algbwGBps = units::bytesPerSecondToGBps(e.bytes / r.completionS);
        s.busbwGBps = s.algbwGBps * e.busbwFactor;
        s.ofIdeal = s.idealS / r.completionS;
    }
    if (!r.bottlenecks.empty())
        s.bottleneck = r.bottlenecks.front();
    // Bytes the ranks put on fabric links: their flows' whose first hop is not NVLink. Not the
    // bytes on the ranks' links: a torus chip relays others' bytes over its own (an all-to-all
    // on a 4x4x4 cube read 3 S a rank, the mean hop count times S).
    const std::unordered_set<NodeId> ranks(e.ranks.begin(), e.ranks.end());
    const double standsFor = e.symmetry ? double(e.symmetry->orbits.order) : 1.0;
    double fabricBytes = 0;
    for (const sim::FlowSpec &f : e.flows) {
        if (f.paths.empty() || f.paths.front().links.empty() || !ranks.count(f.src))
            continue;
        const LinkId first = linkOf(f.paths.front().links.front());
        if (fabric.hasLink(first) && fabric.link(first).medium != Medium::NvLink)
            fabricBytes += f.bytes * standsFor;
    }
    if (!e.ranks.empty())
        s.fabricBytesPerRank = fabricBytes / double(e.ranks.size());
    if (e.algorithm == Algorithm::Sharp && e.ranks.size() > 1) {
        // What the ranks put on the wire against a ring's 2(n-1)/n x S per rank.
        double injected = 0;
        for (const sim::FlowSpec &f : e.flows)
            if (fabric.hasNode(f.src) && fabric.node(f.src).isEndpoint())
                injected += f.bytes;
        const double n = double(e.ranks.size());
        s.sharpSavedBytes = std::max(0.0, 2.0 * (n - 1) * e.bytes - injected);
    }
    countLinks(fabric, run, router, s);
    return s;
}

} // namespace fabric::collective
