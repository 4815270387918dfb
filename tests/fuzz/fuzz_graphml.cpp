// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The GraphML reader (and the XML reader under it).
#include "fuzzinput.h"

#include "io/graphml/graphmlformat.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    fabric::fuzz::refusalIsFine([&] {
        std::istringstream in{std::string(fabric::fuzz::asText(data, size))};
        fabric::io::GraphmlFormat().read(in, "fuzz.graphml");
    });
    return 0;
}
