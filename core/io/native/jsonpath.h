// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace fabric::io {

/**
 * Follows nlohmann's parser callback events to know the JSON pointer of the value being parsed,
 * at any depth, so a limit that trips deep inside `metadata` can name where. Costs one small
 * update per event; the path text is built only when asked.
 */
class JsonPathTracker
{
public:
    /// Call first for every callback event.
    void onEvent(int depth, nlohmann::json::parse_event_t event, const nlohmann::json &value);
    /// The pointer of the value at @p depth ("/metadata/a/0"); long paths keep their first and
    /// last segments around "/...", and long keys are cut, so a message stays one short line.
    std::string path(int depth) const;

private:
    struct Frame
    {
        bool array = false;
        std::size_t index = 0;
        std::string key;
    };
    Frame &frame(int depth);
    std::vector<Frame> mFrames; ///< [d]: the container whose members are at depth d
};

} // namespace fabric::io
