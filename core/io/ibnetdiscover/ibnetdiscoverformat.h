// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/fabricformat.h"

#include <map>
#include <set>
#include <string>

namespace fabric::io {

/// What an ibnetdiscover import may use besides the dump itself.
struct IbnetdiscoverOptions
{
    /// Node GUIDs ("S-0008f10500108098" or "0x0008f10500108098") of spine switches. When
    /// empty, roles come from the structure: switches with CA links are leaves, the others are
    /// spines (or core, two switch hops or more from any leaf).
    std::set<std::string> spineGuids;
    /// Node GUID -> name, e.g. a host name map (`H-003048c74e4a0000 x5570comp1`).
    std::map<std::string, std::string> names;
};

/**
 * Reads the topology files `ibnetdiscover` writes (man ibnetdiscover, "TOPOLOGY FILE FORMAT").
 * Switches become switches, every connected CA port becomes one GPU endpoint, each cable one
 * InfiniBand link at the data rate of its width x speed. Side files next to `NAME.<ext>`:
 * `NAME.spine` (spine GUIDs) and `NAME.map` (GUID -> name), NAME being the file name up to its
 * first dot. See docs/format.md for the mapping and the rate table.
 */
class IbnetdiscoverFormat final : public FabricFormat
{
public:
    std::string_view name() const override { return "ibnetdiscover"; }
    std::string_view description() const override
    {
        return "InfiniBand ibnetdiscover topology (*.topo, *.topofile, *.ibnetdiscover)";
    }
    std::vector<std::string> extensions() const override
    {
        return {"topo", "topofile", "ibnetdiscover", "ibnd"};
    }
    bool canRead() const override { return true; }
    bool probe(std::string_view head) const override;
    Fabric read(std::istream &in, const std::string &fileName) const override;

    /// Reads with explicit options (no side files are looked up).
    static Fabric readWith(std::istream &in, const std::string &fileName,
                           const IbnetdiscoverOptions &options);
    /// Reads the side files of @p fileName that exist; throws UserError for a bad one.
    static IbnetdiscoverOptions sideFileOptions(const std::string &fileName);
    /// Adds the GUIDs of a `.spine` side file (one GUID a line) to @p options.
    static void readSpineFile(std::istream &in, const std::string &fileName,
                              IbnetdiscoverOptions &options);
    /// Adds the names of a `.map` side file (`GUID NAME` or `GUID "NAME WITH SPACES"` lines, as
    /// infiniband-diags' node-name-map) to @p options; a GUID named twice is an error.
    static void readMapFile(std::istream &in, const std::string &fileName,
                            IbnetdiscoverOptions &options);
};

/// Latencies given to imported links and switches (the ib-fat-tree generator's defaults).
inline constexpr double kIbCableLatencyNs = 50.0;
inline constexpr double kIbSwitchLatencyNs = 100.0;

/// Data rate in Gb/s of one direction of a link of @p width lanes at @p speed ("SDR", "DDR",
/// "QDR", "FDR10", "FDR", "EDR", "HDR", "NDR", "XDR"), or 0 when unknown.
double ibDataRateGbps(int width, std::string_view speed);

} // namespace fabric::io
