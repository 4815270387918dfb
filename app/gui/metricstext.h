// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/metrics.h"

#include <QList>
#include <QString>

namespace fabric::app {

/// One line of the metrics dock: a figure and its value for people, with units.
struct MetricRow
{
    QString label;
    QString value;
    int depth = 0; ///< 1 for the breakdown under a figure (switches by role, tiers).
};

/// The figures of `fabricscope-cli info`. Bisection and diameter only when @p withPaths.
QList<MetricRow> metricRows(const metrics::FabricMetrics &m, bool withPaths);

/// One paragraph for the template gallery: GPUs, switches, links, bisection, oversubscription
/// per tier.
QString metricSummary(const metrics::FabricMetrics &m);

} // namespace fabric::app
