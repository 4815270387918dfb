// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ibnetdiscoverparser.h"

#include "io/common/cleantext.h"
#include "io/common/fabriclimits.h"
#include "model/error.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <deque>
#include <filesystem>
#include <istream>
#include <set>

namespace fabric::io {
namespace {

/// A cursor over one line.
class Cursor
{
public:
    explicit Cursor(std::string_view text)
        : mText(text)
    {}
    void skipSpace()
    {
        while (mPos < mText.size() && std::isspace(static_cast<unsigned char>(mText[mPos])))
            ++mPos;
    }
    bool accept(char c)
    {
        skipSpace();
        if (mPos < mText.size() && mText[mPos] == c) {
            ++mPos;
            return true;
        }
        return false;
    }
    bool integer(int &value)
    {
        skipSpace();
        const auto [ptr, ec] = std::from_chars(mText.data() + mPos,
                                               mText.data() + mText.size(), value);
        if (ec != std::errc())
            return false;
        mPos = static_cast<std::size_t>(ptr - mText.data());
        return true;
    }
    /// Text up to (not including) @p c, which is consumed; false when absent.
    bool until(char c, std::string_view &out)
    {
        const std::size_t end = mText.find(c, mPos);
        if (end == std::string_view::npos)
            return false;
        out = mText.substr(mPos, end - mPos);
        mPos = end + 1;
        return true;
    }
    std::string_view word()
    {
        skipSpace();
        const std::size_t start = mPos;
        while (mPos < mText.size() && !std::isspace(static_cast<unsigned char>(mText[mPos])))
            ++mPos;
        return mText.substr(start, mPos - start);
    }
    std::string_view rest() const { return mText.substr(mPos); }

private:
    std::string_view mText;
    std::size_t mPos = 0;
};

bool startsWith(std::string_view s, std::string_view prefix)
{
    return s.substr(0, prefix.size()) == prefix;
}

// The quoted description in a comment: from the first quote to the last one.
std::string quotedIn(std::string_view comment)
{
    const std::size_t first = comment.find('"');
    const std::size_t last = comment.rfind('"');
    if (first == std::string_view::npos || last <= first)
        return {};
    return std::string(trimmed(comment.substr(first + 1, last - first - 1)));
}

// "S-0008f10500108098" -> ('S', GUID).
bool splitNodeName(std::string_view text, char &type, std::string &guid)
{
    if (text.size() < 3 || text[1] != '-' || (text[0] != 'S' && text[0] != 'H' && text[0] != 'R'))
        return false;
    type = text[0];
    guid = normalizeGuid(text.substr(2));
    return !guid.empty();
}

std::string_view typeWord(char type)
{
    return type == 'S' ? "switch" : type == 'R' ? "router" : "CA";
}

} // namespace

std::string normalizeGuid(std::string_view text)
{
    text = trimmed(text);
    if (text.size() > 2 && text[1] == '-')
        text.remove_prefix(2);
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
        text.remove_prefix(2);
    if (text.empty() || text.size() > 16)
        return {};
    std::string out(16 - text.size(), '0');
    for (char c : text) {
        if (!std::isxdigit(static_cast<unsigned char>(c)))
            return {};
        out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    }
    return out;
}

void IbnetdiscoverParser::fail(const std::string &message) const
{
    throw UserError(mFileName + ": line " + std::to_string(mLine) + ": " + message);
}

IbnetdiscoverParser::Device &IbnetdiscoverParser::device(char type, const std::string &guid)
{
    auto [it, added] = mDevices.try_emplace(guid);
    Device &d = it->second;
    if (added) {
        d.type = type;
        d.guid = guid;
        d.order = static_cast<int>(mDevices.size());
    } else if (d.type != type) {
        fail("GUID " + guid + " is a " + std::string(typeWord(d.type)) + " elsewhere but a "
             + std::string(typeWord(type)) + " here");
    }
    return d;
}

void IbnetdiscoverParser::parse(std::istream &in)
{
    std::string line;
    while (std::getline(in, line)) {
        ++mLine;
        const std::string_view text = trimmed(line);
        if (text.empty() || text.front() == '#')
            continue;
        if (startsWith(text, "Switch") || startsWith(text, "Ca") || startsWith(text, "Rt")) {
            Cursor c(text);
            const std::string_view word = c.word();
            if (word == "Switch" || word == "Ca" || word == "Rt") {
                parseRecord(text);
                continue;
            }
        }
        if (text.front() == '[') {
            parseLink(text);
            continue;
        }
        // vendid=, devid=, *guid= lines, chassis headings and tool warnings carry nothing the
        // fabric needs.
        mCurrent.clear();
        mOtherLine = mLine;
    }
    if (mDevices.empty())
        throw UserError(mFileName + ": no ibnetdiscover node records (Switch/Ca lines) found");
}

void IbnetdiscoverParser::parseRecord(std::string_view line)
{
    Cursor c(line);
    const std::string_view kind = c.word();
    const char expected = kind == "Switch" ? 'S' : kind == "Rt" ? 'R' : 'H';
    int ports = 0;
    if (!c.integer(ports) || ports <= 0 || ports > 4096)
        fail("expected the port count (1 to 4096) after '" + std::string(kind) + "'");
    std::string_view quoted;
    char type = 0;
    std::string guid;
    if (!c.accept('"') || !c.until('"', quoted) || !splitNodeName(quoted, type, guid))
        fail("expected the node name \"" + std::string(1, expected) + "-<guid>\"");
    if (type != expected)
        fail("a " + std::string(kind) + " record named \"" + std::string(quoted) + "\"");
    Device &d = device(type, guid);
    // A second record of one GUID used to rename the first and add its links to it, or to
    // fail on a later, correct line of the first record.
    if (d.line > 0)
        fail("\"" + std::string(quoted) + "\" has a record already, on line "
            + std::to_string(d.line));
    d.ports = ports;
    d.line = mLine;
    // Its links listed from their other ends before this record said how many ports it has.
    if (const auto it = mPeerOf.lower_bound({ guid, ports + 1 });
        it != mPeerOf.end() && it->first.guid == guid)
        fail(portOutOfRange(d, it->first.port, it->second.second));
    std::string_view comment;
    if (c.until('#', comment))
        d.description = quotedIn(c.rest());
    mCurrent = guid;
    mOtherLine = 0;
}

void IbnetdiscoverParser::parseLink(std::string_view line)
{
    if (mCurrent.empty() && mOtherLine > 0)
        fail("a link line under line " + std::to_string(mOtherLine)
            + ", which is no Switch, Ca or Rt record");
    if (mCurrent.empty())
        fail("a link line before any Switch or Ca record");
    Cursor c(line);
    int localPort = 0, peerPort = 0;
    std::string_view skipped;
    c.accept('[');
    if (!c.integer(localPort) || !c.accept(']'))
        fail("expected '[PORT]' at the start of the link line");
    if (c.accept('(') && !c.until(')', skipped))
        fail("unclosed '(' after the port number");
    std::string_view quoted;
    char peerType = 0;
    std::string peerGuid;
    if (!c.accept('"') || !c.until('"', quoted) || !splitNodeName(quoted, peerType, peerGuid))
        fail("expected the peer \"S-<guid>\" or \"H-<guid>\" after the port number");
    if (!c.accept('[') || !c.integer(peerPort) || !c.accept(']'))
        fail("expected '[PORT]' after the peer name");
    if (c.accept('(') && !c.until(')', skipped))
        fail("unclosed '(' after the peer port number");
    std::string_view comment;
    if (!c.until('#', comment))
        fail("no comment with the link width and speed (such as '# ... 4xEDR')");
    const std::string_view rest = c.rest();
    Cursor words(rest);
    std::string_view last, w;
    while (!(w = words.word()).empty())
        last = w;
    const std::size_t x = last.find('x');
    int width = 0;
    const std::string_view speed = x == std::string_view::npos ? "" : last.substr(x + 1);
    if (x == std::string_view::npos
        || std::from_chars(last.data(), last.data() + x, width).ptr != last.data() + x)
        fail("no link width and speed (such as 4xEDR) at the end of the line");
    const double gbps = ibDataRateGbps(width, speed);
    if (gbps <= 0)
        fail("unknown link width and speed '" + std::string(last)
             + "' (widths 1x, 2x, 4x, 8x, 12x; speeds SDR, DDR, QDR, FDR10, FDR, EDR, HDR, NDR, "
               "XDR)");
    // Port 0 is a switch's internal management port, and an adapter's ports count from 1: no
    // cable plugs into either.
    if (localPort < 1 || peerPort < 1)
        fail("port " + std::to_string(std::min(localPort, peerPort))
            + ": cabled ports are numbered from 1 (port 0 is a switch's management port)");
    Device &peer = device(peerType, peerGuid);
    const Device &self = mDevices.at(mCurrent);
    if (localPort > self.ports)
        fail(portOutOfRange(self, localPort, mLine));
    if (peer.line > 0 && peerPort > peer.ports)
        fail(portOutOfRange(peer, peerPort, mLine));
    if (peer.description.empty())
        peer.description = quotedIn(rest);
    addCable({mCurrent, localPort}, {peerGuid, peerPort}, gbps);
}

std::string IbnetdiscoverParser::portOutOfRange(const Device &d, int port, int line) const
{
    return (line == mLine ? std::string() : "line " + std::to_string(line) + " names ") + "port "
        + std::to_string(port) + " of " + std::string(1, d.type) + "-" + d.guid + ", which has "
        + std::to_string(d.ports) + " ports (its record is on line " + std::to_string(d.line) + ")";
}

void IbnetdiscoverParser::addCable(const PortRef &a, const PortRef &b, double gbps)
{
    const bool loopback = a.guid == b.guid;
    // A loopback cable between two ports of one switch carries no traffic between nodes; an
    // adapter's port cabled to its own other port is no cabling a fabric has.
    if (loopback && mDevices.at(a.guid).type == 'H')
        fail("port " + std::to_string(a.port) + " of " + a.guid + " is cabled to its own port "
            + std::to_string(b.port) + ": only a switch's loopback cables are skipped");
    for (const auto &[from, to] : {std::pair{a, b}, std::pair{b, a}}) {
        const auto it = mPeerOf.find(from);
        if (it == mPeerOf.end())
            continue;
        if (it->second.first == to) {
            if (loopback)
                return; // seen from its other end, and counted then
            // The same cable seen from its other end. Should the ends disagree on the rate
            // (the man page example does), the slower one is what the cable runs at.
            Cable &seen = mCables[mCableOf.at(from < to ? from : to)];
            seen.gbps = std::min(seen.gbps, gbps);
            return;
        }
        fail("port " + std::to_string(from.port) + " of " + from.guid + " is already linked to "
             + it->second.first.guid + " port " + std::to_string(it->second.first.port)
             + " (line " + std::to_string(it->second.second) + ")");
    }
    // A loopback's ports are taken too: a cable to another node on one of them is refused.
    mPeerOf[a] = {b, mLine};
    mPeerOf[b] = {a, mLine};
    if (loopback) {
        ++mLoopbacks;
        return;
    }
    mCableOf[a < b ? a : b] = mCables.size();
    mCables.push_back({a, b, gbps, mLine});
}

Fabric IbnetdiscoverParser::build(const IbnetdiscoverOptions &options) const
{
    std::set<std::string> spines;
    for (const std::string &g : options.spineGuids)
        spines.insert(normalizeGuid(g));
    std::map<std::string, std::string> names;
    for (const auto &[g, name] : options.names)
        names[normalizeGuid(g)] = name;

    std::vector<const Device *> switches;
    std::map<std::string, std::size_t> switchIndex;
    for (const auto &[guid, d] : mDevices)
        if (d.type != 'H')
            switches.push_back(&d);
    std::sort(switches.begin(), switches.end(),
              [](const Device *x, const Device *y) { return x->order < y->order; });
    for (std::size_t i = 0; i < switches.size(); ++i)
        switchIndex[switches[i]->guid] = i;

    // Tiers: switches with CA links are leaves (0); others count switch hops from a leaf.
    std::vector<int> level(switches.size(), -1);
    std::vector<std::vector<std::size_t>> neighbours(switches.size());
    std::deque<std::size_t> queue;
    for (const Cable &c : mCables) {
        const auto ia = switchIndex.find(c.a.guid), ib = switchIndex.find(c.b.guid);
        if (ia != switchIndex.end() && ib != switchIndex.end()) {
            neighbours[ia->second].push_back(ib->second);
            neighbours[ib->second].push_back(ia->second);
        }
        for (auto sw : {ia, ib})
            if (sw != switchIndex.end() && (ia == switchIndex.end() || ib == switchIndex.end())
                && level[sw->second] != 0) {
                level[sw->second] = 0;
                queue.push_back(sw->second);
            }
    }
    while (!queue.empty()) {
        const std::size_t s = queue.front();
        queue.pop_front();
        for (std::size_t n : neighbours[s])
            if (level[n] < 0) {
                level[n] = level[s] + 1;
                queue.push_back(n);
            }
    }
    if (!spines.empty())
        for (std::size_t i = 0; i < switches.size(); ++i)
            level[i] = spines.count(switches[i]->guid) ? 1 : 0;

    // Names: the map, else the node description, else the GUID; the GUID is appended when
    // several nodes of a kind share a name (X5's CAs all say "MT25408 ConnectX ...").
    auto baseName = [&](const Device &d) {
        if (const auto it = names.find(d.guid); it != names.end())
            return it->second;
        return d.description.empty() ? std::string(1, d.type) + "-" + d.guid : d.description;
    };
    std::map<std::pair<bool, std::string>, int> nameUses;
    for (const auto &[guid, d] : mDevices)
        ++nameUses[{d.type == 'H', baseName(d)}];
    auto uniqueName = [&](const Device &d) {
        std::string name = baseName(d);
        if (nameUses[{d.type == 'H', name}] > 1)
            name += " (" + std::string(1, d.type) + "-" + d.guid + ")";
        return name;
    };

    Fabric fabric;
    // The line each node and link came from, by id, for a fault findFabricFault() finds.
    std::vector<int> nodeLine;
    std::vector<int> linkLine;
    const auto remember = [](std::vector<int> &lines, std::int32_t id, int line) {
        const auto i = static_cast<std::size_t>(id);
        if (i >= lines.size())
            lines.resize(i + 1, 0);
        lines[i] = line;
    };
    std::map<std::string, NodeId> switchNode;
    std::vector<int> perLevel;
    for (std::size_t i = 0; i < switches.size(); ++i) {
        const Device &d = *switches[i];
        const int lvl = level[i] < 0 ? 1 : level[i];
        if (static_cast<std::size_t>(lvl) >= perLevel.size())
            perLevel.resize(static_cast<std::size_t>(lvl) + 1, 0);
        Node n;
        n.kind = NodeKind::Switch;
        n.role = lvl == 0 ? SwitchRole::Leaf : lvl == 1 ? SwitchRole::Spine : SwitchRole::Core;
        n.name = uniqueName(d);
        n.hints.tier = 2 + lvl;
        n.hints.index = perLevel[static_cast<std::size_t>(lvl)]++;
        n.ports = d.ports;
        n.switchLatencyNs = kIbSwitchLatencyNs;
        switchNode[d.guid] = fabric.addNode(std::move(n));
        remember(nodeLine, switchNode[d.guid], d.line);
    }

    // One endpoint per connected CA port, in the order the ports first appear.
    std::map<std::string, int> connectedPorts;
    for (const auto &[port, peer] : mPeerOf)
        if (mDevices.at(port.guid).type == 'H')
            ++connectedPorts[port.guid];
    std::map<PortRef, NodeId> endpoint;
    int endpointIndex = 0;
    auto endpointFor = [&](const PortRef &p) {
        const auto it = endpoint.find(p);
        if (it != endpoint.end())
            return it->second;
        const Device &d = mDevices.at(p.guid);
        Node n;
        n.kind = NodeKind::Gpu;
        n.name = uniqueName(d);
        if (connectedPorts[p.guid] > 1)
            n.name += " port " + std::to_string(p.port);
        n.hints.tier = 0;
        n.hints.index = endpointIndex++;
        n.ports = d.ports;
        const NodeId id = endpoint[p] = fabric.addNode(std::move(n));
        remember(nodeLine, id, d.line);
        return id;
    };
    auto nodeFor = [&](const PortRef &p) {
        const auto it = switchNode.find(p.guid);
        return it != switchNode.end() ? it->second : endpointFor(p);
    };
    for (const Cable &c : mCables) {
        Link l;
        l.a = nodeFor(c.a);
        l.b = nodeFor(c.b);
        l.portA = c.a.port;
        l.portB = c.b.port;
        l.capacityGbps = c.gbps;
        l.latencyNs = kIbCableLatencyNs;
        l.medium = Medium::InfiniBand;
        if (l.a == l.b)
            continue; // two ports of one CA cabled to each other
        remember(linkLine, fabric.addLink(l), c.line);
    }

    nlohmann::json &meta = fabric.metadata();
    meta["source"] = "ibnetdiscover";
    meta["source_file"] = std::filesystem::path(mFileName).filename().string();
    if (mLoopbacks > 0)
        meta["skipped_loopback_cables"] = mLoopbacks;
    if (const auto fault = findFabricFault(fabric)) {
        const std::vector<int> &lines = fault->isLink ? linkLine : nodeLine;
        const auto id = static_cast<std::size_t>(fault->id);
        const int line = id < lines.size() ? lines[id] : 0;
        throw UserError(mFileName + (line > 0 ? ": line " + std::to_string(line) : std::string())
            + ": " + describeFault(fabric, *fault));
    }
    return fabric;
}

} // namespace fabric::io
