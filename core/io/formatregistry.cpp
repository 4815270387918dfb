// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "formatregistry.h"

#include "dot/dotformat.h"
#include "drawio/drawioformat.h"
#include "graphml/graphmlformat.h"
#include "htsim/htsimformat.h"
#include "ibnetdiscover/ibnetdiscoverformat.h"
#include "native/nativeformat.h"
#include "simai/simaiformat.h"
#include "slurm/slurmformat.h"

#include <algorithm>

namespace fabric::io {
namespace {

bool allows(const FabricFormat &f, Access access)
{
    return access == Access::Read ? f.canRead() : f.canWrite();
}

} // namespace

const std::vector<const FabricFormat *> &formats()
{
    static const NativeFormat native;
    static const IbnetdiscoverFormat ibnetdiscover;
    static const GraphmlFormat graphml;
    static const DotFormat dot;
    static const DrawioFormat drawio;
    static const SimaiFormat simai(SimaiFormat::Flavour::SimAI);
    static const SimaiFormat ns3(SimaiFormat::Flavour::Ns3);
    static const SlurmFormat slurm;
    static const HtsimFormat htsim;
    static const std::vector<const FabricFormat *> all{&native, &ibnetdiscover, &graphml, &dot,
                                                       &drawio, &simai, &ns3, &slurm, &htsim};
    return all;
}

const FabricFormat *findFormat(std::string_view name)
{
    for (const FabricFormat *f : formats())
        if (f->name() == name)
            return f;
    return nullptr;
}

const FabricFormat *formatForFile(std::string_view fileName, Access access)
{
    const FabricFormat *best = nullptr;
    std::size_t bestLength = 0;
    for (const FabricFormat *f : formats()) {
        const std::size_t length = f->extensionMatch(fileName);
        if (length > bestLength && allows(*f, access)) {
            best = f;
            bestLength = length;
        }
    }
    return best;
}

const FabricFormat *formatForContent(std::string_view fileName, std::string_view head)
{
    if (const FabricFormat *f = formatForFile(fileName, Access::Read))
        return f;
    for (const FabricFormat *f : formats())
        if (f->canRead() && f->probe(head))
            return f;
    return nullptr;
}

std::string fabricNameOf(std::string_view fileName)
{
    const std::size_t slash = fileName.find_last_of("/\\");
    std::string_view name = slash == std::string_view::npos ? fileName : fileName.substr(slash + 1);
    std::size_t longest = 0;
    for (const FabricFormat *f : formats())
        if (f->canRead())
            longest = std::max(longest, f->extensionMatch(name));
    // A file called ".fabric.json" keeps its name rather than going by nothing.
    return std::string(longest < name.size() ? name.substr(0, name.size() - longest) : name);
}

std::string describeFormats(Access access)
{
    std::string out;
    for (const FabricFormat *f : formats()) {
        if (!allows(*f, access))
            continue;
        if (!out.empty())
            out += ", ";
        out += std::string(f->name()) + " (";
        bool first = true;
        for (const std::string &ext : f->extensions()) {
            out += (first ? "*." : " *.") + ext;
            first = false;
        }
        if (access == Access::Write && f->needsScenario())
            out += ", from a scenario with export --scenario";
        out += ")";
    }
    return out;
}

std::string formatNames(Access access)
{
    std::string out;
    for (const FabricFormat *f : formats())
        if (allows(*f, access))
            out += (out.empty() ? "" : ", ") + std::string(f->name());
    return out;
}

std::string formatExtensions(Access access)
{
    std::string out;
    for (const FabricFormat *f : formats())
        if (allows(*f, access))
            for (const std::string &ext : f->extensions())
                out += (out.empty() ? "." : " .") + ext;
    return out;
}

} // namespace fabric::io
