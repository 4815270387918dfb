// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ibnetdiscoverformat.h"

#include <iosfwd>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace fabric::io {

/// "S-0008F10500108098", "0x8f10500108098", "8f10500108098" -> "0008f10500108098"; empty when
/// @p text is not a GUID.
std::string normalizeGuid(std::string_view text);

/// The line-by-line reader behind IbnetdiscoverFormat: parse() collects devices and cables,
/// build() turns them into a Fabric.
class IbnetdiscoverParser
{
public:
    explicit IbnetdiscoverParser(std::string fileName)
        : mFileName(std::move(fileName))
    {}

    /// Throws UserError "FILE: line N: ..." on a malformed record or link line. Lines that are
    /// neither (tool warnings, chassis headings) are skipped.
    void parse(std::istream &in);
    Fabric build(const IbnetdiscoverOptions &options) const;

private:
    struct Device
    {
        char type = 'S'; ///< 'S' switch, 'H' channel adapter, 'R' router.
        std::string guid;
        std::string description;
        int ports = 0;
        int order = 0; ///< First appearance, for a stable node order.
        int line = 0; ///< Of its record (0 while only links named it).
    };
    struct PortRef
    {
        std::string guid;
        int port = 0;
        auto operator<=>(const PortRef &) const = default;
    };
    struct Cable
    {
        PortRef a, b;
        double gbps = 0;
        int line = 0;
    };

    [[noreturn]] void fail(const std::string &message) const;
    void parseRecord(std::string_view line);
    void parseLink(std::string_view line);
    Device &device(char type, const std::string &guid);
    void addCable(const PortRef &a, const PortRef &b, double gbps);
    /// "port P of S-GUID, which has N ports ...", naming @p line when it is not the current one.
    std::string portOutOfRange(const Device &d, int port, int line) const;

    std::string mFileName;
    int mLine = 0;
    std::map<std::string, Device> mDevices;
    std::string mCurrent; ///< GUID of the record being read, empty before the first.
    /// The last line that was neither a record nor a link (0: none since the last record). It
    /// ends the record before it: the link lines under a record type this reader does not know
    /// were added to the switch above it.
    int mOtherLine = 0;
    std::vector<Cable> mCables;
    std::map<PortRef, std::pair<PortRef, int>> mPeerOf; ///< port -> (peer, line)
    std::map<PortRef, std::size_t> mCableOf; ///< lower port of a cable -> index in mCables
    int mLoopbacks = 0;
};

} // namespace fabric::io
