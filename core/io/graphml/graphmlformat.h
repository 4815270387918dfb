// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/fabricformat.h"

namespace fabric::io {

/// GraphML: nodes and edges with typed <data> keys for every model field, readable by yEd,
/// Gephi, NetworkX and igraph. Node ids are "n<id>", edge ids "e<id>". Reading matches keys
/// by attr.name, so plain GraphML from other tools reads too (docs/formats.md).
class GraphmlFormat final : public FabricFormat
{
public:
    /// Capacity of an edge that says none (documented in docs/formats.md).
    static constexpr double kDefaultCapacityGbps = 100.0;

    std::string_view name() const override { return "graphml"; }
    std::string_view description() const override { return "GraphML (*.graphml)"; }
    std::vector<std::string> extensions() const override { return {"graphml"}; }
    bool canRead() const override { return true; }
    bool canWrite() const override { return true; }
    bool probe(std::string_view head) const override;
    Fabric read(std::istream &in, const std::string &fileName) const override;
    void write(const Fabric &fabric, std::ostream &out) const override;
};

} // namespace fabric::io
