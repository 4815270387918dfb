// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/formatregistry.h"
#include "model/fabric.h"

#include <iosfwd>
#include <optional>
#include <string>

namespace fabric::cli {

/// The format called @p name that allows @p access, nullptr when @p name is empty; throws
/// UserError listing the formats otherwise.
const io::FabricFormat *formatNamed(const std::optional<std::string> &name, io::Access access);

/// Writes @p fabric to @p path (atomically; format from @p format or the extension), or to
/// @p out in @p format (native by default) when @p path is empty or "-".
void writeFabric(const Fabric &fabric, const std::optional<std::string> &path,
                 const io::FabricFormat *format, std::ostream &out);

} // namespace fabric::cli
