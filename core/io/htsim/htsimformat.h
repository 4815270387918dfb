// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/fabricformat.h"
#include "sim/flow.h"

#include <iosfwd>
#include <vector>

namespace fabric::io {

/**
 * htsim's connection matrix (csg-htsim, sim/datacenter/connection_matrix.cpp; write only):
 * `Nodes N`, `Connections M`, `Triggers T`, then one `src->dst id I start PS size B` line per
 * flow. A fabric alone has no flows, so this format needs a scenario (needsScenario()): the CLI
 * writes it with `export FABRIC --scenario ... --format htsim`.
 */
class HtsimFormat final : public FabricFormat
{
public:
    std::string_view name() const override { return "htsim"; }
    std::string_view description() const override { return "htsim connection matrix (*.cm)"; }
    std::vector<std::string> extensions() const override { return { "cm" }; }
    bool canWrite() const override { return true; }
    bool needsScenario() const override { return true; }
    /// Refuses with a line that says how to write one (a fabric alone has no flows).
    void write(const Fabric &fabric, std::ostream &out) const override;
};

/**
 * Writes @p flows (a scenario's expansion on @p fabric) as an htsim connection matrix. Nodes
 * are the fabric's endpoints in id order (htsim host 0..N-1). A flow's dependencies become
 * triggers: the flows that wait for the same set share one trigger (oneshot for one flow,
 * barrier with a count for several), fired by each dependency's send_done_trigger or
 * recv_done_trigger. A flow that more than two distinct sets wait for cannot fire them all;
 * then only the flows without dependencies (the first step) are written and a comment at the
 * top says so. Throws UserError for a flow larger than htsim's 32-bit size.
 */
void writeConnectionMatrix(
    const Fabric &fabric, const std::vector<sim::FlowSpec> &flows, std::ostream &out);

} // namespace fabric::io
