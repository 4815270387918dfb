// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/fabricformat.h"

namespace fabric::io {

/// Graphviz DOT (write only): an undirected graph, one statement per node and link, with kind,
/// role, capacity and medium as attributes and colours by medium, for `dot`/`sfdp` or Gephi.
class DotFormat final : public FabricFormat
{
public:
    std::string_view name() const override { return "dot"; }
    std::string_view description() const override { return "Graphviz DOT (*.dot, *.gv)"; }
    std::vector<std::string> extensions() const override { return {"dot", "gv"}; }
    bool canWrite() const override { return true; }
    void write(const Fabric &fabric, std::ostream &out) const override;
};

} // namespace fabric::io
