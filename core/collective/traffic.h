// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace fabric::collective {

/// One line of a custom traffic file.
struct TrafficRow
{
    NodeId src = kNoNode;
    NodeId dst = kNoNode;
    double bytes = 0.0;
    double startS = 0.0;
};

/**
 * Reads custom traffic: CSV lines `src,dst,bytes[,start_s]` of GPU names; bytes take units
 * ("64MB", "1GiB"); blank lines, lines starting with '#' and a header line starting with
 * "src," are skipped. Throws UserError "FILE:LINE: ..." for an unknown or non-GPU node, src ==
 * dst, a bad or zero size or a bad start time.
 */
std::vector<TrafficRow> readTraffic(
    std::istream &in, const std::string &fileName, const Fabric &fabric);
/// Same, from a file (UserError when it cannot be opened).
std::vector<TrafficRow> loadTraffic(const std::string &path, const Fabric &fabric);

} // namespace fabric::collective
