// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/fabricformat.h"

namespace fabric::io {

/**
 * draw.io / diagrams.net (mxGraph XML, uncompressed; write only). Nodes are vertices placed at
 * LayoutHints::position (callers with a layout fill it first, see usesPositions()), nodes of a
 * pod / segment / cube / group sit in one container cell, every link is its own edge coloured
 * by medium. Nodes without a position fall back on rows by tier.
 */
class DrawioFormat final : public FabricFormat
{
public:
    std::string_view name() const override { return "drawio"; }
    std::string_view description() const override { return "draw.io diagram (*.drawio)"; }
    std::vector<std::string> extensions() const override { return { "drawio" }; }
    bool canWrite() const override { return true; }
    bool usesPositions() const override { return true; }
    void write(const Fabric &fabric, std::ostream &out) const override;
};

} // namespace fabric::io
