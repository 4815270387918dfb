// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"

#include <string>
#include <unordered_set>

namespace fabric::app {

/// Hands out node names no node of a fabric has yet ("leaf-3-copy", "gpu-17"), remembering
/// what it handed out so one edit can name many nodes.
class NodeNamer
{
public:
    explicit NodeNamer(const Fabric &fabric);

    /// @p base itself when free, else @p base followed by "-2", "-3", ...
    std::string take(const std::string &base);

private:
    std::unordered_set<std::string> mTaken;
};

} // namespace fabric::app
