// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "metricstext.h"
#include "common/plural.h"
#include "common/qtstrings.h"

#include "model/units.h"
#include "style/palette.h"

#include <QCoreApplication>

namespace fabric::app {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("Metrics", text);
}
QString gbps(double v)
{
    return QString::fromStdString(units::formatGbps(v));
}

QString ratio(double oversubscription)
{
    // The CLI's form ("1:2", "1:1"), which the docs quote: the dock said "0.5:1", and "0.999:1"
    // where info says "1:1".
    return oversubscription > 0 ? QString::fromStdString(units::formatRatio(oversubscription))
                                : tr("no uplinks");
}

/// @p role (toString(SwitchRole)) as the canvas's tier names and legend call it.
QString roleName(const std::string &role, std::string_view family)
{
    const std::optional<SwitchRole> r = switchRoleFromString(role);
    return r ? views::palette::roleName(*r, family) : QString::fromStdString(role);
}

QString tierName(const metrics::TierSummary &t, std::string_view family)
{
    return tr("tier %1, %2").arg(t.tier).arg(roleName(t.role, family));
}

} // namespace

QList<MetricRow> metricRows(
    const metrics::FabricMetrics &m, bool withPaths, std::string_view family)
{
    QList<MetricRow> rows;
    rows.append({ tr("GPUs / chips"), views::grouped(qint64(m.endpoints)) });
    if (m.standbyChips > 0)
        rows.append({ tr("on standby"), views::grouped(qint64(m.standbyChips)), 1 });
    rows.append({ tr("Hosts"), views::grouped(qint64(m.hosts)) });
    rows.append({ tr("Switches"), views::grouped(qint64(m.switches)) });
    for (const auto &[role, n] : m.switchesByRole)
        rows.append({ roleName(role, family), views::grouped(qint64(n)), 1 });
    if (m.ocs > 0)
        rows.append({ tr("Optical circuit switches"), views::grouped(qint64(m.ocs)) });
    rows.append({ tr("Links"), views::grouped(qint64(m.links)) });
    for (const auto &[medium, n] : m.linksByMedium)
        rows.append({ QString::fromStdString(medium), views::grouped(qint64(n)), 1 });
    rows.append({ tr("Total capacity (one way)"), gbps(m.totalCapacityGbps) });
    for (const metrics::TierSummary &t : m.tiers) {
        if (t.tier < 2)
            continue; // GPUs and hosts: their "oversubscription" means nothing
        rows.append({ views::capitalised(tierName(t, family)),
            views::counted(qint64(t.switches), tr("1 switch"), tr("%1 switches")) });
        rows.append({ tr("down"), gbps(t.downGbps), 1 });
        if (t.upGbps <= 0)
            continue; // the top tier: nothing above it to be oversubscribed against
        rows.append({ tr("up"), gbps(t.upGbps), 1 });
        rows.append({ tr("oversubscription"), ratio(t.oversubscription), 1 });
    }
    if (withPaths) {
        rows.append({ tr("Bisection bandwidth"), gbps(m.bisectionGbps) });
        rows.append({ tr("Diameter"),
            m.diameterHops < 0 ? tr("disconnected")
                               : views::counted(m.diameterHops, tr("1 hop"), tr("%1 hops")) });
    }
    return rows;
}

QString metricSummary(const metrics::FabricMetrics &m, std::string_view family)
{
    // "4,096 chips, 48 optical circuit switches": a torus's endpoints are its chips, and an
    // OCS is not a packet switch.
    QStringList parts {
        (m.switches == 0 ? tr("%1 chips") : tr("%1 GPUs")).arg(views::grouped(qint64(m.endpoints)))
    };
    if (m.switches > 0)
        parts << views::counted(qint64(m.switches), tr("1 switch"), tr("%1 switches"));
    if (m.ocs > 0)
        parts << views::counted(
            qint64(m.ocs), tr("1 optical circuit switch"), tr("%1 optical circuit switches"));
    parts << views::counted(qint64(m.links), tr("1 link"), tr("%1 links"));
    QStringList lines { parts.join(QStringLiteral(", ")) };
    lines << tr("Bisection bandwidth: %1").arg(gbps(m.bisectionGbps));
    // As in metricRows: not the GPUs' and hosts' tiers, nor the top one, with nothing above it.
    for (const metrics::TierSummary &t : m.tiers)
        if (t.tier >= 2 && t.upGbps > 0)
            lines << tr("Oversubscription at %1: %2")
                         .arg(tierName(t, family), ratio(t.oversubscription));
    return lines.join(QLatin1Char('\n'));
}

} // namespace fabric::app
