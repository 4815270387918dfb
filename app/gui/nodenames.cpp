// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "nodenames.h"

namespace fabric::app {

NodeNamer::NodeNamer(const Fabric &fabric)
{
    fabric.forEachNode([this](const Node &n) { mTaken.insert(n.name); });
}

std::string NodeNamer::take(const std::string &base)
{
    std::string name = base;
    for (int i = 2; mTaken.count(name); ++i)
        name = base + "-" + std::to_string(i);
    mTaken.insert(name);
    return name;
}

} // namespace fabric::app
