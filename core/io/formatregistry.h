// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fabricformat.h"

#include <string_view>
#include <vector>

namespace fabric::io {

/// What a caller wants to do with a format it looks up.
enum class Access { Read, Write };

/// Every registered format, the native one first.
const std::vector<const FabricFormat *> &formats();

/// The format called @p name (FabricFormat::name()), or nullptr.
const FabricFormat *findFormat(std::string_view name);

/// The format able to @p access that @p fileName's extension names (longest extension wins), or
/// nullptr when no such format claims the extension.
const FabricFormat *formatForFile(std::string_view fileName, Access access);

/// For reading: formatForFile(), else the first readable format whose probe() accepts @p head
/// (the first bytes of the file), else nullptr.
const FabricFormat *formatForContent(std::string_view fileName, std::string_view head);

/// The name a fabric file goes by in titles and export names: its file name without the folder
/// and without the longest extension a readable format claims ("meta-2-zones" for
/// "topologies/meta-2-zones.fabric.json", "review.v2" for "review.v2.json"). A name no format
/// claims keeps its extension.
std::string fabricNameOf(std::string_view fileName);

/// "native (*.fabric.json), graphml (*.graphml), ..." for help texts. Error messages, kept to
/// one short line, use formatNames() or formatExtensions().
std::string describeFormats(Access access);

/// "native, graphml, ...": the names --from and --to take.
std::string formatNames(Access access);

/// ".fabric.json .json .graphml ...": the extensions that tell a format.
std::string formatExtensions(Access access);

} // namespace fabric::io
