// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ibnetdiscoverformat.h"

#include "ibnetdiscoverparser.h"
#include "io/common/cleantext.h"
#include "io/common/inputfile.h"
#include "model/error.h"

#include <array>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>

namespace fabric::io {
namespace {

struct LaneRate
{
    std::string_view speed;
    double dataGbps; ///< After line coding: 8b/10b up to QDR, 64b/66b from FDR10 on.
};

constexpr std::array<LaneRate, 9> kLaneRates{{
    {"SDR", 2.0},                       // 2.5 signalling, 8b/10b
    {"DDR", 4.0},                       // 5
    {"QDR", 8.0},                       // 10
    {"FDR10", 10.3125 * 64.0 / 66.0},   // = 10
    {"FDR", 14.0625 * 64.0 / 66.0},     // = 13.64
    {"EDR", 25.78125 * 64.0 / 66.0},    // = 25
    {"HDR", 50.0},                      // 4x HDR = 200 (PAM4, 53.125 signalling)
    {"NDR", 100.0},                     // 4x NDR = 400
    {"XDR", 200.0},                     // 4x XDR = 800
}};

// The file name up to its first dot: "psmn_X5.ibnetdiscover.topofile" -> "psmn_X5".
std::filesystem::path sideFileStem(const std::string &fileName)
{
    const std::filesystem::path path(fileName);
    std::string stem = path.filename().string();
    if (const std::size_t dot = stem.find('.'); dot != std::string::npos && dot > 0)
        stem.resize(dot);
    return path.parent_path() / stem;
}

// Calls @p onLine(lineNumber, words) for each line of @p in with its '#' comment removed.
template<typename F> void readWords(std::istream &in, F &&onLine)
{
    io::skipBom(in);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (const std::size_t hash = line.find('#'); hash != std::string::npos)
            line.resize(hash);
        std::vector<std::string> words;
        std::size_t i = 0;
        while (i < line.size()) {
            while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i])))
                ++i;
            std::size_t end = i;
            while (end < line.size() && !std::isspace(static_cast<unsigned char>(line[end])))
                ++end;
            if (end > i)
                words.push_back(line.substr(i, end - i));
            i = end;
        }
        if (!words.empty())
            onLine(number, words);
    }
}

// Opens the side file @p path and hands it to @p read(stream, name).
template<typename F> void readSideFile(const std::filesystem::path &path, F &&read)
{
    std::ifstream in = openInputFile(path, "");
    read(in, path.string());
}

} // namespace

double ibDataRateGbps(int width, std::string_view speed)
{
    // The link widths InfiniBand defines (the error message lists them).
    if (width != 1 && width != 2 && width != 4 && width != 8 && width != 12)
        return 0;
    for (const LaneRate &r : kLaneRates)
        if (r.speed == speed)
            return width * r.dataGbps;
    return 0;
}

bool IbnetdiscoverFormat::probe(std::string_view head) const
{
    return head.find("switchguid=") != std::string_view::npos
        || head.find("caguid=") != std::string_view::npos
        || head.find("# Topology file: generated") != std::string_view::npos;
}

void IbnetdiscoverFormat::readSpineFile(std::istream &in, const std::string &fileName,
                                        IbnetdiscoverOptions &options)
{
    readWords(in, [&](int number, const std::vector<std::string> &words) {
        const std::string guid = normalizeGuid(words[0]);
        if (guid.empty())
            throw UserError(fileName + ": line " + std::to_string(number) + ": "
                            + quotedInput(words[0]) + " is not a node GUID");
        options.spineGuids.insert(guid);
    });
}

void IbnetdiscoverFormat::readMapFile(std::istream &in, const std::string &fileName,
                                      IbnetdiscoverOptions &options)
{
    // The node-name-map of the infiniband-diags tools: "GUID NAME" or 'GUID "NAME WITH SPACES"'.
    // A name cut at its first space, or a GUID named twice with the later name winning, made
    // names in the fabric no one had written.
    io::skipBom(in);
    std::map<std::string, int> namedOn;
    std::string text;
    for (int number = 1; std::getline(in, text); ++number) {
        const auto failAt = [&](const std::string &message) {
            throw UserError(fileName + ": line " + std::to_string(number) + ": " + message);
        };
        std::string_view line = text;
        const std::size_t start = line.find_first_not_of(" \t\r");
        if (start == std::string_view::npos || line[start] == '#')
            continue;
        line.remove_prefix(start);
        const std::size_t guidEnd = std::min(line.find_first_of(" \t\r#"), line.size());
        const std::string guid = normalizeGuid(line.substr(0, guidEnd));
        line.remove_prefix(guidEnd);
        line.remove_prefix(std::min(line.find_first_not_of(" \t"), line.size()));
        std::string name;
        if (!line.empty() && line.front() == '"') {
            const std::size_t close = line.find('"', 1);
            if (close == std::string_view::npos)
                failAt("the name's closing '\"' is missing");
            name = std::string(line.substr(1, close - 1));
        } else {
            name = std::string(line.substr(0, line.find('#')));
            while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back())))
                name.pop_back();
        }
        if (guid.empty() || name.empty())
            failAt("expected 'GUID NAME' or 'GUID \"NAME\"'");
        if (const auto [it, added] = namedOn.emplace(guid, number); !added)
            failAt("GUID " + guid + " is already named on line " + std::to_string(it->second));
        options.names[guid] = name;
    }
}

IbnetdiscoverOptions IbnetdiscoverFormat::sideFileOptions(const std::string &fileName)
{
    IbnetdiscoverOptions options;
    const std::filesystem::path stem = sideFileStem(fileName);
    std::error_code ec;
    const std::filesystem::path spine = stem.string() + ".spine";
    if (std::filesystem::is_regular_file(spine, ec))
        readSideFile(spine, [&](std::istream &in, const std::string &name) {
            readSpineFile(in, name, options);
        });
    const std::filesystem::path map = stem.string() + ".map";
    if (std::filesystem::is_regular_file(map, ec))
        readSideFile(map, [&](std::istream &in, const std::string &name) {
            readMapFile(in, name, options);
        });
    return options;
}

Fabric IbnetdiscoverFormat::read(std::istream &in, const std::string &fileName) const
{
    return readWith(in, fileName, sideFileOptions(fileName));
}

Fabric IbnetdiscoverFormat::readWith(std::istream &in, const std::string &fileName,
                                     const IbnetdiscoverOptions &options)
{
    IbnetdiscoverParser parser(fileName);
    parser.parse(in);
    return parser.build(options);
}

} // namespace fabric::io
