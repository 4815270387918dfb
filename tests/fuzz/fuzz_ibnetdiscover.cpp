// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The ibnetdiscover reader with its side files: the input is the dump, then optionally a line
// "%%spine" and a .spine file, then a line "%%map" and a .map file.
#include "fuzzinput.h"

#include "io/ibnetdiscover/ibnetdiscoverformat.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using fabric::io::IbnetdiscoverFormat;
    const auto spineSplit = fabric::fuzz::splitParts(fabric::fuzz::asText(data, size),
                                                     "\n%%spine\n", 2);
    const auto mapSplit = fabric::fuzz::splitParts(spineSplit.back(), "\n%%map\n", 2);
    const std::string &dump = spineSplit.size() == 2 ? spineSplit[0] : mapSplit[0];
    fabric::fuzz::refusalIsFine([&] {
        fabric::io::IbnetdiscoverOptions options;
        if (spineSplit.size() == 2) {
            std::istringstream spine(mapSplit[0]);
            IbnetdiscoverFormat::readSpineFile(spine, "fuzz.spine", options);
        }
        if (mapSplit.size() == 2) {
            std::istringstream map(mapSplit[1]);
            IbnetdiscoverFormat::readMapFile(map, "fuzz.map", options);
        }
        std::istringstream in(dump);
        IbnetdiscoverFormat::readWith(in, "fuzz.topo", options);
    });
    return 0;
}
