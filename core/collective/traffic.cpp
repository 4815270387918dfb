// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "traffic.h"

#include "algorithms.h"
#include "cutbound.h"
#include "ideal.h"
#include "report.h"

#include "io/common/cleantext.h"
#include "io/common/inputfile.h"
#include "model/error.h"
#include "model/nodenameindex.h"
#include "model/units.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <istream>
#include <limits>

namespace fabric::collective {
namespace {

/// The latest start a traffic line may ask for: 11.6 days, far past any training step. Beyond
/// it a double's precision was gone from the run (1e15 s printed as "latency-bound").
constexpr double kMaxStartS = 1e6;

} // namespace

std::vector<TrafficRow> readTraffic(
    std::istream &in, const std::string &fileName, const Fabric &fabric)
{
    const NodeNameIndex byName(fabric);
    std::vector<TrafficRow> rows;
    std::string line;
    for (int lineNo = 1; std::getline(in, line); ++lineNo) {
        const std::string where = fileName + ":" + std::to_string(lineNo) + ": ";
        const std::string_view text = io::trimmed(line);
        if (text.empty() || text.front() == '#' || text.starts_with("src,"))
            continue;
        // RFC 4180, as the links CSV is written: a node name may hold a comma in quotes.
        const std::optional<std::vector<std::string>> parsed = csvFields(text);
        if (!parsed)
            throw UserError(where + "a quoted field is not closed");
        std::vector<std::string_view> fields;
        for (const std::string &field : *parsed)
            fields.push_back(io::trimmed(field));
        if (fields.size() < 3 || fields.size() > 4)
            throw UserError(where + "expected src,dst,bytes[,start_s], got "
                + std::to_string(fields.size()) + " fields");
        TrafficRow row;
        for (int i = 0; i < 2; ++i) {
            const NodeId node = byName.find(fields[std::size_t(i)], where);
            if (node == kNoNode)
                throw UserError(where + "no node named " + io::quotedInput(fields[std::size_t(i)]));
            if (!fabric.node(node).isEndpoint())
                throw UserError(
                    where + io::quotedInput(fields[std::size_t(i)]) + " is not an endpoint (GPU)");
            (i == 0 ? row.src : row.dst) = node;
        }
        if (row.src == row.dst)
            throw UserError(where + "src and dst are the same node");
        const auto bytes = units::parseBytes(fields[2]);
        // Quoted escaped: a NUL in the field cut the message off where it stood.
        if (!bytes || *bytes <= 0)
            throw UserError(where
                + "bytes must be a whole number of bytes above 0 and up to "
                  "1 EiB, such as 4096, 64MB or 1GiB, got "
                + io::quotedInput(fields[2]));
        row.bytes = *bytes;
        if (fields.size() == 4) {
            double start = 0;
            const auto [end, ec]
                = std::from_chars(fields[3].data(), fields[3].data() + fields[3].size(), start);
            if (ec != std::errc {} || end != fields[3].data() + fields[3].size()
                || !std::isfinite(start) || start < 0 || start > kMaxStartS)
                throw UserError(where + "start_s must be a time in seconds from 0 to 1e6, got "
                    + io::quotedInput(fields[3]));
            row.startS = start;
        }
        rows.push_back(row);
    }
    if (rows.empty())
        throw UserError(fileName + ": no traffic (expected lines src,dst,bytes[,start_s])");
    return rows;
}

std::vector<TrafficRow> loadTraffic(const std::string &path, const Fabric &fabric)
{
    // About 40 bytes a flow: the limit is some three million flows, which take a few GB of
    // memory to simulate (a million rows took 412 MB).
    constexpr std::uintmax_t kMaxTrafficBytes = 128ull * 1024 * 1024;
    std::ifstream in = io::openInputFile(path, "--traffic", kMaxTrafficBytes);
    io::skipBom(in);
    return readTraffic(in, path, fabric);
}

namespace detail {

void expandTraffic(Context &c)
{
    const Fabric &f = c.fabric();
    const auto rows = loadTraffic(c.scenario.trafficFile, f);
    std::vector<char> seen(f.nodeIdBound(), 0);
    double total = 0, ideal = 0, latency = 0;
    // What one end can move: its fabric links, and its NVLink too for a flow inside its host.
    const auto reach = [&](NodeId n, bool local) {
        return ideal::injectionBytesPerS(f, n) + (local ? ideal::nvlinkBytesPerS(f, n) : 0.0);
    };
    for (const TrafficRow &row : rows) {
        for (NodeId n : { row.src, row.dst })
            if (!seen[std::size_t(n)]) {
                seen[std::size_t(n)] = 1;
                c.ranks.push_back(n);
            }
        const sim::FlowId id = c.sink.add(row.src, row.dst, row.bytes, {}, { 0, -1, 0 });
        sim::FlowSpec &flow = c.sink.flows()[std::size_t(id)];
        flow.notBeforeS = row.startS;
        total += row.bytes;
        const bool local = f.sameHost(row.src, row.dst);
        const double bw = std::min(reach(row.src, local), reach(row.dst, local));
        latency = std::max(latency, flow.latencyS + flow.releaseDelayS);
        ideal = std::max(ideal, row.startS + flow.latencyS + flow.releaseDelayS + row.bytes / bw);
    }
    // A node cannot move its bytes faster than its links: an NVLink-only flow at the NIC's
    // rate made the "ideal" 9 times the simulated time.
    ideal = std::max(ideal, ideal::busiestRank(f, c.sink.flows()).timeS);
    c.out.bytes = total;
    c.out.stepFlows = rows.size();
    c.out.ideal.timeS = ideal;
    c.out.ideal.messageLatencyS = latency;
    c.out.ideal.bandwidthBytesPerS = 0;
    c.out.ideal.formula = "max(start + a + bytes/B per flow, first start + bytes/B per node)";
    applyCutBound(c.out.ideal, c.router, c.ranks, c.sink.flows(), 0.0);
}

} // namespace detail
} // namespace fabric::collective
