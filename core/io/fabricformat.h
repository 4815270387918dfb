// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

/// File formats: one FabricFormat per format (one subfolder each), a registry, and the
/// load/save helpers the CLI and the GUI share.
namespace fabric::io {

/**
 * One file format FabricScope can read and/or write (in the manner of Tiled's MapFormat).
 *
 * read() and write() work on streams so the GUI can feed Qt resources and tests can feed strings;
 * loadFabric() and saveFabric() add the file handling (size limit, atomic save). A format reports
 * bad input by throwing fabric::UserError whose message starts with the file name and names the
 * line or JSON path of the fault.
 */
class FabricFormat
{
public:
    virtual ~FabricFormat() = default;

    /// Short identifier, as given to `--format`: "native", "ibnetdiscover", "graphml", "dot".
    virtual std::string_view name() const = 0;
    /// One line for people, e.g. "FabricScope fabric (*.fabric.json)".
    virtual std::string_view description() const = 0;
    /// File name endings without the leading dot, most specific first, e.g. {"fabric.json"}.
    virtual std::vector<std::string> extensions() const = 0;

    virtual bool canRead() const { return false; }
    virtual bool canWrite() const { return false; }
    /// Writes a scenario's flows, not a fabric alone (htsim): write() cannot be used; callers
    /// that have a scenario use the format's own entry point, the GUI's Export leaves it out.
    virtual bool needsScenario() const { return false; }
    /// The output places nodes (draw.io): callers that have a layout fill
    /// LayoutHints::position of every node first, so the file shows what the canvas shows.
    virtual bool usesPositions() const { return false; }

    /// The description without its patterns, for sentences: "Graphviz DOT".
    std::string_view title() const;

    /// Whether the first bytes of a file look like this format (used when the extension does not
    /// tell). The default says no.
    virtual bool probe(std::string_view head) const;

    /// Reads a whole fabric. @p fileName is used in error messages (and may locate side files).
    /// The default throws UserError ("cannot read").
    virtual Fabric read(std::istream &in, const std::string &fileName) const;
    /// Writes @p fabric. The default throws UserError ("cannot write").
    virtual void write(const Fabric &fabric, std::ostream &out) const;

    /// Length of the longest extension of this format that @p fileName ends with (after a dot),
    /// or 0 when none does. Case-insensitive.
    std::size_t extensionMatch(std::string_view fileName) const;
};

} // namespace fabric::io
