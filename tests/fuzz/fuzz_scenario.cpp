// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario JSON, as `simulate --scenario` and the native file's "scenarios" give it.
#include "fuzzinput.h"

#include "collective/scenario.h"
#include "io/native/boundedjson.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    fabric::fuzz::refusalIsFine([&] {
        const nlohmann::json j = fabric::io::parseBoundedJson(
            std::string(fabric::fuzz::asText(data, size)), "fuzz.scenario.json");
        const fabric::collective::Scenario s = fabric::collective::scenarioFromJson(j);
        // What was accepted must write back and read back to the same scenario.
        if (!(fabric::collective::scenarioFromJson(fabric::collective::toJson(s)) == s))
            __builtin_trap();
    });
    return 0;
}
