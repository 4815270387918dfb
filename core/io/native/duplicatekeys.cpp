// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "duplicatekeys.h"

#include <algorithm>

namespace fabric::io {

bool DuplicateKeys::isDuplicate(nlohmann::json::parse_event_t event, const nlohmann::json &value)
{
    using E = nlohmann::json::parse_event_t;
    if (event == E::object_start) {
        if (mDepth == mOpen.size())
            mOpen.emplace_back();
        Object &o = mOpen[mDepth++];
        o.keys.clear();
        o.many.clear();
        return false;
    }
    if (event == E::object_end) {
        if (mDepth > 0)
            --mDepth;
        return false;
    }
    if (event != E::key || mDepth == 0 || !value.is_string())
        return false;
    Object &o = mOpen[mDepth - 1];
    const std::string &key = value.get_ref<const std::string &>();
    if (o.keys.size() < kFew) {
        if (std::find(o.keys.begin(), o.keys.end(), key) != o.keys.end())
            return true;
        o.keys.push_back(key);
        if (o.keys.size() == kFew)
            o.many.insert(o.keys.begin(), o.keys.end());
        return false;
    }
    return !o.many.insert(key).second;
}

} // namespace fabric::io
