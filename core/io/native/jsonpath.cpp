// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsonpath.h"

#include "io/common/cleantext.h"

namespace fabric::io {
namespace {

constexpr int kShownHead = 4;
constexpr int kShownTail = 2;
constexpr std::size_t kMaxKeyShown = 24;

} // namespace

JsonPathTracker::Frame &JsonPathTracker::frame(int depth)
{
    const auto d = static_cast<std::size_t>(depth);
    if (mFrames.size() <= d)
        mFrames.resize(d + 1);
    return mFrames[d];
}

void JsonPathTracker::onEvent(int depth, nlohmann::json::parse_event_t event,
                              const nlohmann::json &value)
{
    using E = nlohmann::json::parse_event_t;
    switch (event) {
    case E::object_start:
    case E::array_start:
        frame(depth + 1) = Frame{event == E::array_start, 0, {}};
        break;
    case E::key:
        frame(depth).key = value.get<std::string>();
        break;
    case E::value:
    case E::object_end:
    case E::array_end:
        if (depth >= 1 && frame(depth).array)
            ++frame(depth).index;
        break;
    }
}

std::string JsonPathTracker::path(int depth) const
{
    auto segment = [&](int d) {
        const Frame &f = mFrames[static_cast<std::size_t>(d)];
        return "/" + (f.array ? std::to_string(f.index) : escapedText(f.key, kMaxKeyShown));
    };
    const int last = std::min(depth, static_cast<int>(mFrames.size()) - 1);
    std::string out;
    for (int d = 1; d <= last; ++d) {
        if (last > kShownHead + kShownTail + 1 && d == kShownHead + 1) {
            out += "/...";
            d = last - kShownTail + 1;
        }
        out += segment(d);
    }
    return out.empty() ? "/" : out;
}

} // namespace fabric::io
