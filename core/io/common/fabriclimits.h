// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"

#include <optional>
#include <string>

namespace fabric::io {

/// What is wrong with one element of a fabric that was read: which element, which field.
struct FabricFault
{
    bool isLink = false; ///< A link's field, else a node's.
    int id = -1; ///< The node's or link's id.
    std::string field; ///< The native format's key: "capacity_gbps", "hints/x", "ports/0".
    std::string message; ///< "5000 is out of range (allowed -1 to 1023)".
};

/**
 * The first value of @p fabric outside what the native format accepts (docs/format.md,
 * "Limits"; io/native/readlimits.h), or of a field that contradicts another: a host that is no
 * host, a circuit or a link on a port the node does not have, a port in two circuits, a
 * standby switch. Every reader (native, GraphML, ibnetdiscover) builds its fabric and then asks
 * this, so each format accepts the same fabrics and nothing downstream meets a value the native
 * file could not hold (a converted file the app then refused to open, a 1e300 Gb/s link printed
 * with 300 digits). The native reader checks a field's JSON type and integer range as it reads
 * it, to name the line.
 */
std::optional<FabricFault> findFabricFault(const Fabric &fabric);

/// @p fault in words for a reader without lines to name: "node 'leaf0': ports: ..." or
/// "link 'leaf0' -- 'spine1': capacity_gbps: ...".
std::string describeFault(const Fabric &fabric, const FabricFault &fault);

} // namespace fabric::io
