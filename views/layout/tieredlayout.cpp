// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "tieredlayout.h"

#include "blockcapacity.h"
#include "common/plural.h"
#include "model/metrics.h"
#include "model/tierinference.h"
#include "planesplit.h"
#include "rowlinks.h"
#include "style/palette.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

namespace fabric::views {

namespace {

constexpr double kGpuSize = 8, kGpuPitch = 10;
constexpr double kHostCellHeight = 36;
constexpr double kHostBarHeight = 9;
constexpr double kSwitchW = 24, kSwitchH = 12, kSwitchPitch = 30, kSwitchRowPitch = 26;
constexpr double kTierGap = 70;
constexpr double kPodGap = 60;
constexpr double kTargetAspect = 1.6;
// Split planes put every pod in one row: with many pods a wider picture gives each pod more
// room at fit (the 15 segments of an HPN pod in the 1920x1080 window: about 60 px each instead
// of 40). A few pods keep kTargetAspect: at 2.2 the lesson's two segments filled half the
// canvas's height, too small for its collision badges.
constexpr double kSplitPlanesAspect = 2.2;
constexpr std::size_t kManyPods = 4;

struct HostCell
{
    NodeId host = kNoNode;
    std::vector<NodeId> gpus;
};

struct Pod
{
    int number = 0;
    std::vector<HostCell> cells;
    std::map<int, std::vector<NodeId>> switchTiers; // tier -> switches, above the hosts
    std::map<int, std::vector<NodeId>> lowerTiers;  // the same below the hosts (plane 1)
    double width = 0, height = 0, depth = 0;        // above and below the hosts' bottom
    int hostsPerRow = 1;
};

int rowsFor(std::size_t n, double width)
{
    const auto perRow = std::max<std::size_t>(1, static_cast<std::size_t>(width / kSwitchPitch));
    return static_cast<int>((n + perRow - 1) / perRow);
}

/// Height of the rows @p n switches take in @p width (what placeRows() returns).
double rowsHeight(std::size_t n, double width)
{
    return (rowsFor(n, width) - 1) * kSwitchRowPitch + kSwitchH;
}

/// The gap above a row of switches keyed tier * 16 + plane. Rows of one tier in different
/// planes (HPN's two aggregation planes) are set a few percent of the fabric's width apart, so
/// at fit their captions do not print over each other and the planes read as two.
double gapBefore(int previousKey, int key, double width)
{
    return previousKey >= 0 && previousKey / 16 == key / 16 ? std::max(kTierGap, 0.04 * width)
                                                            : kTierGap;
}

/// Height of @p tiers' rows; @p planeKeyed: keyed tier * 16 + plane (the shared rows), else by
/// tier alone (a pod's rows).
double tiersHeight(const std::map<int, std::vector<NodeId>> &tiers, double width,
                   bool planeKeyed = false)
{
    double h = 0;
    int previous = -1;
    for (const auto &[key, nodes] : tiers) {
        h += (planeKeyed ? gapBefore(previous, key, width) : kTierGap) + rowsHeight(nodes.size(), width);
        previous = key;
    }
    return h;
}

/**
 * Orders a row of switches by plane, then by the mean x of what they link to (so each sits
 * above or below its neighbours), then rail and index. @p xOf gives a neighbour's x, or NaN to
 * leave it out; a switch with no such neighbour counts as @p fallbackX. Returns the mean x of
 * each switch in the new order.
 */
template<typename XOf>
std::vector<double> orderByNeighbourX(const Fabric &f, std::vector<NodeId> &nodes, double fallbackX,
                                      XOf xOf)
{
    std::vector<std::tuple<int, double, int, int, NodeId>> keyed;
    for (NodeId s : nodes) {
        double sum = 0;
        int count = 0;
        for (LinkId l : f.linksOf(s)) {
            const double x = xOf(f.link(l).other(s));
            if (!std::isnan(x)) {
                sum += x;
                ++count;
            }
        }
        const Node &sn = f.node(s);
        keyed.emplace_back(sn.hints.plane, count ? sum / count : fallbackX, sn.hints.rail,
                           sn.hints.index, s);
    }
    std::sort(keyed.begin(), keyed.end());
    std::vector<double> meanX;
    for (std::size_t i = 0; i < keyed.size(); ++i) {
        nodes[i] = std::get<4>(keyed[i]);
        meanX.push_back(std::get<1>(keyed[i]));
    }
    return meanX;
}

/// Places @p nodes (sorted) in rows of @p width starting at height @p h0 above the row base,
/// each as near its desired x as the pitch allows. Returns the height used.
double placeRows(const std::vector<NodeId> &nodes, const std::vector<double> &desired,
                 double width, double h0, std::vector<QPointF> &local)
{
    const auto perRow = std::max<std::size_t>(1, static_cast<std::size_t>(width / kSwitchPitch));
    const std::size_t n = nodes.size();
    if (n <= perRow) {
        std::vector<double> x(desired);
        const double lo = kSwitchPitch / 2, hi = width - kSwitchPitch / 2;
        for (std::size_t i = 0; i < n; ++i) {
            x[i] = std::clamp(x[i], lo, std::max(lo, hi));
            if (i > 0)
                x[i] = std::max(x[i], x[i - 1] + kSwitchPitch);
        }
        if (n > 0 && x[n - 1] > hi) {
            x[n - 1] = hi;
            for (std::size_t i = n - 1; i-- > 0;)
                x[i] = std::min(x[i], x[i + 1] - kSwitchPitch);
        }
        for (std::size_t i = 0; i < n; ++i)
            local[static_cast<std::size_t>(nodes[i])] = QPointF(x[i], h0 + kSwitchH / 2);
        return kSwitchH;
    }
    const std::size_t rows = (n + perRow - 1) / perRow;
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t row = i / perRow;
        const std::size_t inRow = std::min(perRow, n - row * perRow);
        const double x = (static_cast<double>(i % perRow) + 0.5) * width / static_cast<double>(inRow);
        local[static_cast<std::size_t>(nodes[i])] =
            QPointF(x, h0 + kSwitchH / 2 + static_cast<double>(row) * kSwitchRowPitch);
    }
    return static_cast<double>(rows - 1) * kSwitchRowPitch + kSwitchH;
}

QString podWord(const std::string &family)
{
    if (family == "hpn")
        return QStringLiteral("Segment");
    if (family == "roce-clos")
        return QStringLiteral("AI zone");
    return QStringLiteral("Pod");
}

QString tierName(const Fabric &f, const std::vector<NodeId> &nodes)
{
    if (nodes.empty())
        return {};
    const Node &n = f.node(nodes.front());
    if (n.kind == NodeKind::Ocs)
        return QStringLiteral("OCS");
    if (n.kind == NodeKind::Host)
        return QStringLiteral("Hosts");
    if (n.kind == NodeKind::Gpu)
        return QStringLiteral("GPUs");
    return palette::roleName(n.role, f.generator().family);
}

/// The name of a row of @p nodes beside it at @p pos, with its plane when @p withPlane and the
/// row is one plane's, and shorter forms for when the fit leaves too little room
/// ("Aggregation (ATSW)": "ATSW", "Spine / aggregation": "Spine", "Aggregation (plane 0)":
/// "Agg. (plane 0)", then "Agg. p0", as the heatmap shortens its rows).
LayoutLabel tierLabel(
    const Fabric &f, const std::vector<NodeId> &nodes, QPointF pos, bool withPlane)
{
    const int plane = withPlane && !nodes.empty() ? f.node(nodes.front()).hints.plane : -1;
    const QString name = tierName(f, nodes);
    const auto open = name.indexOf(QLatin1Char('(')), close = name.indexOf(QLatin1Char(')'));
    const auto slash = name.indexOf(QLatin1String(" / "));
    const QString shortName = open >= 0 && close > open ? name.mid(open + 1, close - open - 1)
        : slash > 0                                     ? name.left(slash)
        : name.size() > 8                               ? name.left(3) + QLatin1Char('.')
                                                        : name;
    if (plane < 0) {
        LayoutLabel label { pos, name, true };
        if (shortName != name)
            label.shorterTexts << shortName;
        return label;
    }
    const QString suffix = QStringLiteral(" (plane %1)").arg(plane);
    LayoutLabel label { pos, name + suffix, true };
    if (shortName != name)
        label.shorterTexts << shortName + suffix;
    label.shorterTexts << shortName + QStringLiteral(" p%1").arg(plane);
    return label;
}

} // namespace

int effectiveTier(const Node &node)
{
    if (node.hints.tier >= 0)
        return node.hints.tier;
    switch (node.kind) {
    case NodeKind::Gpu: return 0;
    case NodeKind::Host: return 1;
    case NodeKind::Ocs: return 6;
    case NodeKind::Switch:
        switch (node.role) {
        case SwitchRole::Spine: return 3;
        case SwitchRole::Core: return 4;
        default: return 2;
        }
    }
    return 2;
}

FabricLayout tieredLayout(const Fabric &f)
{
    FabricLayout out;
    out.name = QStringLiteral("tiered");
    out.nodePitch = kGpuPitch;
    out.resize(f.nodeIdBound());

    // Pods: GPUs and hosts always belong to one (pod 0 when the fabric has none). A fabric that
    // names no pod (drawn by hand) has the switches its GPUs hang from drawn in that pod too,
    // rather than as a row shared by pods it does not have.
    bool namesPods = false;
    f.forEachNode([&](const Node &n) { namesPods = namesPods || n.hints.pod >= 0; });
    // Once per switch: podOf() is asked again for every neighbour of every switch placed.
    std::vector<char> leafOfMachines(namesPods ? 0 : f.nodeIdBound(), 0);
    if (!namesPods)
        f.forEachNode([&](const Node &n) {
            if (n.kind == NodeKind::Switch)
                leafOfMachines[static_cast<std::size_t>(n.id)] = hangsMachines(f, n.id);
        });
    auto podOf = [&](const Node &n) -> int {
        if (n.hints.pod >= 0)
            return n.hints.pod;
        if (n.kind == NodeKind::Gpu && f.hasNode(n.host) && f.node(n.host).hints.pod >= 0)
            return f.node(n.host).hints.pod;
        if (n.kind == NodeKind::Gpu || n.kind == NodeKind::Host)
            return 0;
        if (!namesPods && leafOfMachines[static_cast<std::size_t>(n.id)])
            return 0;
        return -1;
    };
    // Two planes kept apart (dual-plane HPN): plane 1's switches go below the hosts, mirrored,
    // so each GPU's two uplinks leave it one up and one down instead of crossing each other.
    const bool splitPlanes = hasTwoSeparatePlanes(f);
    auto below = [&](const Node &n) { return splitPlanes && n.hints.plane == 1; };
    std::map<int, Pod> pods;
    std::map<int, std::vector<NodeId>> sharedTiers, lowerShared; // lowerShared: below the pods
    std::map<NodeId, std::vector<NodeId>> gpusOfHost;
    std::vector<NodeId> hostless;
    f.forEachNode([&](const Node &n) {
        const int pod = podOf(n);
        if (n.kind == NodeKind::Host) {
            pods[pod].number = pod;
            gpusOfHost[n.id]; // keeps hosts without GPUs
        } else if (n.kind == NodeKind::Gpu) {
            pods[pod].number = pod;
            if (f.hasNode(n.host) && f.node(n.host).kind == NodeKind::Host)
                gpusOfHost[n.host].push_back(n.id);
            else
                hostless.push_back(n.id);
        } else if (pod >= 0) {
            pods[pod].number = pod;
            (below(n) ? pods[pod].lowerTiers : pods[pod].switchTiers)[effectiveTier(n)].push_back(n.id);
        } else {
            // Each plane of a shared tier gets its own full-width row (HPN's two aggregation
            // planes), so every pod reaches each plane straight up or down.
            (below(n) ? lowerShared : sharedTiers)[effectiveTier(n) * 16 + std::max(0, n.hints.plane) % 16]
                .push_back(n.id);
        }
    });
    std::size_t maxGpus = 1;
    for (auto &[host, gpus] : gpusOfHost) {
        std::sort(gpus.begin(), gpus.end(), [&](NodeId a, NodeId b) {
            const Node &x = f.node(a), &y = f.node(b);
            return std::tie(x.hints.rail, x.hints.index, a) < std::tie(y.hints.rail, y.hints.index, b);
        });
        maxGpus = std::max(maxGpus, gpus.size());
        pods[podOf(f.node(host))].cells.push_back({host, gpus});
    }
    for (NodeId g : hostless)
        pods[podOf(f.node(g))].cells.push_back({kNoNode, {g}});
    // Cells without an index (drawn by hand) go side by side with the others under the same
    // switch, so the switches placed above them do not draw crossing links.
    for (auto &[number, pod] : pods) {
        std::vector<std::tuple<int, NodeId, NodeId, std::size_t>> keyed; // index, switch, id
        for (std::size_t i = 0; i < pod.cells.size(); ++i) {
            const HostCell &cell = pod.cells[i];
            const NodeId id = cell.host != kNoNode ? cell.host : cell.gpus.front();
            const NodeId under
                = cell.gpus.empty() ? kNoNode : metrics::firstSwitchOf(f, cell.gpus.front());
            keyed.emplace_back(f.node(id).hints.index, under, id, i);
        }
        std::sort(keyed.begin(), keyed.end());
        std::vector<HostCell> sorted;
        for (const auto &k : keyed)
            sorted.push_back(std::move(pod.cells[std::get<3>(k)]));
        pod.cells = std::move(sorted);
    }
    const double cellW = static_cast<double>(maxGpus) * kGpuPitch + 8;

    // Pick hosts per row so the whole picture is near 16:10 (wider with split planes).
    // (Split planes keep the pods in one row: the planes' rows above and below must reach all.)
    const bool mirrored = pods.size() >= 4 && !sharedTiers.empty() && !splitPlanes;
    const std::size_t podRows = mirrored ? 2 : 1;
    const std::size_t podsPerRow = (pods.size() + podRows - 1) / podRows;
    std::size_t maxCells = 1;
    for (const auto &[number, pod] : pods)
        maxCells = std::max(maxCells, pod.cells.size());
    double bestScore = 1e300;
    int bestHr = 1;
    for (std::size_t hr = 1; hr <= maxCells; ++hr) {
        double podW = 0, podH = 0;
        for (const auto &[number, pod] : pods) {
            const double w = std::max({static_cast<double>(hr) * cellW, kSwitchPitch * 2.0});
            const double rows = std::ceil(static_cast<double>(pod.cells.size()) / static_cast<double>(hr));
            podW = std::max(podW, w);
            podH = std::max(podH, rows * kHostCellHeight + tiersHeight(pod.switchTiers, w)
                                      + tiersHeight(pod.lowerTiers, w));
        }
        const double totalW = static_cast<double>(podsPerRow) * (podW + kPodGap) - kPodGap;
        const double totalH = static_cast<double>(podRows) * (podH + kPodGap)
            + tiersHeight(sharedTiers, totalW, true)
            + (lowerShared.empty() ? 0 : tiersHeight(lowerShared, totalW, true) + kPodGap);
        // Split planes: a plane's row that wraps hides which switches are that plane's, so the
        // fewest wrapped rows comes first and the aspect decides between equals.
        int wrapped = 0;
        if (splitPlanes)
            for (const auto *tiers : { &sharedTiers, &lowerShared })
                for (const auto &[key, nodes] : *tiers)
                    wrapped += rowsFor(nodes.size(), totalW) - 1;
        const double aspect
            = splitPlanes && pods.size() > kManyPods ? kSplitPlanesAspect : kTargetAspect;
        const double score = wrapped * 100.0 + std::abs(std::log(totalW / totalH / aspect));
        if (score < bestScore) {
            bestScore = score;
            bestHr = static_cast<int>(hr);
        }
    }

    // Lay every pod out in local coordinates: x from its left edge, h upwards from its bottom.
    std::vector<QPointF> local(f.nodeIdBound());
    const double podW = std::max(bestHr * cellW, kSwitchPitch * 2.0);
    double podH = 0, podDepth = 0;
    std::vector<std::pair<double, LayoutLabel>> tierLabels; // the first pod's rows: centre height
    for (auto &[number, pod] : pods) {
        pod.width = podW;
        const std::size_t hr = static_cast<std::size_t>(bestHr);
        const std::size_t hostRows = (pod.cells.size() + hr - 1) / hr;
        for (std::size_t i = 0; i < pod.cells.size(); ++i) {
            const HostCell &cell = pod.cells[i];
            const double row = static_cast<double>(hostRows - 1 - i / hr); // first hosts on top
            const double x0 = static_cast<double>(i % hr) * cellW + 4;
            const double h0 = row * kHostCellHeight;
            const double gw = static_cast<double>(cell.gpus.size()) * kGpuPitch;
            for (std::size_t g = 0; g < cell.gpus.size(); ++g)
                local[static_cast<std::size_t>(cell.gpus[g])] =
                    QPointF(x0 + (cellW - 8 - gw) / 2 + (static_cast<double>(g) + 0.5) * kGpuPitch,
                            h0 + 4 + kGpuSize / 2);
            if (cell.host != kNoNode)
                local[static_cast<std::size_t>(cell.host)] =
                    QPointF(x0 + (cellW - 8) / 2, h0 + 4 + kGpuSize + 6 + kHostBarHeight / 2);
        }
        // Places a row of this pod's switches from height h0 up, each above (or below) the
        // middle of what it reaches in this pod's lower tiers. Returns the height used.
        auto placeTier = [&, podNumber = number](int tier, std::vector<NodeId> &nodes, double h0) {
            const std::vector<double> desired = orderByNeighbourX(f, nodes, podW / 2, [&](NodeId o) {
                const Node &on = f.node(o);
                return podOf(on) == podNumber && effectiveTier(on) < tier
                    ? local[static_cast<std::size_t>(o)].x()
                    : std::numeric_limits<double>::quiet_NaN();
            });
            if (podNumber == pods.begin()->first)
                tierLabels.emplace_back(h0 + kSwitchH / 2, tierLabel(f, nodes, {}, splitPlanes));
            return placeRows(nodes, desired, podW, h0, local);
        };
        double h = static_cast<double>(hostRows) * kHostCellHeight;
        for (auto &[tier, nodes] : pod.switchTiers) {
            h += kTierGap;
            h += placeTier(tier, nodes, h);
        }
        pod.height = h;
        podH = std::max(podH, h);
        double d = 0; // the lower tiers, going down from the hosts in the same order
        for (auto &[tier, nodes] : pod.lowerTiers) {
            d += kTierGap + rowsHeight(nodes.size(), podW);
            placeTier(tier, nodes, -d);
        }
        pod.depth = d;
        podDepth = std::max(podDepth, d);
    }

    // Place pods: row 0 below the shared rows (upright), row 1 above them (mirrored).
    const double totalW = static_cast<double>(podsPerRow) * (podW + kPodGap) - kPodGap;
    const double sharedH = tiersHeight(sharedTiers, totalW, true);
    const double middleTop = mirrored ? podH + kPodGap : 0; // top of the shared band
    const double lowerBottom = middleTop + sharedH + kPodGap + podH;
    const QString word = podWord(f.generator().family);
    std::size_t k = 0;
    std::map<int, QRectF> podRects;
    for (auto &[number, pod] : pods) {
        const bool upper = mirrored && k >= podsPerRow;
        const std::size_t col = upper ? k - podsPerRow : k;
        const double x0 = static_cast<double>(col) * (podW + kPodGap);
        ++k;
        auto place = [&](NodeId id) {
            const QPointF l = local[static_cast<std::size_t>(id)];
            // Upper pods are mirrored: GPUs on the outer edge, switches facing the middle.
            const double y = upper ? (podH - pod.height) + l.y() : lowerBottom - l.y();
            out.positions[static_cast<std::size_t>(id)] = QPointF(x0 + l.x(), y);
        };
        std::size_t gpus = 0, switches = 0;
        for (const HostCell &c : pod.cells) {
            for (NodeId g : c.gpus)
                place(g);
            gpus += c.gpus.size();
            if (c.host != kNoNode)
                place(c.host);
        }
        for (const auto *tiers : {&pod.switchTiers, &pod.lowerTiers})
            for (const auto &[tier, nodes] : *tiers) {
                for (NodeId s : nodes)
                    place(s);
                switches += nodes.size();
            }
        const double top = upper ? podH - pod.height : lowerBottom - pod.height;
        const QRectF rect(x0 - 6, top - 8, podW + 12, pod.height + pod.depth + 16);
        podRects[number] = rect;
        LayoutBlock block;
        block.kind = LayoutBlock::Kind::Pod;
        block.rect = rect;
        block.title = QStringLiteral("%1 %2").arg(word).arg(number);
        block.detail = QStringLiteral("%1 · %2").arg(
            counted(gpus, QStringLiteral("1 GPU"), QStringLiteral("%1 GPUs")),
            counted(switches, QStringLiteral("1 switch"), QStringLiteral("%1 switches")));
        const int index = static_cast<int>(out.blocks.size());
        out.blocks.push_back(block);
        for (const HostCell &c : pod.cells) {
            for (NodeId g : c.gpus)
                out.blockOf[static_cast<std::size_t>(g)] = index;
            if (c.host != kNoNode)
                out.blockOf[static_cast<std::size_t>(c.host)] = index;
        }
        for (const auto *tiers : {&pod.switchTiers, &pod.lowerTiers})
            for (const auto &[tier, nodes] : *tiers)
                for (NodeId s : nodes)
                    out.blockOf[static_cast<std::size_t>(s)] = index;
    }

    // A shared row with its top at @p top: each switch above (or below) what it reaches, with
    // its tier's name beside it. Returns the height used.
    auto placeSharedRow = [&](std::vector<NodeId> &nodes, double top) {
        orderByNeighbourX(f, nodes, totalW / 2, [&](NodeId o) {
            return out.positions[static_cast<std::size_t>(o)].x(); // NaN while unplaced
        });
        // Shared switches reach every pod: spread them over the full width, in the order of
        // what they reach, so each pod's bundle to a row goes straight up or down.
        std::vector<double> desired;
        for (std::size_t i = 0; i < nodes.size(); ++i)
            desired.push_back((static_cast<double>(i) + 0.5) * totalW / static_cast<double>(nodes.size()));
        const double used = placeRows(nodes, desired, totalW, 0, local);
        for (NodeId s : nodes) {
            const QPointF l = local[static_cast<std::size_t>(s)];
            out.positions[static_cast<std::size_t>(s)] = QPointF(l.x(), top + l.y());
        }
        out.labels.push_back(tierLabel(f, nodes, QPointF(-30, top + used / 2 + 4), true));
        // Many shared switches of one plane collapse into a row block when zoomed out.
        std::map<int, std::vector<NodeId>> byPlane;
        for (NodeId s : nodes)
            byPlane[f.node(s).hints.plane].push_back(s);
        for (const auto &[plane, members] : byPlane) {
            if (members.size() <= 12)
                continue;
            QRectF r;
            for (NodeId s : members)
                r |= QRectF(out.positions[static_cast<std::size_t>(s)] - QPointF(kSwitchW / 2, kSwitchH / 2),
                            QSizeF(kSwitchW, kSwitchH));
            LayoutBlock block;
            block.kind = LayoutBlock::Kind::Row;
            block.rect = r.adjusted(-4, -4, 4, 4);
            block.plane = plane;
            block.title = tierName(f, members)
                + (plane >= 0 ? QStringLiteral(", plane %1").arg(plane) : QString());
            block.detail = counted(
                qint64(members.size()), QStringLiteral("1 switch"), QStringLiteral("%1 switches"));
            const int index = static_cast<int>(out.blocks.size());
            out.blocks.push_back(block);
            for (NodeId s : members)
                out.blockOf[static_cast<std::size_t>(s)] = index;
        }
        return used;
    };
    // Shared rows, lowest tier nearest the lower pods, going up; then those below the pods
    // (split planes), lowest tier nearest the pods, going down.
    double y = middleTop + sharedH;
    int previousKey = -1;
    for (auto &[key, nodes] : sharedTiers) {
        y -= gapBefore(previousKey, key, totalW) + rowsHeight(nodes.size(), totalW);
        previousKey = key;
        placeSharedRow(nodes, y);
    }
    y = lowerBottom + podDepth + kPodGap;
    previousKey = -1;
    for (auto &[key, nodes] : lowerShared) {
        y += gapBefore(previousKey, key, totalW);
        previousKey = key;
        y += placeSharedRow(nodes, y);
    }

    // Tier names beside the first lower pod.
    if (!pods.empty()) {
        const double base = lowerBottom;
        out.labels.push_back({QPointF(-30, base - 4), QStringLiteral("GPUs"), true});
        if (!gpusOfHost.empty())
            out.labels.push_back({QPointF(-30, base - 20), QStringLiteral("Hosts"), true});
        for (auto [centre, label] : tierLabels) {
            label.pos = QPointF(-30, base - centre + 4);
            out.labels.push_back(label);
        }
    }

    f.forEachNode([&](const Node &n) {
        QSizeF size(kSwitchW, kSwitchH);
        if (n.kind == NodeKind::Gpu)
            size = QSizeF(kGpuSize, kGpuSize);
        else if (n.kind == NodeKind::Host)
            size = QSizeF(static_cast<double>(std::max<std::size_t>(1, gpusOfHost[n.id].size())) * kGpuPitch,
                          kHostBarHeight);
        out.sizes[static_cast<std::size_t>(n.id)] = size;
    });
    describeBlockCapacity(f, out);
    bowLinksAlongRows(f, out);
    out.updateBounds();
    return out;
}

} // namespace fabric::views
