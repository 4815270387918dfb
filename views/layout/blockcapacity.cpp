// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "blockcapacity.h"

#include "common/qtstrings.h"
#include "model/units.h"

#include <vector>

namespace fabric::views {

void describeBlockCapacity(const Fabric &fabric, FabricLayout &layout)
{
    std::vector<double> injected(layout.blocks.size(), 0.0), leaving(layout.blocks.size(), 0.0);
    const auto blockOf = [&](NodeId n) {
        const auto i = static_cast<std::size_t>(n);
        return i < layout.blockOf.size() ? layout.blockOf[i] : -1;
    };
    fabric.forEachLink([&](const Link &l) {
        if (l.medium == Medium::NvLink)
            return;
        const int a = blockOf(l.a), b = blockOf(l.b);
        for (const auto &[end, block] : { std::pair { l.a, a }, std::pair { l.b, b } })
            if (block >= 0 && fabric.node(end).kind == NodeKind::Gpu)
                injected[static_cast<std::size_t>(block)] += l.capacityGbps;
        if (a == b)
            return;
        for (const int block : { a, b })
            if (block >= 0)
                leaving[static_cast<std::size_t>(block)] += l.capacityGbps;
    });
    for (std::size_t i = 0; i < layout.blocks.size(); ++i) {
        LayoutBlock &block = layout.blocks[i];
        if (block.kind != LayoutBlock::Kind::Pod || leaving[i] <= 0 || injected[i] <= 0)
            continue;
        block.detail += QStringLiteral("\n%1 from GPUs, %2 out (%3)")
                            .arg(toQString(units::formatGbps(injected[i])),
                                toQString(units::formatGbps(leaving[i])),
                                toQString(units::formatRatio(injected[i] / leaving[i])));
    }
}

} // namespace fabric::views
