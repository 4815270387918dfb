// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fabric.h"

#include <string>
#include <string_view>
#include <unordered_map>

namespace fabric {

/**
 * Node names to ids, for the names users type (--ranks, --fail, a traffic file's src and dst).
 * The app keeps names unique, but a file written by hand or another tool may give two nodes
 * one name; a lookup of such a name is refused rather than resolved to one of them, so a fault
 * or a flow never lands on a node the user did not mean.
 */
class NodeNameIndex
{
public:
    explicit NodeNameIndex(const Fabric &fabric);

    /// The node named @p name; kNoNode when none is. Throws UserError (ambiguousText()) when
    /// more than one is, prefixed by @p context.
    NodeId find(std::string_view name, const std::string &context = {}) const;

private:
    struct Entry
    {
        NodeId first = kNoNode;
        NodeId second = kNoNode; ///< Another node of the name, if any.
        int count = 0;
    };
    std::unordered_map<std::string_view, Entry> mByName;
};

} // namespace fabric
