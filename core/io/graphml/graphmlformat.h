// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/fabricformat.h"

namespace fabric::io {

/// GraphML (write only): nodes and edges with typed <data> keys for every model field, readable
/// by yEd, Gephi, NetworkX and igraph. Node ids are "n<id>", edge ids "e<id>".
class GraphmlFormat final : public FabricFormat
{
public:
    std::string_view name() const override { return "graphml"; }
    std::string_view description() const override { return "GraphML (*.graphml)"; }
    std::vector<std::string> extensions() const override { return {"graphml"}; }
    bool canWrite() const override { return true; }
    void write(const Fabric &fabric, std::ostream &out) const override;
};

} // namespace fabric::io
