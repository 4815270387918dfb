// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace fabric::views {

/// Tick marks of a value axis at round steps (1, 2 or 5 times a power of ten).
struct AxisTicks
{
    double lo = 0, hi = 1, step = 1;
    QList<double> values; ///< lo, lo + step, ..., hi.
};

/// About @p target steps covering [@p lo, @p hi], with the ends moved out to whole steps.
AxisTicks niceTicks(double lo, double hi, int target = 5);

/// Labels of @p ticks people read at a glance: "0", "50 k", "100 k", "150 k" or "0.25", "0.5"
/// (never 1.5e+05), one prefix for the whole axis and enough decimals that no two print alike.
QStringList tickLabels(const AxisTicks &ticks);

/// Digits a bar value label needs to print @p largest without exponent notation (at least 3).
int labelPrecision(double largest);

} // namespace fabric::views
