// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/fabricformat.h"

#include <string_view>

namespace fabric::io {

/// The value of the `format` field of every native file.
inline constexpr std::string_view kNativeFormatName = "fabricscope-fabric";
/// The newest version this build reads and the one it writes.
inline constexpr int kNativeVersion = 1;
/**
 * The native file's top-level key of Fabric::scenarios(). A file's `metadata` may not hold it,
 * so the two never compete; GraphML, which has no place for scenarios, writes them under this
 * key inside its metadata text.
 */
inline constexpr std::string_view kScenariosKey = "scenarios";

/**
 * FabricScope's own format, `*.fabric.json`: versioned JSON with one node or link per line.
 * Lossless (Fabric::operator== holds after write + read). Reading validates every field and
 * reports the JSON path of the first fault; see docs/format.md.
 */
class NativeFormat final : public FabricFormat
{
public:
    std::string_view name() const override { return "native"; }
    std::string_view description() const override { return "FabricScope fabric (*.fabric.json)"; }
    std::vector<std::string> extensions() const override { return {"fabric.json", "json"}; }
    bool canRead() const override { return true; }
    bool canWrite() const override { return true; }
    bool probe(std::string_view head) const override;
    Fabric read(std::istream &in, const std::string &fileName) const override;
    void write(const Fabric &fabric, std::ostream &out) const override;
};

} // namespace fabric::io
