// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/metrics.h"

#include <QList>
#include <QString>

#include <string_view>

namespace fabric::app {

/// One line of the metrics dock: a figure and its value for people, with units.
struct MetricRow
{
    QString label;
    QString value;
    int depth = 0; ///< 1 for the breakdown under a figure (switches by role, tiers).
};

/// The figures of `fabricscope-cli info`. Bisection and diameter only when @p withPaths. Switch
/// roles are named as the canvas names the tiers of the generator family @p family ("Cluster
/// (CTSW)" in a Meta RoCE fabric, where `info` says "spine").
QList<MetricRow> metricRows(
    const metrics::FabricMetrics &m, bool withPaths, std::string_view family);

/// One paragraph for the template gallery: GPUs, switches, links, bisection, oversubscription
/// per tier (named as in metricRows()).
QString metricSummary(const metrics::FabricMetrics &m, std::string_view family);

} // namespace fabric::app
