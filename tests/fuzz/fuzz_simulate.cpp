// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A native file loaded and simulated, as `fabricscope-cli simulate` does: an all-reduce (ring)
// and an all-to-all of 1 MiB on whatever GPUs the file holds. Finite, bounded input must give a
// finite run or a refusal, never a crash or a loop.
#include "fuzzinput.h"

#include "collective/run.h"
#include "io/native/nativeformat.h"

#include <cmath>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace fabric;
    fuzz::refusalIsFine([&] {
        std::istringstream in{std::string(fuzz::asText(data, size))};
        const Fabric fabric = io::NativeFormat().read(in, "fuzz.fabric.json");
        for (const collective::Collective c :
             {collective::Collective::AllReduce, collective::Collective::AllToAll}) {
            collective::Scenario scenario;
            scenario.collective = c;
            scenario.bytes = 1 << 20;
            fuzz::refusalIsFine([&] {
                const collective::ScenarioRun run = collective::runScenario(fabric, scenario);
                if (!std::isfinite(run.result.completionS))
                    __builtin_trap();
            });
        }
    });
    return 0;
}
