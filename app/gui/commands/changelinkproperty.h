// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "changeproperty.h"
#include "commandids.h"

namespace fabric::app {

struct LinkPropertyTraits
{
    using Id = LinkId;
    using Property = LinkProperty;
    static constexpr int kMergeId = ChangeLinkPropertyId;
    static Link &item(Fabric &fabric, LinkId id) { return fabric.link(id); }
    static ChangeEvent changed(const std::vector<LinkId> &ids)
    {
        return { ChangeEvent::Type::LinksChanged, {}, ids };
    }
    /// Nothing names a link by its properties.
    static void moved(Document *, LinkProperty, const QVariant &, const QVariant &) { }
};

/// Sets one property of a selection of links (capacity, latency, medium...).
using ChangeLinkProperty = ChangeProperty<LinkPropertyTraits>;

} // namespace fabric::app
