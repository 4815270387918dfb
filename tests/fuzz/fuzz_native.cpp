// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The native reader (*.fabric.json): any bytes either load or are refused with a UserError.
#include "fuzzinput.h"

#include "io/native/nativeformat.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    fabric::fuzz::refusalIsFine([&] {
        std::istringstream in{std::string(fabric::fuzz::asText(data, size))};
        fabric::io::NativeFormat().read(in, "fuzz.fabric.json");
    });
    return 0;
}
