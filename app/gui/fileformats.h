// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"

#include <QString>

namespace fabric::io {
class FabricFormat;
}

/// The GUI's side of core/io: file dialog filters from the format registry and Qt paths.
namespace fabric::app::files {

/// Filter for Open: every readable format together, then each one.
QString openFilter();
/// Filter for Save / Save As: only the native format holds everything a document has.
QString saveFilter();
/// Formats that can write but lose something (DOT, GraphML...): File > Export.
std::vector<const io::FabricFormat *> exportFormats();
QString filterOf(const io::FabricFormat &format);
/// @p fileName with the format's first extension unless it already ends with one of them.
QString withExtension(const QString &fileName, const io::FabricFormat &format);

/// Name filters of the picture and document types exports offer, worded once for every dialog.
QString pngFilter();
QString svgFilter();
QString pdfFilter();

/// The suffixes a file dialog name filter offers: {"png", "svg"} for "Charts (*.png *.svg)",
/// {"fabric.json", "json"} for "FabricScope (*.fabric.json *.json)".
QStringList suffixesOf(const QString &nameFilter);
/// The longest suffix of @p nameFilters that @p fileName ends in ("fabric.json"), or empty.
QString offeredSuffixOf(const QString &fileName, const QStringList &nameFilters);
/// @p fileName as it is when it ends in a suffix one of @p nameFilters offers, else with the
/// first suffix of @p chosenFilter appended: a name typed without its type, as a file dialog
/// takes it ("slide" -> "slide.pdf"; "design.v2" -> "design.v2.pdf").
QString withSuffixOf(
    const QString &fileName, const QStringList &nameFilters, const QString &chosenFilter);

/// Throws UserError naming the file and the fault's line or JSON path (a malformed saved
/// scenario too: "FILE: /scenarios/1/bytes: ...").
Fabric load(const QString &fileName);
/// Reads a fabric embedded as a Qt resource (":/fabrics/...").
Fabric loadResource(const QString &resource);
/// Atomic save; throws UserError naming the file. Formats that place nodes (draw.io) get the
/// automatic layout's positions for nodes the user did not move, as the canvas shows them.
void save(const Fabric &fabric, const QString &fileName, const io::FabricFormat *format = nullptr);

} // namespace fabric::app::files
