// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabricformat.h"

#include "model/error.h"

#include <algorithm>
#include <cctype>

namespace fabric::io {
namespace {

bool endsWithNoCase(std::string_view text, std::string_view suffix)
{
    if (suffix.size() > text.size())
        return false;
    return std::equal(suffix.begin(), suffix.end(), text.end() - static_cast<long>(suffix.size()),
                      [](char x, char y) {
                          return std::tolower(static_cast<unsigned char>(x))
                              == std::tolower(static_cast<unsigned char>(y));
                      });
}

} // namespace

bool FabricFormat::probe(std::string_view) const
{
    return false;
}

Fabric FabricFormat::read(std::istream &, const std::string &fileName) const
{
    throw UserError(fileName + ": " + std::string(title()) + " can be written, not read");
}

void FabricFormat::write(const Fabric &, std::ostream &) const
{
    throw UserError(std::string(title()) + " can be read, not written");
}

std::string_view FabricFormat::title() const
{
    const std::string_view d = description();
    return d.substr(0, d.find(" ("));
}

std::size_t FabricFormat::extensionMatch(std::string_view fileName) const
{
    std::size_t best = 0;
    for (const std::string &ext : extensions()) {
        const std::string dotted = "." + ext;
        if (endsWithNoCase(fileName, dotted))
            best = std::max(best, dotted.size());
    }
    return best;
}

} // namespace fabric::io
