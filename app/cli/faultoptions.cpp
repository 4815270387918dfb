// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "faultoptions.h"

#include "columns.h"

#include "model/error.h"
#include "model/units.h"

#include <cmath>
#include <iomanip>
#include <ostream>
#include <string>

namespace fabric::cli {
namespace {

std::string roleChoices()
{
    std::string names;
    for (std::string_view r : faultRoles())
        names += (names.empty() ? "" : "|") + std::string(r);
    return names;
}

} // namespace

void declareFaultOptions(OptionParser &parser)
{
    parser
        .option("--fail", "LIST",
            "Fail elements: node names, links a--b (a->b: one direction), NAME:PORT, "
            "OCS:P-Q circuits; NAME@0.25 degrades to 25% instead. Comma-separated, repeatable.",
            {}, true)
        .option(
            "--fail-random", "N", "Also fail N random elements of --fail-role (seeded by --seed).")
        .option("--fail-role", "ROLE", roleChoices() + ": what --fail-random draws from (link).")
        .flag("--allow-partial",
            "Run the traffic that can still be routed and report the rank pairs cut off, "
            "instead of stopping with an error that names them.");
}

std::vector<Fault> namedFaults(const ParsedOptions &o)
{
    std::vector<Fault> faults;
    for (const std::string &list : o.values("--fail")) {
        std::vector<Fault> named = parseFaultList(list);
        // "--fail ," names no fault: refused rather than run healthy.
        if (named.empty())
            throw UserError("--fail '" + list
                + "' names no fault (give a node, a link A--B, "
                  "A->B or an OCS circuit)");
        for (Fault &f : named)
            faults.push_back(std::move(f));
    }
    return faults;
}

std::vector<Fault> faultsFrom(const ParsedOptions &o, const Fabric &fabric, std::uint64_t seed)
{
    std::vector<Fault> faults = namedFaults(o);
    if (o.has("--fail-role") && !o.has("--fail-random"))
        throw UserError("--fail-role picks what --fail-random draws from: give --fail-random N");
    if (o.has("--fail-random")) {
        const auto n = static_cast<std::size_t>(o.integer("--fail-random", 1, 1'000'000, 1));
        const std::string role = o.value("--fail-role", "link");
        for (Fault &f : randomFaults(fabric, role, n, seed))
            faults.push_back(std::move(f));
    }
    (void)resolveFaults(fabric, faults);
    return faults;
}

void printFaultSummary(std::ostream &out, const Fabric &fabric, const collective::ScenarioRun &run)
{
    const collective::FaultOutcome &o = *run.faults;
    auto row = [&](const char *label) -> std::ostream & {
        return out << std::left << std::setw(13) << label;
    };
    const auto unreachable = [&] {
        row("Unreachable:") << units::formatCount(o.unreachablePairs.size(), "rank pair",
            "rank pairs") << ", their traffic skipped: ";
        for (std::size_t i = 0; i < std::min<std::size_t>(4, o.unreachablePairs.size()); ++i)
            out << (i ? ", " : "") << terminalText(fabric.node(o.unreachablePairs[i].first).name)
                << " -> " << terminalText(fabric.node(o.unreachablePairs[i].second).name);
        if (o.unreachablePairs.size() > 4)
            out << ", ...";
        out << "\n";
    };
    if (o.faults.empty()) {
        // A fabric built in parts cuts pairs off without a fault (--allow-partial).
        if (!o.unreachablePairs.empty())
            unreachable();
        return;
    }
    std::string names;
    for (std::size_t i = 0; i < o.faults.size(); ++i) {
        if (i == 8) {
            names += ", ... (" + std::to_string(o.faults.size()) + " in all)";
            break;
        }
        names += (i ? ", " : "") + terminalText(toString(o.faults[i]));
    }
    row("Faults:") << names << "\n";
    const FaultImpact impact = faultImpact(fabric, resolveFaults(fabric, o.faults));
    row("Lost:") << units::formatGbps(o.capacityLostGbps) << " of link capacity ("
                 << units::formatCount(std::uint64_t(impact.linksFailed), "link", "links")
                 << " failed, " << units::formatCount(std::uint64_t(impact.linksDegraded))
                 << " degraded)\n";
    // TPU chips link to each other: they are no GPUs, and their ports are their ICI links.
    row(run.expansion.torus ? "Chips:" : "GPUs:")
        << impact.gpusLostPort << " lost a port but not all, " << impact.gpusCutOff
        << " lost every port\n";
    row("Healthy:") << units::formatSeconds(o.healthyCompletionS) << "   (the same run without "
                    << "faults)\n";
    if (!o.unreachablePairs.empty())
        row("Slowdown:") << "n/a (rank pairs cut off: the collective cannot complete)\n";
    else
        row("Slowdown:") << slowdownText(o.slowdown) << "\n";
    if (o.spareCubes)
        row("OCS reroute:") << gen::describe(*o.spareCubes) << "\n";
    if (o.unreachablePairs.empty())
        row("Unreachable:") << "none (every rank pair still has a path)\n";
    else
        unreachable();
}

std::string slowdownText(double slowdown)
{
    return std::isfinite(slowdown) ? units::formatFixed(slowdown, 3) + "x" : "n/a";
}

} // namespace fabric::cli
