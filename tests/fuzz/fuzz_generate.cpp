// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The generators' parameters as a file or the form gives them: the first line names the family,
// the rest is the parameters' JSON. Sizes the generators accept are bounded (kMaxEndpoints), so
// whatever is accepted must build within the fuzzer's memory limit.
#include "fuzzinput.h"

#include "generators/registry.h"
#include "io/native/boundedjson.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto parts = fabric::fuzz::splitParts(fabric::fuzz::asText(data, size), "\n", 2);
    if (parts.size() != 2)
        return 0;
    fabric::fuzz::refusalIsFine([&] {
        const nlohmann::json params = fabric::io::parseBoundedJson(parts[1], "params");
        fabric::gen::generate(parts[0], params);
    });
    return 0;
}
