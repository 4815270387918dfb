// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `fabricscope-cli generate FAMILY [--set KEY=VALUE]... [-o FILE]`
#include "command.h"
#include "fabricoutput.h"
#include "options.h"

#include "generators/registry.h"
#include "model/error.h"

#include <ostream>

namespace fabric::cli {
namespace {

std::string familyNames()
{
    std::string out;
    for (const gen::FamilyInfo &f : gen::families())
        out += (out.empty() ? "" : ", ") + f.name;
    return out;
}

int runGenerate(const std::vector<std::string> &args, std::ostream &out, std::ostream &)
{
    OptionParser parser("generate");
    parser.positional("FAMILY", "The fabric family (see `fabricscope-cli families`).")
        .option("--set", "KEY=VALUE", "Sets a generator parameter; repeat for several.", "", true)
        .option("--output", "FILE", "Writes the fabric to FILE (format from its extension) "
                                    "instead of standard output.", "-o")
        .option("--format", "NAME", "Output format: " + io::describeFormats(io::Access::Write)
                                        + "; default native.");
    const ParsedOptions o = parser.parse(args);
    if (o.helpRequested()) {
        out << parser.usage();
        return 0;
    }
    const std::string family = o.positional(0);
    if (!gen::findFamily(family))
        throw UserError("unknown family '" + family + "' (known: " + familyNames() + ")");
    const io::FabricFormat &format = outputFormat(
        o.value("--output"), formatNamed(o.value("--format"), io::Access::Write), "--format");
    const Fabric fabric = gen::generate(family, gen::ParamText(o.keyValues("--set")));
    writeFabric(fabric, o.value("--output"), format, out);
    return 0;
}

} // namespace

Command generateCommand()
{
    return {"generate", "generate FAMILY [--set KEY=VALUE]... [-o FILE] [--format NAME]",
            "Generate a fabric of a family; writes *.fabric.json to FILE or standard output.",
            runGenerate};
}

} // namespace fabric::cli
