// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/fabricformat.h"

namespace fabric::io {

/**
 * Slurm's topology.conf for the topology/tree plugin (write only), as ibtopotool writes it
 * from ibnetdiscover dumps: one `SwitchName=X Nodes=host[01-04]` line per switch that hosts
 * attach to, one `SwitchName=Y Switches=leaf[1-2]` line per switch above others. Hosts are the
 * Slurm nodes (a GPU without a host stands for itself). Fabrics without packet switches (a
 * torus) are refused.
 */
class SlurmFormat final : public FabricFormat
{
public:
    std::string_view name() const override { return "slurm"; }
    std::string_view description() const override { return "Slurm topology.conf (*.conf)"; }
    std::vector<std::string> extensions() const override { return { "topology.conf", "conf" }; }
    bool canWrite() const override { return true; }
    void write(const Fabric &fabric, std::ostream &out) const override;
};

} // namespace fabric::io
