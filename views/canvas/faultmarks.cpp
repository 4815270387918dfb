// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "faultmarks.h"

#include "model/error.h"

#include <algorithm>
#include <vector>

namespace fabric::views {

QColor failedColour() { return QColor(0xd0, 0x10, 0x20); }
QColor degradedColour() { return QColor(0xb8, 0x5c, 0x00); }

FabricCanvas::FaultMarks faultMarks(const Fabric &fabric, std::span<const Fault> faults)
{
    // One at a time, so a fault that names nothing leaves the others marked.
    std::vector<Fault> valid;
    for (const Fault &f : faults) {
        try {
            (void)resolveFaults(fabric, std::span(&f, 1));
            valid.push_back(f);
        } catch (const UserError &) {
        }
    }
    FabricCanvas::FaultMarks marks;
    for (const Fault &f : valid)
        if (f.kind == Fault::Kind::Node && f.failed())
            if (const NodeId n = fabric.findNode(f.node); n != kNoNode)
                marks.failedNodes.append(n);
    const FaultEffect effect = resolveFaults(fabric, valid);
    std::vector<double> kept;
    for (LinkId l : effect.links) {
        const auto i = 2 * static_cast<std::size_t>(l);
        const double k = std::min(effect.kept[i], effect.kept[i + 1]);
        if (k <= 0.0) {
            marks.failedLinks.append(l);
        } else {
            marks.degradedLinks.append(l);
            kept.push_back(k);
        }
    }
    if (!kept.empty() && std::all_of(kept.begin(), kept.end(), [&](double k) { return k == kept[0]; }))
        marks.degradedKept = kept[0];
    return marks;
}

} // namespace fabric::views
