// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

/// A small, bounded XML reader for the XML-based import formats (GraphML). FabricScope takes
/// no XML library dependency in core; files come from other tools and may be hostile, so this
/// reader knows only what those files need and refuses everything that can blow up.
namespace fabric::io::xml {

struct Attribute
{
    std::string name; ///< As written, prefix included ("yfiles.type", "xmlns:y").
    std::string value; ///< Entities replaced.
};

/// What the reader reports, in document order (a SAX-style pull, so memory stays bounded by
/// the caller's needs rather than by the document).
class Handler
{
public:
    virtual ~Handler() = default;
    virtual void startElement(
        std::string_view name, const std::vector<Attribute> &attributes, int line)
        = 0;
    virtual void endElement(std::string_view name, int line) = 0;
    /// Character data (CDATA included), entities replaced; may come in several pieces.
    virtual void text(std::string_view text, int line) = 0;
};

/// Caps that keep hostile input from costing more than a linear pass.
struct Limits
{
    int maxDepth = 64;
    std::size_t maxNameBytes = 256;
    std::size_t maxAttributes = 64;
    std::size_t maxValueBytes = 1 << 20; ///< One attribute value or one run of text.
};

/// The name after the namespace prefix: "NodeLabel" for "y:NodeLabel".
std::string_view localName(std::string_view name);

/**
 * Reads the XML document in @p document and reports it to @p handler. Accepts elements,
 * attributes, text, CDATA, comments and processing instructions (skipped), the five predefined
 * entities and numeric character references. Refuses DOCTYPE and ENTITY declarations (no
 * entity expansion, no external resources), anything past the limits, and malformed markup:
 * throws fabric::UserError "FILE:LINE: what" naming @p fileName.
 */
void parse(std::string_view document, const std::string &fileName, Handler &handler,
    const Limits &limits = {});

} // namespace fabric::io::xml
