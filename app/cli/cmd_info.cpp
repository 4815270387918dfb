// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `fabricscope-cli info FILE [--json]`: the topology metrics of a fabric file.
#include "columns.h"
#include "command.h"
#include "options.h"

#include "io/fabricfile.h"
#include "model/metrics.h"
#include "model/units.h"

#include <cmath>
#include <iomanip>
#include <ostream>

namespace fabric::cli {
namespace {

nlohmann::json toJson(const std::string &file, const Fabric &fabric,
                      const metrics::FabricMetrics &m)
{
    nlohmann::json tiers = nlohmann::json::array();
    for (const metrics::TierSummary &t : m.tiers)
        tiers.push_back({{"tier", t.tier},
                         {"role", t.role},
                         {"switches", t.switches},
                         {"down_gbps", t.downGbps},
                         {"up_gbps", t.upGbps},
                         {"oversubscription", t.oversubscription},
                         {"oversubscription_text", units::formatRatio(t.oversubscription)}});
    nlohmann::json j = {{"file", file},
                        {"endpoints", m.endpoints},
                        {"standby_chips", m.standbyChips},
                        {"hosts", m.hosts},
                        {"switches", m.switches},
                        {"ocs", m.ocs},
                        {"links", m.links},
                        {"switches_by_role", m.switchesByRole},
                        {"links_by_medium", m.linksByMedium},
                        {"total_capacity_gbps", m.totalCapacityGbps},
                        {"bisection_gbps", m.bisectionGbps},
                        {"diameter_hops", m.diameterHops},
                        {"tiers", std::move(tiers)}};
    if (!fabric.generator().family.empty())
        j["generator"] = {{"family", fabric.generator().family},
                          {"params", fabric.generator().params},
                          {"modified", fabric.generator().modified}};
    return j;
}

std::string countsByName(const std::map<std::string, std::size_t> &counts)
{
    std::string out;
    for (const auto &[name, count] : counts)
        out += (out.empty() ? "" : ", ") + name + " " + units::formatCount(count);
    return out.empty() ? out : " (" + out + ")";
}

void printText(const std::string &file, const Fabric &fabric, const metrics::FabricMetrics &m,
               std::ostream &out)
{
    auto row = [&](const char *label) -> std::ostream & {
        return out << std::left << std::setw(14) << label;
    };
    row("File:") << file << "\n";
    if (!fabric.generator().family.empty())
        row("Generator:") << terminalText(fabric.generator().family)
                          << (fabric.generator().modified ? " (modified)" : "") << " "
                          << terminalText(fabric.generator().params.dump(), 4096) << "\n";
    row("Endpoints:") << units::formatCount(m.endpoints, "GPU/accelerator", "GPUs/accelerators");
    if (m.standbyChips > 0)
        out << " (and " << units::formatCount(m.standbyChips) << " more on standby)";
    out << "\n";
    row("Hosts:") << units::formatCount(m.hosts) << "\n";
    row("Switches:") << units::formatCount(m.switches) << countsByName(m.switchesByRole) << "\n";
    row("OCS:") << units::formatCount(m.ocs) << "\n";
    row("Links:") << units::formatCount(m.links) << countsByName(m.linksByMedium) << "\n";
    row("Capacity:") << units::formatGbps(m.totalCapacityGbps)
                     << " summed over links, one direction\n";
    row("Bisection:") << units::formatGbps(m.bisectionGbps)
                      << " one direction, first half of the endpoints to the second\n";
    if (m.diameterHops < 0)
        row("Diameter:") << "some endpoints cannot reach each other\n";
    else
        row("Diameter:") << units::formatCount(std::uint64_t(m.diameterHops), "hop", "hops")
                         << " between endpoints\n";
    if (m.tiers.empty())
        return;
    out << "Tiers:\n";
    for (const metrics::TierSummary &t : m.tiers)
        out << "  tier " << t.tier << " " << std::setw(7) << t.role << std::right << std::setw(16)
            << units::formatCount(t.switches, "switch ", "switches") << "   down " << std::setw(10)
            << units::formatGbps(t.downGbps) << "   up " << std::setw(10)
            << units::formatGbps(t.upGbps) << "   oversubscription "
            << units::formatRatio(t.oversubscription) << std::left << "\n";
}

int runInfo(const std::vector<std::string> &args, std::ostream &out, std::ostream &)
{
    OptionParser parser("info");
    parser.positional("FILE", "The fabric to describe (any readable format).")
        .flag("--json", "Print one JSON object instead of text.");
    const ParsedOptions o = parser.parse(args);
    if (o.helpRequested()) {
        out << parser.usage();
        return 0;
    }
    const std::string file = o.positional(0);
    const Fabric fabric = io::loadFabric(file);
    const metrics::FabricMetrics m = metrics::computeMetrics(fabric);
    if (o.has("--json"))
        out << toJson(file, fabric, m).dump(2) << "\n";
    else
        printText(file, fabric, m, out);
    return 0;
}

} // namespace

Command infoCommand()
{
    return {"info", "info FILE [--json]",
            "Show a fabric's counts, tiers with oversubscription, bisection bandwidth and "
            "diameter.",
            runInfo};
}

} // namespace fabric::cli
