// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <cmath>

namespace fabric::views {

/// @p fraction as a percentage with no space before the sign ("37%", "0.4%"), as the status line,
/// the report, the tooltips and the docs all write it. Digits stay English, as everywhere.
inline QString percentText(double fraction, int decimals = 0)
{
    double percent = fraction * 100;
    // Rounding noise below zero (a load computed by subtraction) would print as "-0%".
    if (std::abs(percent) < 0.5 * std::pow(10.0, -decimals))
        percent = 0;
    return QStringLiteral("%1%").arg(percent, 0, 'f', decimals);
}

} // namespace fabric::views
