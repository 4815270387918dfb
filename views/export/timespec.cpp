// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "timespec.h"

#include <QRegularExpression>

#include <cmath>

namespace fabric::views {

std::optional<double> parseTime(const QString &text, double endS)
{
    const QString t = text.trimmed().toLower();
    if (t == QStringLiteral("end"))
        return endS;
    if (t == QStringLiteral("start"))
        return 0.0;
    static const QRegularExpression re(
        QStringLiteral("^([0-9]*\\.?[0-9]+(?:e[-+]?[0-9]+)?)\\s*(%|s|ms|us|\u00b5s|ns)?$"));
    const QRegularExpressionMatch m = re.match(t);
    if (!m.hasMatch())
        return std::nullopt;
    bool ok = false;
    double v = m.captured(1).toDouble(&ok);
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    const QString unit = m.captured(2);
    if (unit == QStringLiteral("%"))
        v = v / 100 * endS;
    else if (unit == QStringLiteral("ms"))
        v *= 1e-3;
    else if (unit == QStringLiteral("us") || unit == QStringLiteral("\u00b5s"))
        v *= 1e-6;
    else if (unit == QStringLiteral("ns"))
        v *= 1e-9;
    return v;
}

} // namespace fabric::views
