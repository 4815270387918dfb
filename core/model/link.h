// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ids.h"

#include <optional>
#include <string_view>

namespace fabric {

/// The physical medium of a link; it decides colour in views and default latency.
enum class Medium {
    NvLink,     ///< GPU to its host's NVLink domain.
    InfiniBand, ///< IB copper / AOC.
    Ethernet,   ///< RoCE Ethernet.
    Ici,        ///< TPU inter-chip interconnect, electrical (inside a cube).
    Optical,    ///< Fibre from a chip to an OCS port.
};

/// A full-duplex link between nodes a and b. Capacity is per direction. Parallel links between
/// the same pair are legal and distinct.
struct Link
{
    LinkId id = kNoLink;
    NodeId a = kNoNode;
    NodeId b = kNoNode;
    int portA = -1; ///< Port number on a (-1 = not modelled). OCS links use the OCS port.
    int portB = -1;
    double capacityGbps = 0.0; ///< Per direction.
    double latencyNs = 0.0;    ///< Propagation + serialisation constant of the cable.
    Medium medium = Medium::Ethernet;
    int plane = -1; ///< HPN plane, or -1.

    NodeId other(NodeId n) const { return n == a ? b : a; }
    /// The port number at end @p n (a or b); -1 when not modelled.
    int portAt(NodeId n) const { return n == a ? portA : portB; }
    bool operator==(const Link &) const = default;
};

std::string_view toString(Medium medium);
std::optional<Medium> mediumFromString(std::string_view s);

} // namespace fabric
