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
    /// A node's property went from @p from to @p to: a rename follows into what names the node
    /// (faults, ranks).
    static void moved(
        Document *document, NodeProperty property, const QVariant &from, const QVariant &to)
    {
        if (property == NodeProperty::Name && from != to)
            document->renameNodes({ { from.toString().trimmed().toStdString(),
                to.toString().trimmed().toStdString() } });
    }
};

/// Sets one property of a selection of nodes (a name, a role, a tier...).
using ChangeNodeProperty = ChangeProperty<NodePropertyTraits>;

} // namespace fabric::app
