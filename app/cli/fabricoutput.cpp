// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabricoutput.h"

#include "io/atomicwrite.h"
#include "io/fabricfile.h"
#include "layout/layoutpositions.h"
#include "model/error.h"

#include <ostream>

namespace fabric::cli {

const io::FabricFormat *formatNamed(const std::optional<std::string> &name, io::Access access)
{
    if (!name)
        return nullptr;
    const io::FabricFormat *f = io::findFormat(*name);
    const bool reading = access == io::Access::Read;
    const std::string allowed = " (allowed: " + io::formatNames(access) + ")";
    if (!f)
        throw UserError("unknown " + std::string(reading ? "input" : "output") + " format '" + *name
            + "'" + allowed);
    // A format FabricScope knows the other way round is named as such, not as unknown.
    if (!(reading ? f->canRead() : f->canWrite()))
        throw UserError("format '" + *name + "' can be " + (reading ? "written" : "read") + ", not "
            + (reading ? "read" : "written") + allowed);
    return f;
}

const io::FabricFormat &outputFormat(const std::optional<std::string> &path,
    const io::FabricFormat *named, const std::string &option)
{
    if (!path || *path == "-")
        return named ? *named : *io::findFormat("native");
    io::checkCanSave(*path);
    const io::FabricFormat *bySuffix = io::formatForFile(*path, io::Access::Write);
    if (named && bySuffix && bySuffix != named)
        throw UserError(*path + ": a " + std::string(bySuffix->title()) + " file by its name, but "
            + option + " asks for " + std::string(named->name()) + ": name the file *."
            + named->extensions().front() + " or leave " + option + " out");
    return io::formatToSave(*path, named);
}

void writeFabric(const Fabric &fabric, const std::optional<std::string> &path,
    const io::FabricFormat &format, std::ostream &out)
{
    const bool toFile = path && *path != "-";
    auto write = [&](const Fabric &f) {
        if (toFile) {
            io::saveFabric(f, *path, &format);
            return;
        }
        format.write(f, out);
        out.flush();
    };
    // Formats that place nodes get the positions the GUI's canvas would show.
    if (format.usesPositions())
        write(views::withLayoutPositions(fabric));
    else
        write(fabric);
}

} // namespace fabric::cli
