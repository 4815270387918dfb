// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"

namespace fabric::app {

/**
 * The "(modified)" mark a hand edit puts on a generated fabric's generator, so a saved file no
 * longer claims to be what its generator makes. A command takes one when it is made (before
 * its first redo), marks the fabric in redo and gives the earlier mark back in undo: undoing
 * every edit leaves the fabric unmarked again.
 */
class GeneratorEditMark
{
public:
    explicit GeneratorEditMark(const Fabric &fabric)
        : mBefore(fabric.generator().modified)
    {
    }

    void mark(Fabric &fabric) const
    {
        if (!fabric.generator().family.empty())
            fabric.generator().modified = true;
    }
    void unmark(Fabric &fabric) const { fabric.generator().modified = mBefore; }

private:
    bool mBefore;
};

} // namespace fabric::app
