// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

namespace fabric {

/// Stable node id. Ids are never reused within one Fabric; views key their items by them.
using NodeId = std::int32_t;
/// Stable link id. Ids are never reused within one Fabric.
using LinkId = std::int32_t;
/// One direction of a full-duplex link: `2 * linkId + (from a to b ? 0 : 1)`.
using DirLinkId = std::int32_t;

inline constexpr NodeId kNoNode = -1;
inline constexpr LinkId kNoLink = -1;

/// Directed link id of @p link walked from its end a (forward) or from its end b.
constexpr DirLinkId dirLink(LinkId link, bool fromA) { return 2 * link + (fromA ? 0 : 1); }
constexpr LinkId linkOf(DirLinkId d) { return d / 2; }
constexpr bool isForward(DirLinkId d) { return (d % 2) == 0; }
constexpr DirLinkId reverse(DirLinkId d) { return d ^ 1; }

} // namespace fabric
