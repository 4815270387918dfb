// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The ranges the native reader accepts (docs/format.md states them). They are physical bounds
// with a wide margin, chosen so that nothing computed from them can overflow an int or ask for
// more memory than the file could describe.

#include "route/torus.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace fabric::io::limits {

inline constexpr int kMaxDepth = 64;                ///< JSON nesting, the root object is 1
inline constexpr long long kMaxString = 65536;      ///< bytes in any string or key
inline constexpr long long kMaxNodes = 1 << 22;     ///< 4,194,304
inline constexpr long long kMaxLinks = 1 << 24;     ///< 16,777,216
inline constexpr long long kMaxOtherValues = 1000000; ///< values outside nodes and links

inline constexpr double kMinCapacityGbps = 1e-3;    ///< 1 Mb/s
inline constexpr double kMaxCapacityGbps = 1e6;     ///< 1 Pb/s
inline constexpr double kMaxLatencyNs = 1e9;        ///< 1 s, cable or switch
inline constexpr long long kMaxPorts = 65536;       ///< ports of one switch or OCS
inline constexpr long long kMaxCoordinate = 4095;   ///< torus x, y, z
/// The grid the x, y, z of all chips span: as route::Torus::detect() accepts.
inline constexpr auto kMaxTorusCellsPerChip = static_cast<long long>(route::kTorusCellsPerChip);
inline constexpr auto kSpareTorusCells = static_cast<long long>(route::kTorusSpareCells);
inline constexpr long long kMaxHint = (1 << 20) - 1; ///< tier, pod, plane, rail, index
inline constexpr double kMaxPosition = 1e9;         ///< |x|, |y| of a canvas position
inline constexpr long long kMaxPlane = 1023;        ///< a link's plane

/// Ids may have gaps (elements removed), but storage is dense: the ids of a file of @p count
/// nodes or links stay below this, for every reader that keeps a file's ids.
inline constexpr std::size_t maxIdFor(std::size_t count)
{
    return 4 * count + 65536;
}

/// Whether @p text is longer than kMaxString, which every reader refuses.
inline bool tooLong(std::string_view text)
{
    return static_cast<long long>(text.size()) > kMaxString;
}

/// The refusal of a string tooLong() holds: "a string longer than 65536 bytes (the limit)" for
/// @p what "a string".
inline std::string longerThanLimit(std::string_view what)
{
    return std::string(what) + " longer than " + std::to_string(kMaxString) + " bytes (the limit)";
}

} // namespace fabric::io::limits
