// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabricoutput.h"

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
    if (!f || !(access == io::Access::Read ? f->canRead() : f->canWrite()))
        throw UserError("unknown " + std::string(access == io::Access::Read ? "input" : "output")
            + " format '" + *name + "' (allowed: " + io::formatNames(access) + ")");
    return f;
}

void writeFabric(const Fabric &fabric, const std::optional<std::string> &path,
                 const io::FabricFormat *format, std::ostream &out)
{
    const bool toFile = path && *path != "-";
    if (!format)
        format = toFile ? io::formatForFile(*path, io::Access::Write) : io::findFormat("native");
    auto write = [&](const Fabric &f) {
        if (toFile) {
            io::saveFabric(f, *path, format);
            return;
        }
        format->write(f, out);
        out.flush();
    };
    // Formats that place nodes get the positions the GUI's canvas would show.
    if (format && format->usesPositions())
        write(views::withLayoutPositions(fabric));
    else
        write(fabric);
}

} // namespace fabric::cli
