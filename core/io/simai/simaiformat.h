// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/fabricformat.h"

namespace fabric::io {

/**
 * Topology text for packet simulators (write only), in two flavours of one layout:
 * ns-3 HPCC's topology.txt (`nodes switches links`, the switch ids, then
 * `src dst rate delay error_rate` per link) and SimAI's, whose first line is
 * `nodes gpus_per_server nvswitches switches links gpu_type`. GPUs get ids 0..G-1, hosts (the
 * NVLink domain) come next as NVSwitches, then the packet switches; OCS circuits become direct
 * chip-to-chip links. docs/formats.md has the mapping and what is lost.
 */
class SimaiFormat final : public FabricFormat
{
public:
    enum class Flavour { SimAI, Ns3 };
    explicit SimaiFormat(Flavour flavour)
        : mFlavour(flavour)
    {
    }

    std::string_view name() const override { return mFlavour == Flavour::SimAI ? "simai" : "ns3"; }
    std::string_view description() const override
    {
        return mFlavour == Flavour::SimAI ? "SimAI topology (*.simai.txt)"
                                           : "ns-3 HPCC topology (*.ns3.txt)";
    }
    std::vector<std::string> extensions() const override
    {
        return { mFlavour == Flavour::SimAI ? "simai.txt" : "ns3.txt" };
    }
    bool canWrite() const override { return true; }
    void write(const Fabric &fabric, std::ostream &out) const override;

private:
    Flavour mFlavour;
};

} // namespace fabric::io
