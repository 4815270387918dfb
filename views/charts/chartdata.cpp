// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartdata.h"

#include "binnedrate.h"
#include "common/plural.h"
#include "common/qtstrings.h"
#include "heatmap/heatmapdata.h"
#include "model/units.h"
#include "sim/switchlinks.h"

#include <QObject>

#include <algorithm>
#include <cmath>
#include <map>

namespace fabric::views::charts {

std::pair<double, QString> timeUnit(double endS)
{
    const QString text = toQString(units::formatSeconds(endS > 0 ? endS : 1.0));
    const QString unit = text.section(QLatin1Char(' '), -1);
    if (unit == QStringLiteral("ms"))
        return {1e3, unit};
    if (unit == QStringLiteral("\u00b5s"))
        return {1e6, unit};
    if (unit == QStringLiteral("ns"))
        return {1e9, unit};
    return {1.0, QStringLiteral("s")};
}

namespace {
double longestRun(const QList<SimRunPtr> &runs)
{
    double end = 0;
    for (const SimRunPtr &r : runs)
        end = std::max(end, r->result.completionS);
    return end;
}

/// Per flow of @p run: whether it stays on NVLink, inside its host. Empty when the run's
/// flows cannot be told apart (no fabric, or a timeline of other flows).
std::vector<bool> nvlinkOnlyFlows(const SimRun &run)
{
    const std::vector<sim::FlowSpec> &flows = run.flows();
    if (!run.fabric || flows.size() != run.result.timeline.flowCount())
        return {};
    std::vector<bool> only(flows.size(), false);
    for (std::size_t f = 0; f < flows.size(); ++f) {
        bool inside = !flows[f].paths.empty();
        for (const sim::Path &p : flows[f].paths)
            for (const DirLinkId d : p.links)
                inside = inside && run.fabric->link(linkOf(d)).medium == Medium::NvLink;
        only[f] = inside;
    }
    return only;
}
} // namespace

ChartSpec throughput(const QList<SimRunPtr> &runs)
{
    const double longest = longestRun(runs);
    const auto [scale, unit] = timeUnit(longest);
    ChartSpec spec;
    spec.xTitle = QObject::tr("simulated time (%1)").arg(unit);
    spec.yTitle = QObject::tr("throughput (GB/s)");
    spec.steps = true;
    // Flows that stay inside a host leave them out when others cross the fabric. A ring's
    // NVLink hop, merged into one flow per rank (step aggregation), runs at NVLink speed and
    // ends in the first milliseconds, where in the real ring it waits for its fabric
    // neighbours: its ~400,000 GB/s spike flattened the fabric's whole run to the axis. The
    // NVLink vs fabric chart shows that traffic.
    std::vector<std::vector<bool>> insideHost;
    bool someInside = false, someOutside = false;
    for (const SimRunPtr &run : runs) {
        insideHost.push_back(nvlinkOnlyFlows(*run));
        for (const bool inside : insideHost.back())
            (inside ? someInside : someOutside) = true;
    }
    const bool fabricOnly = someInside && someOutside;
    spec.title = fabricOnly
        ? QObject::tr("Aggregate throughput of the fabric (sum of flow rates; flows over NVLink "
                      "only left out)")
        : QObject::tr("Aggregate throughput (sum of flow rates)");
    if (fabricOnly)
        spec.scope = QObject::tr("the fabric's flows (flows over NVLink only left out)");
    // Beyond a few hundred intervals the steps are narrower than a few pixels and paint a
    // band (BinnedRate): every run is then averaged over the same windows, named on the axis.
    bool averaged = false;
    for (const SimRunPtr &run : runs)
        averaged = averaged || run->result.timeline.intervalCount() > kThroughputWindows;
    const double windowS = longest / double(kThroughputWindows);
    if (averaged)
        spec.xNote
            = QObject::tr("averaged over %1 windows").arg(toQString(units::formatSeconds(windowS)));
    for (qsizetype r = 0; r < runs.size(); ++r) {
        const SimRunPtr &run = runs[r];
        const sim::Timeline &t = run->result.timeline;
        const std::vector<bool> &skip = insideHost[std::size_t(r)];
        ChartLine line;
        line.name = run->label;
        BinnedRate windows(windowS, t.endS());
        std::vector<double> rate(t.flowCount(), 0.0);
        double total = 0;
        for (std::size_t i = 0; i < t.intervalCount(); ++i) {
            for (const sim::FlowDelta &d : t.flowChanges(i)) {
                const auto f = std::size_t(d.flow);
                if (fabricOnly && !skip.empty() && skip[f])
                    continue;
                // A reduced run's flow stands for multiplicity() flows.
                total += (d.rateBytesPerS - rate[f]) * double(t.multiplicity());
                rate[f] = d.rateBytesPerS;
            }
            const double gbps = std::max(0.0, units::bytesPerSecondToGBps(total));
            if (averaged)
                windows.add(t.intervalStartS(i), t.intervalStartS(i + 1), gbps);
            else
                line.points.append(QPointF(t.intervalStartS(i) * scale, gbps));
        }
        if (averaged)
            line.points = windows.points(scale, 1.0);
        else if (t.intervalCount() > 0)
            line.points.append(QPointF(t.endS() * scale, 0.0));
        spec.lines.append(line);
    }
    return spec;
}

ChartSpec linkLoadHistogram(const SimRun &run)
{
    ChartSpec spec;
    spec.title = QObject::tr("Switch links by peak concurrent flows (ECMP imbalance)");
    spec.xTitle = QObject::tr("flows sharing the link at its busiest");
    spec.yTitle = QObject::tr("directed links (count)");
    if (!run.fabric)
        return spec;
    const Fabric &f = *run.fabric;
    const sim::SimResult &r = run.result;
    // Per tier group: counts by peak flows.
    std::map<QString, std::map<int, int>> groups;
    bool anyUsed = false;
    int maxFlows = 1;
    sim::forEachSwitchDirLink(
        f, r, [&](const Link &, const Node &u, const Node &v, const sim::LinkStats &stats) {
            const QString key = tierName(u) + QStringLiteral(" \u2192 ") + tierName(v);
            ++groups[key][stats.peakFlows];
            maxFlows = std::max(maxFlows, stats.peakFlows);
            anyUsed = anyUsed || stats.bytes > 0;
        });
    const int top = std::min(maxFlows, 8); // 8 and more share the last bar
    for (int k = 0; k <= top; ++k)
        spec.categories << (k == 0 ? QObject::tr("0 (idle)")
                                   : k == top && maxFlows > top ? QStringLiteral("%1+").arg(k)
                                                                : QString::number(k));
    // Every tier of switch links, those the run left idle too (one bar at 0), as the summary
    // counts them; a run that crossed none has no imbalance to show.
    for (const auto &[key, counts] : groups) {
        if (!anyUsed)
            break;
        ChartBars bars;
        bars.name = key;
        for (int k = 0; k <= top; ++k)
            bars.values.append(0);
        for (const auto &[flows, n] : counts)
            bars.values[std::min(flows, top)] += n;
        spec.bars.append(bars);
    }
    bool chipsForward = false;
    f.forEachNode([&chipsForward](const Node &n) { chipsForward = chipsForward || n.forwards; });
    if (groups.empty() && chipsForward)
        spec.emptyNote = QObject::tr("This fabric has no links between switches: its chips route "
                                     "traffic themselves. The heatmap shows every link's load.");
    else if (groups.empty())
        spec.emptyNote = QObject::tr("This fabric has no links between switches, so routing has "
                                     "no choice of path to balance.");
    else if (spec.bars.isEmpty())
        spec.emptyNote = QObject::tr("No flow of this run crossed a link between switches: each "
                                     "stayed under one switch, with no choice of path.");
    return spec;
}

ChartSpec completionCdf(const QList<SimRunPtr> &runs)
{
    const auto [scale, unit] = timeUnit(longestRun(runs));
    ChartSpec spec;
    spec.title = QObject::tr("Flow completion CDF");
    spec.xTitle = QObject::tr("finish time (%1)").arg(unit);
    spec.yTitle = QObject::tr("flows finished (fraction)");
    spec.steps = true;
    spec.yTop = 1;
    for (const SimRunPtr &run : runs) {
        std::vector<double> finish;
        for (const sim::FlowResult &f : run->result.flows)
            if (f.finishS >= 0)
                finish.push_back(f.finishS);
        std::sort(finish.begin(), finish.end());
        ChartLine line;
        line.name = run->label;
        const double n = double(run->result.flows.size());
        line.points.append(QPointF(0, 0));
        // At most ~2000 points: a CDF over 64K flows needs no more to look exact.
        const std::size_t stride = std::max<std::size_t>(1, finish.size() / 2000);
        for (std::size_t i = 0; i < finish.size(); i += stride) {
            const std::size_t j = std::min(finish.size() - 1, i + stride - 1);
            line.points.append(QPointF(finish[j] * scale, double(j + 1) / n));
        }
        spec.lines.append(line);
    }
    return spec;
}

ChartSpec compareCompletion(const QList<RunSummary> &runs)
{
    double end = 0;
    for (const RunSummary &r : runs)
        end = std::max(end, r.completionS);
    const auto [scale, unit] = timeUnit(end);
    ChartSpec spec;
    spec.title = QObject::tr("Completion time");
    spec.xTitle = QObject::tr("run");
    spec.yTitle = QObject::tr("completion time (%1)").arg(unit);
    ChartBars measured{QObject::tr("simulated"), {}};
    ChartBars ideal{QObject::tr("ideal bound"), {}};
    bool anyIdeal = false;
    for (const RunSummary &r : runs) {
        spec.categories << r.markedLabel();
        measured.values << r.completionS * scale;
        ideal.values << (std::isfinite(r.idealS) ? r.idealS * scale : 0.0);
        anyIdeal = anyIdeal || std::isfinite(r.idealS);
    }
    spec.bars << measured;
    if (anyIdeal)
        spec.bars << ideal;
    return spec;
}

ChartSpec compareBandwidth(const QList<RunSummary> &runs)
{
    ChartSpec spec;
    spec.title = QObject::tr("Bus bandwidth (busbw = algbw \u00d7 nccl-tests factor) and "
                             "algorithm bandwidth (algbw = S / t)");
    spec.xTitle = QObject::tr("run");
    spec.yTitle = QObject::tr("GB/s");
    ChartBars bus{QObject::tr("busbw"), {}};
    ChartBars alg{QObject::tr("algbw"), {}};
    for (const RunSummary &r : runs) {
        spec.categories << r.markedLabel();
        bus.values << (std::isfinite(r.busbwGBps) ? r.busbwGBps : 0.0);
        alg.values << (std::isfinite(r.algbwGBps) ? r.algbwGBps : 0.0);
    }
    spec.bars << bus << alg;
    return spec;
}

ChartSpec busbwSweep(const QList<SweepSeries> &series)
{
    ChartSpec spec;
    spec.title = QObject::tr("Bus bandwidth against message size (busbw, nccl-tests convention)");
    spec.xTitle = QObject::tr("message size S");
    spec.yTitle = QObject::tr("busbw (GB/s)");
    spec.xScale = ChartSpec::XScale::Log2Bytes;
    spec.emptyNote = QObject::tr("No sweep yet: Simulation > Sweep message sizes runs the "
                                 "scenario at 1 KiB, 4 KiB, ... 4 GiB and draws busbw here.");
    for (const SweepSeries &s : series) {
        ChartLine line;
        line.name = s.name;
        for (const QPointF &p : s.bytesAndBusbwGBps)
            if (p.x() > 0)
                line.points.append(QPointF(std::log2(p.x()), p.y()));
        spec.lines.append(line);
    }
    return spec;
}

namespace {
QString times(double v)
{
    // No slowdown: every failure of the role cut rank pairs off.
    return std::isfinite(v) ? QStringLiteral("%1\u00d7").arg(v, 0, 'f', 2) : QStringLiteral("n/a");
}
} // namespace

QString resilienceSummary(const collective::ResilienceResult &r)
{
    const collective::ResilienceStats st = collective::resilienceStats(r);
    // A cancelled sweep's figures are over the failures it ran, and must say so.
    const QString elements = r.cancelled
        ? QObject::tr("%1 of %2 elements (cancelled)").arg(st.elements).arg(r.candidates)
        : QObject::tr("%1 elements").arg(st.elements);
    const QString healthy
        = QObject::tr("Healthy %1 \u00b7 %2: ")
              .arg(toQString(units::formatSeconds(r.healthyCompletionS)), elements);
    const QString slowdowns
        = QObject::tr("slowdown worst %1, median %2, mean %3, best %4 \u00b7 "
                      "%5 slow the run by more than 1%")
              .arg(times(st.worst), times(st.median), times(st.mean), times(st.best))
              .arg(st.slower);
    if (st.cuttingOff == 0)
        return healthy + slowdowns + QObject::tr(", none cuts rank pairs off");
    // The failures the collective cannot survive come first: "worst 1.00x" alone read as a
    // fabric that shrugs off every failure, above rows that cut 32 pairs off.
    const QString cut
        = QObject::tr("%1 cut rank pairs off (the collective cannot complete)").arg(st.cuttingOff);
    if (st.cuttingOff == st.elements)
        return healthy + cut;
    return healthy + cut + QObject::tr("; the other %1: ").arg(st.elements - st.cuttingOff)
        + slowdowns;
}

ChartSpec resilience(
    const collective::ResilienceResult &r, const QString &scenario, qsizetype maxBars)
{
    const QString role = toQString(r.role);
    ChartSpec spec;
    spec.horizontal = true;
    spec.title = QObject::tr("Slowdown of %1 per single %2 failure, worst first")
                     .arg(scenario, role);
    spec.subtitle = resilienceSummary(r);
    const qsizetype shown
        = std::min({ qsizetype(r.rows.size()), kResilienceBars, std::max<qsizetype>(maxBars, 1) });
    if (shown < qsizetype(r.rows.size()))
        spec.subtitle += QObject::tr(" \u00b7 the worst %1 of %2 shown").arg(shown).arg(r.rows.size());
    spec.xTitle = QObject::tr("failed %1").arg(role);
    spec.yTitle = QObject::tr("slowdown (\u00d7 healthy completion)");
    spec.barLabelSuffix = QStringLiteral("\u00d7");
    ChartBars bars{QObject::tr("slowdown"), {}};
    for (qsizetype i = 0; i < shown; ++i) {
        const collective::ResilienceRow &row = r.rows[std::size_t(i)];
        QString name = toQString(row.failed);
        // The collective never completes without those pairs: no bar, but words in its row
        // (an empty row reads as no slowdown), and the name says why.
        const bool cutsOff = row.unreachablePairs > 0;
        if (cutsOff)
            name += counted(qint64(row.unreachablePairs), QObject::tr(" (cuts 1 rank pair off)"),
                QObject::tr(" (cuts %1 rank pairs off)"));
        spec.categories << name;
        spec.barNotes << (cutsOff ? QObject::tr("cannot complete") : QString());
        bars.values << (std::isfinite(row.slowdown) ? row.slowdown : 0.0);
    }
    spec.bars << bars;
    return spec;
}

namespace {
// Title, subtitle and value axis, then a line of text per bar with room between.
constexpr int kBarsFrame = 170;
constexpr int kBarRow = 24;
} // namespace

int horizontalBarsHeight(qsizetype bars)
{
    return kBarsFrame + kBarRow * int(bars);
}

qsizetype horizontalBarsFitting(int height)
{
    return std::max((height - kBarsFrame) / kBarRow, 1);
}

} // namespace fabric::views::charts
