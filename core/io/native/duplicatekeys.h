// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <unordered_set>
#include <vector>

namespace fabric::io {

/**
 * Follows nlohmann's parser callback events to spot a key given twice in one object. nlohmann
 * keeps the last silently, so a file with two "nodes" arrays lost the first without a word,
 * while the format refuses unknown keys precisely so that nothing is lost unsaid. Objects of a
 * few keys (every node and link) are searched in place; a large one gets a hash set.
 */
class DuplicateKeys
{
public:
    /// Call for every callback event; true when @p value, a key, is already in its object.
    bool isDuplicate(nlohmann::json::parse_event_t event, const nlohmann::json &value);

private:
    struct Object
    {
        std::vector<std::string> keys;
        std::unordered_set<std::string> many; ///< All keys once there are more than kFew.
    };
    static constexpr std::size_t kFew = 16;
    std::vector<Object> mOpen; ///< Objects being parsed, innermost last.
    std::size_t mDepth = 0; ///< mOpen[0, mDepth) are in use (the rest kept for reuse).
};

} // namespace fabric::io
