// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "nodenameindex.h"

#include "error.h"

namespace fabric {

NodeNameIndex::NodeNameIndex(const Fabric &fabric)
{
    mByName.reserve(fabric.nodeCount());
    fabric.forEachNode([&](const Node &n) {
        Entry &e = mByName[n.name];
        if (e.count == 0)
            e.first = n.id;
        else if (e.count == 1)
            e.second = n.id;
        ++e.count;
    });
}

NodeId NodeNameIndex::find(std::string_view name, const std::string &context) const
{
    const auto it = mByName.find(name);
    if (it == mByName.end())
        return kNoNode;
    const Entry &e = it->second;
    if (e.count > 1)
        throw UserError(context + std::to_string(e.count) + " nodes are named '" + std::string(name)
            + "' (ids " + std::to_string(e.first) + " and " + std::to_string(e.second)
            + (e.count > 2 ? ", ..." : "") + "): give them different names in the fabric file");
    return e.first;
}

} // namespace fabric
