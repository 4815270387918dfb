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

/**
 * The format a fabric is written to @p path in, checked before anything is read or built: the
 * one @p named (by @p option, "--to"), else the one the extension names, native on standard
 * output (@p path empty or "-"). Throws UserError when the file cannot be written, its extension
 * is unknown, or it names another writable format than @p named: "b.fabric.json" written as
 * GraphML could not be opened again, and a convert in place replaced its input with DOT.
 */
const io::FabricFormat &outputFormat(const std::optional<std::string> &path,
    const io::FabricFormat *named, const std::string &option);

/// Writes @p fabric to @p path (atomically), or to @p out when @p path is empty or "-", in
/// @p format (outputFormat()).
void writeFabric(const Fabric &fabric, const std::optional<std::string> &path,
    const io::FabricFormat &format, std::ostream &out);

} // namespace fabric::cli
