// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

/// GraphML as plain records: what the XML says, before it means anything to the model.
namespace fabric::io::graphml {

/// Values by attr.name (lower case), the <key> defaults already applied.
using Values = std::map<std::string, std::string>;

struct NodeRecord
{
    std::string id;
    int line = 0;
    Values values;
    std::string label; ///< yEd's <y:NodeLabel> text, trimmed.
    bool group = false; ///< Holds a nested <graph> (a yEd group): not a fabric node.
};

struct EdgeRecord
{
    std::string id, source, target;
    int line = 0;
    Values values;
};

struct Document
{
    Values graph; ///< Data of the top-level <graph>.
    std::map<std::string, int> graphLines; ///< The line of each of those <data>, by name.
    std::vector<NodeRecord> nodes;
    std::vector<EdgeRecord> edges;
};

/// Parses GraphML text. Throws UserError "FILE:LINE: what" for bad XML, <data> naming an
/// undeclared key, a hyperedge, an edge without source or target, no <graph>.
Document readDocument(std::string_view text, const std::string &fileName);

} // namespace fabric::io::graphml
