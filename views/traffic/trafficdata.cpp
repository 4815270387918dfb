// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "trafficdata.h"

#include "charts/binnedrate.h"
#include "charts/chartdata.h"
#include "common/plural.h"
#include "common/qtstrings.h"
#include "heatmap/heatmapdata.h"
#include "model/units.h"

#include <QObject>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace fabric::views::traffic {

namespace {

/// The tier of @p n in the fabric model: its LayoutHints::tier (0 GPUs, 1 hosts, then switch
/// tiers upwards). Hand-made or imported fabrics may leave it unset; then GPUs, hosts, and
/// switches by role (leaf, spine, core) stand in for it.
int tierOf(const Node &n)
{
    if (n.hints.tier >= 0)
        return n.hints.tier;
    if (n.kind != NodeKind::Switch)
        return n.kind == NodeKind::Gpu ? 0 : n.kind == NodeKind::Host ? 1 : 2;
    return 2 + std::max(0, int(n.role) - int(SwitchRole::Leaf));
}

/// Up groups bottom-up, then down groups top-down (the way the bytes travel), then across.
bool travelOrder(const TierGroup &a, const TierGroup &b)
{
    const auto key = [](const TierGroup &g) {
        const int sign = g.direction == Direction::Down ? -1 : 1;
        return std::make_tuple(int(g.direction), sign * g.fromTier, sign * g.toTier, g.label);
    };
    return key(a) < key(b);
}

/// The ranks of @p run: the GPUs its flows start or end at, sorted.
std::vector<NodeId> rankNodes(const SimRun &run)
{
    std::set<NodeId> ranks;
    if (run.fabric)
        for (const sim::FlowSpec &f : run.flows())
            for (const NodeId n : {f.src, f.dst})
                if (run.fabric->hasNode(n) && run.fabric->node(n).isEndpoint())
                    ranks.insert(n);
    return {ranks.begin(), ranks.end()};
}

bool sameSize(double a, double b)
{
    return std::isfinite(a) && std::isfinite(b) && std::fabs(a - b) <= 1e-9 * std::max(a, b);
}

QString bytesText(double bytes)
{
    return toQString(units::formatBytes(bytes));
}

QString rate(double gbps)
{
    return toQString(units::formatGBps(gbps));
}

/// The group's bytes per GPU in @p unit, 0 when @p b has no such group.
double groupValue(const Breakdown &b, const QString &label, double unit)
{
    for (const TierGroup &g : b.groups)
        if (g.label == label)
            return b.perGpu(g.bytes) / unit;
    return 0.0;
}

QString runName(const SimRun &run)
{
    return run.label.isEmpty() ? QObject::tr("this run") : run.label;
}

/// Whether the ranks of @p b are chips joined to each other directly (a torus): neither
/// NVLink nor a NIC, so what NVLink-against-NIC figures say of them is nothing.
bool linksChipToChip(const Breakdown &b)
{
    return b.ranks > 0 && b.nvlinkGBpsPerGpu <= 0 && b.nicGBpsPerGpu <= 0;
}

} // namespace

double Breakdown::sum(LinkClass cls, Direction direction, double TierGroup::*field) const
{
    double total = 0;
    for (const TierGroup &g : groups)
        if (g.linkClass == cls && g.direction == direction)
            total += g.*field;
    return total;
}

Direction directionOf(const Node &from, const Node &to)
{
    const int a = tierOf(from), b = tierOf(to);
    return a < b ? Direction::Up : a > b ? Direction::Down : Direction::Across;
}

LinkClass classOf(const Fabric &fabric, const Link &link)
{
    if (link.medium == Medium::NvLink)
        return LinkClass::NvLink;
    // A NIC joins a GPU to a packet switch; a chip's fibre to an OCS is part of the fabric.
    const Node &a = fabric.node(link.a), &b = fabric.node(link.b);
    const bool nic = (a.isEndpoint() && b.kind == NodeKind::Switch)
        || (b.isEndpoint() && a.kind == NodeKind::Switch);
    return nic ? LinkClass::Nic : LinkClass::Network;
}

double ringBytesPerGpu(int ranks, double bytes)
{
    return ranks > 0 ? 2.0 * (ranks - 1) / ranks * bytes : 0.0;
}

std::pair<double, QString> bytesUnit(double maxBytes)
{
    static const QStringList names{QStringLiteral("B"), QStringLiteral("KiB"),
                                   QStringLiteral("MiB"), QStringLiteral("GiB"),
                                   QStringLiteral("TiB"), QStringLiteral("PiB")};
    const QString unit = bytesText(maxBytes > 0 ? maxBytes : 1.0).section(QLatin1Char(' '), -1);
    return {std::pow(1024.0, std::max<qsizetype>(0, names.indexOf(unit))), unit};
}

Breakdown breakdown(const SimRun &run)
{
    Breakdown b;
    if (!run.fabric)
        return b;
    const Fabric &f = *run.fabric;
    const sim::SimResult &r = run.result;
    const std::vector<NodeId> ranks = rankNodes(run);
    b.ranks = run.ranks() > 0 ? run.ranks() : int(ranks.size());

    std::map<QString, TierGroup> groups;
    // Per GPU, for NVLink and NIC: bytes sent and the longest busy time of those links.
    std::vector<double> sent[2] = {std::vector<double>(f.nodeIdBound(), 0.0),
                                   std::vector<double>(f.nodeIdBound(), 0.0)};
    std::vector<double> busy[2] = {std::vector<double>(f.nodeIdBound(), 0.0),
                                   std::vector<double>(f.nodeIdBound(), 0.0)};
    f.forEachLink([&](const Link &l) {
        const LinkClass cls = classOf(f, l);
        for (const bool fromA : {true, false}) {
            const auto d = std::size_t(dirLink(l.id, fromA));
            if (d >= r.links.size() || r.links[d].bytes <= 0)
                continue;
            const sim::LinkStats &s = r.links[d];
            const Node &u = f.node(f.from(DirLinkId(d))), &v = f.node(f.to(DirLinkId(d)));
            // Compact ("GPU\u2192leaf"): a dock shows eight of them side by side.
            const QString label = tierName(u) + QStringLiteral("\u2192") + tierName(v);
            TierGroup &g = groups[label];
            g.label = label;
            g.direction = directionOf(u, v);
            g.linkClass = cls;
            g.fromTier = tierOf(u);
            g.toTier = tierOf(v);
            ++g.links;
            g.bytes += s.bytes;
            g.busyS += s.busyS;
            if (u.isEndpoint())
                b.gpuSentBytes += s.bytes;
            if (v.isEndpoint())
                b.gpuReceivedBytes += s.bytes;
            if (u.isEndpoint() && cls != LinkClass::Network) {
                const auto c = std::size_t(cls), n = std::size_t(u.id);
                sent[c][n] += s.bytes;
                busy[c][n] = std::max(busy[c][n], s.busyS);
            }
        }
    });
    for (auto &entry : groups)
        b.groups.push_back(entry.second);
    std::sort(b.groups.begin(), b.groups.end(), travelOrder);
    const auto nic = std::size_t(LinkClass::Nic);
    for (const double bytes : sent[nic]) {
        b.nicMaxSentBytes = std::max(b.nicMaxSentBytes, bytes);
        b.nicSenders += bytes > 0 ? 1 : 0;
    }
    for (const LinkClass cls : {LinkClass::NvLink, LinkClass::Nic}) {
        const auto c = std::size_t(cls);
        double bytes = 0, seconds = 0;
        for (std::size_t n = 0; n < sent[c].size(); ++n)
            if (sent[c][n] > 0 && busy[c][n] > 0) {
                bytes += sent[c][n];
                seconds += busy[c][n];
            }
        (cls == LinkClass::NvLink ? b.nvlinkBusyGBps : b.nicBusyGBps)
            = seconds > 0 ? units::bytesPerSecondToGBps(bytes / seconds) : SimRun::kUnknown;
    }

    // The ladder: what each rank's GPU has towards its host and towards the fabric.
    std::set<NodeId> hosts;
    double nvlinkGbps = 0, nicGbps = 0;
    for (const NodeId n : ranks) {
        if (f.node(n).host != kNoNode)
            hosts.insert(f.node(n).host);
        for (const LinkId id : f.linksOf(n)) {
            const Link &l = f.link(id);
            const LinkClass cls = classOf(f, l);
            if (cls == LinkClass::NvLink)
                nvlinkGbps += l.capacityGbps;
            else if (cls == LinkClass::Nic)
                nicGbps += l.capacityGbps;
        }
    }
    if (!ranks.empty()) {
        const double n = double(ranks.size());
        b.nvlinkGBpsPerGpu = units::bytesPerSecondToGBps(units::gbpsToBytesPerSecond(nvlinkGbps / n));
        b.nicGBpsPerGpu = units::bytesPerSecondToGBps(units::gbpsToBytesPerSecond(nicGbps / n));
    }
    b.hosts = int(hosts.size());
    return b;
}

SimRunPtr counterpart(const SimRun &run, const QList<SimRunPtr> &history, const QString &algorithm)
{
    for (const SimRunPtr &other : history) {
        if (!other || other.get() == &run || other->algorithm != algorithm
            || other->collective != run.collective || other->ranks() != run.ranks()
            || !sameSize(other->messageBytes(), run.messageBytes()) || !other->fabric || !run.fabric
            || other->fabric->nodeIdBound() != run.fabric->nodeIdBound())
            continue;
        if (rankNodes(*other) == rankNodes(run))
            return other;
    }
    return nullptr;
}

WireBytes wireBytes(const SimRun &run, const QList<SimRunPtr> &history)
{
    WireBytes w;
    w.run = breakdown(run);
    const Breakdown &b = w.run;
    const int n = b.ranks;
    const double s = run.messageBytes();
    const bool allReduce = run.collective == QStringLiteral("allreduce");
    const bool sharp = run.algorithm == QStringLiteral("sharp");
    w.sentPerGpu = b.perGpu(b.gpuSentBytes);

    Breakdown ref;
    if (allReduce && (sharp || run.algorithm == QStringLiteral("ring")))
        w.reference = counterpart(run, history, sharp ? QStringLiteral("ring") : QStringLiteral("sharp"));
    if (w.reference) {
        ref = breakdown(*w.reference);
        w.referencePerGpu = ref.perGpu(ref.gpuSentBytes);
    } else if (sharp && allReduce && std::isfinite(s) && n > 1) {
        w.closedFormReference = true;
        w.referencePerGpu = ringBytesPerGpu(n, s);
    }
    if (std::isfinite(w.referencePerGpu) && w.sentPerGpu > 0)
        w.ratio = w.referencePerGpu / w.sentPerGpu;

    // One category per tier group either run used, in the order the bytes travel.
    std::vector<TierGroup> all = b.groups;
    for (const TierGroup &g : ref.groups)
        if (std::none_of(all.begin(), all.end(), [&](const TierGroup &h) { return h.label == g.label; }))
            all.push_back(g);
    std::sort(all.begin(), all.end(), travelOrder);
    double top = 0;
    for (const Breakdown *x : {&b, static_cast<const Breakdown *>(&ref)})
        for (const TierGroup &g : x->groups)
            top = std::max(top, x->perGpu(g.bytes));
    top = std::max({top, w.sentPerGpu, b.perGpu(b.gpuReceivedBytes), ref.perGpu(ref.gpuReceivedBytes)});
    if (std::isfinite(w.referencePerGpu))
        top = std::max(top, w.referencePerGpu);
    const auto [unit, unitName] = bytesUnit(top);

    ChartSpec &c = w.chart;
    // A torus has chips and no tiers: its links carry each chip's bytes and those it relays.
    const bool chips = linksChipToChip(b);
    c.title = chips ? QObject::tr("Bytes on the wire per chip, by link group")
                    : QObject::tr("Bytes on the wire per GPU, by tier and direction");
    c.xTitle = chips ? QObject::tr("sent on a chip's links (its own bytes and those it relays), "
                                   "received")
                     : QObject::tr("sent by a GPU, up the tiers, back down, received");
    if (std::any_of(all.begin(), all.end(),
                    [](const TierGroup &g) { return g.linkClass == LinkClass::NvLink; }))
        c.xTitle += QObject::tr(" (GPU\u2192host is NVLink)");
    c.yTitle = chips ? QObject::tr("bytes per chip (%1)").arg(unitName)
                     : QObject::tr("bytes per GPU (%1)").arg(unitName);
    ChartBars mine{runName(run), {}};
    ChartBars theirs{w.reference ? w.reference->label
                                 : QObject::tr("ring all-reduce, closed form 2(N\u22121)/N \u00d7 S "
                                               "(per GPU only)"),
                     {}};
    // First and last, what each GPU sends and receives over all its links: the figures SHARP
    // halves. The closed form knows nothing else; a ring run also shows its tiers.
    const double refReceived = w.closedFormReference ? w.referencePerGpu
                                                     : ref.perGpu(ref.gpuReceivedBytes);
    c.categories << QObject::tr("sent");
    mine.values << w.sentPerGpu / unit;
    theirs.values << (std::isfinite(w.referencePerGpu) ? w.referencePerGpu / unit : 0.0);
    for (const TierGroup &g : all) {
        c.categories << g.label;
        mine.values << groupValue(b, g.label, unit);
        theirs.values << groupValue(ref, g.label, unit);
    }
    c.categories << QObject::tr("received");
    mine.values << b.perGpu(b.gpuReceivedBytes) / unit;
    theirs.values << (std::isfinite(refReceived) ? refReceived / unit : 0.0);
    c.bars << mine;
    if (std::isfinite(w.referencePerGpu))
        c.bars << theirs;

    // The caption.
    const QString ringForm = QObject::tr("2(N\u22121)/N \u00d7 S");
    if (sharp && n > 0) {
        const double above = b.perGpu(b.bytes(LinkClass::Network, Direction::Up));
        w.caption << QObject::tr("SHARP all-reduce of S = %1 on %2 GPUs: each GPU sends %3 up its "
                                 "links and receives %4 back, about S each way; the switches of the "
                                 "aggregation tree add the streams, so above the leaves only %5 "
                                 "per GPU travels up.")
                         .arg(bytesText(s)).arg(n)
                         .arg(bytesText(w.sentPerGpu), bytesText(b.perGpu(b.gpuReceivedBytes)),
                              bytesText(above));
        if (std::isfinite(w.ratio))
            w.caption << QObject::tr("A ring all-reduce on the same ranks %1 sends %2 = %3 per "
                                     "GPU: SHARP puts %4\u00d7 fewer bytes on each GPU's links.")
                             .arg(w.closedFormReference
                                      ? QObject::tr("(closed form; no ring run with these ranks "
                                                    "and size in the history)")
                                      : QObject::tr("(run \u201c%1\u201d)").arg(w.reference->label),
                                  ringForm, bytesText(w.referencePerGpu))
                             .arg(w.ratio, 0, 'f', 2);
        if (std::isfinite(run.summary.sharpSavedBytes))
            w.caption << QObject::tr("In all, SHARP kept %1 off the GPUs' links against the ring.")
                             .arg(bytesText(run.summary.sharpSavedBytes));
    } else if (n > 0) {
        const double nvlink = b.perGpu(b.bytes(LinkClass::NvLink, Direction::Up));
        const double nic = b.perGpu(b.bytes(LinkClass::Nic, Direction::Up));
        // Chips of a torus have neither: "0 B into the fabric" read as if nothing left them.
        QString first = nvlink + nic > 0 || !linksChipToChip(b)
            ? QObject::tr("%1 on %2 GPUs: each GPU sends %3 on average (%4 over NVLink, "
                          "%5 into the fabric).")
                  .arg(runName(run))
                  .arg(n)
                  .arg(bytesText(w.sentPerGpu), bytesText(nvlink), bytesText(nic))
            : QObject::tr("%1 on %2 chips: each chip's links carry %3 out on average, its own "
                          "bytes and those it relays for other chips.")
                  .arg(runName(run))
                  .arg(n)
                  .arg(bytesText(w.sentPerGpu));
        if (allReduce && std::isfinite(s))
            first += (linksChipToChip(b) ? QObject::tr(" A ring all-reduce sends %1 = %2 per chip.")
                                         : QObject::tr(" A ring all-reduce sends %1 = %2 per GPU."))
                         .arg(ringForm, bytesText(ringBytesPerGpu(n, s)));
        w.caption << first;
        if (w.reference && std::isfinite(w.ratio))
            w.caption << QObject::tr("The SHARP run \u201c%1\u201d on the same ranks sends %2 per "
                                     "GPU: %3\u00d7 fewer than this run.")
                             .arg(w.reference->label, bytesText(w.referencePerGpu))
                             .arg(w.ratio > 0 ? 1.0 / w.ratio : 0.0, 0, 'f', 2);
    }
    return w;
}

MediaSplit nvlinkVsFabric(const SimRun &run)
{
    MediaSplit m;
    m.run = breakdown(run);
    const Breakdown &b = m.run;
    m.nvlinkBytesPerGpu = b.perGpu(b.bytes(LinkClass::NvLink, Direction::Up));
    m.nicBytesPerGpu = b.perGpu(b.bytes(LinkClass::Nic, Direction::Up));
    const QString nvlinkName = QObject::tr("NVLink");
    const QString nicName = QObject::tr("NIC");
    const auto orZero = [](double v) { return std::isfinite(v) ? v : 0.0; };

    m.ladder.title = QObject::tr("Bandwidth ladder per GPU");
    m.ladder.yTitle = QObject::tr("GB/s, one direction");
    m.ladder.categories << nvlinkName << nicName;
    m.ladder.bars << ChartBars{QObject::tr("capacity"),
                               {b.nvlinkGBpsPerGpu, b.nicGBpsPerGpu}}
                  << ChartBars{QObject::tr("while busy"),
                               {orZero(b.busyGBps(LinkClass::NvLink)),
                                orZero(b.busyGBps(LinkClass::Nic))}};

    double top = 0;
    for (const TierGroup &g : b.groups)
        top = std::max(top, b.perGpu(g.bytes));
    const auto [unit, unitName] = bytesUnit(top);
    m.bytes.title = QObject::tr("Bytes per GPU by link class");
    m.bytes.yTitle = QObject::tr("bytes per GPU (%1)").arg(unitName);
    m.bytes.categories << nvlinkName << nicName << QObject::tr("switch links");
    const std::pair<Direction, QString> directions[] = {
        {Direction::Up, QObject::tr("up")},
        {Direction::Down, QObject::tr("down")},
        {Direction::Across, QObject::tr("across")}};
    for (const auto &[direction, name] : directions) {
        ChartBars bars{name, {}};
        double sum = 0;
        for (const LinkClass cls : {LinkClass::NvLink, LinkClass::Nic, LinkClass::Network}) {
            bars.values << b.perGpu(b.bytes(cls, direction)) / unit;
            sum += bars.values.back();
        }
        if (sum > 0 || direction != Direction::Across)
            m.bytes.bars << bars;
    }

    // Throughput over time: what a GPU sends over NVLink and into the fabric, from the
    // timeline's link loads, averaged over bins (a ring's steps alternate with short latency
    // gaps that would otherwise draw a comb).
    const sim::Timeline &t = run.result.timeline;
    const auto [scale, timeName] = charts::timeUnit(run.result.completionS);
    m.throughput.title = QObject::tr("Sent per GPU: NVLink vs fabric");
    m.throughput.xTitle = QObject::tr("simulated time (%1)").arg(timeName);
    m.throughput.yTitle = QObject::tr("GB/s per GPU");
    m.throughput.steps = true;
    ChartLine nvlinkLine{QObject::tr("NVLink"), {}};
    ChartLine nicLine{QObject::tr("fabric (NIC)"), {}};
    if (run.fabric && t.intervalCount() > 0 && t.endS() > 0 && b.ranks > 0) {
        const Fabric &f = *run.fabric;
        std::vector<std::int8_t> cls(t.dirLinkCount(), -1);
        f.forEachLink([&](const Link &l) {
            for (const bool fromA : {true, false}) {
                const auto d = std::size_t(dirLink(l.id, fromA));
                if (d < cls.size() && f.node(f.from(DirLinkId(d))).isEndpoint())
                    cls[d] = std::int8_t(classOf(f, l));
            }
        });
        constexpr std::size_t kBins = 200;
        charts::BinnedRate sent[2] = { charts::BinnedRate(t.endS() / double(kBins), t.endS()),
            charts::BinnedRate(t.endS() / double(kBins), t.endS()) };
        std::vector<double> load(t.dirLinkCount(), 0.0);
        double sums[2] = {0, 0};
        for (std::size_t i = 0; i < t.intervalCount(); ++i) {
            for (const sim::LinkDelta &d : t.linkChanges(i)) {
                const auto k = std::size_t(d.link);
                if (k >= load.size())
                    continue;
                if (cls[k] == std::int8_t(LinkClass::NvLink) || cls[k] == std::int8_t(LinkClass::Nic))
                    sums[std::size_t(cls[k])]
                        += (d.loadBytesPerS - load[k]) * double(t.multiplicity());
                load[k] = d.loadBytesPerS;
            }
            for (std::size_t c = 0; c < 2; ++c)
                sent[c].add(t.intervalStartS(i), t.intervalStartS(i + 1), std::max(0.0, sums[c]));
        }
        const double perGpuGBps = units::bytesPerSecondToGBps(1.0) / double(b.ranks);
        nvlinkLine.points = sent[0].points(scale, perGpuGBps);
        nicLine.points = sent[1].points(scale, perGpuGBps);
    }
    m.throughput.lines << nvlinkLine << nicLine;
    if (linksChipToChip(b)) {
        // Empty ladder, zero lines and chip bytes under "switch links" said the chips sent
        // nothing; the charts say why they have nothing to compare instead.
        const QString note = QObject::tr("These chips link to each other directly: they have "
                                         "neither NVLink nor a NIC to compare. Bytes on the wire "
                                         "shows where their bytes went.");
        for (ChartSpec *chart : { &m.ladder, &m.bytes, &m.throughput }) {
            chart->bars.clear();
            chart->lines.clear();
            chart->emptyNote = note;
        }
    }

    // The caption.
    if (b.nvlinkGBpsPerGpu > 0 && b.nicGBpsPerGpu > 0)
        m.caption << QObject::tr("Bandwidth ladder of this fabric: each GPU "
                                 "has %1 of NVLink to its host (%2 both ways) and %3 of NIC into "
                                 "the fabric, %4\u00d7 less across hosts than inside.")
                         .arg(rate(b.nvlinkGBpsPerGpu), rate(2 * b.nvlinkGBpsPerGpu),
                              rate(b.nicGBpsPerGpu))
                         .arg(b.nvlinkGBpsPerGpu / b.nicGBpsPerGpu, 0, 'g', 3);
    else if (b.nicGBpsPerGpu > 0)
        m.caption << QObject::tr("The GPUs of this fabric have no NVLink: every byte they send "
                                 "goes through their NIC (%1 each, one direction).")
                         .arg(rate(b.nicGBpsPerGpu));
    else
        m.caption << QObject::tr("The chips of this fabric link to each other directly, with "
                                 "neither NVLink nor NICs: every byte travels on chip links.");
    const double sent = m.nvlinkBytesPerGpu + m.nicBytesPerGpu;
    QString used = sent > 0
        ? QObject::tr("This run: each GPU sent %1 over NVLink and %2 into the fabric (%3% of its "
                      "bytes stayed inside the host).")
              .arg(bytesText(m.nvlinkBytesPerGpu), bytesText(m.nicBytesPerGpu))
              .arg(100.0 * m.nvlinkBytesPerGpu / sent, 0, 'f', 0)
        : QObject::tr("This run: each chip sent %1 on its chip links.")
              .arg(bytesText(b.perGpu(b.gpuSentBytes)));
    const double nvlinkBusy = b.busyGBps(LinkClass::NvLink), nicBusy = b.busyGBps(LinkClass::Nic);
    if (std::isfinite(nvlinkBusy) && std::isfinite(nicBusy))
        used += QObject::tr(" While busy, a GPU's NVLink ran at %1 and its NIC at %2.")
                    .arg(rate(nvlinkBusy), rate(nicBusy));
    m.caption << used;
    const int n = b.ranks;
    if (run.algorithm == QStringLiteral("hierarchical") && b.hosts > 0 && n > 0
        && std::isfinite(run.messageBytes()) && m.nicBytesPerGpu > 0) {
        const int g = n / b.hosts;
        const double ring = ringBytesPerGpu(n, run.messageBytes());
        m.caption << QObject::tr("Hierarchical all-reduce: the reduce-scatter and all-gather inside "
                                 "each host moved %1 per GPU over NVLink; across hosts each GPU "
                                 "sent %2 on its NIC, 2(H\u22121)/H \u00d7 S/g with g = %3 GPUs per "
                                 "host and H = %4 hosts: 1/%5 of the %6 = %7 a flat ring sends "
                                 "per GPU.")
                         .arg(bytesText(m.nvlinkBytesPerGpu), bytesText(m.nicBytesPerGpu))
                         .arg(g).arg(b.hosts)
                         .arg(ring / m.nicBytesPerGpu, 0, 'f', 1)
                         .arg(QObject::tr("2(N\u22121)/N \u00d7 S"), bytesText(ring));
    } else if (b.nicSenders > 0) {
        m.caption << QObject::tr("%1 of %2 GPUs sent into the fabric; the busiest sent %3.")
                         .arg(grouped(b.nicSenders), grouped(n), bytesText(b.nicMaxSentBytes));
    }
    return m;
}

} // namespace fabric::views::traffic
