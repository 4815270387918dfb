// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace fabric::views {

/// @p fraction as a percentage with no space before the sign ("37%", "0.4%"), as the status line,
/// the report, the tooltips and the docs all write it. Digits stay English, as everywhere.
inline QString percentText(double fraction, int decimals = 0)
{
    // Adding +0.0 turns a negative zero into "0%", not "-0%".
    return QStringLiteral("%1%").arg(fraction * 100 + 0.0, 0, 'f', decimals);
}

} // namespace fabric::views
