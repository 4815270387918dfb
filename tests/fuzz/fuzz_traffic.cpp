// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The custom traffic CSV (`src,dst,bytes[,start_s]`), read against a small generated fat-tree
// whose GPU names the corpus uses.
#include "fuzzinput.h"

#include "generators/registry.h"
#include "collective/traffic.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static const fabric::Fabric fabric =
        fabric::gen::generate("ib-fat-tree", nlohmann::json{{"radix", 4}, {"gpus_per_host", 2}});
    fabric::fuzz::refusalIsFine([&] {
        std::istringstream in{std::string(fabric::fuzz::asText(data, size))};
        fabric::collective::readTraffic(in, "fuzz.csv", fabric);
    });
    return 0;
}
