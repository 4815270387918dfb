// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "changeproperty.h"
#include "commandids.h"

namespace fabric::app {

struct NodePropertyTraits
{
    using Id = NodeId;
    using Property = NodeProperty;
    static constexpr int kMergeId = ChangeNodePropertyId;
    static Node &item(Fabric &fabric, NodeId id) { return fabric.node(id); }
    static ChangeEvent changed(const std::vector<NodeId> &ids)
    {
        return { ChangeEvent::Type::NodesChanged, ids, {} };
    }
};

/// Sets one property of a selection of nodes (a name, a role, a tier...).
using ChangeNodeProperty = ChangeProperty<NodePropertyTraits>;

} // namespace fabric::app
