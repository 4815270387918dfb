// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "boundedjson.h"

#include "duplicatekeys.h"
#include "jsonpath.h"
#include "readlimits.h"

#include "model/error.h"

#include <algorithm>
#include <string>

namespace fabric::io {

std::string describeJsonParseError(const nlohmann::json::exception &e)
{
    std::string what = e.what();
    // Valid JSON, but a number no double holds ("1e400"): not a truncated file.
    if (e.id == 406)
        if (const std::size_t close = what.find("] "); close != std::string::npos)
            return "a number too large to read: " + what.substr(close + 2);
    const std::size_t at = what.find(" at line ");
    if (at != std::string::npos)
        what = what.substr(at + 4);
    else if (const std::size_t close = what.find("] "); close != std::string::npos)
        what = what.substr(close + 2);
    return "not valid JSON (truncated?): " + what;
}

void refuseNul(std::string_view text, const std::string &what)
{
    const std::size_t nul = text.find('\0');
    if (nul == std::string_view::npos)
        return;
    const std::string_view before = text.substr(0, nul);
    const std::size_t lineStart = before.rfind('\n');
    const std::size_t column = lineStart == std::string_view::npos ? nul + 1 : nul - lineStart;
    throw UserError(what + ": line "
        + std::to_string(std::count(before.begin(), before.end(), '\n') + 1) + ", column "
        + std::to_string(column) + ": a NUL byte, which JSON text never holds");
}

nlohmann::json parseBoundedJson(std::string_view text, const std::string &what, int levelsBelowRoot)
{
    using E = nlohmann::json::parse_event_t;
    JsonPathTracker path;
    DuplicateKeys duplicates;
    auto fail = [&](int depth, const std::string &fault) {
        throw UserError(what + ": " + path.path(depth) + ": " + fault);
    };
    refuseNul(text, what);
    try {
        return nlohmann::json::parse(text, [&](int depth, E event, nlohmann::json &value) {
            if (event == E::key)
                path.onEvent(depth, event, value);
            if (duplicates.isDuplicate(event, value))
                fail(depth, "the key is given twice (the second would replace the first)");
            if ((event == E::object_start || event == E::array_start)
                && depth + levelsBelowRoot >= limits::kMaxDepth)
                fail(depth, "nested deeper than " + std::to_string(limits::kMaxDepth)
                                + " levels (the limit)");
            if ((event == E::key || event == E::value) && value.is_string()
                && limits::tooLong(value.get_ref<const std::string &>()))
                fail(depth, limits::longerThanLimit("a string"));
            if (event != E::key)
                path.onEvent(depth, event, value);
            return true;
        });
    } catch (const nlohmann::json::exception &e) {
        throw UserError(what + ": " + describeJsonParseError(e));
    }
}

} // namespace fabric::io
